package gateway_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 33, part 6: Konnect deletes more than gateway entities with a control plane, and
// every secret of a config store with the store. Someone adds a secret to the config store
// this configuration manages: its destroy is refused at plan, naming the secret by its key
// (never its value) with its import block. Someone adds a streamed custom plugin, a custom
// plugin's schema, a data plane certificate and a config store of their own: the control
// plane's destroy is refused at plan, naming all four. Nothing is deleted either time; under overwrite the destroy goes
// through.
func TestAccCascadeControlPlaneExtras(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(policy string) string {
		return env.ProviderBlock(policy) + `
resource "konnect_gateway_control_plane" "cp" {
  name = "extras"
}

resource "konnect_gateway_config_store" "managed" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "managed"
}
`
	}
	const secretValue = "ui-secret-value-8d1f07"
	rec := &acctest.DiagRecorder{}
	var cp, store string
	cert := acctest.TLSTestPEM(t, "dp.extras.test", false).Cert
	held := func(what string) {
		for _, p := range []string{"/v2/control-planes/" + cp, "/v2/control-planes/" + cp + "/config-stores/" + store} {
			if env.Get(p) == nil {
				t.Errorf("%s: Konnect lacks %s", what, p)
			}
		}
		if w := env.WritesSince(); len(w) > 0 {
			t.Errorf("%s: the refused destroy wrote %v", what, w)
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: config(""), Check: func(s *terraform.State) error {
				cp = s.RootModule().Resources["konnect_gateway_control_plane.cp"].Primary.ID
				store = s.RootModule().Resources["konnect_gateway_config_store.managed"].Primary.ID
				return nil
			}},
			{
				PreConfig: func() {
					env.Post("/v2/control-planes/"+cp+"/config-stores/"+store+"/secrets", konnect.Object{"key": "ui-key", "value": secretValue})
					env.ResetRequests()
				},
				Config: config(""), Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)` + acctest.Words("Deleting this object would delete objects that Terraform does not manage") + `.*` +
					regexp.QuoteMeta("konnect_gateway_config_store (id ") + acctest.UUIDPattern + `.*` +
					acctest.PlatformLine("konnect_gateway_config_store_secret", "ui-key", "ui-key", false) + `.*` +
					acctest.ImportBlock("konnect_gateway_config_store_secret", "") + acctest.UUIDPattern + "/" + acctest.UUIDPattern + `/ui-key"`),
			},
			{
				PreConfig: func() {
					held("after the destroy refused for the secret")
					if _, err := env.Client.Do(context.Background(), http.MethodDelete, "/v2/control-planes/"+cp+"/config-stores/"+store+"/secrets/ui-key", nil, nil, nil); err != nil {
						t.Fatalf("delete the secret made in Konnect: %v", err)
					}
					env.Post(konnect.CoreEntitiesPath(cp, "custom-plugins"), konnect.Object{"name": "streamed",
						"schema": strings.Replace(acctest.LuaSchema("1"), `"greeter"`, `"streamed"`, 1), "handler": handlerLua("1.0.0")})
					env.Post(konnect.CoreEntitiesPath(cp, "plugin-schemas"), konnect.Object{"lua_schema": acctest.LuaSchema("1")})
					env.Post("/v2/control-planes/"+cp+"/dp-client-certificates", konnect.Object{"cert": cert})
					env.Post("/v2/control-planes/"+cp+"/config-stores", konnect.Object{"name": "ui-store"})
					env.ResetRequests()
				},
				Config: config(""), Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)` + acctest.Words("konnect_gateway_control_plane (id") + `.*has 4 objects in Konnect.*` +
					acctest.PlatformLine("konnect_gateway_custom_plugin_streaming", acctest.UUIDPattern, "streamed", true) + `.*` +
					acctest.PlatformLine("konnect_gateway_custom_plugin_schema", "greeter", "greeter", false) + `.*` +
					regexp.QuoteMeta("konnect_gateway_data_plane_client_certificate") + `\s+id ` + acctest.UUIDPattern + `.*` +
					acctest.PlatformLine("konnect_gateway_config_store", acctest.UUIDPattern, "ui-store", false) + `.*` +
					acctest.AnImport("konnect_gateway_custom_plugin_streaming") + `.*` +
					acctest.ImportBlock("konnect_gateway_custom_plugin_schema", "") + acctest.UUIDPattern + `/greeter"`),
			},
			{
				PreConfig: func() { held("after the destroy refused for the control plane's extras") },
				Config:    config("overwrite"), Destroy: true,
			},
		},
	})
	if shown := acctest.ShowDiags(rec.Diags()); strings.Contains(shown, secretValue) {
		t.Errorf("a diagnostic shows the secret made in Konnect: %s", shown)
	}
}
