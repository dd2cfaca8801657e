# The CMEK's id: default
terraform import konnect_cmek.this default
