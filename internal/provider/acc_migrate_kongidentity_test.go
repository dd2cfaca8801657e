package provider

import (
	"context"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The Kong Identity family in TestMigrateAccFromKong: an auth server with a scope, a claim
// and a client whose secret Konnect generated, recorded as Kong's provider (kong/konnect
// v3.19.0) writes them: its import-less state keeps the client's secret in clear, as a plain
// attribute, and force_destroy as its default "false".

// kongIdentityAttrs are the attributes of Kong's Kong Identity types.
var kongIdentityAttrs = map[string][]string{
	"konnect_identity_auth_server": {"audience", "created_at", "description", "force_destroy", "id", "issuer", "labels", "metadata_uri", "name",
		"signing_algorithm", "trusted_origins", "updated_at"},
	"konnect_identity_auth_server_scope": {"auth_server_id", "created_at", "default", "description", "enabled", "id", "include_in_metadata", "name", "updated_at"},
	"konnect_identity_auth_server_claim": {"auth_server_id", "created_at", "enabled", "id", "include_in_all_scopes", "include_in_scopes", "include_in_token",
		"name", "updated_at", "value"},
	"konnect_identity_auth_server_client": {"access_token_duration", "allow_all_scopes", "allow_scopes", "auth_server_id", "client_secret", "created_at",
		"grant_types", "id", "id_token_duration", "labels", "login_uri", "name", "redirect_uris", "response_types", "token_endpoint_auth_method", "updated_at"},
}

func init() {
	for typ, attrs := range kongIdentityAttrs {
		kongAttrs[typ] = attrs
	}
}

// addKongIdentity creates the auth server and what is below it in the mock, records each in
// state as Kong's provider would have, and returns this provider's configuration.
func addKongIdentity(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	call := func(path string, body konnect.Object) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(context.Background(), http.MethodPost, path, nil, body, &out); err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		out["created_at"], out["updated_at"] = kongTime(t, out["created_at"]), kongTime(t, out["updated_at"])
		return out
	}
	var s kongSameNamed
	// Terraform plans nothing below a resource whose plan failed: the auth server is changed
	// last, the scope (which the claim and the client list) before it.
	edit := func(round int, address, attr, path string, field string, value any) {
		s.edits = append(s.edits, kongMigrationEdit{round: round, address: address, typeName: address[:len(address)-len(".idp")], attr: attr,
			do: func() { e.edit(path, set(field, value)) }})
	}
	srv := call("/v1/auth-servers", konnect.Object{"name": "idp", "audience": "api://idp", "labels": map[string]any{"env": "prod"}})
	id := srv["id"].(string)
	base := "/v1/auth-servers/" + id
	state.add("konnect_identity_auth_server", "idp", srv, map[string]any{"force_destroy": "false"})
	edit(3, "konnect_identity_auth_server.idp", "audience", base, "audience", "api://ui")

	under := map[string]any{"auth_server_id": id}
	scope := call(base+"/scopes", konnect.Object{"name": "orders:read", "description": "read orders"})
	state.add("konnect_identity_auth_server_scope", "idp", scope, under)
	edit(2, "konnect_identity_auth_server_scope.idp", "description", base+"/scopes/"+scope["id"].(string), "description", "set in the UI")

	claim := call(base+"/claims", konnect.Object{"name": "team", "value": "orders", "include_in_scopes": []any{scope["id"]}})
	state.add("konnect_identity_auth_server_claim", "idp", claim, under)
	edit(1, "konnect_identity_auth_server_claim.idp", "value", base+"/claims/"+claim["id"].(string), "value", "billing")

	client := call(base+"/clients", konnect.Object{"name": "orders-app", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"},
		"allow_scopes": []any{scope["id"]}, "access_token_duration": 600})
	state.add("konnect_identity_auth_server_client", "idp", client, under)
	s.secrets = append(s.secrets, client["client_secret"].(string))
	edit(1, "konnect_identity_auth_server_client.idp", "access_token_duration", base+"/clients/"+client["id"].(string), "access_token_duration", 1200)

	s.config = `
resource "konnect_identity_auth_server" "idp" {
  name     = "idp"
  audience = "api://idp"
  labels   = { env = "prod" }
}

resource "konnect_identity_auth_server_scope" "idp" {
  auth_server_id = konnect_identity_auth_server.idp.id
  name           = "orders:read"
  description    = "read orders"
}

resource "konnect_identity_auth_server_claim" "idp" {
  auth_server_id    = konnect_identity_auth_server.idp.id
  name              = "team"
  value             = "orders"
  include_in_scopes = [konnect_identity_auth_server_scope.idp.id]
}

resource "konnect_identity_auth_server_client" "idp" {
  auth_server_id        = konnect_identity_auth_server.idp.id
  name                  = "orders-app"
  grant_types           = ["client_credentials"]
  response_types        = ["token"]
  allow_scopes          = [konnect_identity_auth_server_scope.idp.id]
  access_token_duration = 600
}
`
	return s
}
