resource "konnect_api_document" "guide" {
  api_id  = konnect_api.orders.id
  title   = "Guide"
  slug    = "guide"
  status  = "published"
  content = <<-EOT
    # Guide

    Create an order, then pay it.
  EOT
}
