# <portal id>/<team id>/<grant id> (Kong's provider cannot import a grant)
terraform import konnect_portal_team_role.partners_orders_viewer "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7/7f9fd312-a987-4628-b4c5-bb4f4fddd5f7/1a3c2169-2e6b-4d4c-9d1e-0f1f0b7c6a11"

# The JSON form works too.
terraform import konnect_portal_team_role.partners_orders_viewer '{"portal_id":"9f9fd312-a987-4628-b4c5-bb4f4fddd5f7","team_id":"7f9fd312-a987-4628-b4c5-bb4f4fddd5f7","id":"1a3c2169-2e6b-4d4c-9d1e-0f1f0b7c6a11"}'
