resource "konnect_portal_page" "guide" {
  portal_id  = "f32d905a-ed33-46a3-a093-d8f536af9a8a"
  slug       = "/guide"
  visibility = "public"
  status     = "published"
  content    = <<-EOT
    # Guide

    Create an application, then ask for a key.
  EOT
}

# A page under the guide (/guide/install). Its front matter sets the title and the
# description: leave them unset here, and the plan shows the front matter's.
resource "konnect_portal_page" "install" {
  portal_id      = "f32d905a-ed33-46a3-a093-d8f536af9a8a"
  parent_page_id = konnect_portal_page.guide.id
  slug           = "install"
  content        = <<-EOT
    ---
    title: Installing
    description: How to install the CLI
    ---
    # Install

    Run the installer.
  EOT
}
