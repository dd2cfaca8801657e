package provider

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/mesh"
	"github.com/konnectguard/terraform-provider-konnect/internal/servicecatalog"
)

// serviceCatalogFixtures creates one object of each kind of the service catalog family for
// the protocol tests' fixtures (server_test.go), recording each one's JSON import id. Its
// rows in TestAccKinds and its own acceptance tests are in internal/servicecatalog.
func serviceCatalogFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	create := func(k string, api interface {
		Create(context.Context, *konnect.Client, map[string]string, konnect.Object) (konnect.Object, *konnect.Response, error)
	}, parents map[string]string, body konnect.Object, importID func(konnect.Object) map[string]string) string {
		obj, _, err := api.Create(ctx, client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		b, _ := json.Marshal(importID(obj))
		ids[k] = string(b)
		return obj["id"].(string)
	}
	byID := func(o konnect.Object) map[string]string { return map[string]string{"id": o["id"].(string)} }
	create(servicecatalog.CatalogServiceKind.TypeName, servicecatalog.CatalogServiceKind.API, nil,
		konnect.Object{"name": "fast-path", "display_name": "Fast path", "custom_fields": map[string]any{"owner": "team-a", "tier": nil}, "labels": map[string]any{"env": "test"}}, byID)
	inst := create(servicecatalog.IntegrationInstanceKind.TypeName, servicecatalog.IntegrationInstanceKind.API, nil,
		konnect.Object{"integration_name": "datadog", "name": "fast-path", "display_name": "Fast path", "config": map[string]any{"region": "us1"}}, byID)
	parents := map[string]string{"integration_instance_id": inst}
	byInstance := func(konnect.Object) map[string]string { return map[string]string{"integration_instance_id": inst} }
	create(servicecatalog.AuthConfigKind.TypeName, servicecatalog.AuthConfigKind.API, parents,
		konnect.Object{"oauth_config": map[string]any{"client_id": "c", "client_secret": "fast-path-secret",
			"authorization_endpoint": "https://idp.example.com/authorize", "token_endpoint": "https://idp.example.com/token"}}, byInstance)
	create(servicecatalog.AuthCredentialKind.TypeName, servicecatalog.AuthCredentialKind.API, parents,
		konnect.Object{"multi_key_auth": map[string]any{"config": map[string]any{"headers": []any{map[string]any{"name": "DD-API-KEY", "key": "fast-path-key"}}}}}, byInstance)
}

// meshFixtures creates a mesh control plane for the protocol tests' fixtures
// (server_test.go). Its row in TestAccKinds and its own tests are in internal/mesh.
func meshFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	obj, _, err := mesh.ControlPlaneKind.API.Create(context.Background(), client, nil, konnect.Object{"name": "fast-path", "description": "fast path",
		"labels": map[string]any{"env": "test"}, "features": []any{map[string]any{"type": "MeshCreation", "meshCreation": map[string]any{"enabled": true}}}})
	if err != nil {
		t.Fatalf("mesh control plane: %v", err)
	}
	b, _ := json.Marshal(map[string]string{"id": obj["id"].(string)})
	ids[mesh.ControlPlaneKind.TypeName] = string(b)
}
