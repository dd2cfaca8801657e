# The logo has no id of its own: import it with the portal's id.
terraform import konnect_portal_logo.developers "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
