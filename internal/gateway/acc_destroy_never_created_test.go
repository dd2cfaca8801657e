package gateway_test

import (
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 33, part 5: a plugin whose config has a typo was never created (its plan fails);
// `terraform destroy` still destroys the rest: the checks of what configuration would
// write do not run in the plan a destroy makes first, whose changes it discards. `plan`
// keeps failing on the typo. With the CLI as a user runs it (the provider reads its
// command line).
func TestAccDestroyNotBlockedByNeverCreated(t *testing.T) {
	t.Parallel()
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	base := acctest.CLIRequiredProviders + env.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" { name = "never-created" }
`
	cli.Write(base)
	t.Cleanup(func() {
		cli.Run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "destroy", "-auto-approve", "-no-color")
	})
	if out, code := cli.Run(nil, "apply", "-auto-approve", "-no-color"); code != 0 {
		t.Fatalf("apply: exit status %d\n%s", code, out)
	}
	cli.Write(base + `
resource "konnect_gateway_plugin" "typo" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minut = 5 })
}
`)
	out, code := cli.Run(nil, "plan", "-no-color")
	if code != 1 || !strings.Contains(out, "did you mean `minute`?") {
		t.Fatalf("plan with the typo: exit status %d, want 1 and the typo named\n%s", code, out)
	}
	out, code = cli.Run(nil, "destroy", "-auto-approve", "-no-color")
	if code != 0 || !strings.Contains(out, "Destroy complete! Resources: 1 destroyed.") {
		t.Fatalf("destroy: exit status %d, want 0 and the control plane destroyed\n%s", code, out)
	}
	if env.ControlPlaneByName("never-created") != nil {
		t.Error("the control plane is still in Konnect after the destroy")
	}
}
