package provider

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The OIDC client secret's write-only twin of a portal's settings, run with a real CLI
// (cliRun). The settings' rows in TestAccKinds (kind_portal_settings_test.go) and their other
// acceptance tests are in internal/portal.

// pngPixel is a 1×1 PNG as a data URL (Kong's test image).
const pngPixel = acctest.PNGPixel

// TestAccWriteOnlyPortalAuth: the OIDC client secret through its write-only twin, with a CLI
// that supports it (OpenTofu 1.11+, Terraform 1.11+): sent at create and when the version
// changes, never in state, plan files or output; with an older CLI, the framework's refusal.
// Konnect never returns the secret, and the settings carry no updated_at, so a secret changed
// in Konnect cannot be seen: there is no conflict to test, unlike TestAccWriteOnly*.
func TestAccWriteOnlyPortalAuth(t *testing.T) {
	t.Parallel()
	env := newKonnectEnv(t, konnectmock.Options{})
	cli := newCLIRun(t)
	supported, err := cliWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	secrets := []string{"wo-portal-first-7Hq2", "wo-portal-unbumped-7Hq2", "wo-portal-second-7Hq2"}
	ephemeral := ""
	if supported {
		ephemeral = "  ephemeral = true\n" // never in a plan file (Terraform 1.10+, OpenTofu 1.11+)
	}
	write := func(secret string, version int, basic bool) []string {
		cli.write(`terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}
` + env.providerBlock("") + `
variable "secret" {
  type      = string
  sensitive = true
` + ephemeral + `}

resource "konnect_portal" "dev" {
  name = "write-only"
}

resource "konnect_portal_auth" "this" {
  portal_id                     = konnect_portal.dev.id
  basic_auth_enabled            = ` + fmt.Sprint(basic) + `
  oidc_issuer                   = "https://identity.example.com/v2"
  oidc_client_id                = "portal"
  oidc_client_secret_wo         = var.secret
  oidc_client_secret_wo_version = ` + fmt.Sprint(version) + `
}
`)
		return []string{"TF_VAR_secret=" + secret}
	}
	noSecret := func(what, text string) {
		t.Helper()
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("%s shows the secret %s", what, s)
			}
		}
	}
	run := func(vars []string, args ...string) (string, int) {
		t.Helper()
		out, code := cli.run(vars, args...)
		noSecret(strings.Join(args, " "), out)
		return out, code
	}
	if !supported {
		out, code := run(write(secrets[0], 1, true), "apply", "-auto-approve", "-input=false", "-no-color")
		flat := strings.Join(strings.Fields(out), " ")
		if code != 1 || !strings.Contains(flat, "WriteOnly attribute oidc_client_secret_wo") {
			t.Fatalf("apply with a write-only attribute: exit %d, want 1 and the framework's error\n%s", code, out)
		}
		return
	}
	var portalID string
	checkState := func(what string) {
		t.Helper()
		raw, instances := acctest.ReadStateFile(t, filepath.Join(cli.dir, "terraform.tfstate"))
		noSecret(what+": the state file", string(raw))
		for _, in := range instances {
			noSecret(what+": the private state of "+in.Type, string(in.Private))
			if in.Type == "konnect_portal_auth" {
				a := in.Attributes
				portalID, _ = a["portal_id"].(string)
				if a["oidc_client_secret"] != nil || a["oidc_client_secret_wo"] != nil {
					t.Errorf("%s: state holds the secret or its twin: %v", what, a)
				}
			}
		}
	}
	hasSecret := func() bool {
		return strings.Contains(string(env.dump()), `"has_client_secret":true`)
	}
	apply := func(what string, vars []string) {
		t.Helper()
		if out, code := run(vars, "plan", "-out=wo.tfplan", "-input=false", "-no-color"); code != 0 {
			t.Fatalf("%s: plan exit %d\n%s", what, code, out)
		}
		if shown, code := run(vars, "show", "-json", "wo.tfplan"); code != 0 {
			t.Fatalf("%s: show: exit %d\n%s", what, code, shown)
		}
		if out, code := run(vars, "apply", "-input=false", "-no-color", "wo.tfplan"); code != 0 {
			t.Fatalf("%s: apply exit %d\n%s", what, code, out)
		}
		checkState(what)
	}

	apply("create", write(secrets[0], 1, true))
	if !hasSecret() {
		t.Error("after create: Konnect got no client secret")
	}
	// Another value without a bump: nothing written.
	env.resetRequests()
	vars := write(secrets[1], 1, true)
	if out, code := run(vars, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("a new secret without a version bump: plan exit %d, want 0\n%s", code, out)
	}
	// Another setting changes without a bump: the PATCH carries that setting only (Konnect
	// keeps the secret a PATCH leaves out), and is not refused.
	apply("a setting without a bump", write(secrets[1], 1, false))
	if w := env.writesSince(); len(w) != 1 {
		t.Errorf("a setting without a bump wrote %v, want one PATCH", w)
	}
	if got := env.get("/v3/portals/" + portalID + "/authentication-settings"); got["basic_auth_enabled"] != false {
		t.Errorf("Konnect holds %v", got)
	}
	// A bump sends the secret again.
	env.resetRequests()
	apply("bump", write(secrets[2], 2, false))
	if w := env.writesSince(); len(w) != 1 || !strings.HasPrefix(w[0], "PATCH /v3/portals/"+portalID+"/authentication-settings") {
		t.Errorf("the bump wrote %v, want one PATCH of the settings", w)
	}
	if out, code := run(vars, "destroy", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("destroy: exit %d\n%s", code, out)
	}
}
