package gateway_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// shopLua is the schema.lua of a custom plugin `shop`: defaults, an enumeration, a range,
// a nested record and a required typedef.
const shopLua = `local typedefs = require "kong.db.schema.typedefs"

return {
  name = "shop",
  fields = {
    { consumer = typedefs.no_consumer },
    { protocols = typedefs.protocols_http },
    { config = {
        type = "record",
        fields = {
          { greeting = { type = "string", default = "hello" } },
          { mode = { type = "string", default = "fast", one_of = { "fast", "safe" } } },
          { limits = { type = "record", fields = {
              { burst = { type = "integer", default = 10, between = { 1, 100 } } },
          } } },
          { upstream = typedefs.url { required = true } },
        },
    } },
  },
}
`

// customPluginConfig is the control plane `checks`, the custom plugin's schema and, when
// config is set, a plugin of it whose name comes from the schema resource.
func customPluginConfig(e *acctest.Env, config string) string {
	return customPluginConfigLua(e, shopLua, config)
}

// shopLuaExtra is shopLua with one more field, `extra`.
var shopLuaExtra = strings.Replace(shopLua, "{ greeting = {", `{ extra = { type = "string", one_of = { "x", "y" } } },
          { greeting = {`, 1)

func customPluginConfigLua(e *acctest.Env, lua, config string) string {
	s := e.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = "checks"
}

resource "konnect_gateway_custom_plugin_schema" "shop" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  lua_schema       = %q
}
`, lua)
	if config != "" {
		s += `
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = konnect_gateway_custom_plugin_schema.shop.name
  config           = jsonencode(` + config + `)
}
`
	}
	return s
}

// A custom plugin is checked at plan like a bundled one, against the schema its uploaded
// schema.lua declares (the control plane serves it): a typo, a value outside the
// enumeration, a number out of range and a missing required key fail the plan naming
// their path, and nothing is written. A valid config applies, and Konnect fills in the
// defaults the Lua declares (state keeps only the keys the configuration sets). A field
// added to the schema and set in the plugin in the same run applies (the plan is not
// checked against the schema being replaced), and is known to the checks after.
func TestAccCustomPluginCheck_AtPlan(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	held := func() int { return len(env.List(env.CorePath("checks", "plugins"))) }
	noPlugin := func() {
		if n := held(); n != 0 {
			t.Errorf("Konnect holds %d plugin(s) after a plan that failed, want 0", n)
		}
	}
	const valid = `{ upstream = "http://shop.internal", limits = { burst = 5 } }`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// The schema first: the plugin's name is known when it is planned below.
				Config: customPluginConfig(env, ""),
			},
			{
				Config: customPluginConfig(env, `{ upstream = "http://shop.internal", limits = { brust = 5 } }`),
				ExpectError: wrapped("(?s)Invalid plugin configuration.*with konnect_gateway_plugin.p,.*" +
					"`config.limits.brust`: unknown field; did you mean `burst`\\?.*Checked against the schema of plugin `shop`"),
			},
			{
				PreConfig:   noPlugin,
				Config:      customPluginConfig(env, `{ upstream = "http://shop.internal", mode = "slow" }`),
				ExpectError: wrapped("(?s)`config.mode`: \"slow\" is not allowed: expected one of \"fast\", \"safe\"\n"),
			},
			{
				PreConfig:   noPlugin,
				Config:      customPluginConfig(env, `{ upstream = "http://shop.internal", limits = { burst = 500 } }`),
				ExpectError: wrapped("(?s)`config.limits.burst`: 500 is out of range: expected a value\\s+between 1 and 100"),
			},
			{
				PreConfig:   noPlugin,
				Config:      customPluginConfig(env, `{ greeting = "hi" }`),
				ExpectError: wrapped("(?s)`config.upstream`: missing required field: expected a string"),
			},
			{
				PreConfig: func() {
					noPlugin()
					env.ResetRequests()
				},
				Config: customPluginConfig(env, valid),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("konnect_gateway_plugin.p", "name", "shop"),
					resource.TestCheckResourceAttr("konnect_gateway_plugin.p", "config", `{"limits":{"burst":5},"upstream":"http://shop.internal"}`),
					resource.TestCheckResourceAttr("konnect_gateway_plugin.p", "protocols.#", "4"),
					func(*terraform.State) error {
						if n := schemaReads(env, "shop"); n == 0 {
							t.Errorf("creating the shop plugin read its schema %d times, want at least 1", n)
						}
						p := env.Only(env.CorePath("checks", "plugins"))
						acctest.WantConfig(t, "shop", p, "upstream", "http://shop.internal")
						acctest.WantConfig(t, "shop", p, "greeting", "hello")
						acctest.WantConfig(t, "shop", p, "mode", "fast")
						acctest.WantConfig(t, "shop", p, "limits", map[string]any{"burst": 5})
						return nil
					},
				),
			},
			{
				Config: customPluginConfigLua(env, shopLuaExtra, `{ upstream = "http://shop.internal", limits = { burst = 5 }, extra = "y" }`),
				Check: func(*terraform.State) error {
					acctest.WantConfig(t, "shop", env.Only(env.CorePath("checks", "plugins")), "extra", "y")
					return nil
				},
			},
			{
				Config:      customPluginConfigLua(env, shopLuaExtra, `{ upstream = "http://shop.internal", limits = { burst = 5 }, extra = "z" }`),
				ExpectError: wrapped("(?s)`config.extra`: \"z\" is not allowed: expected one of \"x\", \"y\""),
			},
			{
				PreConfig: func() {
					acctest.WantConfig(t, "shop", env.Only(env.CorePath("checks", "plugins")), "extra", "y")
				},
				Config:      customPluginConfigLua(env, shopLuaExtra, `{ upstream = "http://shop.internal", limits = { burst = 5 }, extr = "y" }`),
				ExpectError: wrapped("(?s)`config.extr`: unknown field; did you mean `extra`\\?"),
			},
			{
				// The field removed from the schema while the plugin still sets it in Konnect:
				// refused at plan, naming the plugin and the path (Konnect would keep the
				// plugin's config and refuse it at its next write).
				Config: customPluginConfigLua(env, shopLua, `{ upstream = "http://shop.internal", limits = { burst = 5 } }`),
				ExpectError: wrapped("(?s)Schema change breaks plugins that use it.*with konnect_gateway_custom_plugin_schema.shop,.*" +
					"1 plugin\\(s\\) named \"shop\".*- plugin [0-9a-f-]{36} \\(global\\):\\s+`config.extra`: unknown field.*nothing was written"),
			},
			{
				// ... nothing was: the schema still has the field, the plugin still sets it.
				// The way out the diagnostic gives: the plugin drops the field first ...
				PreConfig: func() {
					acctest.WantConfig(t, "shop", env.Only(env.CorePath("checks", "plugins")), "extra", "y")
					if lua, _ := env.Get(env.CorePath("checks", "plugin-schemas", "shop"))["lua_schema"].(string); !strings.Contains(lua, "extra") {
						t.Errorf("the refused plan changed the schema in Konnect:\n%s", lua)
					}
				},
				Config: customPluginConfigLua(env, shopLuaExtra, `{ upstream = "http://shop.internal", limits = { burst = 5 } }`),
			},
			{
				// ... then the schema loses it.
				Config: customPluginConfigLua(env, shopLua, `{ upstream = "http://shop.internal", limits = { burst = 5 } }`),
				Check: func(*terraform.State) error {
					if lua, _ := env.Get(env.CorePath("checks", "plugin-schemas", "shop"))["lua_schema"].(string); strings.Contains(lua, "extra") {
						t.Errorf("the schema in Konnect still has the field `extra`")
					}
					return nil
				},
			},
		},
	})
}

// The schema and a plugin of it created in the same run: the plugin's name is not known
// when the plan is made, so its config is not checked then. During the apply Terraform
// plans the plugin again once the schema exists: the check runs then, and a config that
// breaks the schema is refused before the plugin is written (the schema, already created,
// stays). With the config fixed, the next apply creates the plugin.
func TestAccCustomPluginCheck_SchemaInSameRun(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	cp := env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "checks"
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: cp},
			{
				Config:             customPluginConfig(env, `{ upstream = "http://shop.internal", greting = "hi" }`),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config: customPluginConfig(env, `{ upstream = "http://shop.internal", greting = "hi" }`),
				ExpectError: wrapped("(?s)Invalid plugin configuration.*with konnect_gateway_plugin.p,.*" +
					"`config.greting`: unknown field; did you mean `greeting`\\?.*the konnect_gateway_plugin was not written"),
			},
			{
				PreConfig: func() {
					if n := len(env.List(env.CorePath("checks", "plugins"))); n != 0 {
						t.Errorf("Konnect holds %d plugin(s) after the refused apply, want 0", n)
					}
					schemas, err := engine.ListPlatform(context.Background(), env.Client, env.CorePath("checks", "plugin-schemas"))
					if err != nil {
						t.Fatal(err)
					}
					if n := len(schemas); n != 1 {
						t.Errorf("Konnect holds %d plugin schema(s) after the refused apply, want 1 (created before the plugin was planned again)", n)
					}
				},
				Config: customPluginConfig(env, `{ upstream = "http://shop.internal", greeting = "hi" }`),
				Check: func(*terraform.State) error {
					p := env.Only(env.CorePath("checks", "plugins"))
					acctest.WantConfig(t, "shop", p, "greeting", "hi")
					acctest.WantConfig(t, "shop", p, "mode", "fast")
					return nil
				},
			},
		},
	})
}

// A plugin naming its custom plugin literally (ordered after the schema by depends_on),
// both created in the same run: the control plane has no such plugin when the plan is
// made, which is no error while that plan creates a custom plugin schema there. The apply
// checks the plugin once the schema exists, before writing it.
func TestAccCustomPluginCheck_LiteralNameSameRun(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	literal := func(config string) string {
		return strings.Replace(customPluginConfig(env, config), "name             = konnect_gateway_custom_plugin_schema.shop.name",
			"name             = \"shop\"\n  depends_on       = [konnect_gateway_custom_plugin_schema.shop]", 1)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.ProviderBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "checks" }`},
			{
				Config:             literal(`{ upstream = "http://shop.internal", mode = "slw" }`),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config: literal(`{ upstream = "http://shop.internal", mode = "slw" }`),
				ExpectError: wrapped("(?s)Invalid plugin configuration.*with konnect_gateway_plugin.p,.*" +
					"`config.mode`: \"slw\" is not allowed: expected one of \"fast\", \"safe\".*the konnect_gateway_plugin was not written"),
			},
			{
				PreConfig: func() {
					if n := len(env.List(env.CorePath("checks", "plugins"))); n != 0 {
						t.Errorf("Konnect holds %d plugin(s) after the refused apply, want 0", n)
					}
				},
				Config: literal(`{ upstream = "http://shop.internal", mode = "safe" }`),
				Check: func(*terraform.State) error {
					acctest.WantConfig(t, "shop", env.Only(env.CorePath("checks", "plugins")), "mode", "safe")
					return nil
				},
			},
		},
	})
}
