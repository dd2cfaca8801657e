package portal

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// rendererDefaults are the spec renderer's documented defaults, which a new portal's
// customization holds.
var rendererDefaults = map[string]any{"try_it_ui": true, "try_it_insomnia": true, "infinite_scroll": true, "show_schemas": true,
	"hide_internal": false, "hide_deprecated": false, "allow_custom_server_urls": true}

// customizationDefaults are a new portal's customization: the spec renderer's documented
// defaults and nothing else. Konnect's PATCH is a JSON merge patch (null removes a member,
// spec_renderer included, which Konnect then no longer shows), so a destroy sends null for
// each part and the spec renderer's defaults whole.
var customizationDefaults = konnect.Object{
	"theme": nil, "layout": nil, "css": nil, "menu": nil, "robots": nil, "spec_renderer": rendererDefaults,
}

// menuItem is one link of a portal's menu.
func menuItem() engine.Type {
	return engine.ObjectOf(
		engine.Attr{Name: "path", Type: engine.String, Mode: engine.Required,
			Description: "Where the link goes: an absolute path with a leading slash, or an external URL (at most 512 characters).",
			Validators:  []engine.Validator{stringvalidator.LengthBetween(1, 512)}},
		engine.Attr{Name: "title", Type: engine.String, Mode: engine.Required, Description: "The link's text.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		engine.Attr{Name: "visibility", Type: engine.String, Mode: engine.Required, Description: "Who sees the link: `public` or `private`.",
			Validators: []engine.Validator{stringvalidator.OneOf("public", "private")}},
		engine.Attr{Name: "external", Type: engine.Bool, Mode: engine.Required, Description: "Whether the link leaves the portal (opens in a new tab)."},
	)
}

// rendererFlag is one setting of the API specification renderer, with Konnect's default.
func rendererFlag(name string, def bool, description string) engine.Attr {
	d := "false"
	if def {
		d = "true"
	}
	return engine.Attr{Name: name, Type: engine.Bool, Description: description + " Konnect's default: `" + d + "`."}
}

// CustomizationKind is a portal's look and menus (/v3/portals/{portalId}/customization): one
// document per portal, created with it, with no id of its own; its id here is the portal's.
var CustomizationKind = engine.EntityKind{
	TypeName: "konnect_portal_customization",
	Description: "The look of a Dev Portal: its theme, layout, CSS, menus, robots.txt and how API specifications render. One document per portal, which Konnect creates with the portal: " +
		"creating the resource changes the document Konnect holds, and an update sends only the parts the plan changes (PATCH, merged by Konnect). " +
		"A part configuration stops setting goes back to Konnect's default: none (the spec renderer included). Destroying it puts a new portal's customization back (the spec renderer's defaults, nothing else). " +
		"Import it with the portal's id, for example `terraform import konnect_portal_customization.this <portal_id>`.",
	API: engine.SingletonAPI{Path: engine.V3Path("portals", "{portal_id}", "customization"),
		IDFrom: "portal_id", Defaults: customizationDefaults},
	KongKey: "portal_id", // Kong's state has no id (kind.go)
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "theme", Default: engine.DefaultNull, Description: "The portal's theme.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "name", Type: engine.String, Description: "The theme's name.",
					Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
				engine.Attr{Name: "mode", Type: engine.String, Description: "`light`, `dark` or `system` (the visitor's choice).",
					Validators: []engine.Validator{stringvalidator.OneOf("light", "dark", "system")}},
				engine.Attr{Name: "colors", Description: "The theme's colors.",
					Type: engine.ObjectOf(engine.Attr{Name: "primary", Type: engine.String, Description: "The primary color, `#rgb` or `#rrggbb`.",
						Validators: []engine.Validator{stringvalidator.RegexMatches(regexp.MustCompile(`^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$`), "must be a hex color, #rgb or #rrggbb")}})},
			)},
		{Name: "layout", Type: engine.String, Default: engine.DefaultNull, Description: "The page layout.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "css", Type: engine.String, Default: engine.DefaultNull, Description: "CSS added to every page of the portal."},
		{Name: "menu", Default: engine.DefaultNull, Description: "The portal's menus. A list replaces the whole menu it sets.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "main", Type: engine.ListOf(menuItem()), Description: "The links of the main menu, in order."},
				engine.Attr{Name: "footer_sections", Description: "The sections of the footer, in order, each a title over links.",
					Type: engine.ListOf(engine.ObjectOf(
						engine.Attr{Name: "title", Type: engine.String, Mode: engine.Required, Description: "The section's title (at most 512 characters).",
							Validators: []engine.Validator{stringvalidator.LengthBetween(1, 512)}},
						engine.Attr{Name: "items", Type: engine.ListOf(menuItem()), Mode: engine.Required, Description: "The section's links, in order."},
					))},
				engine.Attr{Name: "footer_bottom", Type: engine.ListOf(menuItem()), Description: "The links at the very bottom of the footer, in order."},
			)},
		// Konnect's PUT and PATCH both leave the document without a spec renderer once it is
		// removed (Kong's provider, which PUTs the document, reads none back): no default.
		{Name: "spec_renderer", Description: "How the portal renders API specifications. Unset settings take Konnect's defaults; removed from configuration, Konnect holds no spec renderer settings.",
			Default: engine.DefaultNull,
			Type: engine.ObjectOf(
				rendererFlag("allow_custom_server_urls", true, "Whether visitors may call the API at a server URL of their own."),
				rendererFlag("hide_deprecated", false, "Whether deprecated operations are hidden."),
				rendererFlag("hide_internal", false, "Whether operations marked internal are hidden."),
				rendererFlag("infinite_scroll", true, "Whether the whole specification shows on one scrolling page."),
				rendererFlag("show_schemas", true, "Whether the schemas section shows."),
				rendererFlag("try_it_insomnia", true, "Whether a \"Run in Insomnia\" button shows."),
				rendererFlag("try_it_ui", true, "Whether visitors can try operations in the portal."),
			)},
		{Name: "robots", Type: engine.String, Default: engine.DefaultNull, Description: "The portal's robots.txt."},
	},
}
