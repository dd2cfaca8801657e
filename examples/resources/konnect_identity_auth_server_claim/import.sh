# <auth server id>/<claim id>
terraform import konnect_identity_auth_server_claim.team "d32d905a-ed33-46a3-a093-d8f536af9a8a/07d05309-45cc-4b37-92fb-1524846deec3"

# Kong's official provider format is accepted too.
terraform import konnect_identity_auth_server_claim.team '{"auth_server_id": "d32d905a-ed33-46a3-a093-d8f536af9a8a", "id": "07d05309-45cc-4b37-92fb-1524846deec3"}'
