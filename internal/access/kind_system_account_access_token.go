package access

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// SystemAccountAccessTokenKind is an access token of a system account
// (/v3/system-accounts/{accountId}/access-tokens). Konnect shows the token once, in its
// answer to the create: state keeps it from there, and no later plan regenerates it.
var SystemAccountAccessTokenKind = engine.EntityKind{
	TypeName: "konnect_system_account_access_token",
	Description: "An access token of a system account. Konnect shows the token once, when it is created: `token` keeps it (sensitive), and no later plan regenerates it. " +
		"A token revoked or expired in Konnect is reported at refresh and planned for replacement. `expires_at` must be in the future when the plan is made; changing it replaces the token.",
	API:     engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: under("system-accounts", "{account_id}", "access-tokens"), Listed: true}},
	Expired: tokenExpired, // cascade.go
	Attrs: []engine.Attr{
		engine.ParentID("account_id", "The id of the system account."),
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The token's name.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 250), engine.NotBlank()}},
		{Name: "expires_at", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "When the token expires, an RFC 3339 time in the future (`2027-01-31T00:00:00Z`). Konnect's answer in another spelling of the same second is no change; an imported token reads it in UTC to the second, as in the example.",
			Validators:  []engine.Validator{futureTime{}}, Same: sameTime, Canonical: utcSeconds},
		{Name: "token", Type: engine.String, Mode: engine.Computed, Sensitive: true, ShownOnce: true,
			Description: "The token (`spat_…`), as Konnect showed it at creation. Null after an import: Konnect never shows it again."},
		{Name: "last_used_at", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "When the token was last used, an RFC 3339 time."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// futureTime checks an RFC 3339 time that must be in the future when the plan is made.
type futureTime struct{}

func (futureTime) Description(context.Context) string {
	return "an RFC 3339 time in the future"
}
func (v futureTime) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (futureTime) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid expiry time", fmt.Sprintf("%q is not an RFC 3339 time (for example 2027-01-31T00:00:00Z).", s))
		return
	}
	if !at.After(time.Now()) {
		resp.Diagnostics.AddAttributeError(req.Path, "Expiry time in the past",
			fmt.Sprintf("expires_at %s is not in the future: Konnect would create a token that no longer works. Choose a later time.", s))
	}
}

// sameTime: two RFC 3339 spellings of one time, to the second (Konnect answers
// `…T00:00:00.000Z` to `…T00:00:00Z`, or in UTC to an offset).
func sameTime(configured, remote any) bool {
	a, okA := configured.(string)
	b, okB := remote.(string)
	if !okA || !okB {
		return false
	}
	ta, errA := time.Parse(time.RFC3339Nano, a)
	tb, errB := time.Parse(time.RFC3339Nano, b)
	return errA == nil && errB == nil && ta.Truncate(time.Second).Equal(tb.Truncate(time.Second))
}

// utcSeconds spells a time as configuration usually does: UTC, to the second
// (`2027-01-31T00:00:00Z`).
func utcSeconds(remote any) any {
	s, _ := remote.(string)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC().Truncate(time.Second).Format(time.RFC3339)
	}
	return remote
}
