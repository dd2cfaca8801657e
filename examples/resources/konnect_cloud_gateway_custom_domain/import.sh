terraform import konnect_cloud_gateway_custom_domain.api "39ed3790-085d-4605-9627-f96d86aaf425"
