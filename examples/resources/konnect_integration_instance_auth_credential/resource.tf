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

# The keys the catalog sends to Datadog's API.
resource "konnect_integration_instance_auth_credential" "datadog" {
  integration_instance_id = konnect_integration_instance.datadog.id
  # Write-only (Terraform 1.11+, OpenTofu 1.11+): never kept in state. Konnect has no
  # update: a new version replaces the credential. Older CLIs: multi_key_auth = { config =
  # { headers = [...] } } (sensitive keys, kept in state).
  multi_key_auth_wo = jsonencode({
    config = {
      headers = [
        { name = "DD-API-KEY", key = var.datadog_api_key },
        { name = "DD-APPLICATION-KEY", key = var.datadog_application_key },
      ]
    }
  })
  multi_key_auth_wo_version = 1
}
