package consumers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A consumer key's secret, run with a real CLI (acctest.CLIRun). A key of type new: Konnect
// generates the secret and shows it once, in its answer to the create; state keeps it in
// `secret` (sensitive) and nowhere else (not in private state, not as a plain SHA-256), the
// CLI's output and its TF_LOG=DEBUG log never show it, and the plan after is empty (nothing
// regenerates it). A legacy key's secret from the write-only twin reaches Konnect and is in
// no state at all; a version bump replaces the key with the new secret. With an older CLI the
// framework refuses the twin and nothing is written.
func TestAccCentralizedKeySecret(t *testing.T) {
	t.Parallel()
	legacy := []string{"legacy-key-1-7c0d9e2a41", "legacy-key-2-b83f5a06de"}
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	logPath := filepath.Join(t.TempDir(), "tf.log")
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	current := ""
	write := func(legacyKey string) {
		cli.Write(acctest.CLIRequiredProviders + env.ProviderBlock("") + `
variable "legacy" {
  type      = string
  sensitive = true
}

resource "konnect_realm" "keys" {
  name = "keys"
}

resource "konnect_centralized_consumer" "ann" {
  realm_id = konnect_realm.keys.id
  username = "ann"
}

resource "konnect_centralized_consumer_key" "generated" {
  realm_id    = konnect_realm.keys.id
  consumer_id = konnect_centralized_consumer.ann.id
  type        = "new"
}
` + legacyKey)
	}
	legacyTwin := func(version int) string {
		current = legacy[version-1]
		return fmt.Sprintf(`
resource "konnect_centralized_consumer_key" "legacy" {
  realm_id          = konnect_realm.keys.id
  consumer_id       = konnect_centralized_consumer.ann.id
  secret_wo         = var.legacy
  secret_wo_version = %d
}
`, version)
	}
	run := func(what string, want int, secrets []string, args ...string) string {
		t.Helper()
		return cli.RunSecretFree(what, want, logPath, secrets, []string{"TF_VAR_legacy=" + current}, args...)
	}
	keyID := func(attrs map[string]any) string { id, _ := attrs["id"].(string); return id }

	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	if !supported {
		// Before Terraform 1.11: the framework refuses the twin, nothing is written.
		write(legacyTwin(1))
		out := run("apply with the twin", 1, legacy, "apply", "-auto-approve", "-input=false", "-no-color")
		if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "secret_wo") {
			t.Errorf("no error naming secret_wo:\n%s", out)
		}
		if got := env.List("/v1/realms"); len(got) != 0 {
			t.Errorf("a refused apply wrote realms %v", got)
		}
		return
	}

	write(legacyTwin(1))
	out := run("create", 0, legacy, "apply", "-auto-approve", "-input=false", "-no-color")
	if !strings.Contains(out, "secret            = (sensitive value)") {
		t.Errorf("the create's plan does not show the generated secret as sensitive:\n%s", out)
	}
	raw, _ := acctest.StateSecretFree(t, "after create", stateFile, "konnect_centralized_consumer_key", legacy)
	// The state holds both keys: each by its type.
	_, instances := acctest.ReadStateFile(t, stateFile)
	var genID, legacyID, genSecret string
	for _, in := range instances {
		if in.Type != "konnect_centralized_consumer_key" {
			continue
		}
		switch in.Attributes["type"] {
		case "new":
			genID, _ = in.Attributes["id"].(string)
			genSecret, _ = in.Attributes["secret"].(string)
		case "legacy":
			legacyID = keyID(in.Attributes)
			if in.Attributes["secret"] != nil || in.Attributes["secret_wo"] != nil {
				t.Errorf("the legacy key's state holds a secret")
			}
		}
	}
	konnectGen, _ := env.Mock.Consumers().Secret(genID)
	if konnectGen == "" || genSecret != konnectGen {
		t.Fatalf("state's secret of the generated key is not Konnect's (%d and %d characters)", len(genSecret), len(konnectGen))
	}
	if n := strings.Count(raw, konnectGen); n != 1 {
		t.Errorf("the state file holds the generated secret %d times, want once (its sensitive attribute)", n)
	}
	all := append([]string{konnectGen}, legacy...)
	if found := acctest.SecretShown(out, all); found != "" {
		t.Errorf("the create's output shows %s", found)
	}
	acctest.StateSecretFree(t, "after create", stateFile, "konnect_centralized_consumer_key", all)
	logged, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if found := acctest.SecretShown(string(logged), all); found != "" {
		t.Errorf("the create's debug log shows %s", found)
	}
	if got, _ := env.Mock.Consumers().Secret(legacyID); got != legacy[0] {
		t.Errorf("Konnect holds another legacy secret (%d characters)", len(got))
	}
	run("plan after create", 0, all, "plan", "-detailed-exitcode", "-input=false", "-no-color")

	// A new version of the legacy secret replaces that key; the generated one stays.
	write(legacyTwin(2))
	out = run("bump the legacy secret", 0, all, "apply", "-auto-approve", "-input=false", "-no-color")
	if !strings.Contains(out, "konnect_centralized_consumer_key.legacy must be replaced") {
		t.Errorf("the bump did not replace the legacy key:\n%s", out)
	}
	raw, _ = acctest.StateSecretFree(t, "after the bump", stateFile, "konnect_centralized_consumer_key", all)
	_, instances = acctest.ReadStateFile(t, stateFile)
	for _, in := range instances {
		if in.Type == "konnect_centralized_consumer_key" && in.Attributes["type"] == "legacy" {
			legacyID = keyID(in.Attributes)
		}
	}
	if got, _ := env.Mock.Consumers().Secret(legacyID); got != legacy[1] {
		t.Errorf("after the bump Konnect holds another legacy secret (%d characters)", len(got))
	}
	if got, _ := env.Mock.Consumers().Secret(genID); got != konnectGen {
		t.Errorf("the generated key was changed by the bump")
	}
	if found := acctest.SecretShown(raw, legacy); found != "" {
		t.Errorf("after the bump the state file shows %s", found)
	}
	run("destroy", 0, all, "destroy", "-auto-approve", "-input=false", "-no-color")
	if got := env.List("/v1/realms"); len(got) != 0 {
		t.Errorf("after destroy Konnect holds realms %v", got)
	}
}
