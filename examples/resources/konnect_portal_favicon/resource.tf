resource "konnect_portal_favicon" "developers" {
  portal_id = konnect_portal.developers.id
  # With a file: data = "data:image/x-icon;base64,${filebase64("favicon.ico")}"
  data = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR4nGMAAQAABQABDQottAAAAABJRU5ErkJggg=="
}
