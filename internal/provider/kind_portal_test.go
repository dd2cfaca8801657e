package provider

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// The protocol tests' fixtures of the portal family. Its rows in TestAccKinds
// (kind_portal_test.go) and its own acceptance tests are in internal/portal.

// portalAPIID is the API the fixtures grant roles on (Konnect takes any id there).
const portalAPIID = acctest.PortalAPIID

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
		konnect.Object{"enabled": true, "audit_log_destination_id": auditDestination(t, client, "fast-path-portal")})
	create(portal.FaviconKind.TypeName, portal.FaviconKind.API, map[string]string{"portal_id": p}, konnect.Object{"data": pngPixel})
	create(portal.ApplicationAuthStrategyKind.TypeName, portal.ApplicationAuthStrategyKind.API, map[string]string{},
		konnect.Object{"key_auth": map[string]any{"name": "fast-path", "display_name": "Fast path",
			"configs": map[string]any{"key_auth": map[string]any{"key_names": []any{"apikey"}}}}})
	team := create(portal.TeamKind.TypeName, portal.TeamKind.API, map[string]string{"portal_id": p}, konnect.Object{"name": "fast-path"})
	create(portal.TeamRoleKind.TypeName, portal.TeamRoleKind.API, map[string]string{"portal_id": p, "team_id": team},
		konnect.Object{"role_name": "API Viewer", "entity_id": portalAPIID, "entity_type_name": "Services", "entity_region": "us"})
}
