package cloudgateway_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestAccServerlessClusterCertKey (Kong's issue #60: the key was not sensitive), run with a
// real CLI (acctest.CLIRun): the cluster certificate's key, from a sensitive variable, reaches
// Konnect and is never in the CLI's output, its TF_LOG=DEBUG log or private state (nor a plain
// SHA-256 of it); with the classic attribute the plan shows it as sensitive and state keeps it
// there only. With a CLI that has write-only attributes (OpenTofu 1.11+, Terraform 1.11+) the
// twin takes over: the gateway is replaced with the new key (Konnect has no update) and the
// state file holds no key at all; a new version replaces it again. With an older CLI the twin
// is refused and nothing is written.
func TestAccServerlessClusterCertKey(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	pairs := []acctest.TLSPair{acctest.TLSTestPEM(t, "one.example.com", false), acctest.TLSTestPEM(t, "two.example.com", false), acctest.TLSTestPEM(t, "three.example.com", false)}
	logPath := filepath.Join(t.TempDir(), "tf.log")
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	current := 0
	write := func(key string) {
		cli.Write(acctest.CLIRequiredProviders + env.ProviderBlock("") + fmt.Sprintf(`
variable "key" {
  type      = string
  sensitive = true
}

resource "konnect_gateway_control_plane" "serverless" {
  name         = "serverless"
  cluster_type = "CLUSTER_TYPE_SERVERLESS"
}

resource "konnect_serverless_cloud_gateway" "this" {
  control_plane = { id = konnect_gateway_control_plane.serverless.id, prefix = "518da50bf7", region = "us" }
  cluster_cert  = %q
  %s
}
`, pairs[0].Cert, key))
	}
	keys := []string{pairs[0].Key, pairs[1].Key, pairs[2].Key}
	shows := func(text string) string { return acctest.SecretShown(text, keys) }
	run := func(what string, want int, args ...string) string {
		t.Helper()
		return cli.RunSecretFree(what, want, logPath, keys, []string{"TF_VAR_key=" + pairs[current].Key}, append(args, "-input=false", "-no-color")...)
	}
	// state checks that private state shows no key, and returns the file and the gateway's
	// attributes.
	var cpID string
	state := func(what string) (string, map[string]any) {
		t.Helper()
		raw, attrs := acctest.StateSecretFree(t, what, stateFile, "konnect_serverless_cloud_gateway", keys)
		cpID, _ = attrs["id"].(string)
		return raw, attrs
	}
	received := func(what string, want int) {
		t.Helper()
		if env.Mock.CloudGateways().ServerlessKey(cpID) != pairs[want].Key {
			t.Errorf("%s: Konnect does not hold key %d", what, want)
		}
	}

	write("cluster_cert_key = var.key")
	out := run("create", 0, "apply", "-auto-approve")
	if !regexp.MustCompile(`cluster_cert_key\s+= \(sensitive value\)`).MatchString(out) {
		t.Errorf("the create's plan does not show the key as sensitive:\n%s", out)
	}
	if _, attrs := state("after create"); attrs["cluster_cert_key"] != pairs[0].Key {
		t.Errorf("state's cluster_cert_key is not what was written")
	}
	received("after create", 0)
	run("plan after create", 0, "plan", "-detailed-exitcode")

	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	twin := func(key, version int) string {
		current = key
		return fmt.Sprintf("cluster_cert_key_wo = var.key\n  cluster_cert_key_wo_version = %d", version)
	}
	if !supported {
		// Before Terraform 1.11: the framework refuses the twin, nothing is written.
		write(twin(1, 1))
		if out := run("apply with the twin", 1, "apply", "-auto-approve"); !strings.Contains(acctest.Flat(out), "cluster_cert_key_wo") {
			t.Errorf("no error naming cluster_cert_key_wo:\n%s", out)
		}
		received("after the refused twin", 0)
		return
	}
	// The twin: a new gateway with the new key; the state file holds no key at all.
	write(twin(1, 1))
	if out := run("switch to the twin", 0, "apply", "-auto-approve"); !strings.Contains(out, "must be replaced") {
		t.Errorf("the switch did not replace the gateway:\n%s", out)
	}
	if raw, attrs := state("after the switch"); shows(raw) != "" || attrs["cluster_cert_key"] != nil {
		t.Errorf("after the switch the state file shows %s", shows(raw))
	}
	received("after the switch", 1)
	run("plan after the switch", 0, "plan", "-detailed-exitcode")
	// A new version: replaced again, with the next key.
	write(twin(2, 2))
	run("new version", 0, "apply", "-auto-approve")
	if raw, _ := state("after the new version"); shows(raw) != "" {
		t.Errorf("after the new version the state file shows %s", shows(raw))
	}
	received("after the new version", 2)
	run("destroy", 0, "destroy", "-auto-approve")
	if env.Mock.CloudGateways().ServerlessKey(cpID) != "" {
		t.Errorf("after the destroy Konnect still holds the gateway")
	}
}
