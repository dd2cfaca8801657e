# A complete gateway configuration for one team: a control plane, two services with their
# routes and plugins (one runs only under a condition), a partial with shared Redis settings,
# consumers with credentials and a consumer group, an upstream with targets, a certificate
# served by SNI, the client certificate of the data planes, a control plane group with an
# edge control plane in it, and who may change it all: the shop team, administering its
# control plane, and a CI system account with a token; a Dedicated Cloud Gateways network and
# the configuration of a cloud gateway control plane running on it. `make test` applies it against the mock Konnect with Terraform and
# with OpenTofu, plans again (empty) and destroys it.

variable "checkout_password" {
  type      = string
  sensitive = true
  default   = "change-me-in-a-tfvars-file"
}

resource "konnect_gateway_control_plane" "shop" {
  name        = "shop"
  description = "Gateways of the shop team"
  labels      = { team = "shop", env = "prod" }
}

# --- services, routes, plugins -----------------------------------------------------------

resource "konnect_gateway_upstream" "orders" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "orders.upstream"
  algorithm        = "least-connections"
  healthchecks = {
    active = {
      http_path = "/healthz"
      healthy   = { interval = 5, successes = 2 }
      unhealthy = { interval = 5, http_failures = 3 }
    }
  }
}

locals {
  order_backends = ["10.0.12.7:8080", "10.0.12.8:8080"]
}

resource "konnect_gateway_target" "orders" {
  count            = length(local.order_backends)
  control_plane_id = konnect_gateway_control_plane.shop.id
  upstream_id      = konnect_gateway_upstream.orders.id
  target           = local.order_backends[count.index]
  weight           = 100
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "orders"
  host             = konnect_gateway_upstream.orders.name
  port             = 8080
  read_timeout     = 30000
  tags             = ["team:shop"]
}

resource "konnect_gateway_service" "catalog" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "catalog"
  protocol         = "https"
  host             = "catalog.internal.example.com"
  port             = 443
  tags             = ["team:shop"]
}

resource "konnect_gateway_route" "orders" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "orders"
  service          = { id = konnect_gateway_service.orders.id }
  protocols        = ["https"]
  methods          = ["GET", "POST"]
  hosts            = ["api.example.com"]
  paths            = ["/orders"]
  strip_path       = false
}

resource "konnect_gateway_route" "catalog" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "catalog"
  service          = { id = konnect_gateway_service.catalog.id }
  expression       = "http.path ^= \"/catalog\" && http.method == \"GET\""
  priority         = 10
}

resource "konnect_gateway_plugin" "orders_rate_limit" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "rate-limiting"
  service          = { id = konnect_gateway_service.orders.id }
  config           = jsonencode({ minute = 600, policy = "local" })
}

resource "konnect_gateway_plugin" "catalog_cors" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "cors"
  route            = { id = konnect_gateway_route.catalog.id }
  config           = jsonencode({ origins = ["https://shop.example.com"], credentials = true })
}

resource "konnect_gateway_plugin" "key_auth" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "key-auth"
  config           = jsonencode({ key_names = ["apikey"] })
}

resource "konnect_gateway_plugin" "correlation_id" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "correlation-id"
  config           = jsonencode({ header_name = "X-Request-ID", generator = "uuid#counter" })
  # Runs only for the orders API.
  condition = "http.path ^= \"/orders\""
}

# Redis settings shared by the plugins that link to them through `partials`.
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "shop-redis"
  type             = "redis-ce"
  config           = jsonencode({ host = "redis.shop.internal", port = 6379 })
}

# --- consumers ----------------------------------------------------------------------------

resource "konnect_gateway_consumer" "checkout" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  username         = "checkout-web"
  custom_id        = "app-1042"
}

resource "konnect_gateway_consumer" "partner" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  username         = "partner-acme"
}

resource "konnect_gateway_key_auth" "checkout" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  consumer_id      = konnect_gateway_consumer.checkout.id
}

resource "konnect_gateway_basic_auth" "partner" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  consumer_id      = konnect_gateway_consumer.partner.id
  username         = "acme"
  password         = var.checkout_password
}

resource "konnect_gateway_acl" "partner" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  consumer_id      = konnect_gateway_consumer.partner.id
  group            = "partners"
}

resource "konnect_gateway_consumer_group" "gold" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "gold"
}

resource "konnect_gateway_consumer_group_member" "checkout_gold" {
  control_plane_id  = konnect_gateway_control_plane.shop.id
  consumer_group_id = konnect_gateway_consumer_group.gold.id
  consumer_id       = konnect_gateway_consumer.checkout.id
}

# --- TLS ----------------------------------------------------------------------------------

# A self-signed demo certificate; use your own (and keep its key out of version control).
resource "konnect_gateway_certificate" "api" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  cert             = file("${path.module}/certs/api.example.com.crt.pem")
  key              = file("${path.module}/certs/api.example.com.key.pem")
}

resource "konnect_gateway_sni" "api" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  name             = "api.example.com"
  certificate      = { id = konnect_gateway_certificate.api.id }
}

output "data_plane_endpoint" {
  value = konnect_gateway_control_plane.shop.config.control_plane_endpoint
}

# --- data planes and control plane groups ------------------------------------------------

# The certificate the shop's data planes present (pinned_client_certs).
resource "konnect_gateway_data_plane_client_certificate" "shop_dp" {
  control_plane_id = konnect_gateway_control_plane.shop.id
  cert             = file("${path.module}/certs/api.example.com.crt.pem")
  title            = "shop data planes"
}

# An edge control plane, managed with others through a control plane group.
resource "konnect_gateway_control_plane" "shop_edge" {
  name         = "shop-edge"
  cluster_type = "CLUSTER_TYPE_HYBRID"
}

resource "konnect_gateway_control_plane" "shop_group" {
  name         = "shop-group"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
}

resource "konnect_gateway_control_plane_membership" "shop_group" {
  control_plane_id = konnect_gateway_control_plane.shop_group.id
  members          = [{ id = konnect_gateway_control_plane.shop_edge.id }]
}

# --- who may change it -------------------------------------------------------------------

resource "konnect_team" "shop" {
  name        = "shop"
  description = "The shop team: runs the shop's gateways."
}

resource "konnect_team_role" "shop_admin" {
  team_id          = konnect_team.shop.id
  role_name        = "Admin"
  entity_type_name = "Control Planes"
  entity_id        = konnect_gateway_control_plane.shop.id
  entity_region    = "us"
}

resource "konnect_system_account" "shop_ci" {
  name        = "shop-ci"
  description = "Applies the shop's gateway configuration from CI."
}

resource "konnect_system_account_team" "shop_ci" {
  team_id    = konnect_team.shop.id
  account_id = konnect_system_account.shop_ci.id
}

# Konnect shows the token once: state keeps it, and no later plan makes a new one.
resource "konnect_system_account_access_token" "shop_ci" {
  account_id = konnect_system_account.shop_ci.id
  name       = "pipeline"
  expires_at = "2030-01-31T00:00:00Z"
}

output "ci_token" {
  value     = konnect_system_account_access_token.shop_ci.token
  sensitive = true
}

# --- where developers find it --------------------------------------------------------------

# The shop's Dev Portal. People write its pages and snippets in Konnect's portal editor too:
# a page edited there is a conflict that shows the change as a diff, and destroying the
# portal while it holds pages someone made there is refused, naming them.
resource "konnect_portal" "shop" {
  name                    = "shop"
  display_name            = "Shop developers"
  authentication_enabled  = true
  default_page_visibility = "public"
}

resource "konnect_portal_page" "shop_guide" {
  portal_id  = konnect_portal.shop.id
  slug       = "/guide"
  title      = "Guide"
  visibility = "public"
  status     = "published"
  content    = <<-EOT
    # Guide

    Create an application, then ask for a key.

    ::snippet{name="shop-support"}
  EOT
}

# A page under the guide (/guide/checkout).
resource "konnect_portal_page" "shop_checkout" {
  portal_id      = konnect_portal.shop.id
  parent_page_id = konnect_portal_page.shop_guide.id
  slug           = "checkout"
  title          = "Checkout API"
  visibility     = "public"
  status         = "published"
  content        = <<-EOT
    # Checkout API

    Orders are paid through `POST /checkout`.
  EOT
}

resource "konnect_portal_snippet" "shop_support" {
  portal_id  = konnect_portal.shop.id
  name       = "shop-support"
  visibility = "public"
  content    = <<-EOT
    ## Support

    Write to shop-support@example.com.
  EOT
}

resource "konnect_portal_team" "shop_partners" {
  portal_id   = konnect_portal.shop.id
  name        = "partners"
  description = "Developers of the shop's partner companies."
}

# --- what developers read about it ---------------------------------------------------------

# The orders API in Konnect's API catalog: its specification (a document of this folder,
# compared as a document: re-indenting it or reordering its keys plans nothing), a guide,
# published to the shop's portal and implemented by the orders gateway service. Deleting
# that service while it implements the API is refused, naming the API.
resource "konnect_api" "orders" {
  name        = "orders"
  version     = "v1"
  description = "Place, pay and track orders."
  labels      = { team = "shop" }
}

resource "konnect_api_version" "orders_v1" {
  api_id  = konnect_api.orders.id
  version = "1.0.0"
  spec = {
    content = file("${path.module}/orders.openapi.yaml")
  }
}

resource "konnect_api_document" "orders_guide" {
  api_id  = konnect_api.orders.id
  title   = "Getting started"
  slug    = "getting-started"
  status  = "published"
  content = <<-EOT
    # Getting started

    Register an application in the shop's portal, then call `GET /orders` with its key.
  EOT
}

resource "konnect_api_publication" "orders_shop" {
  api_id                     = konnect_api.orders.id
  portal_id                  = konnect_portal.shop.id
  visibility                 = "public"
  auto_approve_registrations = false
}

resource "konnect_api_implementation" "orders" {
  api_id = konnect_api.orders.id
  service_reference = {
    service = {
      control_plane_id = konnect_gateway_control_plane.shop.id
      id               = konnect_gateway_service.orders.id
    }
  }
}

# --- where the edge gateways run: Dedicated Cloud Gateways --------------------------------
# A network in the organization's AWS account, and the configuration of a cloud gateway
# control plane whose data-plane group runs on it. Konnect provisions both asynchronously
# (about half an hour for a network): the apply waits until each is ready, the destroy until
# each is gone, within their `timeouts`.

data "konnect_cloud_gateway_provider_account_list" "aws" {
  filter = {
    provider = { eq = "aws" }
  }
}

resource "konnect_cloud_gateway_network" "shop" {
  name                              = "shop-us-east-2"
  cloud_gateway_provider_account_id = data.konnect_cloud_gateway_provider_account_list.aws.data[0].id
  region                            = "us-east-2"
  availability_zones                = ["use2-az1", "use2-az2"]
  cidr_block                        = "10.20.0.0/16"

  timeouts = {
    create = "45m"
    delete = "45m"
  }
}

resource "konnect_gateway_control_plane" "shop_cloud" {
  name          = "shop-cloud"
  description   = "Dedicated Cloud Gateways of the shop team"
  cloud_gateway = true
}

resource "konnect_cloud_gateway_configuration" "shop" {
  control_plane_id  = konnect_gateway_control_plane.shop_cloud.id
  control_plane_geo = "us"
  version           = "3.10"
  api_access        = "private+public"

  dataplane_groups = [{
    provider                 = "aws"
    region                   = "us-east-2"
    cloud_gateway_network_id = konnect_cloud_gateway_network.shop.id
    autoscale = {
      configuration_data_plane_group_autoscale_autopilot = {
        kind     = "autopilot"
        base_rps = 100
      }
    }
    # Returned by Konnect and kept in state: no secrets here.
    environment = [{ name = "KONG_LOG_LEVEL", value = "info" }]
  }]
}

# Machines calling the shop get their tokens from Kong Identity: an authorization server and
# the scope the orders API accepts.
resource "konnect_identity_auth_server" "shop" {
  name     = "shop"
  audience = "https://api.shop.example.com"
}

resource "konnect_identity_auth_server_scope" "orders_read" {
  auth_server_id = konnect_identity_auth_server.shop.id
  name           = "orders:read"
  description    = "Read orders"
}

# Partners are consumers of a realm that the shop's gateways authenticate centrally.
resource "konnect_realm" "partners" {
  name                   = "shop-partners"
  allowed_control_planes = [konnect_gateway_control_plane.shop.id]
}

resource "konnect_centralized_consumer" "acme" {
  realm_id = konnect_realm.partners.id
  username = "acme"
}

# The Service Catalog knows the orders service and who owns it.
resource "konnect_catalog_service" "orders" {
  name         = "orders"
  display_name = "Orders"
  custom_fields = jsonencode({
    owner = "team-shop"
  })
}

# The shop's services talk to each other through Kong Mesh.
resource "konnect_mesh_control_plane" "shop" {
  name = "shop-mesh"
}
