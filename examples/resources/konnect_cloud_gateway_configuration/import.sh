terraform import konnect_cloud_gateway_configuration.edge "edaf40f9-9fb0-4ffe-bb74-4e763a6bd471"
