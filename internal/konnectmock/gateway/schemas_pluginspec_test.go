package gateway

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// The provider checks a configuration against pluginspec's rendering of a schema when it
// cannot ask a control plane: for every bundled plugin and every partial type, that
// rendering is exactly the document the mock serves (and validates with).
func TestPluginspecRendersWhatTheMockServes(t *testing.T) {
	set, err := pluginspec.Load()
	if err != nil {
		t.Fatal(err)
	}
	c := newMock(t, testOptions{})
	cp := c.mustCP("rendered-schemas")
	compare := func(what, path string, doc map[string]any, ok bool) {
		t.Helper()
		if !ok {
			t.Errorf("%s: pluginspec renders nothing", what)
			return
		}
		r := c.do("GET", core(cp, path), nil).expect(t, 200, ctJSON)
		served := normalized(t, json.RawMessage(r.raw))
		if rendered := normalized(t, doc); !reflect.DeepEqual(rendered, served) {
			t.Errorf("%s: pluginspec renders, then the mock serves, %s", what, firstDiff("", rendered, served))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(set.Plugins)) {
		doc, ok := set.PluginSchema(name)
		compare("plugin "+name, "schemas/plugins/"+name, doc, ok)
	}
	for _, typ := range partialTypeNames {
		doc, ok := set.PartialSchema(typ)
		compare("partial type "+typ, "schemas/partials/"+typ, doc, ok)
	}
	if len(set.Plugins) < 114 || !slices.Equal(pluginspec.PartialTypes, partialTypeNames) {
		t.Errorf("%d plugins; partial types %v, the mock's %v", len(set.Plugins), pluginspec.PartialTypes, partialTypeNames)
	}
	if _, ok := set.PluginSchema("my-custom-plugin"); ok {
		t.Error("a name the data does not have is rendered")
	}
	if _, ok := set.PartialSchema("nope"); ok {
		t.Error("a partial type the data does not have is rendered")
	}
}

// firstDiff names the first place two decoded JSON documents differ.
func firstDiff(p string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: %v vs %v", p, a, b)
		}
		for k := range x {
			if d := firstDiff(p+"."+k, x[k], y[k]); d != "" {
				return d
			}
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				return fmt.Sprintf("%s.%s: missing vs %v", p, k, y[k])
			}
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %v vs %v", p, a, b)
		}
		for i := range x {
			if d := firstDiff(fmt.Sprintf("%s[%d]", p, i), x[i], y[i]); d != "" {
				return d
			}
		}
	default:
		if !reflect.DeepEqual(a, b) {
			return fmt.Sprintf("%s: %v vs %v", p, a, b)
		}
	}
	return ""
}

// A vault's config is refused at the path of each mistake, by the vault's type; the type's
// schema is served in Kong's format, as pluginspec renders it.
func TestVaultConfigCheckedByType(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("vault-config")
	for _, name := range pluginspec.VaultNames {
		doc, ok := pluginspec.VaultSchema(name)
		if !ok {
			t.Fatalf("vault %s: pluginspec renders nothing", name)
		}
		r := c.do("GET", core(cp, "schemas/vaults/"+name), nil).expect(t, 200, ctJSON)
		served := normalized(t, json.RawMessage(r.raw))
		if rendered := normalized(t, doc); !reflect.DeepEqual(rendered, served) {
			t.Errorf("vault %s: pluginspec renders, then the mock serves, %s", name, firstDiff("", rendered, served))
		}
	}
	c.do("GET", core(cp, "schemas/vaults/s3"), nil).expect(t, 404, ctJSON)
	for _, tc := range []struct {
		name   string
		config map[string]any
		want   string // "" accepted, else in the 400's body
	}{
		{"env", map[string]any{"prefix": "APP_", "ttl": 60}, ""},
		{"env", map[string]any{"prefx": "APP_"}, `"config.prefx"`},
		{"hcv", map[string]any{"host": "vault.internal", "port": 8201, "kv": "v2", "token": "{vault://env/hcv-token}", "auth_method": "approle", "approle_secret_id": "x"}, ""},
		{"hcv", map[string]any{"kv": "v3"}, `"config.kv"`},
		{"hcv", map[string]any{"port": "8200"}, `"config.port"`},
		{"hcv", map[string]any{"port": 70000}, `"config.port"`},
		{"aws", map[string]any{"region": "eu-west-1", "role_session_name": "kong"}, ""},
		{"aws", map[string]any{"regoin": "eu-west-1"}, `"config.regoin"`},
		{"konnect", map[string]any{"config_store_id": "3f0c1b5e-8f6e-4c1e-9a55-0d6f1f7c2a10"}, ""},
		{"konnect", map[string]any{}, "config.config_store_id"},
		{"azure", map[string]any{"type": "keys"}, `"config.type"`},
		{"conjur", map[string]any{"account": "acme", "login": "host/kong", "api_key": "k"}, ""},
	} {
		r := c.do("POST", core(cp, "vaults"), map[string]any{"name": tc.name, "prefix": "v-" + tc.name, "config": tc.config})
		switch {
		case tc.want == "" && r.status != 201:
			t.Errorf("%s %v refused: %d %s", tc.name, tc.config, r.status, r.raw)
		case tc.want != "" && (r.status != 400 || !strings.Contains(string(r.raw), tc.want)):
			t.Errorf("%s %v: %d %s, want a 400 naming %s", tc.name, tc.config, r.status, r.raw, tc.want)
		}
		if r.status == 201 {
			c.do("DELETE", core(cp, "vaults/"+r.str("id")), nil).expect(t, 204, "")
		}
	}
}
