# <destination id>, or the destination's name
terraform import konnect_audit_log_destination.siem "9cb77dc2-ff99-4d47-84ab-7c5c1b3ef939"
terraform import konnect_audit_log_destination.siem "siem"
