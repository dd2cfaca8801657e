# <portal id>/<entry id>
terraform import konnect_portal_ip_allow_list.office "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7/660e8400-e29b-41d4-a716-446655440000"

# Kong's official provider format is accepted too.
terraform import konnect_portal_ip_allow_list.office '{"portal_id":"9f9fd312-a987-4628-b4c5-bb4f4fddd5f7","id":"660e8400-e29b-41d4-a716-446655440000"}'
