# <team id>/<grant id>
terraform import konnect_team_role.platform_payments_admin "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7/8350205f-a305-4e39-abe9-bc082a80091a"

# Kong's official provider format is accepted too.
terraform import konnect_team_role.platform_payments_admin '{"team_id":"7f9fd312-a987-4628-b4c5-bb4f4fddd5f7","id":"8350205f-a305-4e39-abe9-bc082a80091a"}'
