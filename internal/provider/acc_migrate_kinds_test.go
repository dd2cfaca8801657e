package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Every resource type that Kong's provider (kong/konnect) names like this one, beyond the
// seven of TestMigrateAccFromKong's first block: created in the mock as Kong's provider
// would have, recorded in a Kong-format state under the attribute names and nesting of
// Kong's documentation (docs/resources/gateway_<type>.md of Kong/terraform-provider-konnect
// v3.19.0), and declared in this provider's configuration. After `state replace-provider`
// the first plan must show no change for any of them.

// kongSameNamedAttrs are the attributes of Kong's types that this provider names alike.
// Kong's custom_plugin_schema, config_store_secret and consumer_group_member have no `id`;
// its control_plane_membership has `id` (the group) and no control_plane_id; its partial
// nests the configuration under one attribute per partial type (redis_ee = { config, … }).
var kongSameNamedAttrs = map[string][]string{
	"konnect_gateway_consumer_group":                {"control_plane_id", "created_at", "id", "name", "tags", "updated_at"},
	"konnect_gateway_consumer_group_member":         {"consumer_group_id", "consumer_id", "control_plane_id"},
	"konnect_gateway_basic_auth":                    {"consumer_id", "control_plane_id", "created_at", "id", "password", "tags", "username"},
	"konnect_gateway_acl":                           {"consumer_id", "control_plane_id", "created_at", "group", "id", "tags"},
	"konnect_gateway_jwt":                           {"algorithm", "consumer_id", "control_plane_id", "created_at", "id", "key", "rsa_public_key", "secret", "tags"},
	"konnect_gateway_hmac_auth":                     {"consumer_id", "control_plane_id", "created_at", "id", "secret", "tags", "username"},
	"konnect_gateway_mtls_auth":                     {"ca_certificate", "consumer_id", "control_plane_id", "created_at", "id", "subject_name", "tags"},
	"konnect_gateway_certificate":                   {"cert", "cert_alt", "control_plane_id", "created_at", "id", "key", "key_alt", "snis", "tags", "updated_at"},
	"konnect_gateway_ca_certificate":                {"cert", "cert_digest", "control_plane_id", "created_at", "id", "tags", "updated_at"},
	"konnect_gateway_sni":                           {"certificate", "control_plane_id", "created_at", "id", "name", "tags", "updated_at"},
	"konnect_gateway_vault":                         {"config", "control_plane_id", "created_at", "description", "id", "name", "prefix", "tags", "updated_at"},
	"konnect_gateway_key_set":                       {"control_plane_id", "created_at", "id", "name", "tags", "updated_at"},
	"konnect_gateway_key":                           {"control_plane_id", "created_at", "id", "jwk", "kid", "name", "pem", "set", "tags", "updated_at", "x5t"},
	"konnect_gateway_partial":                       {"control_plane_id", "created_at", "embeddings", "id", "model", "name", "redis_ce", "redis_ee", "updated_at", "vectordb"},
	"konnect_gateway_custom_plugin_schema":          {"control_plane_id", "created_at", "lua_schema", "name", "updated_at"},
	"konnect_gateway_custom_plugin_streaming":       {"control_plane_id", "created_at", "handler", "id", "name", "schema", "tags", "updated_at"},
	"konnect_gateway_data_plane_client_certificate": {"cert", "control_plane_id", "created_at", "id", "title", "updated_at"},
	"konnect_gateway_control_plane_membership":      {"id", "members"},
	"konnect_gateway_config_store":                  {"control_plane_id", "created_at", "id", "name", "updated_at"},
	"konnect_gateway_config_store_secret":           {"config_store_id", "control_plane_id", "created_at", "key", "updated_at", "value"},
}

func init() {
	for typ, attrs := range kongSameNamedAttrs {
		kongAttrs[typ] = attrs
	}
}

// kongMigrationEdit is a change someone makes in Konnect after the migration was applied,
// which the configuration would undo: the next plan must fail naming the resource and
// the attribute (the guards are armed). round 1 edits objects no other edited object
// depends on (Terraform plans no dependent of a resource whose plan failed), later rounds
// their parents.
type kongMigrationEdit struct {
	round    int
	address  string // the resource address in the configuration
	typeName string
	attr     string
	do       func()
}

// kongSameNamed are the objects of the types added here, as the test needs them later.
type kongSameNamed struct {
	config  string
	edits   []kongMigrationEdit
	secrets []string // values that must never appear in plan output or logs
	// notEditable are the types whose objects Konnect cannot change in place (every
	// attribute replaces them): their guards are shown by the record established at the
	// first refresh only.
	notEditable []string
}

// addKongSameNamed creates one object of every remaining same-named type in the mock,
// records it in state as Kong's provider would have, and returns this provider's
// configuration of it. consumer is the consumer "alice" of konnect_gateway_consumer.alice.
func addKongSameNamed(t *testing.T, e *konnectEnv, state *kongStateFile, cpID string, consumer konnect.Object) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	core := func(segments ...string) string { return konnect.CoreEntitiesPath(cpID, segments...) }
	cpSub := func(segments ...string) string {
		return "/v2/control-planes/" + cpID + "/" + strings.Join(segments, "/")
	}
	// mk creates an object and returns it as a read returns it (Kong's provider refreshes
	// its state from the read).
	mk := func(collection string, body konnect.Object) (konnect.Object, string) {
		t.Helper()
		obj, _, err := e.client.CreateEntity(ctx, collection, body)
		if err != nil {
			t.Fatalf("create in %s: %v", collection, err)
		}
		if item, ok := obj["item"].(map[string]any); ok && len(obj) == 1 {
			obj = item
		}
		if g, ok := obj["consumer_group"].(map[string]any); ok {
			obj = g
		}
		key, _ := obj["id"].(string)
		if key == "" {
			key, _ = obj["name"].(string) // a custom plugin schema
		}
		if key == "" {
			key, _ = body["key"].(string) // a config store secret
		}
		path := collection + "/" + key
		got := e.get(path)
		if got == nil {
			t.Fatalf("%s: not readable after its creation", path)
		}
		return got, path
	}
	ref := func(o konnect.Object) map[string]any { return map[string]any{"id": o["id"]} }
	withCP := map[string]any{"control_plane_id": cpID}
	withConsumer := map[string]any{"control_plane_id": cpID, "consumer_id": consumer["id"]}
	alice := consumer["id"].(string)
	var s kongSameNamed
	edit := func(round int, address, attr, path string, change func(konnect.Object)) {
		typ := address[:strings.Index(address, ".")]
		s.edits = append(s.edits, kongMigrationEdit{round: round, address: address, typeName: typ, attr: attr,
			do: func() { e.edit(path, change) }})
	}

	// Consumer groups and their members.
	group, groupPath := mk(core("consumer_groups"), konnect.Object{"name": "gold"})
	state.add("konnect_gateway_consumer_group", "gold", group, withCP)
	edit(2, "konnect_gateway_consumer_group.gold", "name", groupPath, set("name", "gold-ui"))
	if _, _, err := e.client.CreateEntity(ctx, core("consumer_groups", group["id"].(string), "consumers"), konnect.Object{"consumer": alice}); err != nil {
		t.Fatal(err)
	}
	state.add("konnect_gateway_consumer_group_member", "alice_gold", nil,
		map[string]any{"control_plane_id": cpID, "consumer_group_id": group["id"], "consumer_id": alice})
	s.notEditable = append(s.notEditable, "konnect_gateway_consumer_group_member")

	// Credentials. Kong's provider keeps the configured password (Konnect returns a hash).
	const password = "correct-horse-battery"
	basic, basicPath := mk(core("consumers", alice, "basic-auth"), konnect.Object{"username": "alice-basic", "password": password})
	state.add("konnect_gateway_basic_auth", "alice", basic, map[string]any{"control_plane_id": cpID, "consumer_id": alice, "password": password})
	s.secrets = append(s.secrets, password)
	edit(1, "konnect_gateway_basic_auth.alice", "username", basicPath, set("username", "alice-ui"))
	acl, aclPath := mk(core("consumers", alice, "acls"), konnect.Object{"group": "admins"})
	state.add("konnect_gateway_acl", "alice", acl, withConsumer)
	edit(1, "konnect_gateway_acl.alice", "group", aclPath, set("group", "ui-group"))
	jwt, jwtPath := mk(core("consumers", alice, "jwt"), konnect.Object{"key": "alice-issuer"})
	state.add("konnect_gateway_jwt", "alice", jwt, withConsumer)
	edit(1, "konnect_gateway_jwt.alice", "key", jwtPath, set("key", "ui-issuer"))
	hmac, hmacPath := mk(core("consumers", alice, "hmac-auth"), konnect.Object{"username": "alice-hmac"})
	state.add("konnect_gateway_hmac_auth", "alice", hmac, withConsumer)
	edit(1, "konnect_gateway_hmac_auth.alice", "username", hmacPath, set("username", "alice-ui"))
	for _, secret := range []any{jwt["secret"], hmac["secret"]} {
		if v, _ := secret.(string); v != "" {
			s.secrets = append(s.secrets, v)
		}
	}

	// Certificates, SNIs and mTLS.
	ca := tlsTestPEM(t, "ca.example.com", true)
	leaf := tlsTestPEM(t, "api.example.com", false)
	caCert, caPath := mk(core("ca_certificates"), konnect.Object{"cert": ca.Cert, "tags": []any{"root"}})
	state.add("konnect_gateway_ca_certificate", "root", caCert, withCP)
	edit(1, "konnect_gateway_ca_certificate.root", "tags", caPath, set("tags", []any{"edited-in-ui"}))
	mtls, _ := mk(core("consumers", alice, "mtls-auth"), konnect.Object{"subject_name": "alice.example.com", "ca_certificate": ref(caCert)})
	state.add("konnect_gateway_mtls_auth", "alice", mtls, withConsumer)
	s.notEditable = append(s.notEditable, "konnect_gateway_mtls_auth")
	cert, certPath := mk(core("certificates"), konnect.Object{"cert": leaf.Cert, "key": leaf.Key, "tags": []any{"tls"}})
	sni, sniPath := mk(core("snis"), konnect.Object{"name": "api.example.com", "certificate": ref(cert)})
	cert = e.get(certPath) // with the SNI's name in snis, as Kong's provider reads it
	state.add("konnect_gateway_certificate", "tls", cert, withCP)
	state.add("konnect_gateway_sni", "api", sni, withCP)
	s.secrets = append(s.secrets, strings.Split(leaf.Key, "\n")[1])
	edit(2, "konnect_gateway_certificate.tls", "tags", certPath, set("tags", []any{"edited-in-ui"}))
	edit(1, "konnect_gateway_sni.api", "name", sniPath, set("name", "ui.example.com"))

	// Vaults, key sets and keys. Kong keeps a vault's config as a string of JSON.
	vault, vaultPath := mk(core("vaults"), konnect.Object{"name": "env", "prefix": "app-env", "description": "app settings",
		"config": map[string]any{"prefix": "APP_"}})
	vaultConfig, err := json.Marshal(vault["config"])
	if err != nil {
		t.Fatal(err)
	}
	state.add("konnect_gateway_vault", "env", vault, map[string]any{"control_plane_id": cpID, "config": string(vaultConfig)})
	edit(1, "konnect_gateway_vault.env", "description", vaultPath, set("description", "edited in the UI"))
	keySet, keySetPath := mk(core("key-sets"), konnect.Object{"name": "signing"})
	state.add("konnect_gateway_key_set", "signing", keySet, withCP)
	edit(2, "konnect_gateway_key_set.signing", "name", keySetPath, set("name", "signing-ui"))
	const jwk = `{"k":"c2VjcmV0","kid":"k1","kty":"oct"}`
	key, keyPath := mk(core("keys"), konnect.Object{"kid": "k1", "name": "k1", "jwk": jwk, "set": ref(keySet)})
	state.add("konnect_gateway_key", "k1", key, withCP)
	edit(1, "konnect_gateway_key.k1", "name", keyPath, set("name", "k-ui"))

	// A partial: Kong nests it under its type, with Konnect's whole config (defaults filled).
	partial, partialPath := mk(core("partials"), konnect.Object{"name": "cache", "type": "redis-ee",
		"config": map[string]any{"host": "redis.internal", "port": 6379}})
	state.add("konnect_gateway_partial", "cache", partial, map[string]any{"control_plane_id": cpID,
		"redis_ee": map[string]any{"config": partial["config"], "id": partial["id"], "name": partial["name"], "tags": partial["tags"],
			"created_at": partial["created_at"], "updated_at": partial["updated_at"]}})
	edit(1, "konnect_gateway_partial.cache", "config.port", partialPath, set("config.port", 7000))

	// Platform-style objects: a custom plugin schema (Kong has no id for it), a data-plane
	// client certificate, a config store and its secret (no id either), a group's members.
	schema, schemaPath := mk(core("plugin-schemas"), konnect.Object{"lua_schema": luaSchema("10")})
	state.add("konnect_gateway_custom_plugin_schema", "greeter", schema, withCP)
	edit(1, "konnect_gateway_custom_plugin_schema.greeter", "lua_schema", schemaPath, set("lua_schema", luaSchema("30")))
	streamed, streamedPath := mk(core("custom-plugins"), konnect.Object{"name": "streamed", "schema": streamedLua, "handler": streamedHandler})
	state.add("konnect_gateway_custom_plugin_streaming", "streamed", streamed, withCP)
	edit(1, "konnect_gateway_custom_plugin_streaming.streamed", "handler", streamedPath, set("handler", streamedHandler+" -- edited in the UI"))
	dp, dpPath := mk(cpSub("dp-client-certificates"), konnect.Object{"cert": ca.Cert, "title": "dp-1"})
	state.add("konnect_gateway_data_plane_client_certificate", "dp", dp, withCP)
	edit(1, "konnect_gateway_data_plane_client_certificate.dp", "title", dpPath, set("title", "edited in the UI"))
	store, storePath := mk(cpSub("config-stores"), konnect.Object{"name": "app"})
	state.add("konnect_gateway_config_store", "app", store, withCP)
	edit(2, "konnect_gateway_config_store.app", "name", storePath, set("name", "renamed-in-ui"))
	const secretValue = "db-secret-value-0123456789"
	secret, _ := mk(cpSub("config-stores", store["id"].(string), "secrets"), konnect.Object{"key": "db-password", "value": secretValue})
	state.add("konnect_gateway_config_store_secret", "db", secret,
		map[string]any{"control_plane_id": cpID, "config_store_id": store["id"], "value": secretValue})
	s.secrets = append(s.secrets, secretValue)
	// Konnect never returns a secret's value, so a value set in Konnect is no conflict with a
	// configuration that did not change, nor for a destroy (the kind's documented limit,
	// whoever created the secret); only the stale-plan guard sees it, and that guard needs no
	// record.
	s.notEditable = append(s.notEditable, "konnect_gateway_config_store_secret")

	groupCP, _, err := e.client.CreateControlPlane(ctx, konnect.Object{"name": "group", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE_GROUP"})
	if err != nil {
		t.Fatal(err)
	}
	member, _, err := e.client.CreateControlPlane(ctx, konnect.Object{"name": "member", "cluster_type": "CLUSTER_TYPE_HYBRID"})
	if err != nil {
		t.Fatal(err)
	}
	other, _, err := e.client.CreateControlPlane(ctx, konnect.Object{"name": "other", "cluster_type": "CLUSTER_TYPE_HYBRID"})
	if err != nil {
		t.Fatal(err)
	}
	groupID, memberID := groupCP["id"].(string), member["id"].(string)
	addMember := func(id string) {
		t.Helper()
		if _, err := e.client.Do(ctx, http.MethodPost, gateway.MembershipPath(groupID, "add"), nil,
			map[string]any{"members": []any{map[string]any{"id": id}}}, nil); err != nil {
			t.Fatal(err)
		}
	}
	addMember(memberID)
	for name, id := range map[string]string{"group": groupID, "member": memberID} {
		obj, _, err := e.client.GetControlPlane(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		state.add("konnect_gateway_control_plane", name, obj, nil)
	}
	edit(2, "konnect_gateway_control_plane.group", "name", "/v2/control-planes/"+groupID, set("name", "group-ui"))
	state.add("konnect_gateway_control_plane_membership", "group", nil,
		map[string]any{"id": groupID, "members": []any{map[string]any{"id": memberID}}})
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_gateway_control_plane_membership.group",
		typeName: "konnect_gateway_control_plane_membership", attr: "members", do: func() { addMember(other["id"].(string)) }})

	s.config = fmt.Sprintf(`
locals {
  ca_cert   = %q
  leaf_cert = %q
  leaf_key  = %q
  greeter   = %q
}

resource "konnect_gateway_consumer_group" "gold" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "gold"
}

resource "konnect_gateway_consumer_group_member" "alice_gold" {
  control_plane_id  = konnect_gateway_control_plane.prod.id
  consumer_group_id = konnect_gateway_consumer_group.gold.id
  consumer_id       = konnect_gateway_consumer.alice.id
}

resource "konnect_gateway_basic_auth" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  consumer_id      = konnect_gateway_consumer.alice.id
  username         = "alice-basic"
  password         = %q
}

resource "konnect_gateway_acl" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  consumer_id      = konnect_gateway_consumer.alice.id
  group            = "admins"
}

resource "konnect_gateway_jwt" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  consumer_id      = konnect_gateway_consumer.alice.id
  key              = "alice-issuer"
}

resource "konnect_gateway_hmac_auth" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  consumer_id      = konnect_gateway_consumer.alice.id
  username         = "alice-hmac"
}

resource "konnect_gateway_ca_certificate" "root" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  cert             = local.ca_cert
  tags             = ["root"]
}

resource "konnect_gateway_mtls_auth" "alice" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  consumer_id      = konnect_gateway_consumer.alice.id
  subject_name     = "alice.example.com"
  ca_certificate   = { id = konnect_gateway_ca_certificate.root.id }
}

resource "konnect_gateway_certificate" "tls" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  cert             = local.leaf_cert
  key              = local.leaf_key
  tags             = ["tls"]
}

resource "konnect_gateway_sni" "api" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "api.example.com"
  certificate      = { id = konnect_gateway_certificate.tls.id }
}

resource "konnect_gateway_vault" "env" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "env"
  prefix           = "app-env"
  description      = "app settings"
  config           = jsonencode({ prefix = "APP_" })
}

resource "konnect_gateway_key_set" "signing" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "signing"
}

resource "konnect_gateway_key" "k1" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  kid              = "k1"
  name             = "k1"
  jwk              = jsonencode({ kty = "oct", kid = "k1", k = "c2VjcmV0" })
  set              = { id = konnect_gateway_key_set.signing.id }
}

resource "konnect_gateway_partial" "cache" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "cache"
  type             = "redis-ee"
  config           = jsonencode({ host = "redis.internal", port = 6379 })
}

resource "konnect_gateway_custom_plugin_schema" "greeter" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  lua_schema       = local.greeter
}

resource "konnect_gateway_custom_plugin_streaming" "streamed" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "streamed"
  schema           = %q
  handler          = %q
}

resource "konnect_gateway_data_plane_client_certificate" "dp" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  cert             = local.ca_cert
  title            = "dp-1"
}

resource "konnect_gateway_config_store" "app" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "app"
}

resource "konnect_gateway_config_store_secret" "db" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  config_store_id  = konnect_gateway_config_store.app.id
  key              = "db-password"
  value            = %q
}

resource "konnect_gateway_control_plane" "group" {
  name         = "group"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
}

resource "konnect_gateway_control_plane" "member" {
  name         = "member"
  cluster_type = "CLUSTER_TYPE_HYBRID"
}

resource "konnect_gateway_control_plane_membership" "group" {
  control_plane_id = konnect_gateway_control_plane.group.id
  members          = [{ id = konnect_gateway_control_plane.member.id }]
}
`, ca.Cert, leaf.Cert, leaf.Key, luaSchema("10"), password, streamedLua, streamedHandler, secretValue)
	return s
}

// A streamed custom plugin beside the uploaded schema "greeter": a name of its own.
var (
	streamedLua     = strings.Replace(luaSchema("10"), `"greeter"`, `"streamed"`, 1)
	streamedHandler = `return { VERSION = "1.0.0", PRIORITY = 500 }`
)

// conflictsFor checks that plan output (a failed plan) has, for each edit, an "Applying
// this plan would overwrite changes made in Konnect" error naming the edit's type and the
// attribute, and returns what is missing.
func conflictsFor(out string, edits []kongMigrationEdit) []string {
	blocks := regexp.MustCompile(`(?m)^│? ?Error: `).Split(out, -1)
	var missing []string
	for _, ed := range edits {
		found := false
		line := regexp.MustCompile(`(?m)^[\s│]*` + regexp.QuoteMeta(ed.attr) + `\s+last applied: `)
		for _, b := range blocks {
			if strings.HasPrefix(b, "Applying this plan would overwrite changes made in Konnect") &&
				strings.Contains(b, ed.typeName+" (id ") && line.MatchString(b) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, ed.address+" ("+ed.attr+")")
		}
	}
	return missing
}

// Every resource type of this provider but konnect_gateway_plugin has a same-named type in
// Kong's provider: TestMigrateAccFromKong switches each one (kongAttrs), and the migration
// guide's table lists each one as switching with `state replace-provider` alone, except the
// reshaped ones (kongReshaped), which have a row of their own and a test of their path.
func TestKongSameNamedTypesCovered(t *testing.T) {
	guide, err := os.ReadFile("../../templates/guides/migrating-from-kong-konnect.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `konnect_gateway_control_plane`, .*\\| the same type name \\|.*$").Find(guide)
	if row == nil {
		t.Fatal("the guide has no row of the types named the same in both providers")
	}
	// A type is named in full (`konnect_team`), or a gateway type by what follows
	// konnect_gateway (`_service`: konnect_gateway_service).
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("`(konnect_[a-z_]+|_[a-z_]+)`").FindAllSubmatch(row, -1) {
		name := string(m[1])
		if strings.HasPrefix(name, "_") {
			name = "konnect_gateway" + name
		}
		listed[name] = true
	}
	for _, k := range Kinds {
		if k.TypeName == gateway.PluginKind.TypeName {
			continue
		}
		if test, reshaped := kongReshaped[k.TypeName]; reshaped {
			// Its own row says how its configuration changes, and its test proves it.
			if !regexp.MustCompile("(?m)^\\| `" + k.TypeName + "` .*\\| `state replace-provider`, then ").Match(guide) {
				t.Errorf("%s: the guide has no row of its own saying how to switch it", k.TypeName)
			}
			if !strings.Contains(string(guide), test) {
				t.Errorf("%s: the guide does not name %s, which proves its path", k.TypeName, test)
			}
			continue
		}
		if _, ok := kongAttrs[k.TypeName]; !ok {
			t.Errorf("%s: not in the Kong-format state of TestMigrateAccFromKong", k.TypeName)
		}
		if !listed[k.TypeName] {
			t.Errorf("%s: not in the guide's row of same-named types", k.TypeName)
		}
		delete(listed, k.TypeName)
	}
	for typ := range listed {
		t.Errorf("the guide lists %s as named the same, and this provider has no such type", typ)
	}
}
