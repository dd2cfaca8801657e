package provider

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A refresh writes nothing to Konnect, so it never fails because of Guard 2 (guards.md):
// configuration says 5, someone sets 2 in Konnect, and both ways to refresh succeed and
// store 2; the next plan refuses to write 5 over it. `terraform refresh` is a normal plan
// inside the CLI (the provider is asked to plan as for `terraform plan`), which used to
// fail with the conflict; `apply -refresh-only` asks for no plan. Run with the CLI as a
// user runs it (cliRun): the provider reads which command launched it.
func TestAccRefreshLeavesConflictToNextPlan(t *testing.T) {
	t.Parallel()
	commands := map[string][]string{
		"refresh":            {"refresh", "-no-color"},
		"apply-refresh-only": {"apply", "-refresh-only", "-auto-approve", "-no-color"},
	}
	for _, c := range intentCases {
		if c.name != "service" && c.name != "plugin" { // a scalar attribute and a config key
			continue
		}
		for name, refresh := range commands {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				t.Parallel()
				env := newKonnectEnv(t, konnectmock.Options{})
				cp := "refresh-" + c.name + "-" + name
				cli := newCLIRun(t)
				cli.write(cliRequiredProviders + c.config(env, cp, "", c.hcl[0]))
				t.Cleanup(func() {
					cli.run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "destroy", "-auto-approve", "-no-color")
				})
				if out, code := cli.run(nil, "apply", "-auto-approve", "-no-color"); code != 0 {
					t.Fatalf("first apply: exit status %d\n%s", code, out)
				}
				c.setInKonnect(env, cp, c.json[1]) // configuration still says json[0]
				env.resetRequests()

				out, code := cli.run(nil, refresh...)
				if code != 0 {
					t.Fatalf("%s: exit status %d, want 0: a refresh writes nothing and must not fail on a conflict\n%s", strings.Join(refresh, " "), code, out)
				}
				if strings.Contains(out, "Error") {
					t.Errorf("%s printed an error:\n%s", strings.Join(refresh, " "), out)
				}
				if w := env.writesSince(); len(w) > 0 {
					t.Errorf("%s wrote to Konnect: %v", strings.Join(refresh, " "), w)
				}
				if got, want := fmt.Sprint(stateValue(t, cli, c.address, c.path)), fmt.Sprint(c.json[1]); got != want {
					t.Errorf("after %s, state holds %s = %s, want Konnect's %s", strings.Join(refresh, " "), c.field, got, want)
				}

				out, code = cli.run(nil, "plan", "-no-color")
				conflict := regexp.MustCompile(`(?s)Error: Applying this plan would overwrite changes made in Konnect.*\s` +
					regexp.QuoteMeta(c.field) + `\s+last applied: ` + c.hcl[0] + `\s+in Konnect now: ` + c.hcl[1] + `\s+planned: ` + c.hcl[0])
				if code != 1 || !conflict.MatchString(out) {
					t.Fatalf("the plan after %s: exit status %d, want 1 with the conflict on %s\n%s", strings.Join(refresh, " "), code, c.field, out)
				}
				c.want(t, env, cp, "after the refused plan", c.json[1])
			})
		}
	}
}

// stateValue is the value at path (an attribute, then keys of a JSON attribute such as a
// plugin's config) of a resource in the state, as `show -json` gives it.
func stateValue(t *testing.T, cli *cliRun, address string, path []string) any {
	t.Helper()
	out, code := cli.run(nil, "show", "-json")
	if code != 0 {
		t.Fatalf("show -json: exit status %d\n%s", code, out)
	}
	var shown struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil {
		t.Fatalf("show -json: %v\n%s", err, out)
	}
	for _, r := range shown.Values.RootModule.Resources {
		if r.Address != address {
			continue
		}
		var cur any = r.Values
		for _, p := range path {
			if s, ok := cur.(string); ok { // a JSON attribute
				if err := json.Unmarshal([]byte(s), &cur); err != nil {
					t.Fatalf("%s in state: %v", address, err)
				}
			}
			m, _ := cur.(map[string]any)
			cur = m[p]
		}
		return cur
	}
	t.Fatalf("%s not in state:\n%s", address, out)
	return nil
}
