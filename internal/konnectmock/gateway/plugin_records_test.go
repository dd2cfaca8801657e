package gateway

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// Konnect fills a record the plugin's schema requires from its fields' defaults, and
// returns any other record without a default null until a configuration sets it (issue
// 35: Kong's typed plugin resources planned config.redis.cloud_authentication =
// { aws_is_serverless = true } right after their own apply). The provider's embedded
// schemas say the same: filling pluginspec's rendering of the schema the way Kong's
// clients do gives exactly what the mock stores.
func TestPluginRecordsKonnectLeavesNull(t *testing.T) {
	set, err := pluginspec.Load()
	if err != nil {
		t.Fatal(err)
	}
	c := newMock(t, testOptions{})
	cp := c.mustCP("null-records")
	for _, tc := range []struct {
		plugin       string
		null, filled []string // config paths
	}{
		{"rate-limiting", []string{"redis.cloud_authentication"}, []string{"redis"}},
		{"rate-limiting-advanced", []string{"redis.cloud_authentication"}, []string{"redis"}},
		{"openid-connect", []string{"redis.cloud_authentication", "cluster_cache_redis.cloud_authentication"},
			[]string{"redis", "cluster_cache_redis", "principals"}},
		{"key-auth", nil, []string{"principals"}},
		{"basic-auth", []string{"brute_force_protection.redis.cloud_authentication"},
			[]string{"brute_force_protection", "brute_force_protection.redis", "principals"}},
		{"request-callout", []string{"cache.redis.cloud_authentication"}, []string{"cache", "cache.memory", "cache.redis", "upstream", "upstream.body"}},
		{"upstream-oauth", []string{"cache.redis.cloud_authentication", "behavior"}, []string{"cache", "cache.memory", "cache.redis", "client"}},
		{"kafka-log", []string{"authentication", "security", "schema_registry"}, nil},
		{"kafka-upstream", []string{"schema_registry.confluent"}, []string{"authentication", "authentication.oauthbearer", "security", "schema_registry"}},
		{"kafka-consume", []string{"schema_registry.confluent"}, []string{"authentication", "security", "schema_registry"}},
		{"confluent-consume", []string{"schema_registry", "security"}, []string{"oauthbearer", "error_handling"}},
		{"ai-rate-limiting-advanced", []string{"redis"}, nil},
		{"confluent", []string{"schema_registry.confluent"}, []string{"schema_registry", "security", "oauthbearer"}},
		{"datakit", []string{"resources"}, nil},
		{"ai-semantic-cache", []string{"vectordb.redis", "vectordb.pgvector", "embeddings.auth", "embeddings.model.options"}, nil},
		{"ai-semantic-prompt-guard", []string{"vectordb.redis", "vectordb.pgvector", "embeddings.auth", "rules", "search"}, nil},
		{"ai-semantic-response-guard", []string{"vectordb.redis.cloud_authentication", "vectordb.pgvector"}, []string{"vectordb.redis"}},
	} {
		t.Run(tc.plugin, func(t *testing.T) {
			cfg := minimalPluginConfigs[tc.plugin]
			if cfg == nil {
				cfg = sampleConfig(pluginSchemas[tc.plugin].fields)
			}
			r := c.do("POST", core(cp, "plugins"), map[string]any{"name": tc.plugin, "config": cfg}).expect(t, 201, ctJSON)
			stored := r.body["config"].(map[string]any)
			doc, _ := set.PluginSchema(tc.plugin)
			var record map[string]any
			for _, f := range doc["fields"].([]any) {
				if d, ok := f.(map[string]any)["config"]; ok {
					record = d.(map[string]any)
				}
			}
			for _, at := range append(append([]string{}, tc.null...), tc.filled...) {
				filled := slices.Contains(tc.filled, at)
				if v, found := at2(stored, at); !found || (v == nil) == filled {
					t.Errorf("config.%s = %v (found %t), want filled %t", at, v, found, filled)
				}
				def := recordDef(record, at)
				if def == nil || def["type"] != "record" || (def["required"] == true) != filled {
					t.Errorf("pluginspec renders config.%s as %v, want a record required %t", at, def, filled)
				}
			}
			if tc.plugin == "key-auth" {
				// the realms default to the control plane's consumers, in the shape Konnect returns
				if got := asJSON(t, stored["identity_realms"]); got != `[{"id":null,"region":null,"scope":"cp"}]` {
					t.Errorf("config.identity_realms = %s", got)
				}
			}
			if want, got := normalized(t, kongFill(record, cfg)), normalized(t, stored); !reflect.DeepEqual(want, got) {
				t.Errorf("filling pluginspec's schema, then the mock stores, %s", firstDiff("config", want, got))
			}
		})
	}
	// a partial type's records follow the plugin path it comes from: cloud_authentication null
	for _, typ := range []string{"redis-ce", "redis-ee"} {
		p := c.do("POST", core(cp, "partials"), map[string]any{"name": "shared-" + typ, "type": typ, "config": map[string]any{}}).expect(t, 201, ctJSON)
		if cfg := p.body["config"].(map[string]any); cfg["cloud_authentication"] != nil {
			t.Errorf("partial %s: %s", typ, p.raw)
		}
	}
}

// at2 reads a dotted path in a stored config; found is false when a step is missing.
func at2(cfg map[string]any, at string) (any, bool) {
	var cur any = cfg
	for _, part := range strings.Split(at, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[part]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// recordDef finds a field's definition at a dotted path under a Kong-format record.
func recordDef(record map[string]any, at string) map[string]any {
	cur := record
	for _, part := range strings.Split(at, ".") {
		var next map[string]any
		fields, _ := cur["fields"].([]any)
		for _, f := range fields {
			if d, ok := f.(map[string]any)[part]; ok {
				next = d.(map[string]any)
			}
		}
		if next == nil {
			return nil
		}
		cur = next
	}
	return cur
}
