# <portal id>/<team id>, or <portal id>/<team name>
terraform import konnect_portal_team.partners "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7/7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
terraform import konnect_portal_team.partners "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7/partners"

# Kong's official provider format is accepted too.
terraform import konnect_portal_team.partners '{"portal_id":"9f9fd312-a987-4628-b4c5-bb4f4fddd5f7","id":"7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"}'
