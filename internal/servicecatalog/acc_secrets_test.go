package servicecatalog_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An integration instance's secrets, run with a real CLI (acctest.CLIRun), each passed in a
// sensitive variable as users do: the auth credential's key and the auth config's OAuth
// client secret reach Konnect, and are never in the CLI's output, its TF_LOG=DEBUG log, or
// private state (not even as a plain SHA-256); in state only in their sensitive attributes
// (multi_key_auth.config.headers[*].key, oauth_config.client_secret). A second credential
// and a second auth config for the instance are refused at plan, each naming the one Konnect
// holds with the import block that adopts it, and nothing is written (Konnect would refuse
// the credential with a 409, and replace the auth config: its PUT is an upsert). A new key replaces the credential. With a CLI that
// supports write-only attributes, client_secret_wo takes over from the classic secret: Konnect
// receives it and the state file holds nothing of the client secret; a new version sends the
// next one; and multi_key_auth_wo takes over the credential's keys: the switch and each new
// version replace the credential (Konnect has no update), and the state file holds no key.
func TestAccIntegrationInstanceSecrets(t *testing.T) {
	t.Parallel()
	secrets := []string{"dd-key-4c1e90b7a2", "oauth-secret-93d0f6e1", "dd-key-second-7be02f", "oauth-wo-1-58a3c9d0", "oauth-wo-2-e07b61f4",
		"dd-key-wo-1-3f9a0c71", "dd-key-wo-2-b82d5e04"}
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	logPath := filepath.Join(t.TempDir(), "tf.log")
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	key, secret := secrets[0], secrets[1]
	// write: the instance, its auth config (the classic secret, or the twin at a version)
	// and its credential; second adds another credential for the same instance.
	credVersion := 0 // the credential's write-only twin at this version (0: the classic keys)
	write := func(twinVersion int, second bool) {
		auth := "    client_secret = var.secret\n  }\n"
		if twinVersion > 0 {
			auth = fmt.Sprintf("  }\n  client_secret_wo         = var.secret\n  client_secret_wo_version = %d\n", twinVersion)
		}
		cred := `  multi_key_auth = {
    config = {
      headers = [{ name = "DD-API-KEY", key = var.key }]
    }
  }
`
		if credVersion > 0 {
			cred = fmt.Sprintf(`  multi_key_auth_wo         = jsonencode({ config = { headers = [{ name = "DD-API-KEY", key = var.key }] } })
  multi_key_auth_wo_version = %d
`, credVersion)
		}
		cfg := acctest.CLIRequiredProviders + env.ProviderBlock("") + `
variable "key" {
  type      = string
  sensitive = true
}

variable "secret" {
  type      = string
  sensitive = true
}

resource "konnect_integration_instance" "dd" {
  integration_name = "datadog"
  name             = "datadog-prod"
  display_name     = "Datadog (prod)"
  config           = jsonencode({ region = "us1" })
}

resource "konnect_integration_instance_auth_config" "dd" {
  integration_instance_id = konnect_integration_instance.dd.id
  oauth_config = {
    client_id              = "catalog"
    authorization_endpoint = "https://idp.example.com/authorize"
    token_endpoint         = "https://idp.example.com/token"
` + auth + `}

resource "konnect_integration_instance_auth_credential" "dd" {
  integration_instance_id = konnect_integration_instance.dd.id
` + cred + `}
`
		if second {
			cfg += `
resource "konnect_integration_instance_auth_config" "again" {
  integration_instance_id = konnect_integration_instance.dd.id
  oauth_config = {
    client_id              = "another"
    client_secret          = "another-secret"
    authorization_endpoint = "https://idp.example.com/authorize"
    token_endpoint         = "https://idp.example.com/token"
  }
}

resource "konnect_integration_instance_auth_credential" "again" {
  integration_instance_id = konnect_integration_instance.dd.id
  multi_key_auth = {
    config = {
      headers = [{ name = "DD-API-KEY", key = "another-key" }]
    }
  }
}
`
		}
		cli.Write(cfg)
	}
	run := func(what string, want int, args ...string) string {
		t.Helper()
		return cli.RunSecretFree(what, want, logPath, secrets, []string{"TF_VAR_key=" + key, "TF_VAR_secret=" + secret}, args...)
	}
	var instanceID string
	// checkState: private state shows no secret; the secrets are in state only in their
	// sensitive attributes (classic: the ones written; else none at all).
	checkState := func(what string, classic bool) {
		t.Helper()
		raw, instances := acctest.ReadStateFile(t, stateFile)
		for _, in := range instances {
			if found := acctest.SecretShown(string(in.Private), secrets); found != "" {
				t.Errorf("%s: %s's private state shows %s", what, in.Type, found)
			}
			attrs := in.Attributes
			switch in.Type {
			case "konnect_integration_instance":
				instanceID, _ = attrs["id"].(string)
			case "konnect_integration_instance_auth_credential":
				mka, _ := attrs["multi_key_auth"].(map[string]any)
				cfg, _ := mka["config"].(map[string]any)
				headers, _ := cfg["headers"].([]any)
				if credVersion > 0 {
					if mka != nil || attrs["multi_key_auth_wo"] != nil {
						t.Errorf("%s: with the twin, state holds multi_key_auth or its twin", what)
					}
					break
				}
				h, _ := headers[0].(map[string]any)
				if h["key"] != key {
					t.Errorf("%s: state's multi_key_auth.config.headers[0].key is not the key written", what)
				}
				h["key"] = nil
			case "konnect_integration_instance_auth_config":
				oc, _ := attrs["oauth_config"].(map[string]any)
				if got := oc["client_secret"]; (classic && got != secret) || (!classic && got != nil) {
					t.Errorf("%s: state's oauth_config.client_secret is not what it should be (classic %v, set %v)", what, classic, got != nil)
				}
				oc["client_secret"] = nil
			}
			rest, _ := json.Marshal(attrs)
			if found := acctest.SecretShown(string(rest), secrets); found != "" {
				t.Errorf("%s: %s's attributes show %s outside its sensitive attribute", what, in.Type, found)
			}
		}
		oauth := []string{secrets[1], secrets[3], secrets[4]} // the auth config's
		if found := acctest.SecretShown(string(raw), oauth); !classic && found != "" {
			t.Errorf("%s: the state file shows the client secret %s", what, found)
		}
		if found := acctest.SecretShown(string(raw), []string{key}); credVersion > 0 && found != "" {
			t.Errorf("%s: the state file shows the credential's key", what)
		}
	}
	received := func(what string) {
		t.Helper()
		sc := env.Mock.ServiceCatalog()
		if got, _ := sc.ClientSecret(instanceID); got != secret {
			t.Errorf("%s: Konnect holds another client secret (%d characters)", what, len(got))
		}
		if got := sc.CredentialKeys(instanceID); len(got) != 1 || got["DD-API-KEY"] != key {
			t.Errorf("%s: Konnect holds other credential keys (%d headers)", what, len(got))
		}
	}

	write(0, false)
	out := run("create", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	if !regexp.MustCompile(`client_secret\s+= \(sensitive value\)`).MatchString(out) || !regexp.MustCompile(`key\s+= \(sensitive value\)`).MatchString(out) {
		t.Errorf("the create's plan does not show the secrets as sensitive:\n%s", out)
	}
	checkState("after create", true)
	received("after create")
	run("plan after create", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")

	// A second credential for the instance: refused at plan, naming Konnect's, nothing written.
	write(0, true)
	out = run("a second credential", 1, "plan", "-input=false", "-no-color")
	flat := strings.Join(strings.Fields(out), " ")
	if !regexp.MustCompile(`with konnect_integration_instance_auth_credential\.again.*konnect_integration_instance_auth_credential with integration_instance_id "` + instanceID +
		`" already exists in Konnect.*import \{ to = konnect_integration_instance_auth_credential.<name> id = "` + instanceID + `" \}`).MatchString(flat) {
		t.Errorf("the second credential is not refused naming the existing one:\n%s", out)
	}
	if !regexp.MustCompile(`with konnect_integration_instance_auth_config\.again.*konnect_integration_instance_auth_config with integration_instance_id "` + instanceID +
		`" already exists in Konnect.*import \{ to = konnect_integration_instance_auth_config.<name> id = "` + instanceID + `" \}`).MatchString(flat) {
		t.Errorf("the second auth config is not refused naming the existing one:\n%s", out)
	}
	received("after the refused plan")

	// A new key replaces the credential.
	write(0, false)
	key = secrets[2]
	out = run("a new key", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	if !strings.Contains(out, "konnect_integration_instance_auth_credential.dd must be replaced") {
		t.Errorf("a new key does not replace the credential:\n%s", out)
	}
	checkState("after a new key", true)
	received("after a new key")

	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	if !supported {
		// Before Terraform 1.11: the framework refuses the twin, nothing is written.
		write(1, false)
		secret = secrets[3]
		out := run("apply with the twin", 1, "apply", "-auto-approve", "-input=false", "-no-color")
		if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "client_secret_wo") {
			t.Errorf("no error naming client_secret_wo:\n%s", out)
		}
		secret = secrets[1]
		received("after the refused twin")
		write(0, false)
	} else {
		// The twin: Konnect receives it; the state file holds no secret of the auth config.
		write(1, false)
		secret = secrets[3]
		run("switch to the twin", 0, "apply", "-auto-approve", "-input=false", "-no-color")
		checkState("after the switch", false)
		received("after the switch")
		run("plan after the switch", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
		// A new version sends the next one.
		write(2, false)
		secret = secrets[4]
		run("a new version", 0, "apply", "-auto-approve", "-input=false", "-no-color")
		checkState("after a new version", false)
		received("after a new version")

		// The credential's twin: the switch replaces the credential with one holding the
		// twin's key; the state file holds nothing of it; a new version replaces it again.
		credVersion, key = 1, secrets[5]
		write(2, false)
		out = run("the credential's twin", 0, "apply", "-auto-approve", "-input=false", "-no-color")
		if !strings.Contains(out, "konnect_integration_instance_auth_credential.dd must be replaced") {
			t.Errorf("the switch to the twin does not replace the credential:\n%s", out)
		}
		checkState("after the credential's twin", false)
		received("after the credential's twin")
		run("plan after the credential's twin", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
		credVersion, key = 2, secrets[6]
		write(2, false)
		run("a new credential version", 0, "apply", "-auto-approve", "-input=false", "-no-color")
		checkState("after a new credential version", false)
		received("after a new credential version")
	}

	run("destroy", 0, "destroy", "-auto-approve", "-input=false", "-no-color")
	if got := env.List("/v1/integration-instances"); len(got) != 0 {
		t.Errorf("after destroy Konnect holds %d instances", len(got))
	}
}
