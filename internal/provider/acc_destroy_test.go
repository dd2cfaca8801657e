package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A plain `terraform destroy` of objects someone changed in Konnect since Terraform last
// wrote them, run through the CLI as a user runs it: refused under policy fail with wording
// that fits a destroy (what changed, that destroying deletes it, the remedies), nothing
// deleted; the overwrite policy deletes.
func TestAccDestroyOfObjectChangedInKonnect(t *testing.T) {
	t.Parallel()
	env := newKonnectEnv(t, konnectmock.Options{})
	cli := newCLIRun(t)
	const cp = "destroy-wording"
	cli.write(cliRequiredProviders + env.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" { name = %q }
resource "konnect_gateway_service" "set" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "set"
  host             = "set.internal"
  retries          = 5
}
resource "konnect_gateway_service" "unset" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "unset"
  host             = "unset.internal"
}
`, cp))
	t.Cleanup(func() {
		cli.run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "destroy", "-auto-approve", "-no-color")
	})
	if out, code := cli.run(nil, "apply", "-auto-approve", "-no-color"); code != 0 {
		t.Fatalf("apply: exit %d\n%s", code, out)
	}
	match := func(what, out string, patterns ...string) {
		t.Helper()
		for _, p := range patterns {
			if !regexp.MustCompile(p).MatchString(out) {
				t.Errorf("%s: output does not match %q:\n%s", what, p, out)
			}
		}
	}
	stillThere := func(what string) {
		t.Helper()
		for _, name := range []string{"set", "unset"} {
			if env.get(env.corePath(cp, "services", name)) == nil {
				t.Fatalf("%s: service %q was deleted", what, name)
			}
		}
	}

	// An attribute configuration sets, changed in Konnect: `terraform destroy` plans the
	// configuration first, and that plan says what it means for a destroy too.
	env.edit(env.corePath(cp, "services", "set"), setAll(konnect.Object{"retries": 2}))
	out, code := cli.run(nil, "destroy", "-auto-approve", "-no-color")
	if code != 1 {
		t.Fatalf("destroy: exit %d, want 1\n%s", code, out)
	}
	match("destroy after a change configuration sets", out, `retries\s+last applied: 5\s+in Konnect now: 2`,
		`Running terraform destroy\? It plans the configuration first and stops here:\s+destroying deletes these changes too\.`,
		`KONNECT_CONFLICT_POLICY=overwrite`)
	stillThere("after the refused destroy")

	// The same change, stored in state by a refresh (which never fails over it), then a
	// destroy that does not plan the configuration again (-refresh=false): the destroy's own
	// plan refuses, with wording that fits a destroy.
	if out, code := cli.run(nil, "apply", "-refresh-only", "-auto-approve", "-no-color"); code != 0 {
		t.Fatalf("apply -refresh-only: exit %d\n%s", code, out)
	}
	out, code = cli.run(nil, "destroy", "-auto-approve", "-no-color", "-refresh=false")
	if code != 1 {
		t.Fatalf("destroy -refresh=false: exit %d, want 1\n%s", code, out)
	}
	match("destroy -refresh=false", out, `Error: Destroying this object would delete changes made in Konnect`,
		`retries\s+last applied: 5\s+in Konnect now: 2`,
		`Destroying it deletes these changes too, and nothing was deleted\.`,
		`set them in configuration, apply \(Terraform\s+adopts them\), then destroy`,
		`Delete anyway: re-run with KONNECT_CONFLICT_POLICY=overwrite`)
	stillThere("after the second refused destroy")

	// An attribute configuration never set, changed in Konnect: Terraform never wrote its
	// value (it was Konnect's default), so it follows Konnect and does not stop the destroy;
	// a warning names it, without a "last applied" value.
	env.edit(env.corePath(cp, "services", "set"), setAll(konnect.Object{"retries": 5}))
	env.edit(env.corePath(cp, "services", "unset"), set("read_timeout", 90000))
	out, code = cli.run(nil, "destroy", "-auto-approve", "-no-color")
	if code != 0 {
		t.Fatalf("destroy over attributes configuration never set: exit %d, want 0\n%s", code, out)
	}
	match("destroy over never-set attributes", out, `Warning: Destroying an object that was changed in Konnect`,
		`konnect_gateway_service\.unset`, `read_timeout\s+in Konnect now: 90000`,
		`They follow Konnect, so they do not stop the destroy`, `Destroy complete! Resources: 3 destroyed\.`)
	if regexp.MustCompile(`last applied: 60000`).MatchString(out) {
		t.Errorf("a value Terraform never wrote is shown as last applied:\n%s", out)
	}
	if env.controlPlaneByName(cp) != nil {
		t.Fatalf("the control plane is still in Konnect after destroy")
	}
}
