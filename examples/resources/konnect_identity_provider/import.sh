# <identity provider id>. The client secret is null after an import: Konnect never returns it.
terraform import konnect_identity_provider.okta "66da2d42-469d-48cd-9ff3-0db135dd82d8"
