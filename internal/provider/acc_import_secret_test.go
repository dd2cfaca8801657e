package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A plugin imported with configuration that sets its secret (a redis password from a
// sensitive variable): state keeps no secret, yet the plan that imports it plans nothing,
// because the configured password matches what Konnect holds (a keyed digest in private
// state). When the password changes in Konnect, the next plan writes the configured one
// back, as an update, printing neither.
func TestAccImportedPluginSecretMatchesConfiguration(t *testing.T) {
	t.Parallel()
	e := newKonnectEnv(t, konnectmock.Options{})
	c := newCLIRun(t)
	const pw, other = "Import-Redis-Pa55-4e1f07", "Konnect-Redis-Pa55-b93d21"
	cpID := e.mkCP(konnect.Object{"name": "import-secret"})
	plugin, _, err := e.client.CreateEntity(context.Background(), konnect.CoreEntitiesPath(cpID, "plugins"), konnect.Object{
		"name": "rate-limiting", "config": map[string]any{"minute": 10, "policy": "redis",
			"redis": map[string]any{"host": "redis.internal", "password": pw}}})
	if err != nil {
		t.Fatal(err)
	}
	pluginPath := konnect.CoreEntitiesPath(cpID, "plugins", plugin["id"].(string))
	c.write("terraform {\n  required_providers {\n    konnect = { source = \"konnectguard/konnect\" }\n  }\n}\n" + e.providerBlock("") + fmt.Sprintf(`
variable "pw" {
  type      = string
  sensitive = true
}

import {
  to = konnect_gateway_plugin.limit
  id = "%s/%s"
}

resource "konnect_gateway_plugin" "limit" {
  control_plane_id = %q
  name             = "rate-limiting"
  config = jsonencode({
    minute = 10
    policy = "redis"
    redis  = { host = "redis.internal", password = var.pw }
  })
}
`, cpID, plugin["id"], cpID))
	vars := []string{"TF_VAR_pw=" + pw}
	noSecret := func(what, out string) {
		t.Helper()
		for _, s := range []string{pw, other} {
			if strings.Contains(out, s) {
				t.Errorf("%s shows a redis password:\n%s", what, out)
			}
		}
	}

	// The CLI plans an update only to mark config sensitive (the configured value is, the
	// imported one is not): "The value is unchanged", and the apply writes nothing.
	out, code := c.run(vars, "plan", "-input=false", "-no-color")
	noSecret("the import plan", out)
	onlyMarks := strings.Contains(out, "Plan: 1 to import, 0 to add, 1 to change, 0 to destroy.") &&
		strings.Contains(out, "The value is unchanged.")
	onlyImport := strings.Contains(out, "Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.")
	if code != 0 || (!onlyMarks && !onlyImport) {
		t.Fatalf("the import plan (exit %d) changes more than the sensitivity of config:\n%s", code, out)
	}
	e.resetRequests()
	out, code = c.run(vars, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("the import apply", out)
	if code != 0 || !strings.Contains(out, "1 imported, 0 added,") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	if w := e.writesSince(); len(w) > 0 {
		t.Errorf("the import wrote to Konnect: %v", w)
	}
	raw, err := os.ReadFile(filepath.Join(c.dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	noSecret("the state file", string(raw))
	out, code = c.run(vars, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	noSecret("the plan after the import", out)
	if code != 0 {
		t.Fatalf("the plan after the import (exit %d) is not empty:\n%s", code, out)
	}

	// The password changes in Konnect: configuration says otherwise, so the plan writes it.
	e.edit(pluginPath, func(b konnect.Object) {
		b["config"].(map[string]any)["redis"].(map[string]any)["password"] = other
	})
	out, code = c.run(vars, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	noSecret("the plan after the password changed in Konnect", out)
	if code != 2 || !strings.Contains(out, "1 to change") {
		t.Fatalf("the plan after the password changed in Konnect (exit %d) does not update the plugin:\n%s", code, out)
	}
	out, code = c.run(vars, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("the apply", out)
	if code != 0 {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	got := e.get(pluginPath)["config"].(map[string]any)["redis"].(map[string]any)["password"]
	if got != pw {
		t.Errorf("Konnect holds redis.password %v after the apply, want the configured one", got)
	}
}
