# <control_plane_id>/<upstream_id>/<target id or host:port>
terraform import konnect_gateway_target.example "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/0c6f1d2a-3b4e-4f5a-8b6c-7d8e9f0a1b2c/3e7a9c1b-5d2f-4a8e-b6c0-1f2e3d4c5b6a"
