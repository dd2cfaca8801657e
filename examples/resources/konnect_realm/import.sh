# <realm id>
terraform import konnect_realm.partners "8f4e2b1a-3c5d-4e6f-9a7b-1c2d3e4f5a6b"
