package gateway_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Bad input to the kinds of issue 12 #3: each is a clear error naming the attribute, at plan
// time where a validator can tell, otherwise Konnect's refusal on the attribute, and nothing is
// half-written.

const inputCP = "input"

func cpBlock(env *acctest.Env) string {
	return env.ProviderBlock("") + fmt.Sprintf("\nresource \"konnect_gateway_control_plane\" \"cp\" {\n  name = %q\n}\n", inputCP)
}

// An unknown partial type and a data-plane certificate that is not PEM fail the plan on the
// attribute; Konnect is not written to.
func TestAccKinds7PlanTimeValidation(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + `
resource "konnect_gateway_partial" "p" {
  control_plane_id = "6f3c1d2e-8b4a-4c5d-9e6f-7a8b9c0d1e2f"
  type             = "redis-xl"
  config           = jsonencode({ host = "redis.internal" })
}
`,
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Error: Invalid Attribute Value Match.*with konnect_gateway_partial.p.*` +
					acctest.WrappedText(`Attribute type value must be one of: ["redis-ce" "redis-ee" "vectordb" "embeddings" "model"], got: "redis-xl"`).String()),
			},
			{
				Config: env.ProviderBlock("") + `
resource "konnect_gateway_data_plane_client_certificate" "c" {
  control_plane_id = "6f3c1d2e-8b4a-4c5d-9e6f-7a8b9c0d1e2f"
  cert             = "MIIBszCCAVmgAwIBAgIU"
}
`,
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)with konnect_gateway_data_plane_client_certificate.c.*cert.*PEM`),
			},
		},
	})
	if reqs := env.Requests(); len(reqs) > 0 {
		t.Errorf("plan-time validation called Konnect: %v", reqs)
	}
}

// A custom plugin schema that is not valid Lua is refused at plan on lua_schema, with its
// line, and nothing is created; a valid one lets a plugin of its name be created, and the schema cannot
// be deleted while that plugin uses it.
func TestAccKinds7CustomPluginSchema(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	schemas := func() []konnect.Object {
		t.Helper()
		if env.ControlPlaneByName(inputCP) == nil {
			return nil // the plan refused before anything was created
		}
		list, err := engine.ListPlatform(context.Background(), env.Client, konnect.CoreEntitiesPath(env.CPID(inputCP), "plugin-schemas"))
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	withSchema := func(lua string, plugin bool) string {
		cfg := cpBlock(env) + fmt.Sprintf(`
resource "konnect_gateway_custom_plugin_schema" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  lua_schema       = %q
}
`, lua)
		if plugin {
			cfg += `
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = konnect_gateway_custom_plugin_schema.s.name
  config           = jsonencode({ greeting = "hi" })
}
`
		}
		return cfg
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				// Issue 33, part 5: refused at plan, with the interpreter's line.
				Config: withSchema("return {\n  name = \"greeter\",\n  fields = { { config = { type = \"record\" fields = {} } } },\n}\n", false),
				ExpectError: regexp.MustCompile(`(?s)Invalid plugin schema.*with konnect_gateway_custom_plugin_schema.s.*lua_schema.*` +
					acctest.WrappedText(`Konnect cannot read this schema.lua: schema.lua line:3`).String()),
			},
			{
				PreConfig: func() {
					if n := len(schemas()); n != 0 {
						t.Errorf("after the refused create Konnect holds %d plugin schemas, want 0", n)
					}
				},
				Config: withSchema(acctest.LuaSchema("10"), true),
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("konnect_gateway_custom_plugin_schema.s", "name", "greeter"),
					resource.TestCheckResourceAttr("konnect_gateway_custom_plugin_schema.s", "id", "greeter"),
					resource.TestCheckResourceAttr("konnect_gateway_plugin.p", "name", "greeter"),
				),
			},
			{
				// Dropping the schema while the plugin stays: Konnect refuses, naming the plugin.
				Config: cpBlock(env) + `
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "greeter"
  config           = jsonencode({ greeting = "hi" })
}
`,
				ExpectError: regexp.MustCompile(`(?s)Could not delete konnect_gateway_custom_plugin_schema.*` +
					acctest.WrappedText(`plugin schema 'greeter' is used by plugin`).String()),
			},
			{
				PreConfig: func() {
					if n := len(schemas()); n != 1 {
						t.Errorf("after the refused delete Konnect holds %d plugin schemas, want 1", n)
					}
				},
				Config: withSchema(acctest.LuaSchema("10"), true),
			},
		},
	})
}

// Deleting a partial that a plugin uses is refused by Konnect; the error names the plugin and
// the partial stays.
func TestAccKinds7PartialInUse(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	var partialPath, pluginID string
	partial := cpBlock(env) + `
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shared-redis"
  type             = "redis-ee"
  config           = jsonencode({ host = "redis.internal", password = "s3cr3t-redis" })
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: partial,
				Check: func(s *terraform.State) error {
					p := s.RootModule().Resources["konnect_gateway_partial.redis"].Primary
					partialPath = acctest.ObjectPath(gateway.PartialKind, p.Attributes)
					plugin, _, err := env.Client.CreateEntity(context.Background(), konnect.CoreEntitiesPath(p.Attributes["control_plane_id"], "plugins"),
						konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 10}, "partials": []any{map[string]any{"id": p.ID}}})
					if err != nil {
						return err
					}
					pluginID = plugin["id"].(string)
					return nil
				},
			},
			{
				Config: cpBlock(env),
				ExpectError: regexp.MustCompile(`(?s)Could not delete konnect_gateway_partial.*` +
					acctest.WrappedText(`is used by plugin 'rate-limiting' (id`).String()),
			},
			{
				PreConfig: func() {
					if env.Get(partialPath) == nil {
						t.Error("the refused delete removed the partial")
					}
					cp := env.CPID(inputCP)
					if _, err := env.Client.DeleteEntity(context.Background(), konnect.CoreEntitiesPath(cp, "plugins"), pluginID, ""); err != nil {
						t.Fatal(err)
					}
				},
				Config: cpBlock(env),
				Check: func(*terraform.State) error {
					if env.Get(partialPath) != nil {
						return fmt.Errorf("the partial is still in Konnect once no plugin uses it")
					}
					return nil
				},
			},
		},
	})
}

// A plugin linked to a partial that does not exist is refused by Konnect on `partials`, and no
// plugin is created; linked to one that exists, the same plugin is created.
func TestAccKinds7PluginMissingPartial(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	const missing = "6f1c2b8e-7d44-4a53-9a2e-1c0d5b7e9f31"
	plugin := func(link string) string {
		return cpBlock(env) + `
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shared-redis"
  type             = "redis-ce"
  config           = jsonencode({ host = "redis.internal" })
}

resource "konnect_gateway_plugin" "rl" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 10 })
  partials         = [{ id = ` + link + ` }]
}
`
	}
	plugins := func() []konnect.Object {
		t.Helper()
		list, err := engine.ListPlatform(context.Background(), env.Client, konnect.CoreEntitiesPath(env.CPID(inputCP), "plugins"))
		if err != nil {
			t.Fatal(err)
		}
		return list
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: plugin(fmt.Sprintf("%q", missing)),
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_gateway_plugin.*with konnect_gateway_plugin.rl.*` +
					acctest.WrappedText(`Konnect rejected partials: partial `+missing+` does not exist`).String()),
			},
			{
				PreConfig: func() {
					if got := plugins(); len(got) != 0 {
						t.Errorf("the refused plugin left %d plugin(s) in Konnect: %v", len(got), got)
					}
				},
				Config: plugin("konnect_gateway_partial.redis.id"),
				Check: func(*terraform.State) error {
					got := plugins()
					if len(got) != 1 {
						return fmt.Errorf("Konnect holds %d plugins, want 1", len(got))
					}
					links, _ := got[0]["partials"].([]any)
					if len(links) != 1 || links[0].(map[string]any)["name"] != "shared-redis" {
						return fmt.Errorf("the plugin links %v, want the partial shared-redis", links)
					}
					return nil
				},
			},
		},
	})
}

// A group member that is not a hybrid control plane, or that is in another group, is refused
// by Konnect on `members`, and the group gets no member at all.
func TestAccKinds7GroupMemberRefused(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	base := env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "group" {
  name         = "group"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
}
resource "konnect_gateway_control_plane" "other_group" {
  name         = "other-group"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
}
resource "konnect_gateway_control_plane" "hybrid" {
  name         = "hybrid"
  cluster_type = "CLUSTER_TYPE_HYBRID"
}
resource "konnect_gateway_control_plane" "taken" {
  name         = "taken"
  cluster_type = "CLUSTER_TYPE_HYBRID"
}
resource "konnect_gateway_control_plane" "plain" {
  name = "plain"
}
resource "konnect_gateway_control_plane_membership" "other" {
  control_plane_id = konnect_gateway_control_plane.other_group.id
  members          = [{ id = konnect_gateway_control_plane.taken.id }]
}
`
	member := func(members ...string) string {
		s := base + "resource \"konnect_gateway_control_plane_membership\" \"m\" {\n  control_plane_id = konnect_gateway_control_plane.group.id\n  members = ["
		for _, m := range members {
			s += "{ id = konnect_gateway_control_plane." + m + ".id }, "
		}
		return s + "]\n}\n"
	}
	groupMembers := func() []string {
		t.Helper()
		obj, _, err := gateway.MembershipAPI{}.Get(context.Background(), env.Client, engine.Address{ID: env.CPID("group")})
		if err != nil {
			t.Fatal(err)
		}
		return gateway.MemberIDs(obj["members"])
	}
	noMembers := func() {
		if m := groupMembers(); len(m) != 0 {
			t.Errorf("after the refused create the group has members %v, want none", m)
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: member("hybrid", "plain"),
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_gateway_control_plane_membership.*with konnect_gateway_control_plane_membership.m.*` +
					`Konnect rejected members:\s+control\s+plane\s+[0-9a-f-]{36}\s+has\s+cluster_type\s+CLUSTER_TYPE_CONTROL_PLANE;\s+a\s+group\s+member\s+must\s+be\s+CLUSTER_TYPE_HYBRID`),
			},
			{
				PreConfig: noMembers,
				Config:    member("hybrid", "taken"),
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_gateway_control_plane_membership.*` +
					`Konnect rejected members:\s+control\s+plane\s+[0-9a-f-]{36}\s+is\s+already\s+a\s+member\s+of\s+group\s+[0-9a-f-]{36}`),
			},
			{
				PreConfig: noMembers,
				Config:    member("hybrid"),
				Check: func(*terraform.State) error {
					if m := groupMembers(); len(m) != 1 || m[0] != env.CPID("hybrid") {
						return fmt.Errorf("the group has members %v, want the hybrid control plane", m)
					}
					return nil
				},
			},
		},
	})
}

// A plugin's `config` conflict and a partial's show secret keys hidden: the partial's
// password, changed in Konnect, is named but never printed.
func TestAccKinds7PartialSecretHidden(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	var path string
	config := func(policy, password string) string {
		return env.ProviderBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = %q
}
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  type             = "redis-ce"
  config           = jsonencode({ host = "redis.internal", password = %q })
}
`, inputCP, password)
	}
	rec := &acctest.DiagRecorder{}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{
				Config: config("", "first-redis-secret"),
				Check: func(s *terraform.State) error {
					path = acctest.ObjectPath(gateway.PartialKind, s.RootModule().Resources["konnect_gateway_partial.redis"].Primary.Attributes)
					return nil
				},
			},
			{
				PreConfig:   func() { env.Edit(path, acctest.Set("config.password", "ui-redis-secret")) },
				Config:      config("fail", "first-redis-secret"),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*config\.password`),
			},
			{
				PreConfig: func() {
					diags := rec.Diags()
					if len(diags) == 0 {
						t.Error("no diagnostics recorded for the conflict")
					}
					for _, d := range diags {
						for _, secret := range []string{"first-redis-secret", "ui-redis-secret"} {
							if regexp.MustCompile(secret).MatchString(d.Summary + d.Detail) {
								t.Errorf("a diagnostic shows the partial's password: %s / %s", d.Summary, d.Detail)
							}
						}
					}
				},
				Config: config("overwrite", "first-redis-secret"),
			},
		},
	})
}
