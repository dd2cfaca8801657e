# <identity_provider_id>/<mapping id>
terraform import konnect_identity_provider_team_group_mapping.tech_leads "d32d905a-ed33-46a3-a093-d8f536af9a8a/7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"

# Kong's official provider format is accepted too.
terraform import konnect_identity_provider_team_group_mapping.tech_leads '{"id":"7f9fd312-a987-4628-b4c5-bb4f4fddd5f7","identity_provider_id":"d32d905a-ed33-46a3-a093-d8f536af9a8a"}'
