package portal

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
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
		API: assetAPI{engine.SingletonAPI{Path: engine.V3Path("portals", "{portal_id}", "assets", asset),
			IDFrom: "portal_id", Put: true, Kept: true}},
		KongKey: "portal_id", // Kong's state has no id (kind.go)
		Attrs: []engine.Attr{
			engine.ParentID("portal_id", "The id of the portal."),
			{Name: "data", Type: engine.String, Mode: engine.Required, Sensitive: true,
				Description: "The image as a data URL with base64 data: `data:image/<png|jpeg|gif|x-icon|svg+xml>;base64,<data>` (`filebase64()` gives the data). Konnect returns it as written. " +
					"Marked sensitive so that plans never print the image (it is no secret): `data_sha256` shows which image it is.",
				Validators: []engine.Validator{stringvalidator.RegexMatches(imageDataURL, "must be a data URL with base64 PNG, JPEG, GIF, ICO or SVG image data")}},
			{Name: "data_sha256", Type: engine.String, Mode: engine.Computed, PlanModifiers: []engine.PlanModifier{fingerprintPlan{}},
				Description: "The SHA-256 of the image's bytes, in hex (what `filesha256()` gives for the image file): the plan shows it instead of the image, and it changes with the image."},
		},
	}
}

// assetAPI adds the image's fingerprint (data_sha256) to what Konnect returns.
type assetAPI struct{ engine.SingletonAPI }

func (a assetAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.SingletonAPI.Get(ctx, cl, addr)
	return withFingerprint(obj), resp, err
}

func (a assetAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.SingletonAPI.Create(ctx, cl, parents, body)
	return withFingerprint(obj), resp, err
}

func (a assetAPI) Update(ctx context.Context, cl *konnect.Client, addr engine.Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.SingletonAPI.Update(ctx, cl, addr, body, live, ifMatch)
	return withFingerprint(obj), resp, err
}

func withFingerprint(obj konnect.Object) konnect.Object {
	if d, ok := obj["data"].(string); ok && obj != nil {
		obj["data_sha256"] = fingerprint(d)
	}
	return obj
}

// fingerprint is the hex SHA-256 of a data URL's bytes ("" when it cannot be decoded).
func fingerprint(dataURL string) string {
	head, body, ok := strings.Cut(dataURL, ",")
	if !ok {
		return ""
	}
	var raw []byte
	var err error
	if strings.HasSuffix(head, ";base64") {
		raw, err = base64.StdEncoding.DecodeString(body)
	} else {
		var s string
		s, err = url.PathUnescape(body)
		raw = []byte(s)
	}
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// fingerprintPlan plans data_sha256 from the configured image, so that the plan shows which
// image it writes.
type fingerprintPlan struct{}

func (fingerprintPlan) Description(context.Context) string {
	return "The SHA-256 of the configured image."
}

func (m fingerprintPlan) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (fingerprintPlan) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	var data types.String
	if d := req.Config.GetAttribute(ctx, path.Root("data"), &data); d.HasError() || data.IsUnknown() || data.IsNull() {
		return
	}
	if f := fingerprint(data.ValueString()); f != "" {
		resp.PlanValue = types.StringValue(f)
	}
}

// UnchangedPlanNoop: an unchanged image has the fingerprint state holds.
func (fingerprintPlan) UnchangedPlanNoop() {}

// LogoKind is a portal's logo; FaviconKind its favicon.
var (
	LogoKind    = assetKind("konnect_portal_logo", "logo", "logo")
	FaviconKind = assetKind("konnect_portal_favicon", "favicon", "favicon")
)
