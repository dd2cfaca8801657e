# Kong's form: the page's id and its portal's id
terraform import konnect_portal_page.guide '{"id": "8f9fd312-a987-4628-b4c5-bb4f4fddd5f7", "portal_id": "f32d905a-ed33-46a3-a093-d8f536af9a8a"}'
# <portal id>/<page id>, or <portal id>/<slug> of a top-level page (without its leading slash)
terraform import konnect_portal_page.guide "f32d905a-ed33-46a3-a093-d8f536af9a8a/8f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
terraform import konnect_portal_page.guide "f32d905a-ed33-46a3-a093-d8f536af9a8a/guide"
