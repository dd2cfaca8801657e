# <portal id>, or the portal's name
terraform import konnect_portal.developers "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
terraform import konnect_portal.developers "developers"
