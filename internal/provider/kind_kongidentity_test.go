package provider

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongidentity"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The protocol tests' fixtures of the Kong Identity family. Its rows in TestAccKinds and its
// own acceptance tests are in internal/kongidentity.

// kongIdentityFixtures creates an auth server with a scope, a claim and a client for the
// protocol tests' fixtures (server_test.go), recording each one's JSON import id.
func kongIdentityFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	create := func(k engine.EntityKind, parents map[string]string, body konnect.Object) string {
		t.Helper()
		obj, _, err := k.API.Create(context.Background(), client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", k.TypeName, err)
		}
		id, _ := obj["id"].(string)
		importID := map[string]string{"id": id}
		for k, v := range parents {
			importID[k] = v
		}
		b, _ := json.Marshal(importID)
		ids[k.TypeName] = string(b)
		return id
	}
	server := create(kongidentity.AuthServerKind, map[string]string{}, konnect.Object{"name": "fast-path", "audience": "api://fast-path",
		"labels": map[string]any{"env": "test"}})
	under := map[string]string{"auth_server_id": server}
	scope := create(kongidentity.ScopeKind, under, konnect.Object{"name": "orders:read", "description": "read orders"})
	create(kongidentity.ClaimKind, under, konnect.Object{"name": "team", "value": "orders", "include_in_scopes": []any{scope}})
	create(kongidentity.ClientKind, under, konnect.Object{"name": "fast-path", "grant_types": []any{"client_credentials"},
		"response_types": []any{"token"}, "allow_scopes": []any{scope}})
}
