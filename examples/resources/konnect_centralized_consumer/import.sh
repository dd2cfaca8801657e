# <realm id>/<consumer id>, <realm id>/<username>, or Kong's JSON id
terraform import konnect_centralized_consumer.acme "8f4e2b1a-3c5d-4e6f-9a7b-1c2d3e4f5a6b/b9e81174-b5bb-4638-a3c3-8afe61a0abf8"
terraform import konnect_centralized_consumer.acme "8f4e2b1a-3c5d-4e6f-9a7b-1c2d3e4f5a6b/acme"
terraform import konnect_centralized_consumer.acme '{"id": "b9e81174-b5bb-4638-a3c3-8afe61a0abf8", "realm_id": "8f4e2b1a-3c5d-4e6f-9a7b-1c2d3e4f5a6b"}'
