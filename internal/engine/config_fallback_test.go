package engine

import (
	"context"
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
	// valid configurations, and names the provider does not embed: nothing
	for _, c := range [][3]any{
		{PluginConfigSchema, "rate-limiting", `{"minute": 5, "policy": "local"}`},
		{PluginConfigSchema, "http-log", `{"http_endpoint": "https://logs.example", "headers": {"authorization": "{vault://env/token}"}}`},
		{PluginConfigSchema, "my-custom-plugin", `{"anything": true}`},
		{PartialConfigSchema, "redis-ce", `{"port": 6379}`},
		{PartialConfigSchema, "redis-xx", `{"prot": 6379}`},
	} {
		if got := check(c[0].(*ConfigSchema), c[1].(string), c[2].(string)); len(got) != 0 {
			t.Errorf("%s %s: %q", c[1], c[2], got)
		}
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("%d requests; the embedded schemas need none", n)
	}
}
