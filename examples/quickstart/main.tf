# Quickstart: one control plane and two gateway services.
#
# The provider is configured from the environment:
#   KONNECT_SERVER_URL, KONNECT_TOKEN and optionally KONNECT_CONFLICT_POLICY.
# `make demo` runs this configuration against the mock Konnect and walks through the
# reconciliation guards; see tools/demo.sh.

terraform {
  required_providers {
    konnect = {
      source = "konnectguard/konnect"
    }
  }
}

provider "konnect" {}

variable "orders_read_timeout" {
  description = "Milliseconds the gateway waits between two reads from the orders upstream."
  type        = number
  default     = 60000
}

variable "orders_retries" {
  description = "Retries on proxy failure for the orders service."
  type        = number
  default     = 5
}

resource "konnect_gateway_control_plane" "quickstart" {
  name        = "quickstart"
  description = "Created by the konnect provider quickstart."
  labels = {
    env = "demo"
  }
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.quickstart.id
  name             = "orders"
  protocol         = "http"
  host             = "orders.internal"
  port             = 8080
  path             = "/v1"
  retries          = var.orders_retries
  read_timeout     = var.orders_read_timeout
}

resource "konnect_gateway_service" "payments" {
  control_plane_id = konnect_gateway_control_plane.quickstart.id
  name             = "payments"
  protocol         = "http"
  host             = "payments.internal"
  port             = 8443
  read_timeout     = 30000
}

output "control_plane_id" {
  value = konnect_gateway_control_plane.quickstart.id
}

output "orders_service_id" {
  value = konnect_gateway_service.orders.id
}

output "payments_service_id" {
  value = konnect_gateway_service.payments.id
}

output "orders" {
  description = "What Terraform last saw of the orders service."
  value = {
    retries      = konnect_gateway_service.orders.retries
    read_timeout = konnect_gateway_service.orders.read_timeout
    revision     = konnect_gateway_service.orders.revision
  }
}
