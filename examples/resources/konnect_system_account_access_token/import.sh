# <system account id>/<token id>. Konnect never shows an imported token: token is null.
terraform import konnect_system_account_access_token.ci "497f6eca-6276-4993-bfeb-53cbbbba6f08/8b1c41a2-5e0c-4d8f-9a3b-1c2d3e4f5a6b"
