package engine

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

func TestDestroyPlannedMatchesWhatTheListingShows(t *testing.T) {
	var w walkRecord
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	// A page (own id), a team membership (the user's id, under its team), a publication
	// (no id: its API's and its portal's).
	w.planningDestroy("konnect_portal_page", ObjectValues{"id": str("page-1"), "portal_id": str("portal-1"), "slug": str("install")})
	w.planningDestroy("konnect_team_user", ObjectValues{"id": str("user-1"), "team_id": str("team-a"), "user_id": str("user-1")})
	w.planningDestroy("konnect_api_publication", ObjectValues{"api_id": str("api-1"), "portal_id": str("portal-1")})
	w.planningDestroy("konnect_api_specification", ObjectValues{"id": str("spec-1"), "api_id": str("api-1")})
	for _, c := range []struct {
		dep    guard.Dependent
		parent string
		link   bool
		want   bool
	}{
		{guard.Dependent{TypeName: "konnect_portal_page", ID: "page-1"}, "page-0", false, true},
		{guard.Dependent{TypeName: "konnect_portal_page", ID: "page-2"}, "page-0", false, false},   // someone else's sub-page
		{guard.Dependent{TypeName: "konnect_api_version", ID: "spec-1"}, "api-1", false, true},     // the same object under another type
		{guard.Dependent{TypeName: "konnect_portal_page", ID: "portal-1"}, "page-0", false, false}, // a parent's id is no object of its own
		{guard.Dependent{TypeName: "konnect_portal_page", ID: "install"}, "page-0", false, false},  // not an id attribute
		{guard.Dependent{TypeName: "konnect_team_user", ID: "user-1"}, "team-a", true, true},
		{guard.Dependent{TypeName: "konnect_team_user", ID: "user-1"}, "team-b", true, false}, // the same user in another team
		{guard.Dependent{TypeName: "konnect_api_publication", ID: "api-1"}, "portal-1", true, true},
		{guard.Dependent{TypeName: "konnect_api_publication", ID: "api-1"}, "portal-2", true, false},
	} {
		if got := w.destroyPlanned(c.dep, c.parent, c.link); got != c.want {
			t.Errorf("%s %s under %s: planned %v, want %v", c.dep.TypeName, c.dep.ID, c.parent, got, c.want)
		}
	}
}

func TestIsDestroyArg(t *testing.T) {
	for args, want := range map[string]bool{
		"terraform destroy -auto-approve":        true,
		"terraform plan -destroy -out=p":         true,
		"tofu apply -destroy":                    true,
		"terraform -chdir=x plan --destroy=true": true,
		"terraform plan -out=p":                  false,
		"terraform apply p.tfplan":               false,
		"terraform refresh -destroy":             false,
		"terraform state rm konnect_portal.p":    false,
		"terraform plan -var destroy=yes":        false,
	} {
		if got := isDestroyArg(strings.Fields(args)); got != want {
			t.Errorf("%q: destroy %v, want %v", args, got, want)
		}
	}
}
