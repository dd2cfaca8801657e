resource "konnect_team" "platform" {
  name        = "platform"
  description = "Runs the API gateway for every product team."
  labels = {
    cost_center = "eng-42"
  }
}
