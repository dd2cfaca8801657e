package access

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// SystemAccountKind is a Konnect system account (/v3/system-accounts): a machine identity
// for CI and automation, with access tokens of its own. Konnect refuses a second of a name
// (identity v3: "Returns a 409 if a system account with the same name already exists"), so
// the create writes without looking the name up first.
var SystemAccountKind = engine.EntityKind{
	TypeName: "konnect_system_account",
	Description: "A Konnect system account: a machine identity (for CI, automation) that holds access tokens and is granted roles directly or through teams. " +
		"An update sends Konnect only the attributes the plan changes (PATCH).",
	API:        engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: under("system-accounts"), Listed: true, Unique: []string{"name"}}, NameFilter: "filter[name][eq]"},
	NameAttr:   "name",
	DataSource: true,
	Dependents: []engine.Dependent{accountTokensOf, accountRolesOf, accountTeamsOf}, // cascade.go
	Filter: &engine.KongFilter{Noun: "system account", Fields: []engine.KongFilterField{
		{Name: "name", Ops: []string{"eq", "contains"}},
		{Name: "description", Ops: []string{"eq", "contains"}},
		{Name: "konnect_managed"},
	}},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The system account's name, unique in the organization.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250), engine.NotBlank()}},
		{Name: "description", Type: engine.String, Mode: engine.Required, Description: "What the system account is for.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250)}},
		{Name: "konnect_managed", Default: false, Type: engine.Bool, ForceNew: true,
			Description: "Whether Konnect manages the account (for example for an integration). Fixed at creation: changing it replaces the account."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
