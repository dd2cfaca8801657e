package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// "Last applied" only ever shows a value Terraform wrote or the user adopted (guards.md).
// Two services whose configuration sets read_timeout only; someone sets retries to 2 in
// Konnect on both (Konnect's default, 5, was never written by Terraform). Configuration then
// sets retries for the first time, to 5 on a and 3 on b: each a conflict with the change
// made since Terraform's last write, showing 5 as what Konnect held, not as "last applied";
// then to 2 on both, an adoption that says the attribute was not set by configuration
// before; after which a change in Konnect conflicts with the adopted value, last applied.
func TestAccNeverSetAttributeDiagnostics(t *testing.T) {
	t.Parallel()
	env := newKonnectEnv(t, konnectmock.Options{})
	const cp = "never-set"
	cli := newCLIRun(t)
	write := func(aRetries, bRetries string) {
		cli.write(cliRequiredProviders + env.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_service" "a" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "a"
  host             = "a.internal"
  read_timeout     = 60000
  %s
}
resource "konnect_gateway_service" "b" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "b"
  host             = "b.internal"
  read_timeout     = 60000
  %s
}
`, cp, aRetries, bRetries))
	}
	t.Cleanup(func() {
		cli.run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "destroy", "-auto-approve", "-no-color")
	})
	match := func(what, out string, patterns ...string) {
		t.Helper()
		for _, p := range patterns {
			if !regexp.MustCompile(p).MatchString(out) {
				t.Errorf("%s: output does not match %q:\n%s", what, p, out)
			}
		}
		if regexp.MustCompile(`last applied: 5\b`).MatchString(out) {
			t.Errorf("%s: Konnect's default, never written by Terraform, is shown as last applied:\n%s", what, out)
		}
	}
	write("", "")
	if out, code := cli.run(nil, "apply", "-auto-approve", "-no-color"); code != 0 {
		t.Fatalf("apply: exit status %d\n%s", code, out)
	}
	for _, name := range []string{"a", "b"} {
		env.edit(env.corePath(cp, "services", name), setAll(konnect.Object{"retries": 2}))
	}

	write("retries = 5", "retries = 3")
	out, code := cli.run(nil, "plan", "-no-color")
	if code != 1 {
		t.Fatalf("plan: exit status %d, want 1 (the conflicts)\n%s", code, out)
	}
	match("plan", out, `retries\s+Konnect held: 5\s+in Konnect now: 2\s+planned: 5`, `retries\s+Konnect held: 5\s+in Konnect now: 2\s+planned: 3`)

	write("retries = 2", "retries = 2")
	out, code = cli.run(nil, "apply", "-auto-approve", "-no-color")
	if code != 0 {
		t.Fatalf("apply: exit status %d\n%s", code, out)
	}
	match("apply", out, `(?s)Warning: Adopting changes made in Konnect.*retries\s+not set by configuration before\s+in Konnect and configuration: 2`,
		`Apply complete! Resources: 0 added, 2 changed, 0 destroyed\.`)
	wantField(t, "after the apply", env.get(env.corePath(cp, "services", "a")), "retries", 2)
	wantField(t, "after the apply", env.get(env.corePath(cp, "services", "b")), "retries", 2)

	// From now on a's retries is configuration's: a change in Konnect is a conflict with
	// the adopted value.
	env.edit(env.corePath(cp, "services", "a"), setAll(konnect.Object{"retries": 4}))
	out, code = cli.run(nil, "plan", "-no-color")
	if code != 1 {
		t.Fatalf("plan after adopting: exit status %d, want 1\n%s", code, out)
	}
	match("plan after adopting", out, `retries\s+last applied: 2\s+in Konnect now: 4\s+planned: 2`)
}
