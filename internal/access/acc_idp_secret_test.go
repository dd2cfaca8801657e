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

// An identity provider's OIDC client secret (config.oidc_identity_provider_config.client_secret),
// run with a real CLI the way a user runs it (acctest.CLIRun), the secret written
// as a literal in the configuration, so that only the attribute's own sensitivity protects
// it. Konnect never returns it: state keeps the value written (as Kong's provider does), in
// that attribute only, marked sensitive. It never appears in the CLI's output (apply, plan,
// show), in a TF_LOG=DEBUG log, in private state (the guard's record leaves it out), nor as a
// plain hash anywhere in the state file; its revision is keyed (config holds a sensitive attribute). Konnect receives it on
// create and when it changes, and a PATCH that changes something else does not send it. An
// import leaves it null: configuration that sets it plans an update, still without showing it.
// (The write-only twin, client_secret_wo: acc_idp_secret_wo_test.go. This runs
// with Terraform 1.5.7 and with OpenTofu alike.)
func TestAccIdentityProviderClientSecretNotShown(t *testing.T) {
	sensitiveChange := regexp.MustCompile(`client_secret\s+= \(sensitive value\)`)
	t.Parallel()
	const first, second = "Idp-Client-Secret-1st-9f2c7e", "Idp-Client-Secret-2nd-4b8d1a"
	env := acctest.NewEnv(t, konnectmock.Options{})

	// What Konnect receives, and where the secrets must not show (acc_secret_watch_test.go).
	w := newSecretWatch(t, env, "/v3/identity-providers", map[string]string{"the first secret": first, "the second secret": second})

	cli := acctest.NewCLIRun(t)
	config := func(loginPath, secret string) string {
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
  config = {
    oidc_identity_provider_config = {
      issuer_url    = "https://idp.example.com"
      client_id     = "konnect"
      client_secret = %q
    }
  }
}
`, w.url, acctest.TestToken, loginPath, secret)
	}
	run := func(what string, want int, args ...string) string {
		t.Helper()
		return w.run(cli, what, want, args...)
	}
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	noSecret, checkLog, wantWrites := w.noSecret, w.checkLog, w.wantWrites
	// checkState: the state file holds the secret (want, "" for none) only in the sensitive
	// attribute, nowhere else, not even hashed. (Whether the CLI lists the attribute in
	// sensitive_attributes is its own doing: Terraform 1.5.7 does after a create, not after
	// applying a saved plan or an import. The schema marks it sensitive: testdata/schemas.)
	checkState := func(what, want string) {
		t.Helper()
		raw, attrs, keys := w.stateInstance(what, stateFile)
		cfg, _ := attrs["config"].(map[string]any)
		oidc, _ := cfg["oidc_identity_provider_config"].(map[string]any)
		if got, _ := oidc["client_secret"].(string); got != want {
			t.Errorf("%s: state holds client_secret %q, want %q", what, got, want)
		}
		if cfg["saml_identity_provider_config"] != nil {
			t.Errorf("%s: the SAML branch of an OIDC provider is %v, want null", what, cfg["saml_identity_provider_config"])
		}
		if rev, _ := attrs["revision"].(string); !regexp.MustCompile(`^sha256:[0-9a-f]{64}$`).MatchString(rev) {
			t.Errorf("%s: revision %q", what, rev)
		}
		// The secret where it must be, once; nowhere else in the file.
		rest := string(raw)
		if want != "" {
			quoted, _ := json.Marshal(want)
			if n := strings.Count(rest, string(quoted)); n != 1 {
				t.Errorf("%s: the state file holds the secret %d times, want once (the attribute)", what, n)
			}
			rest = strings.Replace(rest, string(quoted), `"<the attribute>"`, 1)
		}
		noSecret(what+": the state file (but for the attribute)", rest)
		if len(keys["base"]) == 0 || !strings.Contains(string(keys["base"]), "issuer_url") {
			t.Errorf("%s: the guard's record holds no config: %s", what, keys["base"])
		}
	}

	// Create: Konnect receives the secret; nothing shows it.
	cli.Write(config("sso", first))
	out := run("create", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("the output of the create", out)
	if !sensitiveChange.MatchString(out) {
		t.Errorf("the plan of the create does not show the secret as sensitive:\n%s", out)
	}
	checkLog("the create")
	wantWrites("create", `^POST \{.*"client_secret":"`+first+`"`)
	checkState("after create", first)

	// Nothing changed: no diff, although Konnect returns no secret.
	run("plan after create", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	checkLog("the plan after create")

	// Another attribute changes: the PATCH sends it alone, not the secret.
	cli.Write(config("sso-2", first))
	out = run("a login_path change", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("the output of a login_path change", out)
	checkLog("a login_path change")
	wantWrites("a login_path change", `^PATCH \{"login_path":"sso-2"\}$`)
	checkState("after a login_path change", first)

	// The secret changes: the saved plan shows a sensitive change, the PATCH carries the new one.
	cli.Write(config("sso-2", second))
	out = run("plan of a rotation", 2, "plan", "-out=rotate.tfplan", "-detailed-exitcode", "-input=false", "-no-color")
	noSecret("the plan of a rotation", out)
	if !sensitiveChange.MatchString(out) {
		t.Errorf("the plan of a rotation does not show a sensitive change:\n%s", out)
	}
	noSecret("show of the saved plan", run("show of the saved plan", 0, "show", "-no-color", "rotate.tfplan"))
	out = run("apply of the rotation", 0, "apply", "-input=false", "-no-color", "rotate.tfplan")
	noSecret("the apply of the rotation", out)
	w.dropLog()
	wantWrites("a rotation", `^PATCH \{"config":\{.*"client_secret":"`+second+`".*\}\}$`)
	checkState("after a rotation", second)
	noSecret("show", run("show", 0, "show", "-no-color"))
	w.dropLog()

	// Imported: nothing of the secret (Konnect never returns it); configuration that sets it
	// plans an update that sends it, shown as sensitive.
	raw, _ := os.ReadFile(stateFile)
	id := regexp.MustCompile(`"id": "([0-9a-f-]{36})"`).FindStringSubmatch(string(raw))
	if id == nil {
		t.Fatalf("no id in the state:\n%s", raw)
	}
	run("state rm", 0, "state", "rm", "konnect_identity_provider.sso")
	out = run("import", 0, "import", "-input=false", "-no-color", "konnect_identity_provider.sso", id[1])
	noSecret("the import", out)
	checkLog("the import")
	checkState("after the import", "")
	out = run("plan after the import", 2, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	noSecret("the plan after the import", out)
	if !sensitiveChange.MatchString(out) {
		t.Errorf("the plan after the import does not show the secret as a sensitive change:\n%s", out)
	}
	checkLog("the plan after the import")
	w.takeWrites()
	out = run("apply after the import", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("the apply after the import", out)
	checkLog("the apply after the import")
	wantWrites("the apply after the import", `^PATCH \{"config":\{.*"client_secret":"`+second+`".*\}\}$`)
	checkState("after the apply after the import", second)

	out = run("destroy", 0, "destroy", "-auto-approve", "-input=false", "-no-color")
	noSecret("the destroy", out)
	checkLog("the destroy")
}
