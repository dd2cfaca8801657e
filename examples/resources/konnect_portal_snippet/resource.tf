resource "konnect_portal_snippet" "support" {
  portal_id  = "f32d905a-ed33-46a3-a093-d8f536af9a8a"
  name       = "support"
  visibility = "public"
  content    = <<-EOT
    ## Support

    Write to support@example.com.
  EOT
}
