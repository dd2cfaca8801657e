package servicecatalog

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// machineName is a catalog object's name: lower-case letters, digits, `.` and `-`.
var machineName = []engine.Validator{stringvalidator.LengthBetween(1, 120),
	stringvalidator.RegexMatches(regexp.MustCompile(`^[0-9a-z.-]+$`), "must be lower-case letters, digits, `.` and `-`")}

// labels are a catalog object's labels: Konnect merges them key by key on PATCH (a null
// value removes a key), so the engine sends only the keys a plan changes.
var labels = engine.Attr{Name: "labels", Default: map[string]any{}, Type: engine.MapOf(engine.String),
	Description: "Labels (at most 50). Keys are 1 to 63 characters and cannot start with `kong`, `konnect`, `mesh`, `kic` or `_`. To remove every label set `labels = {}`.",
	Validators: []engine.Validator{mapvalidator.SizeAtMost(50),
		mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 63), engine.NoPrefix("kong", "konnect", "mesh", "kic", "_")),
		mapvalidator.ValueStringsAre(stringvalidator.LengthBetween(1, 63),
			stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9A-Z]([a-z0-9A-Z-._]*[a-z0-9A-Z])?$`), "must be letters, digits, `-`, `.` and `_`, starting and ending with a letter or digit"))}}

// catalogCollection is a /v1 collection of the service catalog, listed by Konnect with every
// field its GET answers (so a refresh of many objects reads pages of them), its unique name
// looked up with filter[name][eq]. The listing's filter[updated_at][gt] ("what changed since")
// is not used: a refresh needs each object's whole body (its revision, its state), which an
// object left out as unchanged would not bring, and the run's snapshot already reads 100
// objects a call (snapshot_platform.go).
func catalogCollection(name string) engine.PatchAPI {
	return engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: func(map[string]string) string { return "/v1/" + name }, Listed: true},
		NameFilter: "filter[name][eq]"}
}

// CatalogServiceKind is a service of the Service Catalog (/v1/catalog-services).
var CatalogServiceKind = engine.EntityKind{
	TypeName: "konnect_catalog_service",
	Description: "A service of Konnect's Service Catalog: a machine name unique in the catalog, a display name, and the catalog's custom fields about it. " +
		"An update sends only what the plan changes (PATCH); labels are merged key by key, so a label someone adds in Konnect stays. " +
		"Adding a service whose name another already has fails with the `import` block that adopts it. Import it by id or by name.",
	API:        catalogCollection("catalog-services"),
	NameAttr:   "name",
	DataSource: true, // konnect_catalog_service by name (or id)
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required,
			Description: "The machine name of the service, unique within the catalog: lower-case letters, digits, `.` and `-`.",
			Validators:  machineName},
		{Name: "display_name", Type: engine.String, Mode: engine.Required, Description: "The display name of the service.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 120)}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the service is. Removed from configuration, Konnect holds none.",
			Validators: []engine.Validator{stringvalidator.LengthAtMost(2048)}},
		{Name: "custom_fields", Type: engine.JSON, Default: map[string]any{},
			Description: "The catalog's custom fields about the service, a JSON object (`jsonencode({ owner = \"team-a\", dashboard = { name = \"…\", link = \"https://…\" } })`): " +
				"text, numbers, booleans and links. It is compared as a document: key order and spacing never diff, and a field set to `null` stays a field, as Konnect keeps it. " +
				"Removed from configuration, Konnect holds none."},
		labels,
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
