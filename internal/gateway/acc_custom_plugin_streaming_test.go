package gateway_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// streamedConfig is the control plane `streamed`, the streamed custom plugin `shop` with this
// schema.lua and, when config is set, a plugin of it whose name comes from the custom plugin.
func streamedConfig(e *acctest.Env, lua, config string) string {
	s := e.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "streamed"
}

resource "konnect_gateway_custom_plugin_streaming" "shop" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shop"
  schema           = %q
  handler          = %q
}
`, lua, handlerLua("1.0.0"))
	if config != "" {
		s += `
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = konnect_gateway_custom_plugin_streaming.shop.name
  config           = jsonencode(` + config + `)
}
`
	}
	return s
}

// A streamed custom plugin's schema gets what an uploaded plugin schema gets: a schema of
// another plugin's name is refused at plan; a plugin's config is checked at plan against the
// schema (an unknown key fails naming its path, and nothing is written); a field added to the
// schema and set in the plugin in the same run applies; a schema change that the plugin in
// Konnect no longer passes fails naming the plugin and the path, the schema unchanged in
// Konnect; and the custom plugin is not deleted from under a plugin someone else made of it:
// the cascade guard refuses the destroy at plan, naming that plugin, and nothing is deleted.
func TestAccCustomPluginStreaming_ChecksPlugins(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	held := func(coll string) []map[string]any {
		if env.ControlPlaneByName("streamed") == nil {
			return nil
		}
		return env.List(env.CorePath("streamed", coll))
	}
	schemaInKonnect := func() string {
		cps := held("custom-plugins")
		if len(cps) != 1 {
			t.Fatalf("Konnect holds %d custom plugins, want 1", len(cps))
		}
		s, _ := cps[0]["schema"].(string)
		return s
	}
	const valid = `{ upstream = "http://shop.internal", limits = { burst = 5 }, extra = "y" }`
	var pluginID, outside, outsideService string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: streamedConfig(env, strings.Replace(shopLua, `name = "shop"`, `name = "shopping"`, 1), ""),
				ExpectError: wrapped("(?s)Schema of another plugin.*with konnect_gateway_custom_plugin_streaming.shop,.*" +
					"This schema.lua describes a plugin named \"shopping\", and this custom plugin is named \"shop\""),
			},
			{
				Config: streamedConfig(env, shopLua, ""),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("konnect_gateway_custom_plugin_streaming.shop", "name", "shop"),
					resource.TestCheckResourceAttrSet("konnect_gateway_custom_plugin_streaming.shop", "revision"),
				),
			},
			{
				Config: streamedConfig(env, shopLua, `{ upstream = "http://shop.internal", limits = { brust = 5 } }`),
				ExpectError: wrapped("(?s)Invalid plugin configuration.*with konnect_gateway_plugin.p,.*" +
					"`config.limits.brust`: unknown field; did you mean `burst`\\?.*Checked against the schema of plugin `shop`"),
			},
			{
				// A field added to the schema and set by the plugin in the same run: the plugin's
				// check waits for the schema's write.
				PreConfig: func() {
					if n := len(held("plugins")); n != 0 {
						t.Errorf("Konnect holds %d plugin(s) after the refused plan, want 0", n)
					}
				},
				Config: streamedConfig(env, shopLuaExtra, valid),
				Check: func(s *terraform.State) error {
					p := env.Only(env.CorePath("streamed", "plugins"))
					pluginID, _ = p["id"].(string)
					acctest.WantConfig(t, "shop", p, "extra", "y")
					acctest.WantConfig(t, "shop", p, "greeting", "hello") // the schema's default, filled by Konnect
					if !strings.Contains(schemaInKonnect(), "extra") {
						t.Error("the custom plugin's schema in Konnect lacks the field added")
					}
					return nil
				},
			},
			{
				Config: streamedConfig(env, shopLua, `{ upstream = "http://shop.internal", limits = { burst = 5 } }`),
				ExpectError: wrapped("(?s)Schema change breaks plugins that use it.*with konnect_gateway_custom_plugin_streaming.shop,.*" +
					"1 plugin\\(s\\) named \"shop\".*- plugin [0-9a-f-]{36} \\(global\\):\\s+`config.extra`: unknown field.*nothing was written"),
			},
			{
				// Someone adds a plugin of it on a service of their own: the destroy is refused
				// when it is planned, naming that plugin (not the one this configuration manages
				// and destroys first) with its import block, and nothing is deleted.
				PreConfig: func() {
					if !strings.Contains(schemaInKonnect(), "extra") {
						t.Error("the refused plan changed the custom plugin's schema in Konnect")
					}
					svc := env.PostObj(env.CorePath("streamed", "services"), konnect.Object{"name": "ui", "host": "ui.internal"})
					outsideService, _ = svc["id"].(string)
					outside = env.PostObj(env.CorePath("streamed", "plugins"), konnect.Object{"name": "shop", "instance_name": "ui-shop",
						"service": map[string]any{"id": svc["id"]}, "config": map[string]any{"upstream": "http://ui.internal"}})["id"].(string)
					env.ResetRequests()
				},
				Config:  streamedConfig(env, shopLuaExtra, valid),
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)` + acctest.Words("Konnect refuses to delete this object while objects that Terraform does not manage reference it") +
					`.*with konnect_gateway_custom_plugin_streaming.shop.*` +
					acctest.PlatformLine("konnect_gateway_plugin", acctest.UUIDPattern, "ui-shop", true) + `.*` +
					acctest.AnImport("konnect_gateway_plugin")),
			},
			{
				PreConfig: func() {
					if w := env.WritesSince(); len(w) > 0 {
						t.Errorf("the refused destroy wrote %v", w)
					}
					if !strings.Contains(schemaInKonnect(), "extra") {
						t.Error("the custom plugin changed in Konnect")
					}
					if ps := held("plugins"); len(ps) != 2 || env.Get(env.CorePath("streamed", "plugins", pluginID)) == nil {
						t.Errorf("Konnect holds %d plugins after the refused destroy, want 2: this configuration's %s and the one made in Konnect", len(ps), pluginID)
					}
					env.Remove(env.CorePath("streamed", "plugins", outside))
					env.Remove(env.CorePath("streamed", "services", outsideService))
				},
				Config: streamedConfig(env, shopLuaExtra, valid),
			},
		},
	})
}
