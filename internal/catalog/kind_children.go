package catalog

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"gopkg.in/yaml.v3"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

func apiID() engine.Attr { return engine.ParentID("api_id", "The id of the API.") }

// VersionKind is a version of an API with its specification (/v3/apis/{apiId}/versions).
var VersionKind = engine.EntityKind{
	TypeName: "konnect_api_version",
	Description: "A version of an API with its specification (OpenAPI 2 or 3, or AsyncAPI; JSON or YAML), which Konnect validates when it is written. " +
		"The specification is compared as a document: re-indenting it, reordering its keys or switching between JSON and YAML plans no change. An update sends only what the plan changes (PATCH).",
	// Refreshed one GET per version, not from a listing: Konnect lists versions without their
	// specification's content (spec.content) and validation messages.
	API:   engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("apis", "{api_id}", "versions")}},
	Check: checkVersion, // checks.go
	Attrs: []engine.Attr{
		apiID(),
		{Name: "version", Type: engine.String,
			Description: "The version's name. Unset, Konnect takes the specification's `info.version`.",
			Validators:  []engine.Validator{versionOrInfo{}}},
		{Name: "spec", Mode: engine.Required, Description: "The specification.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "content", Type: engine.String, Mode: engine.Required,
					Description:   "The specification's text, JSON or YAML. Konnect refuses one it cannot parse as OpenAPI or AsyncAPI; the error names this attribute.",
					Validators:    []engine.Validator{stringvalidator.LengthAtLeast(1), specDocument{}},
					PlanModifiers: []engine.PlanModifier{sameDocument{}}, TextDocument: true},
				engine.Attr{Name: "type", Type: engine.String, Mode: engine.Computed, Description: "What Konnect found: `oas2`, `oas3` or `asyncapi`."},
				engine.Attr{Name: "validation_messages", Mode: engine.Computed, Description: "What Konnect's validation reported.",
					Type: engine.ListOf(engine.ObjectOf(engine.Attr{Name: "message", Type: engine.String, Mode: engine.Computed, Description: "A message."}))},
			)},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// DocumentKind is a document of an API (/v3/apis/{apiId}/documents): Markdown, in a tree.
var DocumentKind = engine.EntityKind{
	TypeName: "konnect_api_document",
	Description: "A document of an API, in Markdown, shown with the API in portals. `parent_document_id` places it under another document of the same API; its slug is unique among the documents under the same parent. " +
		"A document someone edits in Konnect is reported as a change of that document; a change of its content is shown as a short diff. An update sends only what the plan changes (PATCH). " +
		"Konnect deletes a document's child documents with it: a destroy is refused while child documents this configuration does not manage are under it, naming each with its `import` block (`conflict_policy` decides as for every cascade).",
	// Konnect lists an API's documents as a tree without their content, but with each one's
	// updated_at: refresh reads a document in full only when it moved since the last full
	// read (the change detector, engine/detector.go). It refuses a second document of a
	// slug among siblings (api-builder v3: "Conflict - `slug` property must be unique", a
	// 409), so a create that sets its slug lists nothing before its POST (Unique).
	API: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("apis", "{api_id}", "documents"), Tree: "children", Detector: "updated_at",
		Unique: []string{"slug", "parent_document_id"}}},
	Dependents: []engine.Dependent{subDocumentsOf}, // cascade.go
	Check:      checkDocument,                      // checks.go
	Attrs: []engine.Attr{
		apiID(),
		{Name: "content", Type: engine.String, Mode: engine.Required, MergeLines: true,
			Description: "The document's content in Markdown; front matter may set its title, slug and status."},
		{Name: "title", Type: engine.String, Description: "The document's title. Unset, Konnect takes the front matter's, or the first heading's."},
		{Name: "slug", Type: engine.String,
			Description: "The document's path segment, unique among the documents under the same parent: letters, digits, `_` and `-`. Unset, Konnect derives it from the title.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(slugRE, "must be letters, digits, `_` and `-`")}},
		{Name: "status", Type: engine.String, Default: "unpublished",
			Description: "Whether the document is `published` or `unpublished` (Konnect's default).",
			Validators:  []engine.Validator{stringvalidator.OneOf("published", "unpublished")}},
		{Name: "parent_document_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "The id of the document this one is under, a document of the same API; unset: a top-level document. Removing it from configuration moves the document back to the top level.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// PublicationKind publishes an API to a portal (/v3/apis/{apiId}/publications/{portalId}): no
// id of its own, keyed by the API and the portal; PUT creates and updates it.
var PublicationKind = engine.EntityKind{
	TypeName: "konnect_api_publication",
	Description: "Publishes an API to a Dev Portal. One per API and portal: PUT creates and updates it. A publication removed in Konnect is reported at refresh and planned again. " +
		"Publishing to a portal this configuration does not manage works by its id. Import it with `<api_id>/<portal_id>` or `{\"api_id\":\"…\",\"portal_id\":\"…\"}`.",
	API: engine.SingletonAPI{Path: engine.V3Path("apis", "{api_id}", "publications", "{portal_id}"),
		IDFrom: "portal_id", Put: true, DeleteResets: true, Listing: engine.V3Path("portals", "{portal_id}", "api-publications")},
	Check: checkPublication, // checks.go
	Attrs: []engine.Attr{
		apiID(),
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "auth_strategy_ids", Type: engine.ListOf(engine.String),
			Description: "The application auth strategy developers use to register for the API (one). Unset, the portal's default strategy.",
			Validators:  []engine.Validator{listvalidator.SizeBetween(1, 1)}},
		{Name: "auto_approve_registrations", Type: engine.Bool, Description: "Whether developers' registrations for the API are approved without review."},
		{Name: "visibility", Type: engine.String, Default: "private",
			Description: "Who sees the API in the portal: `public` or `private` (Konnect's default).",
			Validators:  []engine.Validator{stringvalidator.OneOf("public", "private")}},
		{Name: "warnings", Type: engine.ListOf(engine.String), Mode: engine.Computed, Description: "What Konnect noticed about the publication."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// sameDocument keeps the state's specification when configuration holds the same document
// written differently (JSON or YAML, indentation, key order): Konnect holds that one, and
// nothing needs writing.
type sameDocument struct{}

func (sameDocument) Description(context.Context) string {
	return "The same document written differently plans no change."
}

func (m sameDocument) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (sameDocument) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsUnknown() || req.PlanValue.IsNull() {
		return
	}
	if SameDocument(req.PlanValue.ValueString(), req.StateValue.ValueString()) {
		resp.PlanValue = req.StateValue
	}
}

// UnchangedPlanNoop: an unchanged plan holds the state's text already.
func (sameDocument) UnchangedPlanNoop() {}

// SameDocument: both texts parse as JSON or YAML mappings (JSON is YAML) to the same
// document, as the guard compares them (guard.ParseTextDoc).
func SameDocument(a, b string) bool {
	if a == b {
		return true
	}
	x, ok1 := guard.ParseTextDoc(a)
	y, ok2 := guard.ParseTextDoc(b)
	return ok1 && ok2 && guard.Equal(guard.Field{}, x, y)
}

// specDocument refuses, at plan time, a specification Konnect cannot take: text that does not
// parse as JSON or YAML, or a document that is no OpenAPI 2 or 3 or AsyncAPI one.
type specDocument struct{}

func (specDocument) Description(context.Context) string {
	return "an OpenAPI (2 or 3) or AsyncAPI document, in JSON or YAML"
}

func (v specDocument) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (specDocument) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if why := SpecProblem(req.ConfigValue.ValueString()); why != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid API specification", why)
	}
}

// SpecProblem says why Konnect would refuse a specification ("" when it would not).
func SpecProblem(text string) string {
	doc, ok := parseSpec(text)
	if !ok {
		var probe any
		err := yaml.Unmarshal([]byte(text), &probe)
		if err == nil {
			return "The specification is not a JSON or YAML object."
		}
		return "The specification does not parse as JSON or YAML: " + err.Error()
	}
	if SpecType(doc) == "" {
		return "The specification is no OpenAPI or AsyncAPI document: it needs a top-level `openapi` field of version 3.x, `swagger: \"2.0\"` or an `asyncapi` field."
	}
	return ""
}

// parseSpec reads a specification's text (JSON is YAML) as an object.
func parseSpec(text string) (map[string]any, bool) {
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || doc == nil {
		return nil, false
	}
	return doc, true
}

// versionOrInfo: a version left unset needs the specification's info.version, which Konnect
// takes instead; with neither, Konnect refuses the version at apply.
type versionOrInfo struct{}

func (versionOrInfo) Description(context.Context) string {
	return "set, or the specification has info.version"
}

func (v versionOrInfo) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (versionOrInfo) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var content types.String
	if d := req.Config.GetAttribute(ctx, path.Root("spec").AtName("content"), &content); d.HasError() || content.IsNull() || content.IsUnknown() {
		return
	}
	doc, ok := parseSpec(content.ValueString())
	if !ok {
		return // specDocument says why
	}
	if info, _ := doc["info"].(map[string]any); info["version"] != nil && fmt.Sprint(info["version"]) != "" {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "No version for this API version",
		"version is not set and the specification has no info.version, which Konnect would take instead: Konnect refuses such a version. "+
			"Set version, or add info.version to the specification.")
}
