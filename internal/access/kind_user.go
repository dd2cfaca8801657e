package access

import (
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// UserKind is a Konnect user (/v3/users), read-only here: users exist by invitation, so the
// provider only looks them up (by id or email) to put them in teams.
var UserKind = engine.EntityKind{
	TypeName:    "konnect_user",
	Description: "A user of the organization, looked up by id or by email. Users join Konnect by invitation, so there is no `konnect_user` resource: use this data source to put a user in a team with `konnect_team_user`.",
	API: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: under("users"), Listed: true},
		NameFilter: "filter[email][eq]", NameField: "email"},
	NameAttr:   "email",
	DataSource: true,
	Attrs: []engine.Attr{
		{Name: "email", Type: engine.String, Mode: engine.Required, Description: "The user's email address."},
		{Name: "full_name", Type: engine.String, Mode: engine.Computed, Description: "The user's full name."},
		{Name: "preferred_name", Type: engine.String, Mode: engine.Computed, Description: "The name the user prefers."},
		{Name: "active", Type: engine.Bool, Mode: engine.Computed, Description: "Whether the user has accepted the invitation and may log in."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
