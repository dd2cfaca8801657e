data "konnect_user" "jane" {
  email = "jane.doe@example.com"
}
