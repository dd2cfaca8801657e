resource "konnect_portal_logo" "developers" {
  portal_id = konnect_portal.developers.id
  # With a file: data = "data:image/png;base64,${filebase64("logo.png")}"
  data = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR4nGMAAQAABQABDQottAAAAABJRU5ErkJggg=="
}
