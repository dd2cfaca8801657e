terraform import konnect_cloud_gateway_network.us_east "36ae63d3-efd1-4bec-b246-62aa5d3f5695"
