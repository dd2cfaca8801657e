package provider

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// The single sign-on kinds' rows in TestAccKinds are in internal/access
// (kind_identity_provider_test.go); what stays here is a test of the provider's protocol.

// A state written by Kong's provider for both types (its attribute names and nesting, schema
// version 0, no revision) is taken as it is: the upgrade accepts it, and the first refresh
// keeps the client secret Konnect never returns, leaves the absent branch null, and records
// the object for the guards.
func TestKongIdentityProviderStateRefreshes(t *testing.T) {
	ctx := context.Background()
	h := newProtoHarness(t, "fail")
	create := func(k engine.EntityKind, parents map[string]string, body konnect.Object) string {
		t.Helper()
		obj, _, err := k.API.Create(ctx, h.client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", k.TypeName, err)
		}
		return obj["id"].(string)
	}
	idp := create(access.IdentityProviderKind, nil, konnect.Object{"type": "oidc", "login_path": "testoidc", "enabled": true,
		"config": map[string]any{"issuer_url": "https://accounts.google.com", "client_id": "client-id", "client_secret": "my-client-secret",
			"scopes": []any{"openid", "email", "profile"}}})
	team := create(access.TeamKind, nil, konnect.Object{"name": "Tech Leads"})
	mapping := create(access.IdentityProviderTeamGroupMappingKind, map[string]string{"identity_provider_id": idp}, konnect.Object{"team_id": team, "group": "Tech Leads"})

	for typ, kong := range map[string]string{
		// access-kinds.md 1.8 and 1.9, with this mock's ids
		access.IdentityProviderKind.TypeName: `{"config":{"oidc_identity_provider_config":{"claim_mappings":{"email":"email","groups":"groups","name":"name"},
			"client_id":"client-id","client_secret":"my-client-secret","issuer_url":"https://accounts.google.com",
			"scopes":["openid","email","profile"]},"saml_identity_provider_config":null},
			"created_at":"2022-11-04T20:10:06.927Z","enabled":true,"id":"` + idp + `",
			"login_path":"testoidc","type":"oidc","updated_at":"2022-11-04T20:10:06.927Z"}`,
		access.IdentityProviderTeamGroupMappingKind.TypeName: `{"created_at":"2024-01-15T10:30:00Z","group":"Tech Leads","id":"` + mapping + `",
			"identity_provider_id":"` + idp + `","team_id":"` + team + `","updated_at":"2024-01-15T10:30:00Z"}`,
	} {
		t.Run(typ, func(t *testing.T) {
			up, err := h.srv.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: typ, Version: 0,
				RawState: &tfprotov6.RawState{JSON: []byte(kong)}})
			if err != nil || len(up.Diagnostics) > 0 {
				t.Fatalf("upgrade: %v %s", err, diagText(up.Diagnostics))
			}
			read, err := h.srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: typ, CurrentState: up.UpgradedState})
			if err != nil || len(read.Diagnostics) > 0 {
				t.Fatalf("refresh: %v %s", err, diagText(read.Diagnostics))
			}
			schemas, _ := h.srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
			v, err := read.NewState.Unmarshal(schemas.ResourceSchemas[typ].ValueType())
			if err != nil {
				t.Fatal(err)
			}
			got := v.String()
			kept := `"group":tftypes.String<"Tech Leads">`
			if typ == access.IdentityProviderKind.TypeName {
				kept = `"client_secret":tftypes.String<"my-client-secret">` // Konnect never returns it
			}
			for _, want := range []string{`"revision":tftypes.String<"sha256:`, kept} {
				if !strings.Contains(got, want) {
					t.Errorf("refreshed state lacks %s:\n%s", want, got)
				}
			}
			if typ == access.IdentityProviderKind.TypeName && !regexp.MustCompile(`"saml_identity_provider_config":tftypes.Object\[[^\]]*\]<null>`).MatchString(got) {
				t.Errorf("the SAML branch of an OIDC provider is not null:\n%s", got)
			}
			if p, _ := protocol.ParsePrivate(read.Private); p[guard.PrivateBaseKey] == nil || strings.Contains(string(p[guard.PrivateBaseKey]), "my-client-secret") {
				t.Errorf("the guard's record after the first refresh: %s", p[guard.PrivateBaseKey])
			}
		})
	}
}
