package provider

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A portal custom domain's private key through its write-only twin, the top-level
// custom_private_key_wo with custom_private_key_wo_version, run with a real CLI. With a CLI
// that supports write-only attributes: Konnect receives the key with the certificate (the
// mock checks the pair: a certificate sent without its key is refused), the key is nowhere in
// the state file; a renewed certificate without a new version fails the plan, naming the
// version, and nothing is written; with a new version the key goes with the new certificate.
// With an older CLI the framework refuses the twin.
func TestAccPortalCustomDomainKeyWriteOnly(t *testing.T) {
	t.Parallel()
	env := newKonnectEnv(t, konnectmock.Options{})
	cli := newCLIRun(t)
	supported, err := cliWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	first := tlsTestPEM(t, "docs.example.com", false)
	renewed := acctest.Reissue(t, first.Key, "docs.example.com")
	keyBody := strings.TrimSpace(strings.SplitN(strings.SplitN(first.Key, "-----\n", 2)[1], "\n-----END", 2)[0])
	ephemeral := ""
	if supported {
		ephemeral = "  ephemeral = true\n"
	}
	write := func(cert string, version int) []string {
		cli.write(`terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}
` + env.providerBlock("") + `
variable "key" {
  type      = string
  sensitive = true
` + ephemeral + `}

resource "konnect_portal" "dev" {
  name = "domain-key-wo"
}

resource "konnect_portal_custom_domain" "this" {
  portal_id = konnect_portal.dev.id
  hostname  = "docs.example.com"
  enabled   = true
  ssl = {
    domain_verification_method = "custom_certificate"
    custom_certificate         = ` + fmt.Sprintf("%q", cert) + `
  }
  custom_private_key_wo         = var.key
  custom_private_key_wo_version = ` + fmt.Sprint(version) + `
}
`)
		return []string{"TF_VAR_key=" + first.Key}
	}
	run := func(what string, want int, vars []string, args ...string) string {
		t.Helper()
		out, code := cli.run(vars, args...)
		if code != want {
			t.Fatalf("%s: exit %d, want %d\n%s", what, code, want, out)
		}
		if strings.Contains(out, keyBody[:40]) {
			t.Errorf("%s shows the private key", what)
		}
		return out
	}
	if !supported {
		out := run("apply with the twin", 1, write(first.Cert, 1), "apply", "-auto-approve", "-input=false", "-no-color")
		if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "WriteOnly attribute custom_private_key_wo") {
			t.Errorf("no error naming custom_private_key_wo:\n%s", out)
		}
		return
	}
	var portalID string
	checkState := func(what string, version int) {
		t.Helper()
		raw, instances := acctest.ReadStateFile(t, filepath.Join(cli.dir, "terraform.tfstate"))
		if strings.Contains(string(raw), keyBody[:40]) {
			t.Errorf("%s: the state file holds the private key", what)
		}
		for _, in := range instances {
			if strings.Contains(string(in.Private), keyBody[:40]) {
				t.Errorf("%s: the private state of %s holds the private key", what, in.Type)
			}
			if in.Type != "konnect_portal_custom_domain" {
				continue
			}
			a := in.Attributes
			portalID, _ = a["portal_id"].(string)
			ssl, _ := a["ssl"].(map[string]any)
			if ssl["custom_private_key"] != nil || a["custom_private_key_wo"] != nil {
				t.Errorf("%s: state holds the key or its twin: %v", what, a)
			}
			if got, _ := a["custom_private_key_wo_version"].(float64); int(got) != version {
				t.Errorf("%s: custom_private_key_wo_version %v, want %d", what, a["custom_private_key_wo_version"], version)
			}
		}
	}
	uploaded := func() any {
		ssl, _ := env.get("/v3/portals/" + portalID + "/custom-domain")["ssl"].(map[string]any)
		return ssl["uploaded_at"]
	}

	// Create: the key goes with the certificate (the mock refuses a pair that does not match).
	run("create", 0, write(first.Cert, 1), "apply", "-auto-approve", "-input=false", "-no-color")
	checkState("after create", 1)
	if uploaded() == nil {
		t.Fatalf("Konnect holds no custom certificate: %v", env.get("/v3/portals/"+portalID+"/custom-domain"))
	}
	run("plan after create", 0, write(first.Cert, 1), "plan", "-detailed-exitcode", "-input=false", "-no-color")

	// A renewed certificate without a new version: the plan fails, naming the version.
	before := uploaded()
	out := run("renewal without a new version", 1, write(renewed, 1), "plan", "-input=false", "-no-color")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "A new custom_certificate is sent with its custom_private_key") ||
		!strings.Contains(flat, "custom_private_key_wo_version") {
		t.Errorf("a renewal without a new version is not refused as expected:\n%s", out)
	}
	if uploaded() != before {
		t.Error("a refused plan wrote the certificate")
	}

	// With a new version: the key goes with the new certificate.
	run("renewal", 0, write(renewed, 2), "apply", "-auto-approve", "-input=false", "-no-color")
	checkState("after the renewal", 2)
	if uploaded() == before {
		t.Error("the renewal did not reach Konnect")
	}
	run("plan after the renewal", 0, write(renewed, 2), "plan", "-detailed-exitcode", "-input=false", "-no-color")
	run("destroy", 0, write(renewed, 2), "destroy", "-auto-approve", "-input=false", "-no-color")
}
