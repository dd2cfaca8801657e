package gateway_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A destroy over `config` keys of a plugin and a vault (guards.md, "Destroy"): a key
// configuration never set follows Konnect, so a change to it in Konnect never stops the
// destroy and is never shown with a "last applied" value (Terraform never wrote one); a key
// configuration sets, changed in Konnect, refuses the destroy under `fail`, and Konnect
// keeps the object. With the CLI as a user runs it.
func TestAccDestroyConfigKeys(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, konnectmock.Options{})
	const cp = "destroy-keys"
	cli := acctest.NewCLIRun(t)
	cli.Write(acctest.CLIRequiredProviders + env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_plugin" "p" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5, policy = "local" })
}
resource "konnect_gateway_vault" "v" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "env"
  prefix           = "app-env"
  config           = jsonencode({ prefix = "APP_" })
}
`, cp))
	t.Cleanup(func() {
		cli.Run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "destroy", "-auto-approve", "-no-color")
	})
	if out, code := cli.Run(nil, "apply", "-auto-approve", "-no-color"); code != 0 {
		t.Fatalf("apply: exit status %d\n%s", code, out)
	}
	plugin := env.CorePath(cp, "plugins", env.PluginID(cp, "rate-limiting"))
	vault := env.CorePath(cp, "vaults", "app-env")
	setKey := func(path, key string, v any) {
		env.Edit(path, func(b konnect.Object) { b["config"].(map[string]any)[key] = v })
	}
	match := func(what, out string, patterns ...string) {
		t.Helper()
		for _, p := range patterns {
			if !regexp.MustCompile(p).MatchString(out) {
				t.Errorf("%s: output does not match %q:\n%s", what, p, out)
			}
		}
	}
	// Keys configuration never set, changed in Konnect, and a key it sets.
	setKey(plugin, "hour", 100)
	setKey(vault, "base64_decode", true)
	setKey(plugin, "minute", 7)

	out, code := cli.Run(nil, "destroy", "-auto-approve", "-no-color")
	if code != 1 {
		t.Fatalf("destroy over config.minute changed in Konnect: exit status %d, want 1\n%s", code, out)
	}
	match("refused destroy", out, `config\.minute\s+last applied: 5\s+in Konnect now: 7`, `KONNECT_CONFLICT_POLICY=overwrite`)
	if regexp.MustCompile(`config\.(hour|base64_decode)\s+last applied`).MatchString(out) {
		t.Errorf("a key Terraform never wrote is shown with a last applied value:\n%s", out)
	}
	if p := env.Get(plugin); p == nil || fmt.Sprint(acctest.Field(p, "config.minute")) != "7" || fmt.Sprint(acctest.Field(p, "config.hour")) != "100" {
		t.Errorf("after the refused destroy, Konnect holds plugin %v; want it with minute 7 and hour 100", p)
	}
	if v := env.Get(vault); v == nil || fmt.Sprint(acctest.Field(v, "config.base64_decode")) != "true" {
		t.Errorf("after the refused destroy, Konnect holds vault %v; want it with base64_decode", v)
	}

	// The configured key back as Terraform wrote it: only keys configuration never set
	// differ, and the destroy proceeds.
	setKey(plugin, "minute", 5)
	out, code = cli.Run(nil, "destroy", "-auto-approve", "-no-color")
	if code != 0 {
		t.Fatalf("destroy over keys configuration never set: exit status %d, want 0\n%s", code, out)
	}
	match("destroy", out, `Destroy complete! Resources: 3 destroyed\.`)
	if regexp.MustCompile(`last applied`).MatchString(out) {
		t.Errorf("the destroy shows a last applied value:\n%s", out)
	}
	if env.ControlPlaneByName(cp) != nil {
		t.Errorf("the control plane (with the plugin and the vault) is still in Konnect after the destroy")
	}
}
