package provider

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Kong's konnect_gateway_custom_plugin: its plugin's name, and its plugin types' attributes
// but condition and partials.
func init() {
	kongAttrs[engine.KongCustomPlugin] = append([]string{"name"}, engine.KongCustomPluginAttrs...)
}

// customPluginExample is the migration guide's configuration of a custom plugin, verbatim.
func customPluginExample(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../templates/guides/migrating-from-kong-konnect.md.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- custom-plugin-example -->\n```terraform\n(.*?)```\n<!-- /custom-plugin-example -->").FindSubmatch(b)
	if m == nil {
		t.Fatal("the guide has no custom plugin example between <!-- custom-plugin-example --> markers")
	}
	return string(m[1])
}

// Kong's konnect_gateway_custom_plugin, a plugin of a streamed custom plugin, moves to
// konnect_gateway_plugin with the guide's `moved` block: after `state replace-provider` the
// first plan shows the move and changes nothing, its apply writes nothing to Konnect, the
// next plan is empty, and the guards hold: a config key changed in Konnect that the
// configuration would undo fails the plan naming it.
func TestMigrateAccKongCustomPlugin(t *testing.T) {
	e := newKonnectEnv(t, konnectmock.Options{})
	c := newCLIRun(t)
	host := migrateCLI(t, c)
	kong, ours := host+"/kong/konnect", host+"/konnectguard/konnect"
	ctx := context.Background()
	cpID, core, mk := kongControlPlane(t, e)
	handler := `return { VERSION = "1.0.0", PRIORITY = 500 }`
	svc := mk(core("services"), konnect.Object{"name": "orders", "host": "orders.internal"})
	streamed := mk(core("custom-plugins"), konnect.Object{"name": "greeter", "schema": luaSchema("10"), "handler": handler})
	plugin := mk(core("plugins"), konnect.Object{"name": "greeter", "service": map[string]any{"id": svc["id"]}, "config": map[string]any{"greeting": "hi"}})

	// Kong's state: its read of the plugin keeps the config keys that differ from the
	// schema's defaults, as a dynamic value.
	state := &kongStateFile{provider: kong}
	cpObj, _, err := e.client.GetControlPlane(ctx, cpID)
	if err != nil {
		t.Fatal(err)
	}
	withCP := map[string]any{"control_plane_id": cpID}
	state.add("konnect_gateway_control_plane", "prod", cpObj, nil)
	state.add("konnect_gateway_service", "orders", svc, withCP)
	state.add("konnect_gateway_custom_plugin_streaming", "greeter", streamed, withCP)
	state.add(engine.KongCustomPlugin, "greeter", plugin, map[string]any{"control_plane_id": cpID,
		"config": map[string]any{"value": map[string]any{"greeting": "hi"}, "type": []any{"object", map[string]any{"greeting": "string"}}}})
	state.write(t, c.dir)

	header := "terraform {\n  required_providers {\n    konnect = { source = \"konnectguard/konnect\" }\n  }\n}\n\n"
	c.write(header + e.providerBlock("") + fmt.Sprintf(`
locals {
  greeter_schema  = %q
  greeter_handler = %q
}

resource "konnect_gateway_control_plane" "prod" {
  name = "prod"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.prod.id
  name             = "orders"
  host             = "orders.internal"
}
`, luaSchema("10"), handler) + customPluginExample(t))
	if out, code := c.run(nil, "state", "replace-provider", "-auto-approve", "-no-color", kong, ours); code != 0 {
		t.Fatalf("state replace-provider exit %d:\n%s", code, out)
	}
	e.resetRequests()
	out, code := c.run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 2 || !strings.Contains(out, "konnect_gateway_custom_plugin.greeter has moved to konnect_gateway_plugin.greeter") ||
		!strings.Contains(out, "Plan: 0 to add, 0 to change, 0 to destroy.") ||
		regexp.MustCompile(`will be (created|updated|destroyed)|must be replaced|Error`).MatchString(out) {
		t.Fatalf("the first plan (exit %d) is not the move alone:\n%s", code, out)
	}
	if out, code := c.run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("apply exit %d:\n%s", code, out)
	}
	if w := e.writesSince(); len(w) > 0 {
		t.Fatalf("the migration wrote to Konnect: %v", w)
	}
	if out, code := c.run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Fatalf("plan after the migration (exit %d):\n%s", code, out)
	}
	list, _ := c.run(nil, "state", "list")
	if !strings.Contains(list, "konnect_gateway_plugin.greeter") || strings.Contains(list, "konnect_gateway_custom_plugin.") {
		t.Fatalf("state after the migration:\n%s", list)
	}

	// The guards hold: someone changes the greeting in Konnect.
	e.edit(core("plugins", plugin["id"].(string)), set("config.greeting", "hello from the UI"))
	out, code = c.run(nil, "plan", "-input=false", "-no-color")
	if code != 1 {
		t.Fatalf("plan after a change in Konnect exit %d, want 1:\n%s", code, out)
	}
	if missing := conflictsFor(out, []kongMigrationEdit{{address: "konnect_gateway_plugin.greeter", typeName: "konnect_gateway_plugin", attr: "config.greeting"}}); len(missing) > 0 {
		t.Errorf("no conflict reported for %v:\n%s", missing, out)
	}
	if got := e.get(core("plugins", plugin["id"].(string))); fmt.Sprint(got["config"].(map[string]any)["greeting"]) != "hello from the UI" {
		t.Errorf("Konnect holds greeting %v after the refused plan", got["config"].(map[string]any)["greeting"])
	}
}
