# The cloud provider accounts linked to the organization.
data "konnect_cloud_gateway_provider_account_list" "all" {}

output "aws_account" {
  value = one([for a in data.konnect_cloud_gateway_provider_account_list.all.data : a.id if a.provider == "aws"])
}
