package portal

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// imageDataURL is Konnect's PortalImageDataUri: PNG, JPEG, GIF, ICO or SVG image data,
// canonical base64. (Kong's validator leaves `+` and `.` unescaped and so refuses SVG; this
// one takes what Konnect takes, and Kong's `jpg` too.)
var imageDataURL = regexp.MustCompile(`^data:image/(png|jpe?g|gif|x-icon|ico|icon|vnd\.microsoft\.icon|svg\+xml)(;base64)?,(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`)

// assetKind declares a portal's image (/v3/portals/{portalId}/assets/<asset>): one per portal,
// written with PUT, never removed (Konnect has no DELETE for it); its id here is the portal's.
func assetKind(typeName, asset, what string) engine.EntityKind {
	return engine.EntityKind{
		TypeName: typeName,
		Description: "A Dev Portal's " + what + ", as a data URL (`data:image/png;base64,…`; PNG, JPEG, GIF, ICO or SVG). One per portal: creating the resource writes the image over the one the portal has, if any. " +
			"Konnect cannot remove a portal's " + what + ": destroying the resource leaves the image in Konnect and only forgets it. " +
			"Import it with the portal's id, for example `terraform import " + typeName + ".this <portal_id>`.",
		API: engine.SingletonAPI{Path: engine.V3Path("portals", "{portal_id}", "assets", asset),
			IDFrom: "portal_id", Put: true, Kept: true},
		KongKey: "portal_id", // Kong's state has no id (kind.go)
		Attrs: []engine.Attr{
			engine.ParentID("portal_id", "The id of the portal."),
			{Name: "data", Type: engine.String, Mode: engine.Required,
				Description: "The image as a data URL with base64 data: `data:image/<png|jpeg|gif|x-icon|svg+xml>;base64,<data>` (`filebase64()` gives the data). Konnect returns it as written.",
				Validators:  []engine.Validator{stringvalidator.RegexMatches(imageDataURL, "must be a data URL with base64 PNG, JPEG, GIF, ICO or SVG image data")}},
		},
	}
}

// LogoKind is a portal's logo; FaviconKind its favicon.
var (
	LogoKind    = assetKind("konnect_portal_logo", "logo", "logo")
	FaviconKind = assetKind("konnect_portal_favicon", "favicon", "favicon")
)
