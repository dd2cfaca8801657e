package provider

import (
	"context"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The centralized consumers family in TestMigrateAccFromKong: a realm, a consumer in it, and
// two keys of the consumer (a legacy key with the secret configuration gives, and a key of
// type new whose generated secret only Kong's state holds), recorded as Kong's provider
// (kong/konnect v3.19.0) writes them: its key keeps the secret (sensitive) and updated_at,
// which a key's GET never shows again; its realm keeps force_destroy "false".

// kongConsumersAttrs are the attributes of Kong's centralized consumer types.
var kongConsumersAttrs = map[string][]string{
	"konnect_realm": {"allow_all_control_planes", "allowed_control_planes", "consumer_groups", "created_at", "id", "name",
		"negative_ttl", "ttl", "updated_at"},
	"konnect_centralized_consumer":     {"consumer_groups", "created_at", "custom_id", "id", "tags", "type", "updated_at", "username"},
	"konnect_centralized_consumer_key": {"created_at", "id", "secret", "tags", "type", "updated_at"},
}

func init() {
	for typ, attrs := range kongConsumersAttrs {
		kongAttrs[typ] = attrs
	}
	kongSensitive["konnect_centralized_consumer_key"] = []string{"secret"}
}

// migrationLegacyKey is the legacy key's secret, in Kong's state and in configuration.
const migrationLegacyKey = "kong-legacy-key-0123456789"

// addKongConsumers creates the realm, its consumer and the consumer's keys in the mock,
// records each in state as Kong's provider would have, and returns this provider's
// configuration. A key cannot be changed in place (every attribute replaces it). The realm
// is changed in a later round than its consumer, which depends on it.
func addKongConsumers(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	call := func(path string, body any) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(ctx, http.MethodPost, path, nil, body, &out); err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		out["created_at"], out["updated_at"] = kongTime(t, out["created_at"]), kongTime(t, out["updated_at"])
		return out
	}
	var s kongSameNamed
	realm := call("/v1/realms", konnect.Object{"name": "partners", "ttl": 15, "consumer_groups": []any{"gold"}})
	realmID := realm["id"].(string)
	state.add("konnect_realm", "partners", realm, map[string]any{"force_destroy": "false"})
	consumers := "/v1/realms/" + realmID + "/consumers"
	consumer := call(consumers, konnect.Object{"username": "acme", "custom_id": "crm-4200", "tags": []any{"partner"}})
	consumerID := consumer["id"].(string)
	state.add("konnect_centralized_consumer", "acme", consumer, map[string]any{"realm_id": realmID})
	keys := consumers + "/" + consumerID + "/keys"
	parents := map[string]any{"realm_id": realmID, "consumer_id": consumerID}
	state.add("konnect_centralized_consumer_key", "legacy", call(keys, konnect.Object{"type": "legacy", "secret": migrationLegacyKey}), parents)
	generated := call(keys, konnect.Object{"type": "new"})
	state.add("konnect_centralized_consumer_key", "generated", generated, parents)
	s.secrets = append(s.secrets, migrationLegacyKey, generated["secret"].(string))
	s.notEditable = append(s.notEditable, "konnect_centralized_consumer_key")
	s.edits = append(s.edits,
		kongMigrationEdit{round: 2, address: "konnect_realm.partners", typeName: "konnect_realm", attr: "ttl",
			do: func() { e.edit("/v1/realms/"+realmID, set("ttl", 30)) }},
		kongMigrationEdit{round: 1, address: "konnect_centralized_consumer.acme", typeName: "konnect_centralized_consumer", attr: "custom_id",
			do: func() { e.edit(consumers+"/"+consumerID, set("custom_id", "crm-ui")) }})
	s.config = `
resource "konnect_realm" "partners" {
  name            = "partners"
  ttl             = 15
  consumer_groups = ["gold"]
}

resource "konnect_centralized_consumer" "acme" {
  realm_id  = konnect_realm.partners.id
  username  = "acme"
  custom_id = "crm-4200"
  tags      = ["partner"]
}

resource "konnect_centralized_consumer_key" "legacy" {
  realm_id    = konnect_realm.partners.id
  consumer_id = konnect_centralized_consumer.acme.id
  type        = "legacy"
  secret      = "` + migrationLegacyKey + `"
}

resource "konnect_centralized_consumer_key" "generated" {
  realm_id    = konnect_realm.partners.id
  consumer_id = konnect_centralized_consumer.acme.id
  type        = "new"
}
`
	return s
}
