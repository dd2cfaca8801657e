package provider

import (
	"context"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The service catalog family in TestMigrateAccFromKong: a catalog service (its custom fields
// with a null inside, as a JSON string), a Datadog integration instance, its auth config
// (Kong's state of it has no id; the client secret in clear, Kong marks nothing sensitive) and
// its credential (Kong's state keeps the credential's own id and the keys in clear), recorded
// as Kong's provider writes them (docs/resources/catalog_service.md and
// integration_instance*.md of Kong/terraform-provider-konnect).

// kongServiceCatalogAttrs are the attributes of Kong's service catalog types.
var kongServiceCatalogAttrs = map[string][]string{
	"konnect_catalog_service":                      {"created_at", "custom_fields", "description", "display_name", "id", "labels", "name", "updated_at"},
	"konnect_integration_instance":                 {"authorized", "config", "created_at", "description", "display_name", "id", "integration", "integration_name", "labels", "name", "updated_at"},
	"konnect_integration_instance_auth_config":     {"authorization_endpoint", "client_id", "integration_instance_id", "oauth_auth_config", "oauth_config", "token_endpoint"},
	"konnect_integration_instance_auth_credential": {"created_at", "expires_at", "id", "integration_instance", "integration_instance_id", "missing_permissions", "multi_key_auth", "multi_key_auth_credential", "tainted"},
}

func init() {
	for typ, attrs := range kongServiceCatalogAttrs {
		kongAttrs[typ] = attrs
	}
}

const (
	migrationClientSecret = "kong-oauth-secret-0123456789"
	migrationDatadogKey   = "kong-dd-key-0123456789"
)

// addKongServiceCatalog creates the family's objects in the mock, records each in state as
// Kong's provider would have, and returns this provider's configuration.
func addKongServiceCatalog(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	call := func(method, path string, body any) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(ctx, method, path, nil, body, &out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		return out
	}
	times := func(o konnect.Object) konnect.Object {
		for _, k := range []string{"created_at", "updated_at"} {
			if o[k] != nil {
				o[k] = kongTime(t, o[k])
			}
		}
		return o
	}
	var s kongSameNamed

	svc := times(call(http.MethodPost, "/v1/catalog-services", konnect.Object{"name": "orders", "display_name": "Orders",
		"custom_fields": map[string]any{"owner": "team-orders", "tier": nil}, "labels": map[string]any{"env": "prod"}}))
	state.add("konnect_catalog_service", "orders", svc, map[string]any{"custom_fields": `{"owner":"team-orders","tier":null}`})
	svcPath := "/v1/catalog-services/" + svc["id"].(string)
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_catalog_service.orders", typeName: "konnect_catalog_service",
		attr: "display_name", do: func() { e.edit(svcPath, set("display_name", "Orders (UI)")) }})

	inst := times(call(http.MethodPost, "/v1/integration-instances", konnect.Object{"integration_name": "datadog", "name": "datadog-prod",
		"display_name": "Datadog (prod)", "config": map[string]any{"region": "us1"}}))
	instID := inst["id"].(string)
	state.add("konnect_integration_instance", "datadog", inst, map[string]any{"integration_name": "datadog", "config": `{"region":"us1"}`})
	s.edits = append(s.edits, kongMigrationEdit{round: 2, address: "konnect_integration_instance.datadog", typeName: "konnect_integration_instance",
		attr: "display_name", do: func() { e.edit("/v1/integration-instances/"+instID, set("display_name", "Datadog (UI)")) }})

	oauth := map[string]any{"client_id": "catalog", "authorization_endpoint": "https://idp.example.com/authorize", "token_endpoint": "https://idp.example.com/token"}
	body := konnect.Object{"type": "oauth", "client_secret": migrationClientSecret}
	for k, v := range oauth {
		body[k] = v
	}
	call(http.MethodPut, "/v1/integration-instances/"+instID+"/auth-config", body)
	withSecret := map[string]any{"client_secret": migrationClientSecret}
	for k, v := range oauth {
		withSecret[k] = v
	}
	state.add("konnect_integration_instance_auth_config", "datadog", oauth, map[string]any{"integration_instance_id": instID,
		"oauth_config": withSecret, "oauth_auth_config": oauth})
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_integration_instance_auth_config.datadog", typeName: "konnect_integration_instance_auth_config",
		attr: "oauth_config.token_endpoint", do: func() {
			e.edit("/v1/integration-instances/"+instID+"/auth-config", setAll(konnect.Object{"token_endpoint": "https://idp.example.com/ui/token", "client_secret": "set-in-the-ui"}))
		}})

	headers := []any{map[string]any{"name": "DD-API-KEY", "key": migrationDatadogKey}}
	cred := times(call(http.MethodPost, "/v1/integration-instances/"+instID+"/auth-credential", konnect.Object{"type": "multi_key_auth",
		"config": map[string]any{"headers": headers}}))
	state.add("konnect_integration_instance_auth_credential", "datadog", cred, map[string]any{"integration_instance_id": instID,
		"multi_key_auth": map[string]any{"config": map[string]any{"headers": headers}},
		"multi_key_auth_credential": map[string]any{"id": cred["id"], "created_at": cred["created_at"], "expires_at": nil, "tainted": false,
			"integration_instance": cred["integration_instance"], "missing_permissions": cred["missing_permissions"]}})
	s.notEditable = append(s.notEditable, "konnect_integration_instance_auth_credential")
	s.secrets = append(s.secrets, migrationClientSecret, migrationDatadogKey)

	s.config = `
resource "konnect_catalog_service" "orders" {
  name          = "orders"
  display_name  = "Orders"
  custom_fields = jsonencode({ owner = "team-orders", tier = null })
  labels        = { env = "prod" }
}

resource "konnect_integration_instance" "datadog" {
  integration_name = "datadog"
  name             = "datadog-prod"
  display_name     = "Datadog (prod)"
  config           = jsonencode({ region = "us1" })
}

resource "konnect_integration_instance_auth_config" "datadog" {
  integration_instance_id = konnect_integration_instance.datadog.id
  oauth_config = {
    client_id              = "catalog"
    client_secret          = "` + migrationClientSecret + `"
    authorization_endpoint = "https://idp.example.com/authorize"
    token_endpoint         = "https://idp.example.com/token"
  }
}

resource "konnect_integration_instance_auth_credential" "datadog" {
  integration_instance_id = konnect_integration_instance.datadog.id
  multi_key_auth = {
    config = {
      headers = [{ name = "DD-API-KEY", key = "` + migrationDatadogKey + `" }]
    }
  }
}
`
	return s
}
