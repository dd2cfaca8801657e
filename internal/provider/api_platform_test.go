package provider

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The kinds created with POST (no client-chosen id) never leave a duplicate when the POST is
// lost, before Konnect saw it or after Konnect applied it.
func TestPostCreatesNeverDuplicate(t *testing.T) {
	cases := []struct {
		name   string
		create func(ctx context.Context, cl *konnect.Client, cp, consumer string) (konnect.Object, error)
		list   func(cp, consumer string) string
	}{
		{"config store", func(ctx context.Context, cl *konnect.Client, cp, _ string) (konnect.Object, error) {
			obj, _, err := gateway.ConfigStoreKind.API.Create(ctx, cl, map[string]string{"control_plane_id": cp}, konnect.Object{"name": "app"})
			return obj, err
		}, func(cp, _ string) string {
			return engine.ControlPlaneSub("config-stores")(map[string]string{"control_plane_id": cp})
		}},
		{"custom plugin schema", func(ctx context.Context, cl *konnect.Client, cp, _ string) (konnect.Object, error) {
			obj, _, err := gateway.CustomPluginSchemaKind.API.Create(ctx, cl, map[string]string{"control_plane_id": cp}, konnect.Object{"lua_schema": luaSchema("1")})
			return obj, err
		}, func(cp, _ string) string { return konnect.CoreEntitiesPath(cp, "plugin-schemas") }},
		{"mtls-auth", func(ctx context.Context, cl *konnect.Client, cp, consumer string) (konnect.Object, error) {
			obj, _, err := gateway.MTLSAuthKind.API.Create(ctx, cl, map[string]string{"control_plane_id": cp, "consumer_id": consumer}, konnect.Object{"subject_name": "a.example.com"})
			return obj, err
		}, func(cp, consumer string) string {
			return konnect.CoreEntitiesPath(cp, "consumers", consumer, "mtls-auth")
		}},
	}
	for _, c := range cases {
		for _, applied := range []bool{false, true} {
			t.Run(c.name+map[bool]string{false: "/lost-before-konnect", true: "/lost-after-konnect"}[applied], func(t *testing.T) {
				ctx := context.Background()
				front := &dropFirstPOST{next: konnectmock.New(konnectmock.Options{Tokens: []string{testToken}}), applied: applied}
				front.dropped.Store(true) // the setup's POSTs go through
				srv := httptest.NewServer(front)
				defer srv.Close()
				cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: testToken})
				if err != nil {
					t.Fatal(err)
				}
				cp, _, err := cl.CreateControlPlane(ctx, konnect.Object{"name": "posts"})
				if err != nil {
					t.Fatal(err)
				}
				cpID := cp["id"].(string)
				consumer, _, err := cl.CreateEntity(ctx, konnect.CoreEntitiesPath(cpID, "consumers"), konnect.Object{"username": "alice"})
				if err != nil {
					t.Fatal(err)
				}
				front.dropped.Store(false)
				obj, err := c.create(ctx, cl, cpID, consumer["id"].(string))
				if err != nil {
					t.Fatalf("create: %v", err)
				}
				if !front.dropped.Load() {
					t.Fatal("the create sent no POST to drop")
				}
				all, err := engine.ListPlatform(ctx, cl, c.list(cpID, consumer["id"].(string)))
				if err != nil {
					t.Fatal(err)
				}
				if len(all) != 1 {
					t.Fatalf("Konnect holds %d objects after one create, want 1: %v", len(all), all)
				}
				if obj["id"] == nil || (obj["id"] != all[0]["id"] && obj["id"] != all[0]["name"]) {
					t.Errorf("create returned %v, Konnect holds %v", obj, all[0])
				}
			})
		}
	}
}
