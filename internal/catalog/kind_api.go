package catalog

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

var slugRE = regexp.MustCompile(`^[\w-]+$`)

// APIKind is an API of the catalog (/v3/apis). Its portals, specification ids and
// implementation mode follow other objects (publications, versions, implementations): they
// are left out of its revision, so writing those never makes an API's plan stale.
var APIKind = engine.EntityKind{
	TypeName: "konnect_api",
	Description: "An API of Konnect's API catalog: what it is, its versions and documents (`konnect_api_version`, `konnect_api_document`), where it is published (`konnect_api_publication`) and which gateway service implements it (`konnect_api_implementation`). " +
		"Its name and version together are unique in the organization, and so is its slug. An update sends Konnect only the attributes the plan changes (PATCH).",
	API: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("apis"), Listed: true}},
	// updated_at too: Konnect moves it when a version is added, and every field of an API is
	// one Konnect shows, so a change of the API's own is in the rest of the revision.
	Derived:    []string{"portals", "api_spec_ids", "implementation_mode", "current_version_summary", "updated_at"},
	Dependents: []engine.Dependent{apiVersionsOf, apiDocumentsOf, apiImplementationsOf}, // cascade.go
	// the data source reads an API by id, name (not unique: Konnect filters on it) or slug
	// (unique, which Konnect cannot filter on: compared on every page), or by filter
	DataSource: true,
	Lookups:    []string{"name", "slug"},
	Filter: &engine.KongFilter{Noun: "API", Fields: []engine.KongFilterField{
		{Name: "id", Ops: []string{"eq", "neq", "oeq"}},
		{Name: "name", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "version", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "implementation_mode", What: "implementation mode", Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
		{Name: "labels", Keyed: true, Ops: []string{"eq", "neq", "oeq", "contains", "ocontains"}},
	}},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The API's name (1 to 255 characters).",
			Validators: []engine.Validator{stringvalidator.UTF8LengthBetween(1, 255), engine.NotBlank()}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the API does."},
		{Name: "version", Type: engine.String, Description: "The API's version (1 to 255 characters); with the name, unique in the organization.",
			Validators: []engine.Validator{stringvalidator.UTF8LengthBetween(1, 255)}},
		{Name: "slug", Type: engine.String,
			Description: "The API's path segment in portals, unique in the organization: letters, digits, `_` and `-`. Unset, Konnect derives it from the name and version.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(slugRE, "must be letters, digits, `_` and `-`")}},
		{Name: "labels", Type: engine.MapOf(engine.String), Default: map[string]any{},
			Description: "Labels (at most 50). To remove every label set `labels = {}`.",
			Validators:  []engine.Validator{mapvalidator.SizeAtMost(50)}},
		{Name: "attributes", Type: engine.JSON,
			Description: "Custom attributes, a JSON object of string lists (`jsonencode({ domains = [\"web\"] })`); key order and spacing never diff."},
		{Name: "spec_content", Type: engine.String, ForceNew: true, NotReturned: true,
			Description: "A specification to create the API from (OpenAPI or AsyncAPI, JSON or YAML). Konnect takes it only when the API is created and never returns it: changing it replaces the API. " +
				"Prefer `konnect_api_version`, which keeps the specification as a document of its own."},
		{Name: "api_spec_ids", Type: engine.ListOf(engine.String), Mode: engine.Computed,
			Description: "The ids of the API's specifications (deprecated by Konnect: see `konnect_api_version`)."},
		{Name: "portals", Mode: engine.Computed, Description: "The portals the API is published to.",
			Type: engine.ListOf(engine.ObjectOf(
				engine.Attr{Name: "id", Type: engine.String, Mode: engine.Computed, Description: "The portal's id."},
				engine.Attr{Name: "name", Type: engine.String, Mode: engine.Computed, Description: "The portal's name."},
				engine.Attr{Name: "display_name", Type: engine.String, Mode: engine.Computed, Description: "The portal's display name."},
			))},
		{Name: "implementation_mode", Type: engine.String, Mode: engine.Computed,
			Description: "How the API is implemented: by gateway services (`gateway_entity_binding`), by access control enforcement, or not yet."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
