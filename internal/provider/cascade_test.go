package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// destroy applies the deletion of state, as Terraform does for a destroy or the delete
// half of a replacement, and returns the diagnostics.
func (h *protoHarness) destroy(state tftypes.Value, private []byte) []*tfprotov6.Diagnostic {
	h.t.Helper()
	null := tftypes.NewValue(h.typ, nil)
	resp, err := h.srv.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: h.r.Kind.TypeName, PriorState: dynamic(h.t, state), PlannedState: dynamic(h.t, null),
		Config: dynamic(h.t, null), PlannedPrivate: private})
	if err != nil {
		h.t.Fatal(err)
	}
	return resp.Diagnostics
}

// The cascade guard under each policy, through the plugin protocol where the CLI would
// hide what it asserts: the warning of warn, and the silence of overwrite.
func TestProtocolCascadePolicies(t *testing.T) {
	for _, tc := range []struct {
		policy   string
		severity tfprotov6.DiagnosticSeverity // 0: no diagnostic at all
		summary  string
		deleted  bool
	}{
		{"fail", tfprotov6.DiagnosticSeverityError, "Deleting this object would delete objects that Terraform does not manage", false},
		{"warn", tfprotov6.DiagnosticSeverityWarning, "Deleting this object also deletes objects that Terraform does not manage", true},
		{"overwrite", 0, "", true},
	} {
		t.Run(tc.policy, func(t *testing.T) {
			h := newProtoHarness(t, tc.policy)
			ctx := context.Background()
			cp, _, err := h.client.CreateControlPlane(ctx, konnect.Object{"name": "cascade-" + tc.policy})
			if err != nil {
				t.Fatal(err)
			}
			cpID := cp["id"].(string)
			str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
			cfg := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("orders"), "host": str("orders.internal")})
			state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))
			svcID := stateAttr(t, state, "id")

			// Someone adds a plugin to the service in Konnect.
			plugins := konnect.CoreEntitiesPath(cpID, "services", svcID, "plugins")
			plugin, _, err := h.client.CreateEntity(ctx, plugins, konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 5}})
			if err != nil {
				t.Fatal(err)
			}

			diags := h.destroy(state, private)
			if tc.severity == 0 {
				if len(diags) != 0 {
					t.Fatalf("overwrite: want no diagnostic, got %s", diagText(diags))
				}
			} else {
				if len(diags) != 1 || diags[0].Severity != tc.severity || diags[0].Summary != tc.summary {
					t.Fatalf("want one %s %q, got:\n%s", tc.severity, tc.summary, diagText(diags))
				}
				for _, want := range []string{"konnect_gateway_service (id " + svcID + ", control plane " + cpID + ") has 1 object in Konnect that Konnect deletes with it:",
					"konnect_gateway_plugin   id " + plugin["id"].(string) + `   name "rate-limiting"   created_at 20`} {
					if !strings.Contains(diags[0].Detail, want) {
						t.Errorf("detail lacks %q:\n%s", want, diags[0].Detail)
					}
				}
			}
			_, _, svcErr := h.client.GetService(ctx, cpID, svcID)
			_, _, plErr := h.client.GetEntity(ctx, konnect.CoreEntitiesPath(cpID, "plugins"), plugin["id"].(string))
			if tc.deleted {
				if !konnect.IsNotFound(svcErr) || !konnect.IsNotFound(plErr) {
					t.Fatalf("%s: want the service and (by Konnect's cascade) its plugin deleted; service: %v, plugin: %v", tc.policy, svcErr, plErr)
				}
				return
			}
			if svcErr != nil || plErr != nil {
				t.Fatalf("fail: the refused delete must leave both; service: %v, plugin: %v", svcErr, plErr)
			}
			// Once the plugin is gone, the same delete goes through.
			if _, err := h.client.DeleteEntity(ctx, plugins, plugin["id"].(string), ""); err != nil {
				t.Fatal(err)
			}
			if diags := h.destroy(state, private); len(diags) != 0 {
				t.Fatalf("no dependents left: want no diagnostic, got %s", diagText(diags))
			}
			if _, _, err := h.client.GetService(ctx, cpID, svcID); !konnect.IsNotFound(err) {
				t.Fatalf("service not deleted: %v", err)
			}
		})
	}
}

func stateAttr(t *testing.T, state tftypes.Value, attr string) string {
	t.Helper()
	m, err := engine.AsObject(state)
	if err != nil {
		t.Fatal(err)
	}
	return engine.Str(m[attr])
}

// Every dependent collection names a resource type that exists, is imported the way that
// type's import id says, and is never named by a secret.
func TestDependentDeclarations(t *testing.T) {
	byType := map[string]engine.EntityKind{}
	for _, k := range Kinds {
		byType[k.TypeName] = k
	}
	parents := 0
	for _, k := range Kinds {
		for _, d := range k.Dependents {
			parents++
			dk, ok := byType[d.TypeName]
			if !ok {
				t.Errorf("%s: dependent type %s is no resource type", k.TypeName, d.TypeName)
				continue
			}
			dr := engine.NewEntityResource(dk)
			nested := len(dr.Parents()) > 1                            // control_plane_id and the parent's id
			if nested != d.Nested && (d.IDField == "" || !d.IDFirst) { // (a publication: <api_id>/<portal_id>)
				t.Errorf("%s → %s: Nested = %v, but its import id is %s", k.TypeName, d.TypeName, d.Nested, dr.ImportFormat())
			}
			// The import block the diagnostic gives adopts that object: its id parses as the
			// dependent type's import id, with the object's id (or, IDFirst, the parent's:
			// a system account's team membership is <team_id>/<account_id>) as the id.
			parent := engine.Address{Parents: map[string]string{}, ID: "parent-id"}
			for _, p := range engine.NewEntityResource(k).Parents() {
				parent.Parents[p] = "p-" + p
			}
			obj := konnect.Object{"id": "dep-id"}
			if d.IDField != "" { // named by another field (a publication by its API, a schema by its name)
				obj = konnect.Object{d.IDField: "dep-id"}
			}
			if d.Across != "" { // imported under its owner (an implementation under its API)
				obj[d.Owner] = "owner-id"
			}
			if d.Via != "" { // a control plane's listing of credentials: each names its consumer
				obj[d.Via] = map[string]any{"id": "via-id"}
			}
			desc := d.Describe(obj, parent)
			got, err := dr.ParseImportID(desc.ImportID)
			wantID := "dep-id"
			if d.IDFirst {
				wantID = "parent-id"
			}
			if err != nil || got.ID != wantID {
				t.Errorf("%s → %s: import id %q parses as %+v (%v), want id %s", k.TypeName, d.TypeName, desc.ImportID, got, err, wantID)
			}
			_, isCP := k.API.(engine.ControlPlaneAPI)               // its platform collections are below its own path (Above) or its core entities
			if d.Platform && d.IDField == "" && !isCP && !d.OwnID { // (OwnID: imported by its own id, checked above)
				if _, ok := k.API.(interface {
					Path(map[string]string, string) string
				}); !ok {
					t.Errorf("%s → %s: a platform dependent of a kind without a path of its own", k.TypeName, d.TypeName)
				}
				// <parent id>/<id>, or with Under <the parent's parent id>/<parent id>/<id>
				if want := map[bool]int{false: 1, true: 2}[d.Under != ""]; len(dr.Parents()) != want {
					t.Errorf("%s → %s: a platform dependent's import id has %d parent ids (Under %q), but %s's is %s", k.TypeName, d.TypeName, want, d.Under, d.TypeName, dr.ImportFormat())
				}
			}
			for _, f := range d.NameFields {
				for _, a := range dk.Attrs {
					if a.JSONName() == f && a.Sensitive {
						t.Errorf("%s → %s: named by %s, which is sensitive", k.TypeName, d.TypeName, f)
					}
				}
			}
		}
	}
	if parents == 0 {
		t.Fatal("no kind declares dependents")
	}
	// The key of a key-auth credential is its only name, and a secret: never shown.
	got := engine.KeyAuthsOf.Describe(konnect.Object{"id": "k1", "key": "s3cr3t", "created_at": 1764000000},
		engine.Address{Parents: map[string]string{"control_plane_id": "cp"}, ID: "c1"})
	if got.Name != "" || got.ImportID != "cp/c1/k1" || got.CreatedAt != "2025-11-24T16:00:00Z" {
		t.Errorf("key-auth described as %+v", got)
	}
	// A system account's token is named by its name, never by the token; a role grant by
	// its role and entity type; a membership below the account is <team_id>/<account_id>.
	byParent := map[string]map[string]engine.Dependent{}
	for _, k := range Kinds {
		for _, d := range k.Dependents {
			if byParent[k.TypeName] == nil {
				byParent[k.TypeName] = map[string]engine.Dependent{}
			}
			byParent[k.TypeName][d.TypeName] = d
		}
	}
	account := engine.Address{Parents: map[string]string{}, ID: "a1"}
	for _, tc := range []struct {
		parent, dep string
		obj         konnect.Object
		want        guard.Dependent
	}{
		{"konnect_system_account", "konnect_system_account_access_token",
			konnect.Object{"id": "t1", "name": "deploy", "token": "spat_s3cr3t", "created_at": "2026-01-02T03:04:05.000Z"},
			guard.Dependent{TypeName: "konnect_system_account_access_token", ID: "t1", Name: "deploy", CreatedAt: "2026-01-02T03:04:05Z", ImportID: "a1/t1"}},
		{"konnect_system_account", "konnect_system_account_role",
			konnect.Object{"id": "g1", "role_name": "Viewer", "entity_type_name": "Control Planes", "entity_id": "*"},
			guard.Dependent{TypeName: "konnect_system_account_role", ID: "g1", Name: "Viewer on Control Planes", ImportID: "a1/g1"}},
		{"konnect_system_account", "konnect_system_account_team",
			konnect.Object{"id": "team1", "name": "platform", "created_at": "2026-01-02T03:04:05.000Z"},
			guard.Dependent{TypeName: "konnect_system_account_team", ID: "team1", Name: "platform", ImportID: "team1/a1",
				Link: byParent["konnect_system_account"]["konnect_system_account_team"].Link}},
	} {
		d, ok := byParent[tc.parent][tc.dep]
		if !ok {
			t.Errorf("%s declares no %s dependent", tc.parent, tc.dep)
			continue
		}
		if got := d.Describe(tc.obj, account); got != tc.want {
			t.Errorf("%s → %s described as %+v, want %+v", tc.parent, tc.dep, got, tc.want)
		}
	}
	for _, parent := range []string{"konnect_team", "konnect_system_account", "konnect_identity_provider"} {
		if len(byParent[parent]) == 0 {
			t.Errorf("%s declares no dependents", parent)
		}
	}
}

// A route someone created in Konnect on the service: Konnect refuses to delete the service
// while the route references it, so no policy lets the delete through: even under warn
// the guard's error names the route (not Konnect's data constraint error), and the service
// and the route stay.
func TestProtocolCascadeRouteRefusedUnderEveryPolicy(t *testing.T) {
	for _, policy := range []string{"fail", "warn", "overwrite"} {
		t.Run(policy, func(t *testing.T) {
			h := newProtoHarness(t, policy)
			ctx := context.Background()
			cp, _, err := h.client.CreateControlPlane(ctx, konnect.Object{"name": "cascade-route-" + policy})
			if err != nil {
				t.Fatal(err)
			}
			cpID := cp["id"].(string)
			str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
			cfg := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("orders"), "host": str("orders.internal")})
			state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))
			svcID := stateAttr(t, state, "id")
			route, _, err := h.client.CreateEntity(ctx, konnect.CoreEntitiesPath(cpID, "routes"),
				konnect.Object{"name": "legacy", "paths": []any{"/legacy"}, "service": map[string]any{"id": svcID}})
			if err != nil {
				t.Fatal(err)
			}
			routeID := route["id"].(string)

			diags := h.destroy(state, private)
			const summary = "Konnect refuses to delete this object while objects that Terraform does not manage reference it"
			if len(diags) != 1 || diags[0].Severity != tfprotov6.DiagnosticSeverityError || diags[0].Summary != summary {
				t.Fatalf("want one error %q, got:\n%s", summary, diagText(diags))
			}
			for _, want := range []string{
				"konnect_gateway_route   id " + routeID + `   name "legacy"   created_at 20`,
				"to = konnect_gateway_route.<name>\n    id = \"" + cpID + "/" + routeID + "\"",
			} {
				if !strings.Contains(diags[0].Detail, want) {
					t.Errorf("detail lacks %q:\n%s", want, diags[0].Detail)
				}
			}
			if strings.Contains(diags[0].Detail, "data constraint") {
				t.Errorf("Konnect's raw error instead of the guard's:\n%s", diags[0].Detail)
			}
			if _, _, err := h.client.GetService(ctx, cpID, svcID); err != nil {
				t.Errorf("the refused delete: service: %v", err)
			}
			if _, _, err := h.client.GetEntity(ctx, konnect.CoreEntitiesPath(cpID, "routes"), routeID); err != nil {
				t.Errorf("the refused delete: route: %v", err)
			}
		})
	}
}
