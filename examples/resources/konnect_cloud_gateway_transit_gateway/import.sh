# <network_id>/<id>, or Kong's JSON form
terraform import konnect_cloud_gateway_transit_gateway.corp "36ae63d3-efd1-4bec-b246-62aa5d3f5695/0850820b-d153-4a2a-b9be-7d2204779139"
terraform import konnect_cloud_gateway_transit_gateway.corp '{"id":"0850820b-d153-4a2a-b9be-7d2204779139","network_id":"36ae63d3-efd1-4bec-b246-62aa5d3f5695"}'
