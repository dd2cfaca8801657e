package engine

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// With the control plane created in the same run (its id unknown at plan), a plugin's and
// a partial's config are checked against the schemas embedded in the provider, without a
// request; a name the provider does not embed is left to the apply.
func TestConfigCheckedAgainstEmbeddedSchemasWhenControlPlaneUnknown(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer srv.Close()
	c, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test"})
	if err != nil {
		t.Fatal(err)
	}
	attrs := []Attr{{Name: "control_plane_id", Type: String, Mode: Required}, {Name: "name", Type: String, Mode: Required}, {Name: "type", Type: String}, {Name: "config", Type: JSON}}
	typ := ObjectType(attrs)
	plan := func(name, config string) tftypes.Value {
		return tftypes.NewValue(typ, map[string]tftypes.Value{
			"control_plane_id": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
			"name":             tftypes.NewValue(tftypes.String, name), // a plugin's
			"type":             tftypes.NewValue(tftypes.String, name), // a partial's
			"config":           tftypes.NewValue(tftypes.String, config),
		})
	}
	check := func(cs *ConfigSchema, name, config string) []string {
		t.Helper()
		r := &EntityResource{Kind: EntityKind{TypeName: "konnect_gateway_x", Attrs: attrs, ConfigSchema: cs}}
		r.Data = &ProviderData{Client: c}
		v := plan(name, config)
		req := resource.ModifyPlanRequest{Plan: tfsdk.Plan{Raw: v}, Config: tfsdk.Config{Raw: v}, State: tfsdk.State{Raw: tftypes.NewValue(typ, nil)}}
		resp := &resource.ModifyPlanResponse{}
		r.checkConfigSchema(context.Background(), req, resp)
		var out []string
		for _, d := range resp.Diagnostics {
			if d.Severity().String() != "Error" {
				t.Errorf("%s: %s", d.Summary(), d.Detail())
			}
			out = append(out, d.Summary()+": "+d.Detail())
		}
		return out
	}

	got := check(PluginConfigSchema, "rate-limiting", `{"minuet": 5, "policy": "locl", "redis": {"password": "s3cr3t-value", "port": "x"}}`)
	want := []string{
		"`config.minuet`: unknown field; did you mean `minute`?",
		"`config.policy`: \"locl\" is not allowed: expected one of \"cluster\", \"local\", \"redis\"; did you mean `local`?",
		"`config.redis.port`: a string was given: expected an integer",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], "Invalid plugin configuration: "+w+"\n\n") {
			t.Errorf("problem %d:\n%s\nwant %s", i, got[i], w)
		}
		for _, s := range []string{"schemas embedded in the provider, of Kong Gateway 3.15", "the control plane is not known yet",
			"The apply checks `config` again against the schema the control plane serves, before the konnect_gateway_x is written."} {
			if !strings.Contains(got[i], s) {
				t.Errorf("problem %d does not say %q:\n%s", i, s, got[i])
			}
		}
		if strings.Contains(got[i], "s3cr3t") {
			t.Errorf("a secret in a diagnostic: %s", got[i])
		}
	}
	// a required key of a plugin that has some, and a partial type
	if got := check(PluginConfigSchema, "http-log", `{}`); len(got) != 1 || !strings.Contains(got[0], "`config.http_endpoint`: missing required field: expected a string") {
		t.Errorf("http-log {}: %q", got)
	}
	if got := check(PartialConfigSchema, "redis-ce", `{"prot": 6379}`); len(got) != 1 || !strings.Contains(got[0], "`config.prot`: unknown field; did you mean `port`?") {
		t.Errorf("redis-ce: %q", got)
	}
	// a vault's config, by its type; a credential given in the wrong place is not repeated
	if got := check(VaultConfigSchema, "hcv", `{"kv": "v3", "tokn": "hvs.s3cr3t-token", "token": "hvs.s3cr3t-token", "port": "8200"}`); len(got) != 3 ||
		!strings.Contains(got[0], "`config.tokn`: unknown field; did you mean `token`?") ||
		!strings.Contains(got[1], "`config.kv`: \"v3\" is not allowed: expected one of \"v1\", \"v2\"") ||
		!strings.Contains(got[2], "`config.port`: a string was given: expected an integer") ||
		!strings.Contains(got[0], "before the konnect_gateway_x is written") || strings.Contains(strings.Join(got, ""), "s3cr3t") {
		t.Errorf("hcv: %q", got)
	}
	if got := check(VaultConfigSchema, "konnect", `{}`); len(got) != 1 || !strings.Contains(got[0], "`config.config_store_id`: missing required field: expected a string") {
		t.Errorf("konnect vault {}: %q", got)
	}
	// valid configurations, and names the provider does not embed: nothing
	for _, c := range [][3]any{
		{PluginConfigSchema, "rate-limiting", `{"minute": 5, "policy": "local"}`},
		{PluginConfigSchema, "http-log", `{"http_endpoint": "https://logs.example", "headers": {"authorization": "{vault://env/token}"}}`},
		{PluginConfigSchema, "my-custom-plugin", `{"anything": true}`},
		{PartialConfigSchema, "redis-ce", `{"port": 6379}`},
		{PartialConfigSchema, "redis-xx", `{"prot": 6379}`},
		{VaultConfigSchema, "hcv", `{"host": "vault.internal", "port": 8201, "kv": "v2", "token": "{vault://env/hcv-token}"}`},
		{VaultConfigSchema, "env", `{"prefix": "APP_", "ttl": 60}`},
	} {
		if got := check(c[0].(*ConfigSchema), c[1].(string), c[2].(string)); len(got) != 0 {
			t.Errorf("%s %s: %q", c[1], c[2], got)
		}
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("%d requests; the embedded schemas need none", n)
	}
}

// A control plane that serves no schema of a vault type (404) leaves the vault's config to
// Konnect at apply: the name is one the attribute allows, so it is no error at plan.
func TestVaultSchemaNotServedIsNoError(t *testing.T) {
	var reads atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reads.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"message": "Not found"}`))
	}))
	defer srv.Close()
	c, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test"})
	if err != nil {
		t.Fatal(err)
	}
	attrs := []Attr{{Name: "control_plane_id", Type: String, Mode: Required}, {Name: "name", Type: String, Mode: Required}, {Name: "config", Type: JSON}}
	typ := ObjectType(attrs)
	for _, cs := range []*ConfigSchema{VaultConfigSchema, PluginConfigSchema} {
		v := tftypes.NewValue(typ, map[string]tftypes.Value{
			"control_plane_id": tftypes.NewValue(tftypes.String, "cp1"),
			"name":             tftypes.NewValue(tftypes.String, "hcv"),
			"config":           tftypes.NewValue(tftypes.String, `{"kv": "v3"}`),
		})
		r := &EntityResource{Kind: EntityKind{TypeName: "konnect_gateway_x", Attrs: attrs, ConfigSchema: cs}}
		r.Data = &ProviderData{Client: c}
		resp := &resource.ModifyPlanResponse{}
		r.checkConfigSchema(context.Background(), resource.ModifyPlanRequest{Plan: tfsdk.Plan{Raw: v}, Config: tfsdk.Config{Raw: v}, State: tfsdk.State{Raw: tftypes.NewValue(typ, nil)}}, resp)
		if got := len(resp.Diagnostics); (cs == VaultConfigSchema) != (got == 0) {
			t.Errorf("%s: %d diagnostics %v", cs.what, got, resp.Diagnostics)
		}
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d schema reads, want 2", n)
	}
}

// The embedded schemas say which records Konnect leaves null (issue 35): config.redis is
// required (Konnect fills it), its cloud_authentication is not (null until configured), in
// a plugin's schema and a partial type's; key-auth's identity_realms defaults to the list
// Konnect returns.
func TestEmbeddedSchemasKeepNullableRecordsNull(t *testing.T) {
	field := func(doc map[string]any, path ...string) map[string]any {
		cur := doc
		for _, name := range path {
			var next map[string]any
			for _, f := range cur["fields"].([]any) {
				if d, ok := f.(map[string]any)[name]; ok {
					next = d.(map[string]any)
				}
			}
			if next == nil {
				t.Fatalf("no %s in %v", strings.Join(path, "."), cur)
			}
			cur = next
		}
		return cur
	}
	rl, ok := embeddedSchema(schemaOfPlugin, "rate-limiting")
	if !ok {
		t.Fatal("rate-limiting not embedded")
	}
	ee, ok := embeddedSchema(schemaOfPartial, "redis-ee")
	if !ok {
		t.Fatal("redis-ee not embedded")
	}
	for what, def := range map[string]map[string]any{
		"rate-limiting config.redis":                      field(rl, "config", "redis"),
		"rate-limiting config.redis.cloud_authentication": field(rl, "config", "redis", "cloud_authentication"),
		"redis-ee config.cloud_authentication":            field(ee, "config", "cloud_authentication"),
	} {
		want := !strings.HasSuffix(what, "cloud_authentication")
		if got := def["required"] == true; got != want || def["default"] != nil {
			t.Errorf("%s: required %t, default %v; want required %t, no default", what, got, def["default"], want)
		}
	}
	ka, _ := embeddedSchema(schemaOfPlugin, "key-auth")
	if got := fmt.Sprint(field(ka, "config", "identity_realms")["default"]); got != "[map[id:<nil> region:<nil> scope:cp]]" {
		t.Errorf("key-auth identity_realms default %s", got)
	}
}
