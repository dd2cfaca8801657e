variable "datadog_api_key" {
  type      = string
  sensitive = true
}

variable "datadog_application_key" {
  type      = string
  sensitive = true
}

resource "konnect_integration_instance" "datadog" {
  integration_name = "datadog"
  name             = "datadog-prod"
  display_name     = "Datadog (prod)"
  config           = jsonencode({ region = "us1" })
}

# The keys the catalog sends to Datadog's API (sensitive; kept in state, never shown).
resource "konnect_integration_instance_auth_credential" "datadog" {
  integration_instance_id = konnect_integration_instance.datadog.id
  multi_key_auth = {
    config = {
      headers = [
        { name = "DD-API-KEY", key = var.datadog_api_key },
        { name = "DD-APPLICATION-KEY", key = var.datadog_application_key },
      ]
    }
  }
}
