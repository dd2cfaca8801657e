# <auth server id>, or the auth server's name
terraform import konnect_identity_auth_server.orders "d32d905a-ed33-46a3-a093-d8f536af9a8a"
terraform import konnect_identity_auth_server.orders "orders"
