# <team id>/<user id>
terraform import konnect_team_user.platform_jane "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7/df120cb4-f60b-47bc-a2f8-6a28e6a3c63b"
