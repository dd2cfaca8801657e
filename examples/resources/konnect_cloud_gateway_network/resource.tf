# The organization's AWS provider account.
data "konnect_cloud_gateway_provider_account_list" "aws" {
  filter = {
    provider = { eq = "aws" }
  }
}

# Konnect provisions the network in about half an hour: the apply waits until it is ready.
resource "konnect_cloud_gateway_network" "us_east" {
  name                              = "us-east-2"
  cloud_gateway_provider_account_id = data.konnect_cloud_gateway_provider_account_list.aws.data[0].id
  region                            = "us-east-2"
  availability_zones                = ["use2-az1", "use2-az2", "use2-az3"]
  cidr_block                        = "10.0.0.0/16"

  timeouts = {
    create = "45m"
    delete = "45m"
  }
}
