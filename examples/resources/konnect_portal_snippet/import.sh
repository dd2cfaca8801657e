# Kong's form: the snippet's id and its portal's id
terraform import konnect_portal_snippet.support '{"id": "5b1c2d3e-a987-4628-b4c5-bb4f4fddd5f7", "portal_id": "f32d905a-ed33-46a3-a093-d8f536af9a8a"}'
# <portal id>/<snippet id>, or <portal id>/<name>
terraform import konnect_portal_snippet.support "f32d905a-ed33-46a3-a093-d8f536af9a8a/support"
