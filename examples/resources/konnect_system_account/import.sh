# <system account id>, or its name
terraform import konnect_system_account.ci "497f6eca-6276-4993-bfeb-53cbbbba6f08"
terraform import konnect_system_account.ci "ci"
