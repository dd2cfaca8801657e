# <auth server id>/<scope id>, or <auth server id>/<name>
terraform import konnect_identity_auth_server_scope.orders_read "d32d905a-ed33-46a3-a093-d8f536af9a8a/c5e12516-182c-4928-ae04-05374b3b1cca"
terraform import konnect_identity_auth_server_scope.orders_read "d32d905a-ed33-46a3-a093-d8f536af9a8a/orders:read"

# Kong's official provider format is accepted too.
terraform import konnect_identity_auth_server_scope.orders_read '{"auth_server_id": "d32d905a-ed33-46a3-a093-d8f536af9a8a", "id": "c5e12516-182c-4928-ae04-05374b3b1cca"}'
