# A Kong Mesh global control plane; zones connect to it. A destroy waits (up to 10 minutes)
# while Konnect refuses it because a zone is still online.
resource "konnect_mesh_control_plane" "prod" {
  name        = "prod-mesh"
  description = "The production mesh."
  features = [
    { type = "MeshCreation", mesh_creation = { enabled = true } },
    { type = "HostnameGeneratorCreation", hostname_generator_creation = { enabled = true } },
  ]
  labels = {
    env = "prod"
  }
}
