package gateway_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The files the konnect_gateway_plugin page shows in "Configuration checked at plan": the
// configuration, and what `terraform plan` prints for it, with the page's control plane id
// and file name.
const (
	planCheckExample = "plan-check.tf"
	planCheckOutput  = "plan-check.txt"
	planCheckCPID    = "9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a"
	planCheckFile    = "main.tf"
)

// The plan-time check the konnect_gateway_plugin page shows is real: planning the page's
// configuration against a control plane named payments prints exactly the page's output
// (the CLI's whole error output, the control plane's id and the file's name aside), and
// Konnect holds no plugin afterwards.
func TestAccPluginDocPlanCheck(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	dir := filepath.Join("..", "..", "examples", "resources", "konnect_gateway_plugin")
	hcl, err := os.ReadFile(filepath.Join(dir, planCheckExample))
	if err != nil {
		t.Fatal(err)
	}
	shown, err := os.ReadFile(filepath.Join(dir, planCheckOutput))
	if err != nil {
		t.Fatal(err)
	}
	cpID := env.MkCP(konnect.Object{"name": "payments"})
	want := strings.TrimSpace(string(shown))
	if !strings.Contains(want, planCheckCPID) || !strings.Contains(want, "on "+planCheckFile+" line ") {
		t.Fatalf("%s does not name control plane %s and file %s", planCheckOutput, planCheckCPID, planCheckFile)
	}
	// The test harness writes the configuration to its own file; the id is the mock's.
	want = strings.ReplaceAll(want, planCheckCPID, cpID)
	want = strings.ReplaceAll(want, "on "+planCheckFile+" line ", "on terraform_plugin_test.tf line ")
	// The first line is the test harness's own ("Error running pre-apply plan: ..."); the
	// rest is the CLI's error output, all of it.
	expect := regexp.MustCompile(`\A[^\n]*\n\n` + regexp.QuoteMeta(want) + `\s*\z`)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			// The page's configuration from its first line, so the CLI names the same lines;
			// the provider block follows it (a terraform block keeps the harness from
			// writing its own blocks first).
			Config:      string(hcl) + "\nterraform {}\n\n" + env.ProviderBlock(""),
			ExpectError: expect,
		}},
	})
	if n := len(env.List(env.CorePath("payments", "plugins"))); n != 0 {
		t.Errorf("Konnect holds %d plugin(s) after the failed plan, want 0", n)
	}
}
