package organization_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// An audit log destination's authorization, which Konnect never returns, run with a real CLI
// (acctest.CLIRun): Konnect receives it, and it is never in the CLI's output, its
// TF_LOG=DEBUG log, or private state (not even as a plain SHA-256); with the classic attribute
// state keeps it as a sensitive value, the plan after is empty. With a CLI that supports
// write-only attributes, the write-only twin takes over: Konnect receives the new value and
// the state file holds no secret at all (the classic attribute is null); someone sets another
// authorization in Konnect, and a version bump that would overwrite it is a conflict naming
// the attribute without its value, Konnect keeping theirs; under overwrite the new value goes.
// With an older CLI the framework refuses the twin and nothing is written.
func TestAccAuditLogDestinationAuthorization(t *testing.T) {
	t.Parallel()
	secrets := []string{"Bearer classic-7d1e0c93", "Bearer twin-1-5a0f2b71", "Bearer in-the-ui-c4e19d", "Bearer twin-2-90b3e6a8"}
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	logPath := filepath.Join(t.TempDir(), "tf.log")
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	// The secret comes from a sensitive variable (TF_VAR_auth), as users pass one.
	current := ""
	write := func(policy, auth string) {
		cli.Write(acctest.CLIRequiredProviders + env.ProviderBlock(policy) + `
variable "auth" {
  type      = string
  sensitive = true
}

resource "konnect_audit_log_destination" "siem" {
  name     = "siem"
  endpoint = "https://siem.example.com/konnect"
` + auth + `}
`)
	}
	shows := func(text string) string { return acctest.SecretShown(text, secrets) }
	run := func(what string, want int, args ...string) string {
		t.Helper()
		return cli.RunSecretFree(what, want, logPath, secrets, []string{"TF_VAR_auth=" + current}, args...)
	}
	var id string
	// checkState: private state shows no secret; attrs is the destination's attributes.
	checkState := func(what string) (string, map[string]any) {
		t.Helper()
		raw, attrs := acctest.StateSecretFree(t, what, stateFile, "konnect_audit_log_destination", secrets)
		id, _ = attrs["id"].(string)
		return raw, attrs
	}
	received := func(what, want string) {
		t.Helper()
		if got, _ := env.Mock.Organization().Authorization(id); got != want {
			t.Errorf("%s: Konnect holds another authorization (%d characters)", what, len(got))
		}
	}

	// The classic attribute: Konnect receives it; state keeps it, sensitive.
	current = secrets[0]
	write("", "  authorization = var.auth\n")
	out := run("create", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	if !strings.Contains(out, `authorization         = (sensitive value)`) {
		t.Errorf("the create's plan does not show the authorization as sensitive:\n%s", out)
	}
	_, attrs := checkState("after create")
	if attrs["authorization"] != secrets[0] {
		t.Errorf("state's authorization is not what was written")
	}
	received("after create", secrets[0])
	run("plan after create", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")

	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	twin := func(secret string, version int) string {
		current = secret
		return fmt.Sprintf("  authorization_wo         = var.auth\n  authorization_wo_version = %d\n", version)
	}
	if !supported {
		// Before Terraform 1.11: the framework refuses the twin, nothing is written.
		write("", twin(secrets[1], 1))
		out := run("apply with the twin", 1, "apply", "-auto-approve", "-input=false", "-no-color")
		if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "authorization_wo") {
			t.Errorf("no error naming authorization_wo:\n%s", out)
		}
		received("after the refused twin", secrets[0])
		return
	}

	// The twin: Konnect receives the new value; the state file holds no secret at all.
	write("", twin(secrets[1], 1))
	run("switch to the twin", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	raw, attrs := checkState("after the switch")
	if found := shows(raw); found != "" || attrs["authorization"] != nil || attrs["authorization_wo"] != nil {
		t.Errorf("after the switch the state file shows %q (authorization %v)", found, attrs["authorization"] != nil)
	}
	received("after the switch", secrets[1])
	run("plan after the switch", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")

	// Someone sets another authorization in Konnect: a version bump would overwrite it.
	env.Edit("/v3/audit-log-destinations/"+id, func(b map[string]any) { b["authorization"] = secrets[2] })
	write("", twin(secrets[3], 2))
	out = run("bump over a change in Konnect", 1, "plan", "-input=false", "-no-color")
	flat := strings.Join(strings.Fields(out), " ")
	if !regexp.MustCompile(`Applying this plan would overwrite changes made in Konnect.*konnect_audit_log_destination.*authorization_wo last applied: \(a secret\) in Konnect now: \(a different secret\)`).MatchString(flat) {
		t.Errorf("no conflict naming the authorization:\n%s", out)
	}
	received("after the refused plan", secrets[2])
	write("overwrite", twin(secrets[3], 2))
	run("bump under overwrite", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	raw, _ = checkState("after the bump")
	if found := shows(raw); found != "" {
		t.Errorf("after the bump the state file shows %s", found)
	}
	received("after the bump", secrets[3])
	run("destroy", 0, "destroy", "-auto-approve", "-input=false", "-no-color")
	if got := env.List("/v3/audit-log-destinations"); len(got) != 0 {
		t.Errorf("after destroy Konnect holds %v", got)
	}
}
