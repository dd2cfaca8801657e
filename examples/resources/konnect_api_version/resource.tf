# The specification is compared as a document: JSON or YAML, re-indented or with its keys
# reordered, it plans no change.
resource "konnect_api_version" "orders_v1" {
  api_id = konnect_api.orders.id
  spec = {
    content = file("${path.module}/orders.openapi.yaml")
  }
}
