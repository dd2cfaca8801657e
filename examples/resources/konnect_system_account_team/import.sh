# <team id>/<system account id>
terraform import konnect_system_account_team.ci_platform "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7/497f6eca-6276-4993-bfeb-53cbbbba6f08"
