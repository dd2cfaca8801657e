package access

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A role grant's entity type is checked at plan in the spelling Konnect takes: the singular
// "Control Plane" passed the check and failed at apply, after the team was created (issue
// 32, part 5); it is refused with the spelling to use.
func TestCheckRoleSpelling(t *testing.T) {
	const token = "kpat_roles_test_token_0123456789"
	srv := httptest.NewServer(konnectmock.New(konnectmock.Options{Tokens: []string{token}}))
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	for typeName, want := range map[string]string{
		"Control Planes":      "",
		"Mesh Control Planes": "",
		"Portals":             "",
		"Control Plane":       `Konnect has no entity type "Control Plane": it spells this one "Control Planes".`,
		"control planes":      `Konnect has no entity type "control planes": it spells this one "Control Planes".`,
		"Mesh Control Plane":  `Konnect has no entity type "Mesh Control Plane": it spells this one "Mesh Control Planes".`,
	} {
		problems := checkRole(context.Background(), cl, konnect.Object{"entity_type_name": typeName, "role_name": "Viewer"})
		got := ""
		if len(problems) > 0 {
			got = problems[0].Detail
			if problems[0].Attr != "entity_type_name" {
				t.Errorf("%q: the problem is on %s, want entity_type_name", typeName, problems[0].Attr)
			}
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", typeName, got, want)
		}
	}
}
