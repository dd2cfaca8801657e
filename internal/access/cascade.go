package access

import (
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// What Konnect deletes with a team, a system account and an identity provider, for the
// cascade guard (engine/cascade.go): platform listings below the parent's own path, each
// object named by its name fields (never a secret: a token by its name, not its value) and
// imported as <parent id>/<id>, the import id of its resource type.
var (
	// A team's memberships and role grants.
	teamUsersOf = engine.Dependent{Collection: "users", Platform: true, TypeName: "konnect_team_user",
		NameFields: []string{"email"}, NotCreated: true,
		Link: "a membership: the user stays in Konnect, no longer in the team and without the roles granted to it"}
	teamAccountsOf = engine.Dependent{Collection: "system-accounts", Platform: true, TypeName: "konnect_system_account_team",
		NameFields: []string{"name"}, NotCreated: true,
		Link: "a membership: the system account stays in Konnect, no longer in the team and without the roles granted to it"}
	teamRolesOf = engine.Dependent{Collection: "assigned-roles", Platform: true, TypeName: "konnect_team_role",
		NameFields: []string{"role_name", "entity_type_name"}, NameJoin: " on "}

	// A system account's tokens, role grants and team memberships. Its teams are listed
	// below the account, and konnect_system_account_team is imported as
	// <team_id>/<account_id>: IDFirst.
	accountTokensOf = engine.Dependent{Collection: "access-tokens", Platform: true, TypeName: "konnect_system_account_access_token",
		NameFields: []string{"name"}, Uncounted: tokenExpired}
	accountRolesOf = engine.Dependent{Collection: "assigned-roles", Platform: true, TypeName: "konnect_system_account_role",
		NameFields: []string{"role_name", "entity_type_name"}, NameJoin: " on "}
	accountTeamsOf = engine.Dependent{Collection: "teams", Platform: true, IDFirst: true, TypeName: "konnect_system_account_team",
		NameFields: []string{"name"}, NotCreated: true,
		Link: "a membership: the team stays in Konnect, without this system account"}

	// An identity provider's team group mappings.
	idpMappingsOf = engine.Dependent{Collection: "team-group-mappings", Platform: true, TypeName: "konnect_identity_provider_team_group_mapping",
		NameFields: []string{"group"}}
)

// tokenExpired tells why an access token no longer works: its expiry has passed.
func tokenExpired(obj konnect.Object) string {
	s, _ := obj["expires_at"].(string)
	if at, err := time.Parse(time.RFC3339Nano, s); err == nil && !at.After(time.Now()) {
		return "expired at " + s
	}
	return ""
}
