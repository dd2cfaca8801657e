resource "konnect_portal_customization" "developers" {
  portal_id = konnect_portal.developers.id
  layout    = "top_nav"
  css       = "h1 { letter-spacing: 0.02em; }"
  robots    = "User-agent: *\nDisallow: /internal\n"

  theme = {
    name = "mint_rocket"
    mode = "system"
    colors = {
      primary = "#0a7d5a"
    }
  }

  menu = {
    main = [
      { path = "/apis", title = "APIs", visibility = "public", external = false },
      { path = "/guides", title = "Guides", visibility = "public", external = false },
    ]
    footer_sections = [
      {
        title = "Company"
        items = [
          { path = "https://example.com/about", title = "About us", visibility = "public", external = true },
        ]
      },
    ]
    footer_bottom = [
      { path = "/terms", title = "Terms", visibility = "public", external = false },
    ]
  }

  spec_renderer = {
    hide_internal   = true
    try_it_insomnia = false
  }
}
