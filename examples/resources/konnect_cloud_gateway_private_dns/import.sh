# <network_id>/<id>, or Kong's JSON form
terraform import konnect_cloud_gateway_private_dns.corp "36ae63d3-efd1-4bec-b246-62aa5d3f5695/1850820b-c69f-4a2a-b9be-bbcdbc5cd618"
terraform import konnect_cloud_gateway_private_dns.corp '{"id":"1850820b-c69f-4a2a-b9be-bbcdbc5cd618","network_id":"36ae63d3-efd1-4bec-b246-62aa5d3f5695"}'
