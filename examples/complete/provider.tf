terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}

# KONNECT_SERVER_URL and KONNECT_TOKEN (or KONNECT_SPAT) configure the provider.
provider "konnect" {}
