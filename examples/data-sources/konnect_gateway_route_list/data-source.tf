variable "control_plane_id" {
  type = string
}

data "konnect_gateway_route_list" "all" {
  control_plane_id = var.control_plane_id
}

locals {
  routes = { for r in data.konnect_gateway_route_list.all.data : r.name => r }
}

import {
  for_each = local.routes
  to       = konnect_gateway_route.all[each.key]
  id       = "${var.control_plane_id}/${each.value.id}"
}

resource "konnect_gateway_route" "all" {
  for_each         = local.routes
  control_plane_id = var.control_plane_id
  name             = each.key
  paths            = each.value.paths
  service          = each.value.service
}
