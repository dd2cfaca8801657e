# <system account id>/<grant id>
terraform import konnect_system_account_role.ci_deployer "497f6eca-6276-4993-bfeb-53cbbbba6f08/54cc6168-ebb1-4300-8168-d62a0dd08fc8"
