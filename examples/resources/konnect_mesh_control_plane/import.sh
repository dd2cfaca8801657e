# <mesh control plane id>
terraform import konnect_mesh_control_plane.prod "d32d905a-ed33-46a3-a093-d8f536af9a8a"
