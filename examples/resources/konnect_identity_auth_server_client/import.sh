# <auth server id>/<client id>, or <auth server id>/<name> (a secret Konnect generated is not in state after an import)
terraform import konnect_identity_auth_server_client.billing "d32d905a-ed33-46a3-a093-d8f536af9a8a/kYa9iQFU5xPDSIUH9z1z"
terraform import konnect_identity_auth_server_client.billing "d32d905a-ed33-46a3-a093-d8f536af9a8a/billing"

# Kong's official provider format is accepted too.
terraform import konnect_identity_auth_server_client.billing '{"auth_server_id": "d32d905a-ed33-46a3-a093-d8f536af9a8a", "id": "kYa9iQFU5xPDSIUH9z1z"}'
