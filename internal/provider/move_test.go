package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// moveState asks the provider's protocol server, never configured (a move runs before the
// provider is), to move a raw source state to target.
func moveState(t *testing.T, address, source, target, raw string) (map[string]any, []*tfprotov6.Diagnostic) {
	t.Helper()
	srv := NewServer("test")()
	resp, err := srv.MoveResourceState(context.Background(), &tfprotov6.MoveResourceStateRequest{
		SourceProviderAddress: address, SourceTypeName: source, SourceSchemaVersion: 0,
		SourceState: &tfprotov6.RawState{JSON: []byte(raw)}, TargetTypeName: target,
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.TargetState == nil {
		return nil, resp.Diagnostics
	}
	v, err := resp.TargetState.Unmarshal(engine.ObjectType(engine.NewEntityResource(kindByType(t, target)).Attrs))
	if err != nil {
		t.Fatal(err)
	}
	return goValue(t, v).(map[string]any), resp.Diagnostics
}

// goValue turns a state value into plain Go values (numbers as float64) to compare.
func goValue(t *testing.T, v tftypes.Value) any {
	t.Helper()
	if v.IsNull() {
		return nil
	}
	switch {
	case v.Type().Is(tftypes.String):
		var s string
		_ = v.As(&s)
		return s
	case v.Type().Is(tftypes.Bool):
		var b bool
		_ = v.As(&b)
		return b
	case v.Type().Is(tftypes.Number):
		var f big.Float
		_ = v.As(&f)
		x, _ := f.Float64()
		return x
	case v.Type().Is(tftypes.List{}), v.Type().Is(tftypes.Set{}):
		var elems []tftypes.Value
		_ = v.As(&elems)
		out := []any{}
		for _, e := range elems {
			out = append(out, goValue(t, e))
		}
		return out
	default: // objects and maps
		var fields map[string]tftypes.Value
		if err := v.As(&fields); err != nil {
			t.Fatal(err)
		}
		out := map[string]any{}
		for k, e := range fields {
			out[k] = goValue(t, e)
		}
		return out
	}
}

// kongRateLimitingState is a konnect_gateway_plugin_rate_limiting as Kong's provider
// stores it: every config key of its schema (null where unset), references as objects,
// tags as a list, Konnect's timestamps.
const kongRateLimitingState = `{
  "condition": null,
  "config": {
    "day": null, "error_code": 429, "error_message": "API rate limit exceeded", "fault_tolerant": true,
    "header_name": null, "hide_client_headers": false, "hour": 500, "limit_by": "consumer", "minute": 5,
    "month": null, "path": null, "policy": "redis",
    "redis": {"cloud_authentication": null, "database": 0, "host": "redis.internal", "password": "s3cret-redis",
      "port": 6379, "server_name": null, "ssl": false, "ssl_verify": false, "timeout": 2000, "username": null},
    "second": null, "sync_rate": -1, "year": null
  },
  "consumer": null,
  "consumer_group": null,
  "control_plane_id": "9524ec7d-36d9-465d-a8c5-83a3c9390458",
  "created_at": 1700000000,
  "enabled": true,
  "id": "3473c251-5b6c-4f45-b1ff-7ede735a366d",
  "instance_name": "limits",
  "ordering": {"after": null, "before": {"access": ["key-auth"]}},
  "partials": [],
  "protocols": ["http", "https"],
  "route": null,
  "service": {"id": "0f1c4a3b-5d2e-4f60-8a7b-9c0d1e2f3a4b"},
  "tags": ["team-a", "prod"],
  "updated_at": 1700000001
}`

func TestMoveKongPlugin(t *testing.T) {
	for _, address := range []string{
		"registry.terraform.io/kong/konnect",         // Kong's, with Terraform
		"registry.opentofu.org/kong/konnect",         // Kong's, with OpenTofu
		"registry.terraform.io/konnectguard/konnect", // after `state replace-provider`
	} {
		t.Run(address, func(t *testing.T) {
			got, diags := moveState(t, address, "konnect_gateway_plugin_rate_limiting", "konnect_gateway_plugin", kongRateLimitingState)
			if got == nil {
				t.Fatalf("no state moved:\n%s", diagText(diags))
			}
			want := map[string]any{
				"id": "3473c251-5b6c-4f45-b1ff-7ede735a366d", "control_plane_id": "9524ec7d-36d9-465d-a8c5-83a3c9390458",
				"name": "rate-limiting", "instance_name": "limits", "enabled": true, "revision": nil,
				"service": map[string]any{"id": "0f1c4a3b-5d2e-4f60-8a7b-9c0d1e2f3a4b"}, "route": nil, "consumer": nil, "consumer_group": nil,
				"ordering": map[string]any{"after": nil, "before": map[string]any{"access": []any{"key-auth"}}},
			}
			for k, w := range want {
				if g, _ := json.Marshal(got[k]); string(g) != mustJSON(t, w) {
					t.Errorf("%s = %s, want %s", k, g, mustJSON(t, w))
				}
			}
			// config: Kong's typed object as a JSON document, its nulls left out
			var cfg map[string]any
			if err := json.Unmarshal([]byte(got["config"].(string)), &cfg); err != nil {
				t.Fatalf("config is not JSON: %v (%v)", err, got["config"])
			}
			if _, ok := cfg["day"]; ok || cfg["minute"] != 5.0 || cfg["policy"] != "redis" {
				t.Errorf("config = %v", cfg)
			}
			if r := cfg["redis"].(map[string]any); r["host"] != "redis.internal" || r["port"] != 6379.0 || r["username"] != nil {
				t.Errorf("config.redis = %v", r)
			}
			// the field the schema marks encrypted leaves config for the sensitive
			// config_secrets; referenceable ones (the host) stay in config
			if _, ok := cfg["redis"].(map[string]any)["password"]; ok {
				t.Errorf("config.redis.password is still in config")
			}
			if s, _ := got["config_secrets"].(string); s != `{"redis":{"password":"s3cret-redis"}}` {
				t.Errorf("config_secrets = %v, want the Redis password alone", got["config_secrets"])
			}
			if len(got["tags"].([]any)) != 2 || len(got["protocols"].([]any)) != 2 {
				t.Errorf("tags %v, protocols %v", got["tags"], got["protocols"])
			}
			if strings.Contains(diagText(diags), "s3cret") {
				t.Errorf("a secret in diagnostics: %s", diagText(diags))
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestMoveKongPluginNames(t *testing.T) {
	for source, name := range map[string]string{
		"konnect_gateway_plugin_key_auth":       "key-auth",
		"konnect_gateway_plugin_openid_connect": "openid-connect",
		"konnect_gateway_plugin_ai_proxy":       "ai-proxy",
		"konnect_gateway_plugin_acl":            "acl",
	} {
		got, diags := moveState(t, "registry.terraform.io/kong/konnect", source, "konnect_gateway_plugin",
			`{"id":"a","control_plane_id":"b","config":{"x":1},"enabled":true,"protocols":["http"]}`)
		if got == nil || got["name"] != name {
			t.Errorf("%s: name %v, want %s\n%s", source, got["name"], name, diagText(diags))
		}
	}
}

// A plugin's condition and partials are carried over.
func TestMoveKongPluginCarriesConditionAndPartials(t *testing.T) {
	var src map[string]any
	_ = json.Unmarshal([]byte(kongRateLimitingState), &src)
	src["condition"] = `request.headers["x-canary"] == "1"`
	src["partials"] = []any{map[string]any{"id": "5b1c0000-0000-4000-8000-000000000009", "name": "redis-shared", "path": "config.redis"}}
	b, _ := json.Marshal(src)
	got, diags := moveState(t, "registry.terraform.io/kong/konnect", "konnect_gateway_plugin_rate_limiting", "konnect_gateway_plugin", string(b))
	if got == nil {
		t.Fatal(diagText(diags))
	}
	if got["condition"] != src["condition"] {
		t.Errorf("condition = %v, want %v", got["condition"], src["condition"])
	}
	if p, _ := got["partials"].([]any); len(p) != 1 || p[0].(map[string]any)["name"] != "redis-shared" {
		t.Errorf("partials = %v", got["partials"])
	}
}

// Attributes this provider cannot hold fail the move, named, and nothing is moved.
func TestMoveKongPluginRefusesWhatItCannotCarry(t *testing.T) {
	var src map[string]any
	_ = json.Unmarshal([]byte(kongRateLimitingState), &src)
	src["brand_new_attribute"] = `request.headers["x-canary"] == "1"`
	src["other_new_attribute"] = "x"
	b, _ := json.Marshal(src)
	got, diags := moveState(t, "registry.terraform.io/kong/konnect", "konnect_gateway_plugin_rate_limiting", "konnect_gateway_plugin", string(b))
	if got != nil {
		t.Fatalf("moved anyway: %v", got)
	}
	text := diagText(diags)
	for _, want := range []string{"Cannot move konnect_gateway_plugin_rate_limiting to konnect_gateway_plugin", "brand_new_attribute, other_new_attribute"} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "s3cret") || strings.Contains(text, "x-canary") {
		t.Errorf("diagnostics show values:\n%s", text)
	}
}

// Kong keeps some config values as JSON text ("Parsed as JSON"); Konnect holds JSON.
func TestMoveKongPluginParsedJSON(t *testing.T) {
	got, diags := moveState(t, "registry.terraform.io/kong/konnect", "konnect_gateway_plugin_datakit", "konnect_gateway_plugin",
		`{"id":"a","control_plane_id":"b","config":{"nodes":[{"name":"n","static":{"values":"{\"a\":[1,2]}"},"type":"static"}]}}`)
	if got == nil {
		t.Fatal(diagText(diags))
	}
	if want := `{"nodes":[{"name":"n","static":{"values":{"a":[1,2]}},"type":"static"}]}`; got["config"] != want {
		t.Errorf("config = %v, want %s", got["config"], want)
	}
}

func TestMoveKongRouteExpression(t *testing.T) {
	src := `{
  "control_plane_id": "9524ec7d-36d9-465d-a8c5-83a3c9390458", "created_at": 1700000000,
  "expression": "http.path ^= \"/orders\"", "https_redirect_status_code": 426,
  "id": "a4326a41-aa12-44e3-93e4-6b6e58bfb9d7", "name": "orders", "path_handling": "v0", "preserve_host": false,
  "priority": 10, "protocols": ["http", "https"], "request_buffering": true, "response_buffering": true,
  "service": {"id": "0f1c4a3b-5d2e-4f60-8a7b-9c0d1e2f3a4b"}, "strip_path": true, "tags": null, "updated_at": 1700000001
}`
	got, diags := moveState(t, "registry.opentofu.org/kong/konnect", "konnect_gateway_route_expression", "konnect_gateway_route", src)
	if got == nil {
		t.Fatal(diagText(diags))
	}
	for k, w := range map[string]any{"expression": `http.path ^= "/orders"`, "priority": 10.0, "name": "orders", "paths": nil,
		"id": "a4326a41-aa12-44e3-93e4-6b6e58bfb9d7", "revision": nil} {
		if mustJSON(t, got[k]) != mustJSON(t, w) {
			t.Errorf("%s = %v, want %v", k, got[k], w)
		}
	}
}

// Other sources and other targets are not moves this provider knows: the framework's
// "Unable to Move Resource State", as before.
func TestMoveUnsupported(t *testing.T) {
	for _, c := range []struct{ address, source, target string }{
		{"registry.terraform.io/kong/konnect", "konnect_gateway_service", "konnect_gateway_plugin"},
		{"registry.terraform.io/hashicorp/aws", "konnect_gateway_plugin_acl", "konnect_gateway_plugin"},
		{"registry.terraform.io/kong/konnect", "konnect_gateway_plugin_acl", "konnect_gateway_service"},
	} {
		got, diags := moveState(t, c.address, c.source, c.target, `{"id":"a","control_plane_id":"b"}`)
		if got != nil || !strings.Contains(diagText(diags), "Unable to Move Resource State") {
			t.Errorf("%+v: state %v, diagnostics %s", c, got, diagText(diags))
		}
	}
}

func kindByType(t *testing.T, typeName string) engine.EntityKind {
	t.Helper()
	for _, k := range Kinds {
		if k.TypeName == typeName {
			return k
		}
	}
	t.Fatalf("no kind %s", typeName)
	return engine.EntityKind{}
}

// Kong's konnect_gateway_custom_plugin moves to konnect_gateway_plugin: its name carried
// over, its dynamic config ({"value", "type"} in state) an object as Kong's read stores it
// or JSON text as configuration gave it, either one Konnect's JSON; a bundled plugin's
// encrypted fields go to config_secrets as for Kong's plugin types.
func TestMoveKongCustomPlugin(t *testing.T) {
	const base = `{"id":"3473c251-5b6c-4f45-b1ff-7ede735a366d","control_plane_id":"9524ec7d-36d9-465d-a8c5-83a3c9390458",
  "name":%q,"config":%s,"consumer":null,"consumer_group":null,"created_at":1700000000,"enabled":true,"instance_name":"greet",
  "ordering":null,"protocols":["http","https"],"route":null,"service":{"id":"0f1c4a3b-5d2e-4f60-8a7b-9c0d1e2f3a4b"},"tags":["t"],"updated_at":1700000001}`
	for _, c := range []struct {
		what, name, config, wantConfig, wantSecrets string
	}{
		{"an object, as Kong's read stores it", "greeter",
			`{"value":{"greeting":"hi","times":null},"type":["object",{"greeting":"string","times":"number"}]}`, `{"greeting":"hi"}`, ""},
		{"JSON text, as configuration gave it", "greeter",
			`{"value":"{\"greeting\":\"hi\",\"times\":3}","type":"string"}`, `{"greeting":"hi","times":3}`, ""},
		{"a bundled plugin's secret", "rate-limiting",
			`{"value":{"minute":5,"policy":"redis","redis":{"host":"redis.internal","password":"s3cret-redis"}},"type":["object",{}]}`,
			`{"minute":5,"policy":"redis","redis":{"host":"redis.internal"}}`, `{"redis":{"password":"s3cret-redis"}}`},
	} {
		t.Run(c.what, func(t *testing.T) {
			got, diags := moveState(t, "registry.terraform.io/kong/konnect", "konnect_gateway_custom_plugin", "konnect_gateway_plugin",
				fmt.Sprintf(base, c.name, c.config))
			if got == nil {
				t.Fatalf("no state moved:\n%s", diagText(diags))
			}
			for k, w := range map[string]any{"name": c.name, "instance_name": "greet", "enabled": true, "revision": nil,
				"id": "3473c251-5b6c-4f45-b1ff-7ede735a366d", "service": map[string]any{"id": "0f1c4a3b-5d2e-4f60-8a7b-9c0d1e2f3a4b"}} {
				if mustJSON(t, got[k]) != mustJSON(t, w) {
					t.Errorf("%s = %v, want %v", k, got[k], w)
				}
			}
			if got["config"] != c.wantConfig {
				t.Errorf("config = %v, want %s", got["config"], c.wantConfig)
			}
			if s, _ := got["config_secrets"].(string); s != c.wantSecrets {
				t.Errorf("config_secrets = %q, want %q", s, c.wantSecrets)
			}
			if strings.Contains(diagText(diags), "s3cret") {
				t.Errorf("a secret in diagnostics: %s", diagText(diags))
			}
		})
	}
	// A config that is no JSON object is refused, and nothing is moved.
	got, diags := moveState(t, "registry.terraform.io/kong/konnect", "konnect_gateway_custom_plugin", "konnect_gateway_plugin",
		fmt.Sprintf(base, "greeter", `{"value":"[1,2]","type":"string"}`))
	if got != nil || !strings.Contains(diagText(diags), "Cannot move konnect_gateway_custom_plugin to konnect_gateway_plugin") {
		t.Errorf("a list as config: state %v, diagnostics %s", got, diagText(diags))
	}
}
