package gateway_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
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
// Konnect; and the custom plugin is not deleted from under its plugin (Konnect's refusal
// names the plugin, and the custom plugin stays).
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
	var pluginID string
	resource.ParallelTest(t, resource.TestCase{
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
				// Dropping the custom plugin while its plugin stays: refused, naming the plugin.
				PreConfig: func() {
					if !strings.Contains(schemaInKonnect(), "extra") {
						t.Error("the refused plan changed the custom plugin's schema in Konnect")
					}
				},
				Config: env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "streamed"
}

resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shop"
  config           = jsonencode(` + valid + `)
}
`,
				ExpectError: wrapped("(?s)Could not delete konnect_gateway_custom_plugin_streaming.*custom plugin 'shop' is used by plugin"),
			},
			{
				PreConfig: func() {
					if !strings.Contains(schemaInKonnect(), "extra") {
						t.Error("the custom plugin changed in Konnect")
					}
					if ps := held("plugins"); len(ps) != 1 || ps[0]["id"] != pluginID {
						t.Errorf("Konnect holds plugins %v, want only %s", ps, pluginID)
					}
				},
				Config: streamedConfig(env, shopLuaExtra, valid),
			},
		},
	})
}
