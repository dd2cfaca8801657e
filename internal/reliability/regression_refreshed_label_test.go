package reliability

import (
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Regression (diagnostic wording; found by property 5, adopt_test.go; fixed). Guard 2 also reports a
// field that moved since the previous refresh even when Konnect now holds the base again;
// the diagnostic then says "last refreshed: <what that refresh found>", not "last applied",
// because Terraform never applied that value. For a plugin's config key the conflict is
// split per key path (guard.ExpandJSON), and the split conflicts lose the Refreshed mark:
// the diagnostic says "config.minute   last applied: 3" although Terraform last applied
// (adopted) 2. The same sequence on a service says "retries   last refreshed: 3".
//
// Sequence: minute adopted at 2; someone sets 3; `terraform apply -refresh-only`; someone
// sets 2 back; configuration says 1; `terraform apply` is refused (correctly) with a
// diagnostic that names the wrong origin for 3.
//
// Fixed in internal/guard/secrets.go: ExpandJSON copies c.Refreshed into the per-key
// conflicts it builds.
func TestRegressionPluginConfigRefreshedConflictSaysLastRefreshed(t *testing.T) {
	for _, s := range adoptSubjects {
		if s.name == "route" {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			e := newEnv(t, envOptions{})
			cp, _, err := e.client("setup").CreateControlPlane(e.ctx, konnect.Object{"name": "refreshed-" + s.name})
			if err != nil {
				t.Fatal(err)
			}
			cpID := cp["id"].(string)
			set := func(in *inst, v any) {
				t.Helper()
				c := e.client(writerAgent)
				coll := konnect.CoreEntitiesPath(cpID, s.coll)
				obj, _, err := c.GetEntity(e.ctx, coll, in.id())
				if err != nil {
					t.Fatal(err)
				}
				delete(obj, "created_at")
				delete(obj, "updated_at")
				s.set(obj, v, nil)
				if _, _, err := c.PutEntity(e.ctx, coll, in.id(), obj, ""); err != nil {
					t.Fatal(err)
				}
			}
			in := newInst(s.typ, s.name, s.config(cpID, 3))
			mustConverge(t, e, in)
			set(in, 2)
			in.cfg = s.config(cpID, 2)
			mustAdopt(t, e, in) // Terraform's value is 2 now
			set(in, 3)
			if d, err := e.mustRun("refresh-only", "fail").read(e.ctx, in); err != nil || hasError(d) {
				t.Fatalf("%v %s", err, diagText(d))
			}
			set(in, 2)
			in.cfg = s.config(cpID, 1)
			d, applied, err := e.mustRun("apply", "fail").converge(e.ctx, in)
			if err != nil || applied || !hasError(d) {
				t.Fatalf("the apply should be refused: applied=%v %v\n%s", applied, err, diagText(d))
			}
			text := diagText(d)
			if strings.Contains(text, "last applied: 3") || !strings.Contains(text, "last refreshed: 3") {
				t.Errorf("Terraform last applied (adopted) 2; 3 is what the previous refresh found, and the diagnostic should say \"last refreshed: 3\":\n%s", text)
			}
		})
	}
}
