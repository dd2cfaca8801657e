# <team id>, or the team's name
terraform import konnect_team.platform "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
terraform import konnect_team.platform "platform"
