variable "gitlab_client_secret" {
  type      = string
  sensitive = true
}

resource "konnect_integration_instance" "gitlab" {
  integration_name = "gitlab"
  name             = "gitlab-internal"
  display_name     = "GitLab (self-managed)"
  config           = jsonencode({ base_url = "https://gitlab.example.com" })
}

# The OAuth client the catalog authorizes with at the self-managed GitLab.
resource "konnect_integration_instance_auth_config" "gitlab" {
  integration_instance_id = konnect_integration_instance.gitlab.id
  oauth_config = {
    client_id              = "konnect-catalog"
    authorization_endpoint = "https://gitlab.example.com/oauth/authorize"
    token_endpoint         = "https://gitlab.example.com/oauth/token"
  }
  # Write-only (Terraform 1.11+, OpenTofu 1.11+): never kept in state. Konnect needs the
  # secret with every write: increment the version with any change. Older CLIs:
  # oauth_config.client_secret = var.gitlab_client_secret.
  client_secret_wo         = var.gitlab_client_secret
  client_secret_wo_version = 1
}
