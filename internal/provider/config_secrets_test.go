package provider

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Unit tests of config_secrets (config_secrets.go): the merge into config on a write, the
// split on a read, and the helpers behind the plan-time error and warning.

// csValues builds a full object of the kind's attributes: the named ones set (JSON
// documents as Go values, encoded), every other one null.
func csValues(t *testing.T, r *engine.EntityResource, set map[string]any) engine.ObjectValues {
	t.Helper()
	m := engine.ObjectValues{}
	for _, a := range r.Attrs {
		m[a.Name] = tftypes.NewValue(a.Type.TFType(), nil)
	}
	for name, v := range set {
		a, ok := r.Attr(name)
		if !ok && name != engine.AttrID {
			t.Fatalf("no attribute %s", name)
		}
		if name == engine.AttrID {
			m[name] = tftypes.NewValue(tftypes.String, v)
			continue
		}
		if a.Type.Kind == engine.KJSON {
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			m[name] = tftypes.NewValue(tftypes.String, string(b))
			continue
		}
		val, err := a.Type.FromJSON(v)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = val
	}
	return m
}

func csDoc(t *testing.T, v tftypes.Value) map[string]any {
	t.Helper()
	if v.IsNull() {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(engine.Str(v)), &m); err != nil {
		t.Fatalf("not a JSON object: %v", err)
	}
	return m
}

// Every kind with a JSON config has the three attributes: config_secrets sensitive, its
// write-only variant write-only and sensitive, the version a plain number; data sources have
// none of them.
func TestConfigSecretsSchema(t *testing.T) {
	for _, k := range []engine.EntityKind{gateway.PluginKind, gateway.PartialKind, gateway.VaultKind} {
		var resp resource.SchemaResponse
		engine.NewEntityResource(k).Schema(context.Background(), resource.SchemaRequest{}, &resp)
		cs, ok := resp.Schema.Attributes[engine.AttrConfigSecrets].(schema.StringAttribute)
		if !ok || !cs.Sensitive || !cs.Optional || cs.WriteOnly {
			t.Errorf("%s: config_secrets = %#v, want an optional sensitive string", k.TypeName, resp.Schema.Attributes[engine.AttrConfigSecrets])
		}
		wo, ok := resp.Schema.Attributes[engine.AttrConfigSecretsWO].(schema.StringAttribute)
		if !ok || !wo.Sensitive || !wo.WriteOnly || wo.Computed {
			t.Errorf("%s: config_secrets_wo = %#v, want a write-only sensitive string", k.TypeName, resp.Schema.Attributes[engine.AttrConfigSecretsWO])
		}
		if _, ok := resp.Schema.Attributes[engine.AttrConfigSecretsWOVersion].(schema.Int64Attribute); !ok {
			t.Errorf("%s: no config_secrets_wo_version number", k.TypeName)
		}
		if cfg, ok := resp.Schema.Attributes["config"].(schema.StringAttribute); !ok || cfg.Sensitive {
			t.Errorf("%s: config must stay a plain (not sensitive) string: its diffs are shown", k.TypeName)
		}
		for _, a := range engine.WithoutOverlays(engine.NewEntityResource(k).Attrs) {
			if a.Name == engine.AttrConfigSecrets {
				t.Errorf("%s: a data source has config_secrets", k.TypeName)
			}
		}
	}
}

// A write sends one config: config with config_secrets laid over it, key by key at any
// depth.
func TestConfigSecretsMergedIntoBody(t *testing.T) {
	r := engine.NewEntityResource(gateway.PluginKind)
	m := csValues(t, r, map[string]any{
		"name":                   "rate-limiting",
		"config":                 map[string]any{"minute": 10, "policy": "redis", "redis": map[string]any{"host": "redis.internal", "port": 6379}},
		engine.AttrConfigSecrets: map[string]any{"redis": map[string]any{"password": "pw-1"}},
	})
	body, err := r.Body(m)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"minute": 10.0, "policy": "redis", "redis": map[string]any{"host": "redis.internal", "port": 6379.0, "password": "pw-1"}}
	if got := normalized(t, body["config"]); !reflect.DeepEqual(got, want) {
		t.Errorf("body config = %v, want %v", got, want)
	}
	if _, ok := body[engine.AttrConfigSecrets]; ok {
		t.Errorf("the body has a field %s", engine.AttrConfigSecrets)
	}

	// config unset: the body's config is config_secrets alone.
	m = csValues(t, r, map[string]any{"name": "rate-limiting", engine.AttrConfigSecrets: map[string]any{"redis": map[string]any{"password": "pw-1"}}})
	if body, err = r.Body(m); err != nil {
		t.Fatal(err)
	}
	if got := normalized(t, body["config"]); !reflect.DeepEqual(got, map[string]any{"redis": map[string]any{"password": "pw-1"}}) {
		t.Errorf("body config without config = %v", got)
	}
}

func normalized(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A read splits Konnect's one config: config_secrets keeps its own paths with the values
// Konnect holds (a change made in Konnect shows there), config keeps the configured keys and
// never a path of config_secrets; the write-only variant is never in state.
func TestConfigSecretsSplitOnRead(t *testing.T) {
	for _, k := range []engine.EntityKind{gateway.PluginKind, gateway.PartialKind, gateway.VaultKind} {
		r := engine.NewEntityResource(k)
		previous := csValues(t, r, map[string]any{
			"config":                          map[string]any{"redis": map[string]any{"host": "redis.internal"}},
			engine.AttrConfigSecrets:          map[string]any{"redis": map[string]any{"password": "pw-1"}},
			engine.AttrConfigSecretsWOVersion: 3,
		})
		obj := konnect.Object{"id": "11111111-1111-1111-1111-111111111111", "name": "x",
			"config": map[string]any{"minute": 10, "redis": map[string]any{"host": "redis.internal", "port": 6379, "password": "changed-in-konnect", "username": "u"}}}
		val, _, err := r.StateFromAPI(obj, map[string]string{"control_plane_id": "22222222-2222-2222-2222-222222222222"}, previous)
		if err == nil {
			val, _, err = r.UnshapedWithoutSecrets(context.Background(), val, obj, engine.Address{}, previous)
		}
		if err != nil {
			t.Fatalf("%s: %v", k.TypeName, err)
		}
		st := mustObject(t, val)
		if got := csDoc(t, st["config"]); !reflect.DeepEqual(got, map[string]any{"redis": map[string]any{"host": "redis.internal"}}) {
			t.Errorf("%s: state config = %v, want the configured keys only", k.TypeName, got)
		}
		if got := csDoc(t, st[engine.AttrConfigSecrets]); !reflect.DeepEqual(got, map[string]any{"redis": map[string]any{"password": "changed-in-konnect"}}) {
			t.Errorf("%s: state config_secrets does not hold what Konnect holds at its path", k.TypeName) // no value printed
		}
		if !st[engine.AttrConfigSecretsWO].IsNull() {
			t.Errorf("%s: state holds config_secrets_wo", k.TypeName)
		}
		if v := st[engine.AttrConfigSecretsWOVersion]; v.IsNull() {
			t.Errorf("%s: config_secrets_wo_version not carried over", k.TypeName)
		}

		// An import (no previous values): config_secrets is null, config has no secret.
		val, _, err = r.StateFromAPI(obj, map[string]string{"control_plane_id": "22222222-2222-2222-2222-222222222222"}, nil)
		if err == nil {
			val, _, err = r.UnshapedWithoutSecrets(context.Background(), val, obj, engine.Address{}, nil)
		}
		if err != nil {
			t.Fatalf("%s import: %v", k.TypeName, err)
		}
		st = mustObject(t, val)
		if !st[engine.AttrConfigSecrets].IsNull() || !st[engine.AttrConfigSecretsWO].IsNull() {
			t.Errorf("%s: an import fills config_secrets or its write-only variant", k.TypeName)
		}
		if strings.Contains(engine.Str(st["config"]), "changed-in-konnect") {
			t.Errorf("%s: an imported config shows the password", k.TypeName)
		}
	}
}

// A config left with the keys config_secrets sets (a state written before the key moved):
// those keys leave config on the next read.
func TestConfigSecretsNeverInConfig(t *testing.T) {
	r := engine.NewEntityResource(gateway.PluginKind)
	previous := csValues(t, r, map[string]any{
		"config":                 map[string]any{"redis": map[string]any{"host": "h", "password": "old"}},
		engine.AttrConfigSecrets: map[string]any{"redis": map[string]any{"password": "old"}},
	})
	obj := konnect.Object{"id": "11111111-1111-1111-1111-111111111111", "name": "rate-limiting",
		"config": map[string]any{"redis": map[string]any{"host": "h", "password": "new"}}}
	val, _, err := r.StateFromAPI(obj, map[string]string{"control_plane_id": "22222222-2222-2222-2222-222222222222"}, previous)
	if err == nil {
		val, _, err = r.UnshapedWithoutSecrets(context.Background(), val, obj, engine.Address{}, previous)
	}
	if err != nil {
		t.Fatal(err)
	}
	st := mustObject(t, val)
	if got := csDoc(t, st["config"]); !reflect.DeepEqual(got, map[string]any{"redis": map[string]any{"host": "h"}}) {
		t.Errorf("state config = %v, want no password", got)
	}
}

// The helpers behind the plan-time error (a path in both) and the warning (a literal at a
// secret path; vault references and booleans are no secret).
func TestConfigSecretsPaths(t *testing.T) {
	doc := map[string]any{"a": map[string]any{"b": 1, "c": map[string]any{"d": "x"}}, "e": []any{1}, "f": map[string]any{}}
	if got, want := engine.LeafPaths(doc), [][]string{{"a", "b"}, {"a", "c", "d"}, {"e"}, {"f"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("leafPaths = %v, want %v", got, want)
	}
	secrets := map[string]any{"redis": map[string]any{"password": "p"}, "auth": map[string]any{"header_value": "v"}}
	for _, c := range []struct {
		config map[string]any
		want   []string
	}{
		{map[string]any{"redis": map[string]any{"host": "h"}}, nil},
		{map[string]any{"redis": map[string]any{"host": "h", "password": "q"}}, []string{"redis.password"}},
		{map[string]any{"redis": map[string]any{"password": nil}}, []string{"redis.password"}},
		{map[string]any{"auth": "whole"}, []string{"auth"}},
		{map[string]any{"minute": 1}, nil},
	} {
		got := engine.Overlaps(secrets, c.config)
		if len(got) != len(c.want) || (len(got) > 0 && !reflect.DeepEqual(got, c.want)) {
			t.Errorf("overlaps(secrets, %v) = %v, want %v", c.config, got, c.want)
		}
	}

	clean, removed := engine.WithoutPaths(map[string]any{"redis": map[string]any{"host": "h", "password": "p"}, "auth": map[string]any{"header_value": "v"}, "minute": 1}, engine.LeafPaths(secrets))
	if want := map[string]any{"redis": map[string]any{"host": "h"}, "minute": 1.0}; !removed || !reflect.DeepEqual(normalized(t, clean), want) {
		t.Errorf("withoutPaths = %v (removed %v), want %v", clean, removed, want)
	}

	isSecret := guard.SecretPaths{}.IsSecret
	cfg := map[string]any{
		"redis":            map[string]any{"host": "h", "password": "literal"},
		"client_secret":    []any{"s1"},
		"vault":            map[string]any{"password": "{vault://env/redis-pw}"},
		"hide_credentials": true,
		"api_key":          "{vault://hcv/key}",
	}
	if got, want := engine.LiteralSecrets(cfg, isSecret), []string{"client_secret", "redis.password"}; !reflect.DeepEqual(got, want) {
		t.Errorf("literalSecrets = %v, want %v", got, want)
	}
}
