package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// The single sign-on rows in TestAccKinds (acc_kinds_test.go): the identity provider and the
// mappings of its groups to teams.

// identityProviderBlock is an OIDC provider; %s is its login_path.
const identityProviderBlock = acctest.IdentityProviderBlock

// identityProviderRow: an OIDC provider, changing its login path; scenario 9 stops enabling it.
var identityProviderRow = kindRow{kept: &kindKept{"enabled", true},
	block:   identityProviderBlock,
	update:  &kindUpdate{attr: "login_path", values: [2]any{"sso-1", "sso-2"}, ui: "sso-ui"},
	removal: &kindRemoval{attr: "enabled", hcl: "true", ui: true}}

func identityProviderDep(f *kindFixture) string {
	return teamDep(f) + "\nresource \"konnect_identity_provider\" \"sso\" {\n  " + fmt.Sprintf(identityProviderBlock, `"sso"`) + "\n}\n"
}

// identityProviderTeamGroupMappingRow: Konnect creates and deletes a mapping, never changes
// one. The row maps a group, then runs rows 5 and 1 as the role grants do (roleSteps), and
// imports the mapping by Kong's JSON id.
var identityProviderTeamGroupMappingRow = kindRow{
	noUpdate:  "a mapping is created and deleted, never changed: every attribute replaces it",
	noRemoval: "a mapping has no optional attribute",
	deps:      identityProviderDep,
	block:     "identity_provider_id = konnect_identity_provider.sso.id\n  team_id = konnect_team.platform.id\n  group = %s",
	steps:     mappingSteps,
}

func mappingSteps(f *kindFixture) []resource.TestStep {
	config := func(group string) string { return f.withBlock("", fmt.Sprintf(f.row.block, fmt.Sprintf("%q", group))) }
	steps := []resource.TestStep{{Config: config("Tech Leads"), Check: f.remember}}
	steps = append(steps, f.goneBeforeSavedDestroy(config("Tech Leads"), f.remember)...)
	return append(steps, []resource.TestStep{
		{
			// Removed in Konnect: the refresh reports it and the plan maps the group again.
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config("Tech Leads"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				if got := f.env.get(f.path); got == nil || got["group"] != "Tech Leads" {
					f.t.Errorf("after mapping again: Konnect holds %v", got)
				}
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		},
		{
			// Kong's import id: {"id": …, "identity_provider_id": …}.
			Config:            config("Tech Leads"),
			ResourceName:      f.address(),
			ImportState:       true,
			ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				a := s.RootModule().Resources[f.address()].Primary.Attributes
				b, err := json.Marshal(map[string]string{"id": a["id"], "identity_provider_id": a["identity_provider_id"]})
				return string(b), err
			},
		},
		{
			// Row 1 for a replace: a saved plan maps another group, and someone deletes the
			// mapping first. The apply does not create a mapping over that change.
			Config: config("Platform Admins"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionReplace),
				outOfBand(func() { f.env.remove(f.path) }),
			}},
			Check: func(*terraform.State) error {
				return f.rec.wantWarning("Konnect object already deleted", f.kind.TypeName)
			},
		},
	}...)
}

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
