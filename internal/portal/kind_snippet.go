package portal

import (
	"context"
	"net/url"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// SnippetKind is a snippet of a Dev Portal (/v3/portals/{portalId}/snippets): reusable
// content that pages include by name, unique in the portal.
var SnippetKind = engine.EntityKind{
	TypeName: "konnect_portal_snippet",
	Unique:   []string{"portal_id", "name"},
	Description: "A snippet of a Dev Portal: reusable Markdown (MDC) content that pages include by its name, unique in the portal. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). " +
		"A title or description set in the content's front matter is the one Konnect keeps when the content is written: leave the attribute unset (the plan shows the front matter's value) or set it to the same value. " +
		"A change of its content made in the portal editor is shown as a short diff.",
	// Konnect lists snippets without their content, each with its updated_at
	// (PortalSnippetInfo, portal-management v3): refresh reads a snippet in full only when
	// that moved since the last full read (engine.PlatformAPI.Detector).
	API: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: func(p map[string]string) string {
		return "/v3/portals/" + url.PathEscape(p["portal_id"]) + "/snippets"
	}, Detector: "updated_at"}, NameFilter: "filter[name][eq]"},
	NameAttr: "name",
	Check: func(_ context.Context, _ *konnect.Client, values konnect.Object) []engine.Problem {
		return checkFrontMatter(values)
	},
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "name", Type: engine.String, Mode: engine.Required,
			Description: "The snippet's name, unique in the portal (at most 512 characters): pages include the snippet by it.",
			Validators:  []engine.Validator{stringvalidator.UTF8LengthBetween(1, 512), engine.NotBlank()}},
		contentAttr("snippet"),
		titleAttr("snippet"),
		descriptionAttr("snippet"),
		visibilityAttr("snippet"),
		statusAttr("snippet"),
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
