package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// The portal family's rows in TestAccKinds (acc_kinds_test.go): a portal, a team of its
// developers, and a role granted to that team; and the protocol tests' fixtures. The family's
// own acceptance tests are in internal/portal.

// portalRow: a portal, changing its description; scenario 9 removes auto_approve_developers.
var portalRow = kindRow{block: "name = \"dev\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	removal: &kindRemoval{attr: "auto_approve_developers", hcl: "true", ui: true}}

// portalTeamRow: a portal team, changing its description; scenario 9 removes
// can_own_applications.
var portalTeamRow = kindRow{kept: &kindKept{"can_own_applications", true},
	deps:    portalDep,
	block:   "portal_id = konnect_portal.dev.id\n  name = \"devs\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	removal: &kindRemoval{attr: "can_own_applications", hcl: "true", ui: true}}

func portalDep(*kindFixture) string {
	return "\nresource \"konnect_portal\" \"dev\" {\n  name = \"dev\"\n}\n"
}

func portalTeamDep(f *kindFixture) string {
	return portalDep(f) + "\nresource \"konnect_portal_team\" \"devs\" {\n  portal_id = konnect_portal.dev.id\n  name = \"devs\"\n}\n"
}

// portalAPIID is the API the rows grant roles on (Konnect takes any id there).
const portalAPIID = acctest.PortalAPIID

// portalTeamRoleRow: a role granted to a portal team; create and delete only, like
// konnect_team_role's row: an unknown role refused at plan, then rows 5 and 1.
var portalTeamRoleRow = kindRow{
	noUpdate:  "a grant is created and deleted, never changed: every attribute replaces it",
	noRemoval: "a grant has no optional attribute",
	deps:      portalTeamDep,
	block: "portal_id = konnect_portal.dev.id\n  team_id = konnect_portal_team.devs.id\n  entity_id = \"" + portalAPIID +
		"\"\n  entity_type_name = \"Services\"\n  entity_region = \"us\"\n  role_name = %s",
	steps: portalRoleSteps,
}

func portalRoleSteps(f *kindFixture) []resource.TestStep {
	config := func(role string) string { return f.withBlock("", fmt.Sprintf(f.row.block, fmt.Sprintf("%q", role))) }
	steps := []resource.TestStep{
		{
			// An unknown role: refused at plan, with the valid roles; nothing is created.
			Config:      config("Superuser"),
			ExpectError: regexp.MustCompile(`(?s)Unknown role.*Konnect has no portal role\s+"Superuser"\s+for\s+"Services".*"API\s+Consumer".*"API\s+Viewer"`),
		},
		{Config: config("API Viewer"), Check: f.remember},
	}
	steps = append(steps, f.goneBeforeSavedDestroy(config("API Viewer"), f.remember)...)
	return append(steps, []resource.TestStep{
		{
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config("API Viewer"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				if got := f.env.get(f.path); got == nil || got["role_name"] != "API Viewer" {
					f.t.Errorf("after granting again: Konnect holds %v", got)
				}
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		},
		{
			// Row 1 for a replace: a saved plan changes the role, and someone deletes the
			// grant first. The apply does not create a grant over that change.
			Config: config("API Consumer"),
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

// portalFixtures creates one object of each portal kind for the protocol tests' fixtures
// (server_test.go), recording each one's JSON import id.
func portalFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	create := func(typeName string, api interface {
		Create(context.Context, *konnect.Client, map[string]string, konnect.Object) (konnect.Object, *konnect.Response, error)
	}, parents map[string]string, body konnect.Object) string {
		t.Helper()
		obj, _, err := api.Create(ctx, client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", typeName, err)
		}
		id, _ := obj["id"].(string)
		importID := map[string]string{"id": id}
		for k, v := range parents {
			importID[k] = v
		}
		b, _ := json.Marshal(importID)
		ids[typeName] = string(b)
		return id
	}
	p := create(portal.PortalKind.TypeName, portal.PortalKind.API, map[string]string{},
		konnect.Object{"name": "fast-path", "description": "docs", "labels": map[string]any{"env": "test"}})
	create(portal.AuthKind.TypeName, portal.AuthKind.API, map[string]string{"portal_id": p}, konnect.Object{"konnect_mapping_enabled": true})
	create(portal.CustomizationKind.TypeName, portal.CustomizationKind.API, map[string]string{"portal_id": p},
		konnect.Object{"css": "h1 { color: teal; }", "theme": map[string]any{"mode": "dark"}})
	create(portal.CustomDomainKind.TypeName, portal.CustomDomainKind.API, map[string]string{"portal_id": p},
		konnect.Object{"hostname": "fast-path.example.com", "enabled": true, "ssl": map[string]any{"domain_verification_method": "http"}})
	create(portal.LogoKind.TypeName, portal.LogoKind.API, map[string]string{"portal_id": p}, konnect.Object{"data": pngPixel})
	create(portal.AuditLogWebhookKind.TypeName, portal.AuditLogWebhookKind.API, map[string]string{"portal_id": p},
		konnect.Object{"enabled": true, "audit_log_destination_id": auditDestinations[0]})
	create(portal.FaviconKind.TypeName, portal.FaviconKind.API, map[string]string{"portal_id": p}, konnect.Object{"data": pngPixel})
	create(portal.ApplicationAuthStrategyKind.TypeName, portal.ApplicationAuthStrategyKind.API, map[string]string{},
		konnect.Object{"key_auth": map[string]any{"name": "fast-path", "display_name": "Fast path",
			"configs": map[string]any{"key_auth": map[string]any{"key_names": []any{"apikey"}}}}})
	team := create(portal.TeamKind.TypeName, portal.TeamKind.API, map[string]string{"portal_id": p}, konnect.Object{"name": "fast-path"})
	create(portal.TeamRoleKind.TypeName, portal.TeamRoleKind.API, map[string]string{"portal_id": p, "team_id": team},
		konnect.Object{"role_name": "API Viewer", "entity_id": portalAPIID, "entity_type_name": "Services", "entity_region": "us"})
}
