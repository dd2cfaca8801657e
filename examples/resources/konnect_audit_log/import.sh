# The webhook has no id of its own: any id imports it.
terraform import konnect_audit_log.this audit_log
