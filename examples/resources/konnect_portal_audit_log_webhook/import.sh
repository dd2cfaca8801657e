# The portal's id (Kong's format too).
terraform import konnect_portal_audit_log_webhook.developers "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
