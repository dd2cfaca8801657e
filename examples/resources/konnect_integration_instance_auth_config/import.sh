# <integration instance id>
terraform import konnect_integration_instance_auth_config.gitlab "3f51fa25-310a-421d-bd1a-007f859021a3"
