# Kong's older way to an API's specification (an API has one); prefer konnect_api_version.
# The content is compared as a document: JSON or YAML, re-indented or with its keys
# reordered, it plans no change.
resource "konnect_api_specification" "payments" {
  api_id  = konnect_api.payments.id
  content = file("${path.module}/payments.openapi.yaml")
}
