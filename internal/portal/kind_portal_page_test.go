package portal_test

import (
	"fmt"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The Dev Portal content kinds' rows in TestAccKinds (acc_kinds_test.go): a page and a
// snippet, whose content is edited in the portal editor. The portal they need is made in the
// mock through its API (acctest's PortalID) and named by its id.

// pageRow: a top-level page whose content changes; scenario 9 removes its status.
var pageRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "description", UI: "Written in the portal editor."},
	Deps:  portalLocalDep,
	Block: "portal_id = local.portal_id\n  slug = \"getting-started\"\n  content = %s",
	Update: &acctest.KindUpdate{Attr: "content", Values: [2]any{
		"# Getting started\n\nCreate an application.\nAsk for a key.\n",
		"# Getting started\n\nCreate an application.\nAsk for a key.\nCall the API.\n"},
		UI: "# Getting started\n\nCreate an application in the portal.\nAsk for a key.\n"},
	Removal: &acctest.KindRemoval{Attr: "status", HCL: `"published"`, UI: "published"}}

// snippetRow: a snippet whose content changes; scenario 9 removes its status.
var snippetRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "description", UI: "Written in the portal editor."},
	Deps:  portalLocalDep,
	Block: "portal_id = local.portal_id\n  name = \"support\"\n  content = %s",
	Update: &acctest.KindUpdate{Attr: "content", Values: [2]any{
		"## Support\n\nWrite to support@example.com.\n",
		"## Support\n\nWrite to support@example.com.\nWe answer within a day.\n"},
		UI: "## Support\n\nWrite to help@example.com.\n"},
	Removal: &acctest.KindRemoval{Attr: "status", HCL: `"published"`, UI: "published"}}

// portalLocalDep names the row's portal, made in the mock.
func portalLocalDep(f *acctest.KindFixture) string {
	return fmt.Sprintf("\nlocals {\n  portal_id = %q\n}\n", f.Env.PortalID("kinds"))
}
