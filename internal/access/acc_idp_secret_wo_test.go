package access_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The write-only twin of an identity provider's OIDC client secret
// (config.oidc_identity_provider_config.client_secret): the top-level client_secret_wo with
// client_secret_wo_version (the framework refuses a write-only attribute inside a computed
// nested attribute), run with a real CLI (acctest.CLIRun). With a CLI that supports write-only
// attributes (OpenTofu or Terraform 1.11+): the secret is sent on create and when the version
// changes, never otherwise, and a rotation's PATCH carries the secret alone (Konnect merges
// config); it is never in the CLI's output, a TF_LOG=DEBUG log, the state file (attributes or
// private state), not even as a plain hash; setting it together with client_secret, without
// its version or without the OIDC branch is an error. config stays computed: unset, it plans
// nothing and Konnect keeps it. After an import, configuration that sets the version plans an
// update that sends the secret. With an older CLI the framework refuses the twin and nothing
// is written.
func TestAccIdentityProviderClientSecretWriteOnly(t *testing.T) {
	t.Parallel()
	secrets := map[string]string{"first": "Idp-WO-Secret-1st-3c9e71", "second": "Idp-WO-Secret-2nd-a05f42", "third": "Idp-WO-Secret-3rd-77d1b8"}
	env := acctest.NewEnv(t, konnectmock.Options{})

	// What Konnect receives, and where the secrets must not show (acc_secret_watch_test.go).
	named := map[string]string{}
	for name, secret := range secrets {
		named["the "+name+" secret"] = secret
	}
	w := newSecretWatch(t, env, "/v3/identity-providers", named)

	cli := acctest.NewCLIRun(t)
	// config writes the configuration: the twin at version (0: no version) with the OIDC
	// branch (none when issuer is ""), classic set as well when given, or no twin when secret
	// is "".
	config := func(loginPath, issuer, secret string, version int, classic string) string {
		cfg := ""
		if secret != "" {
			cfg += fmt.Sprintf("  client_secret_wo = %q\n", secret)
		}
		if version != 0 {
			cfg += fmt.Sprintf("  client_secret_wo_version = %d\n", version)
		}
		if issuer != "" {
			cfg += fmt.Sprintf(`  config = {
    oidc_identity_provider_config = {
      issuer_url = %q
      client_id  = "konnect"
`, issuer)
			if classic != "" {
				cfg += fmt.Sprintf("      client_secret = %q\n", classic)
			}
			cfg += "    }\n  }\n"
		}
		return fmt.Sprintf(`terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}

provider "konnect" {
  server_url            = %q
  personal_access_token = %q
}

resource "konnect_identity_provider" "sso" {
  type       = "oidc"
  login_path = %q
%s}
`, w.url, acctest.TestToken, loginPath, cfg)
	}
	run := func(what string, want int, args ...string) string {
		t.Helper()
		return w.run(cli, what, want, args...)
	}
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	noSecret, checkLog, wantWrites := w.noSecret, w.checkLog, w.wantWrites
	// checkState: nothing of the secret anywhere in the state file (attributes, private
	// state), the classic attribute and the twin null, the version as wanted (0: null), the
	// OIDC config as Konnect holds it (issuer).
	checkState := func(what string, version int, issuer string) {
		t.Helper()
		raw, attrs, _ := w.stateInstance(what, stateFile)
		noSecret(what+": the state file", string(raw))
		cfg, _ := attrs["config"].(map[string]any)
		oidc, _ := cfg["oidc_identity_provider_config"].(map[string]any)
		if oidc == nil || oidc["issuer_url"] != issuer {
			t.Fatalf("%s: the OIDC branch in state is %v, want issuer_url %q", what, attrs["config"], issuer)
		}
		if oidc["client_secret"] != nil {
			t.Errorf("%s: state holds config.oidc_identity_provider_config.client_secret = %v, want null", what, oidc["client_secret"])
		}
		if attrs["client_secret_wo"] != nil {
			t.Errorf("%s: state holds client_secret_wo = %v, want null", what, attrs["client_secret_wo"])
		}
		got, _ := attrs["client_secret_wo_version"].(float64)
		if int(got) != version || (version == 0) != (attrs["client_secret_wo_version"] == nil) {
			t.Errorf("%s: client_secret_wo_version is %v in state, want %d", what, attrs["client_secret_wo_version"], version)
		}
		if cfg["saml_identity_provider_config"] != nil {
			t.Errorf("%s: the SAML branch of an OIDC provider is %v, want null", what, cfg["saml_identity_provider_config"])
		}
		if rev, _ := attrs["revision"].(string); !regexp.MustCompile(`^sha256:[0-9a-f]{64}$`).MatchString(rev) {
			t.Errorf("%s: revision %q", what, rev)
		}
	}
	// A rotation's PATCH carries the secret and nothing else: Konnect merges config.
	sendsSecret := func(name string) string {
		return `^PATCH \{"config":\{"client_secret":"` + secrets[name] + `"\}\}$`
	}

	// refusedOut is a refused plan's output without the configuration lines the CLI quotes.
	refusedOut := func(out string) string {
		return regexp.MustCompile(`(?m)^\s*\d+:.*$`).ReplaceAllString(out, "")
	}

	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	if !supported {
		// Terraform before 1.11: the framework refuses the twin at validation, naming it;
		// nothing reaches Konnect.
		cli.Write(config("sso", "https://idp.example.com", secrets["first"], 1, ""))
		out := run("apply with the twin", 1, "apply", "-auto-approve", "-input=false", "-no-color")
		flat := strings.Join(strings.Fields(out), " ")
		if !regexp.MustCompile(`WriteOnly Attribute Not Allowed .*client_secret_wo\. Write-only attributes are only supported in Terraform 1\.11 and later\.`).MatchString(flat) {
			t.Errorf("no error naming client_secret_wo and Terraform 1.11 in:\n%s", out)
		}
		noSecret("the refused apply", refusedOut(out))
		w.dropLog()
		wantWrites("the refused apply")
		return
	}

	// Create: Konnect receives the secret; nothing shows it, state holds only the version.
	cli.Write(config("sso", "https://idp.example.com", secrets["first"], 1, ""))
	out := run("create", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("the output of the create", out)
	checkLog("the create")
	wantWrites("create", `^POST \{.*"client_secret":"`+secrets["first"]+`"`)
	checkState("after create", 1, "https://idp.example.com")
	run("plan after create", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	checkLog("the plan after create")

	// Another attribute changes: the PATCH sends it alone.
	cli.Write(config("sso-2", "https://idp.example.com", secrets["first"], 1, ""))
	noSecret("a login_path change", run("a login_path change", 0, "apply", "-auto-approve", "-input=false", "-no-color"))
	checkLog("a login_path change")
	wantWrites("a login_path change", `^PATCH \{"login_path":"sso-2"\}$`)
	checkState("after a login_path change", 1, "https://idp.example.com")

	// The twin changes without its version: nothing to plan, nothing sent.
	cli.Write(config("sso-2", "https://idp.example.com", secrets["second"], 1, ""))
	noSecret("the plan of an unbumped change", run("plan of an unbumped change", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color"))
	checkLog("the plan of an unbumped change")

	// The version changes: the saved plan shows nothing of the secret; the PATCH carries the
	// new one alone.
	cli.Write(config("sso-2", "https://idp.example.com", secrets["second"], 2, ""))
	noSecret("the plan of a rotation", run("plan of a rotation", 2, "plan", "-out=rotate.tfplan", "-detailed-exitcode", "-input=false", "-no-color"))
	noSecret("show of the saved plan", run("show of the saved plan", 0, "show", "-no-color", "rotate.tfplan"))
	// The saved plan as JSON: its configuration section echoes the literal of main.tf; the
	// rest (planned values, changes, prior state) holds nothing of it.
	var saved map[string]any
	if err := json.Unmarshal([]byte(run("show -json of the saved plan", 0, "show", "-json", "rotate.tfplan")), &saved); err != nil {
		t.Fatalf("show -json: %v", err)
	}
	delete(saved, "configuration")
	rest, _ := json.Marshal(saved)
	noSecret("show -json of the saved plan (but for its configuration)", string(rest))
	noSecret("the apply of the rotation", run("apply of the rotation", 0, "apply", "-input=false", "-no-color", "rotate.tfplan"))
	checkLog("the rotation")
	wantWrites("a rotation", sendsSecret("second"))
	checkState("after a rotation", 2, "https://idp.example.com")

	// The OIDC config changes without a new version: its PATCH leaves the secret out
	// (Konnect keeps what a PATCH leaves out).
	cli.Write(config("sso-2", "https://idp2.example.com", secrets["second"], 2, ""))
	noSecret("an issuer change", run("an issuer change", 0, "apply", "-auto-approve", "-input=false", "-no-color"))
	checkLog("an issuer change")
	if got := wantWrites("an issuer change", `^PATCH \{"config":\{.*"issuer_url":"https://idp2\.example\.com".*\}\}$`); len(got) == 1 && strings.Contains(got[0], "client_secret") {
		t.Errorf("an issuer change without a new version sends the secret: %s", got[0])
	}
	checkState("after an issuer change", 2, "https://idp2.example.com")

	// Both the classic attribute and the twin: refused at validation, nothing written. (The
	// CLI's error quotes the configuration's line, here a literal: refusedOut leaves those
	// quoted lines out, as the secret would normally be a variable's.)
	cli.Write(config("sso-2", "https://idp2.example.com", secrets["third"], 3, secrets["third"]))
	out = run("plan with both", 1, "plan", "-input=false", "-no-color")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "Invalid Attribute Combination") || !strings.Contains(flat, "client_secret_wo") {
		t.Errorf("a plan setting client_secret and client_secret_wo is not refused as a conflict:\n%s", out)
	}
	noSecret("the plan with both", refusedOut(out))
	w.dropLog()
	// The twin without its version: refused too.
	cli.Write(config("sso-2", "https://idp2.example.com", secrets["third"], 0, ""))
	out = run("plan without a version", 1, "plan", "-input=false", "-no-color")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, `Attribute "client_secret_wo_version" must be specified when "client_secret_wo" is specified`) {
		t.Errorf("a plan setting client_secret_wo without its version is not refused:\n%s", out)
	}
	noSecret("the plan without a version", refusedOut(out))
	w.dropLog()
	// The twin without the OIDC config it belongs to: refused, naming config.
	cli.Write(config("sso-2", "", secrets["third"], 3, ""))
	out = run("plan without the OIDC config", 1, "plan", "-input=false", "-no-color")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, `Attribute "config" must be specified when "client_secret_wo" is specified`) {
		t.Errorf("a plan setting client_secret_wo without config is not refused:\n%s", out)
	}
	noSecret("the plan without the OIDC config", refusedOut(out))
	w.dropLog()
	wantWrites("the refused plans")

	// The twin dropped (config kept): the version leaves state and the classic secret stays
	// null (Konnect keeps the secret and never shows it); the PATCH carries nothing of it.
	cli.Write(config("sso-2", "https://idp2.example.com", "", 0, ""))
	out = run("plan without the twin", 2, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	noSecret("the plan without the twin", out)
	if !regexp.MustCompile(`- client_secret_wo_version\s+= 2 -> null`).MatchString(out) || strings.Contains(out, "known after apply") && regexp.MustCompile(`client_secret\s+= \(sensitive value\)`).MatchString(out) {
		t.Errorf("the plan without the twin:\n%s", out)
	}
	noSecret("apply without the twin", run("apply without the twin", 0, "apply", "-auto-approve", "-input=false", "-no-color"))
	checkLog("apply without the twin")
	if got := w.takeWrites(); len(got) > 1 || len(got) == 1 && got[0] != "PATCH {}" {
		t.Errorf("apply without the twin: Konnect received %q, want nothing or an empty PATCH", got)
	}
	checkState("after an apply without the twin", 0, "https://idp2.example.com")
	run("plan without the twin, again", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	w.dropLog()
	raw, _ := os.ReadFile(stateFile)
	id := regexp.MustCompile(`"id": "([0-9a-f-]{36})"`).FindStringSubmatch(string(raw))
	if id == nil {
		t.Fatalf("no id in the state:\n%s", raw)
	}
	if cfg, _ := env.Get("/v3/identity-providers/" + id[1])["config"].(map[string]any); cfg["issuer_url"] != "https://idp2.example.com" {
		t.Errorf("Konnect's config after an apply without the twin: %v", cfg)
	}

	// The twin again, with a new version: the PATCH sends the secret.
	cli.Write(config("sso-2", "https://idp2.example.com", secrets["third"], 3, ""))
	noSecret("the twin again", run("the twin again", 0, "apply", "-auto-approve", "-input=false", "-no-color"))
	checkLog("the twin again")
	wantWrites("the twin again", sendsSecret("third"))
	checkState("after the twin again", 3, "https://idp2.example.com")

	// Imported: the OIDC config as Konnect holds it, no version; configuration with its
	// version plans an update that sends the secret.
	run("state rm", 0, "state", "rm", "konnect_identity_provider.sso")
	noSecret("the import", run("import", 0, "import", "-input=false", "-no-color", "konnect_identity_provider.sso", id[1]))
	checkLog("the import")
	checkState("after the import", 0, "https://idp2.example.com")
	noSecret("the plan after the import", run("plan after the import", 2, "plan", "-detailed-exitcode", "-input=false", "-no-color"))
	checkLog("the plan after the import")
	wantWrites("the plan after the import")
	noSecret("the apply after the import", run("apply after the import", 0, "apply", "-auto-approve", "-input=false", "-no-color"))
	checkLog("the apply after the import")
	wantWrites("the apply after the import", sendsSecret("third"))
	checkState("after the apply after the import", 3, "https://idp2.example.com")
	run("plan after the apply after the import", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	w.dropLog()

	noSecret("the destroy", run("destroy", 0, "destroy", "-auto-approve", "-input=false", "-no-color"))
	checkLog("the destroy")
	wantWrites("the destroy", `^DELETE $`)
}
