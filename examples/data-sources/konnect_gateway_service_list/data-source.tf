variable "control_plane_id" {
  type = string
}

# Adopt every service of a control plane (import blocks with for_each: Terraform 1.7+).
data "konnect_gateway_service_list" "all" {
  control_plane_id = var.control_plane_id
}

locals {
  services = { for s in data.konnect_gateway_service_list.all.data : s.name => s }
}

import {
  for_each = local.services
  to       = konnect_gateway_service.all[each.key]
  id       = "${var.control_plane_id}/${each.value.id}"
}

resource "konnect_gateway_service" "all" {
  for_each         = local.services
  control_plane_id = var.control_plane_id
  name             = each.key
  host             = each.value.host
}

# Only those carrying every one of these tags.
data "konnect_gateway_service_list" "team_orders" {
  control_plane_id = var.control_plane_id
  tags             = ["team-orders", "public"]
}
