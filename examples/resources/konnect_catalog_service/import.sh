# <service id>, or the service's name
terraform import konnect_catalog_service.orders "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
terraform import konnect_catalog_service.orders "orders"
