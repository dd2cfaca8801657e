# The organization's encryption key in the provider's region (its id: default).
resource "konnect_cmek" "this" {
  name        = "konnect-data"
  description = "Konnect's data in the US region"
  key_arn     = "arn:aws:kms:us-east-1:123456789012:key/mrk-12345678123412341234123456789012"
}
