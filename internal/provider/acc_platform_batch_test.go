package provider

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// platformBatchConfig is a portal, and platformBatchN teams, portal teams and pages of it.
func (e *konnectEnv) platformBatchConfig() string {
	return e.providerBlock("") + fmt.Sprintf(`
resource "konnect_portal" "dev" {
  name = "batch"
}

resource "konnect_team" "t" {
  count       = %[1]d
  name        = "team-${count.index}"
  description = "d-${count.index}"
}

resource "konnect_portal_team" "pt" {
  count       = %[1]d
  portal_id   = konnect_portal.dev.id
  name        = "devs-${count.index}"
  description = "p-${count.index}"
}

resource "konnect_portal_page" "p" {
  count     = %[1]d
  portal_id = konnect_portal.dev.id
  slug      = "page-${count.index}"
  content   = "# Page ${count.index}\n"
}
`, platformBatchN)
}

const platformBatchN = 30

// Platform kinds join the batched refresh: a plan of 30 teams and 30 portal teams reads each
// collection with one listing (after one direct GET), and so do portal pages, whose listing
// has no content: a page whose listed updated_at is the one its last full read saw is not read
// again (TestAccPageAndSnippetEditsFoundFromListing, internal/portal: an edit is still
// found). A team edited in Konnect between plans is still a conflict. This counts API calls;
// it times nothing.
func TestAccPlatformBatchedRefresh(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	const n = platformBatchN
	rec := &diagRecorder{}
	var portalID string
	teamIDs := map[string]bool{}
	portalTeamIDs := map[string]bool{}
	pageIDs := map[string]bool{}
	byPath := func() map[string]int {
		out := map[string]int{}
		for _, r := range env.requests() {
			out[r]++
		}
		return out
	}
	// singles counts the GETs of objects of a collection, by the ids given.
	singles := func(calls map[string]int, collection string, ids map[string]bool) int {
		total := 0
		for id := range ids {
			total += calls["GET "+collection+"/"+id]
		}
		return total
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.factories(),
		Steps: []resource.TestStep{
			{
				Config: env.platformBatchConfig(),
				Check: func(s *terraform.State) error {
					for addr, rs := range s.RootModule().Resources {
						switch {
						case addr == "konnect_portal.dev":
							portalID = rs.Primary.ID
						case strings.HasPrefix(addr, "konnect_team.t."):
							teamIDs[rs.Primary.ID] = true
						case strings.HasPrefix(addr, "konnect_portal_team.pt."):
							portalTeamIDs[rs.Primary.ID] = true
						case strings.HasPrefix(addr, "konnect_portal_page.p."):
							pageIDs[rs.Primary.ID] = true
						}
					}
					if len(teamIDs) != n || len(portalTeamIDs) != n || len(pageIDs) != n || portalID == "" {
						return fmt.Errorf("state holds %d teams, %d portal teams, %d pages, portal %q", len(teamIDs), len(portalTeamIDs), len(pageIDs), portalID)
					}
					return nil
				},
			},
			{
				PreConfig: func() { env.resetRequests() },
				Config:    env.platformBatchConfig(),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					outOfBand(func() {
						calls := byPath()
						portalTeams := "/v3/portals/" + portalID + "/teams"
						pages := "/v3/portals/" + portalID + "/pages"
						if got := calls["GET /v3/teams"]; got != 1 {
							t.Errorf("refresh of %d teams listed them %d times, want 1", n, got)
						}
						if got := singles(calls, "/v3/teams", teamIDs); got != 1 {
							t.Errorf("refresh of %d teams read %d single teams, want 1 (the first; the rest from the listing)", n, got)
						}
						if got := calls["GET "+portalTeams]; got != 1 {
							t.Errorf("refresh of %d portal teams listed them %d times, want 1", n, got)
						}
						if got := singles(calls, portalTeams, portalTeamIDs); got != 1 {
							t.Errorf("refresh of %d portal teams read %d single portal teams, want 1", n, got)
						}
						// Pages are listed without their content, with their updated_at: a page
						// unwritten since the last full read is not read again (issue 39).
						if got := singles(calls, pages, pageIDs); got != 1 {
							t.Errorf("refresh of %d portal pages read %d single pages, want 1 (the first; the rest unwritten by their listed updated_at)", n, got)
						}
						if got := calls["GET "+pages]; got != 1 {
							t.Errorf("refresh listed the portal's pages %d times, want 1", got)
						}
						if got := calls["GET /v3/portals/"+portalID]; got != 1 {
							t.Errorf("the portal was read %d times, want 1", got)
						}
						total := 0
						for _, v := range calls {
							total += v
						}
						// 1 portal, and a GET and a listing for each of the teams, portal teams and
						// pages.
						if want := 1 + 6; total != want {
							keys := make([]string, 0, len(calls))
							for k, v := range calls {
								if !strings.Contains(k, "/pages/") {
									keys = append(keys, fmt.Sprintf("%s ×%d", k, v))
								}
							}
							sort.Strings(keys)
							t.Errorf("a plan of %d objects made %d API calls, want %d; besides pages: %v", 3*n+1, total, want, keys)
						}
					}),
				}},
			},
			{
				// Two teams edited in Konnect between plans: at most one of them is the first
				// team refreshed (a GET), so at least one comes from the listing; both are
				// conflicts.
				PreConfig: func() {
					for _, i := range []int{7, 8} {
						id := env.TeamID(fmt.Sprintf("team-%d", i))
						env.edit("/v3/teams/"+id, func(b konnect.Object) { b["description"] = fmt.Sprintf("edited-%d", i) })
					}
					rec.reset()
				},
				Config:      env.platformBatchConfig(),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*konnect_team.*description\s+last applied: "d-[78]"\s+in Konnect now: "edited-[78]"`),
			},
			{
				PreConfig: func() {
					for _, i := range []int{7, 8} {
						found := false
						for _, d := range rec.errors() {
							if strings.Contains(d.Detail, fmt.Sprintf(`"d-%d"`, i)) && strings.Contains(d.Detail, fmt.Sprintf(`"edited-%d"`, i)) {
								found = true
							}
						}
						if !found {
							t.Errorf("team-%d, edited in Konnect, was not reported as a conflict: %v", i, rec.errors())
						}
					}
				},
				// Under the overwrite policy the configuration's descriptions are written back.
				Config: strings.Replace(env.platformBatchConfig(), "provider \"konnect\" {\n", "provider \"konnect\" {\n  conflict_policy = \"overwrite\"\n", 1),
				Check: func(*terraform.State) error {
					for _, i := range []int{7, 8} {
						if got := env.get("/v3/teams/" + env.TeamID(fmt.Sprintf("team-%d", i)))["description"]; got != fmt.Sprintf("d-%d", i) {
							return fmt.Errorf("team-%d holds description %v after the overwrite", i, got)
						}
					}
					return nil
				},
			},
		},
	})
}

func (r *diagRecorder) errors() []*tfprotov6.Diagnostic {
	return r.ofSeverity(tfprotov6.DiagnosticSeverityError)
}
