# The settings have no id of their own: import them with the portal's id.
terraform import konnect_portal_auth.developers "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
