# <realm id>/<consumer id>/<key id>, or Kong's JSON id. Konnect never shows the secret again:
# an imported key has no secret in state.
terraform import konnect_centralized_consumer_key.acme "8f4e2b1a-3c5d-4e6f-9a7b-1c2d3e4f5a6b/b9e81174-b5bb-4638-a3c3-8afe61a0abf8/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"
terraform import konnect_centralized_consumer_key.acme '{"consumer_id": "b9e81174-b5bb-4638-a3c3-8afe61a0abf8", "id": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "realm_id": "8f4e2b1a-3c5d-4e6f-9a7b-1c2d3e4f5a6b"}'
