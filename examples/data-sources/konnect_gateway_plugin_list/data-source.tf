variable "control_plane_id" {
  type = string
}

# Every plugin of a control plane. `config` leaves secrets out (a redis password, a
# client secret): a plugin adopted from it keeps them as Konnect holds them.
data "konnect_gateway_plugin_list" "all" {
  control_plane_id = var.control_plane_id
}

locals {
  plugins = { for p in data.konnect_gateway_plugin_list.all.data : p.id => p }
}

import {
  for_each = local.plugins
  to       = konnect_gateway_plugin.all[each.key]
  id       = "${var.control_plane_id}/${each.key}"
}

resource "konnect_gateway_plugin" "all" {
  for_each         = local.plugins
  control_plane_id = var.control_plane_id
  name             = each.value.name
  config           = each.value.config
  service          = each.value.service
  route            = each.value.route
  consumer         = each.value.consumer
  consumer_group   = each.value.consumer_group
}

# Only the rate-limiting plugins.
data "konnect_gateway_plugin_list" "limits" {
  control_plane_id = var.control_plane_id
  name             = "rate-limiting"
}
