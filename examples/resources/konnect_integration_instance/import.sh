# <instance id>, or the instance's name
terraform import konnect_integration_instance.datadog "3f51fa25-310a-421d-bd1a-007f859021a3"
terraform import konnect_integration_instance.datadog "datadog-prod"
