package access

import (
	"context"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// labels are a platform object's labels: Konnect merges them key by key on PATCH (a null
// value removes a key), so the engine sends only the keys a plan changes.
var labels = engine.Attr{Name: "labels", Default: map[string]any{}, Type: engine.MapOf(engine.String),
	Description: "Labels (at most 50). Keys are 1 to 63 characters and cannot start with `kong`, `konnect`, `mesh`, `kic` or `_`. To remove every label set `labels = {}`.",
	Validators: []engine.Validator{mapvalidator.SizeAtMost(50),
		mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 63), engine.NoPrefix("kong", "konnect", "mesh", "kic", "_"),
			stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9A-Z]([a-z0-9A-Z-._]*[a-z0-9A-Z])?$`), "must be letters, digits, `-`, `.` and `_`, starting and ending with a letter or digit")),
		mapvalidator.ValueStringsAre(stringvalidator.LengthBetween(1, 63))}}

// TeamKind is a Konnect team (/v3/teams): a group of users and system accounts that roles
// are granted to. Konnect's predefined teams (`system_team = true`) cannot be changed or
// deleted; the `konnect_team` data source reads them.
var TeamKind = engine.EntityKind{
	TypeName: "konnect_team",
	Unique:   []string{"name"},
	Description: "A Konnect team: users and system accounts that share the roles granted to it. " +
		"An update sends Konnect only the attributes the plan changes (PATCH), so a change someone makes to another attribute at the same time survives. " +
		"Konnect's predefined teams cannot be managed here; read them with the `konnect_team` data source.",
	API:        engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: under("teams"), Listed: true}, NameFilter: "filter[name][eq]"},
	NameAttr:   "name",
	DataSource: true,
	Check:      refuseSystemTeam,
	Predefined: func(obj konnect.Object) string {
		if obj["system_team"] == true {
			return "one of Konnect's predefined teams"
		}
		return ""
	},
	Dependents: []engine.Dependent{teamUsersOf, teamAccountsOf, teamRolesOf}, // cascade.go
	Filter: &engine.KongFilter{Noun: "team", Fields: []engine.KongFilterField{
		{Name: "name", Ops: []string{"eq", "contains"}},
	}},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The team's name, unique in the organization (at most 250 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250), engine.NotBlank()}},
		{Name: "description", Default: engine.DefaultNull, Type: engine.String, Description: "What the team is for (at most 250 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250)}},
		labels,
		{Name: "system_team", Type: engine.Bool, Mode: engine.Computed, Description: "Whether this is one of Konnect's predefined teams."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// refuseSystemTeam fails a plan that would change one of Konnect's predefined teams (an
// imported one): Konnect refuses every change to them, so the plan says so before anything
// is applied.
func refuseSystemTeam(_ context.Context, _ *konnect.Client, values konnect.Object) []engine.Problem {
	if values["system_team"] != true {
		return nil
	}
	return []engine.Problem{{Attr: "name", Summary: "Konnect's predefined teams cannot be changed",
		Detail: "This team is one of Konnect's predefined teams (system_team = true): Konnect refuses to change or delete it. " +
			"Remove the change from the configuration, or read the team with the konnect_team data source instead of managing it."}}
}
