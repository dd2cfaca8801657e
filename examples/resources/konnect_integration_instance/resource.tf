# The catalog's connection to a Datadog account.
resource "konnect_integration_instance" "datadog" {
  integration_name = "datadog"
  name             = "datadog-prod"
  display_name     = "Datadog (prod)"
  config           = jsonencode({ region = "us1" })
  labels = {
    env = "prod"
  }
}
