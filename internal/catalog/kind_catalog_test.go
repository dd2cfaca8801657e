package catalog_test

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// The API catalog's rows in TestAccKinds (acc_kinds_test.go).

// apiRow: an API, changing its description; scenario 9 removes its labels.
var apiRow = acctest.KindRow{Block: "name = \"orders\"\n  version = \"v1\"\n  description = %s",
	Update:  &acctest.KindUpdate{Attr: "description", Values: [2]any{"d-1", "d-2"}, UI: "d-ui"},
	Removal: &acctest.KindRemoval{Attr: "labels", HCL: `{ team = "t9" }`, UI: map[string]any{"team": "ui"}}}

func apiDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_api\" \"orders\" {\n  name = \"orders\"\n  version = \"v1\"\n}\n"
}

// apiVersionRow: a version of the API, renamed; scenario 9 has nothing optional to remove.
var apiVersionRow = acctest.KindRow{NoKept: "configuration sets both its fields (version, spec)",
	Deps:      apiDep,
	Block:     "api_id = konnect_api.orders.id\n  spec = { content = " + fmt.Sprintf("%q", acctest.OrdersSpec) + " }\n  version = %s",
	Update:    &acctest.KindUpdate{Attr: "version", Values: [2]any{"1.0.0", "1.0.1"}, UI: "1.0.0-ui"},
	NoRemoval: "its one optional attribute, version, defaults to the specification's (no declared default)"}

// ordersSpecV2 is acctest.OrdersSpec (a small OpenAPI document) with another version and an operation.
const ordersSpecV2 = "openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.1.0\npaths:\n  /orders:\n    get:\n      summary: List orders\n"

// apiSpecificationRow: the API's specification through the older endpoint, its content
// changing from JSON to another document in YAML; scenario 9 has nothing optional to remove.
var apiSpecificationRow = acctest.KindRow{NoKept: "configuration sets both its fields (content, type)",
	Deps:  apiDep,
	Block: "api_id = konnect_api.orders.id\n  type = \"oas3\"\n  content = %s",
	// The conflict names the path of the specification that changed in Konnect.
	Update: &acctest.KindUpdate{Attr: "content", Values: [2]any{acctest.OrdersSpec, ordersSpecV2}, Line: "content.info.version",
		UI: "openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.0.0-ui\npaths: {}\n"},
	NoRemoval: "its one optional attribute, type, follows the content (no default to go back to)"}

// apiDocumentRow: a document whose content changes; scenario 9 removes its status.
var apiDocumentRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "status", UI: "published"},
	Deps:  apiDep,
	Block: "api_id = konnect_api.orders.id\n  title = \"Guide\"\n  slug = \"guide\"\n  content = %s",
	Update: &acctest.KindUpdate{Attr: "content", Values: [2]any{
		"# Guide\n\nCreate an order.\nPay it.\n",
		"# Guide\n\nCreate an order.\nPay it.\nTrack it.\n"},
		UI: "# Guide\n\nCreate an order in the portal.\nPay it.\n"},
	Removal: &acctest.KindRemoval{Attr: "status", HCL: `"published"`, UI: "published"}}

// apiPublicationRow: the API published to a portal, its visibility changing; scenario 9
// removes the visibility, back to private.
var apiPublicationRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "visibility", UI: "public"},
	Deps:      func(f *acctest.KindFixture) string { return apiDep(f) + portalDep(f) },
	Block:     "api_id = konnect_api.orders.id\n  portal_id = konnect_portal.dev.id\n  auto_approve_registrations = %s",
	Update:    &acctest.KindUpdate{Attr: "auto_approve_registrations", Values: [2]any{false, true}, UI: true},
	NoRemoval: "its optional attributes follow Konnect or the portal's defaults"}

// apiImplementationRow: the API implemented by a service of the row's control plane. Konnect
// creates and deletes a link, never changes one: the row runs create, a delete in Konnect
// before a saved destroy, and a link removed in Konnect, reported and made again; then the
// whole control plane implements the API instead (control_plane_reference, sent as
// Kong's ApiImplementationControlPlaneEntity): a replace that plans nothing more, and the
// imports of the skeleton run on that link.
var apiImplementationRow = acctest.KindRow{
	NoUpdate:  "Konnect creates and deletes a link, never changes one: every attribute replaces it",
	NoRemoval: "a link has no optional attribute",
	Deps: func(f *acctest.KindFixture) string {
		return apiDep(f) + "\nresource \"konnect_gateway_control_plane\" \"cp\" {\n  name = \"implementations\"\n}\n" +
			"\nresource \"konnect_gateway_service\" \"orders\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"orders\"\n  host = \"orders.internal\"\n}\n"
	},
	Block: "api_id = konnect_api.orders.id\n  service_reference = { service = { control_plane_id = konnect_gateway_control_plane.cp.id, id = konnect_gateway_service.orders.id } }%s",
	Steps: func(f *acctest.KindFixture) []resource.TestStep {
		config := f.WithBlock("", fmt.Sprintf(f.Row.Block, ""))
		steps := []resource.TestStep{{Config: config, Check: f.Remember}}
		steps = append(steps, f.GoneBeforeSavedDestroy(config, f.Remember)...)
		return append(steps, resource.TestStep{
			// Removed in Konnect: the refresh reports it and the plan links it again.
			PreConfig: func() { f.Rec.Reset(); f.Env.Remove(f.Path) },
			Config:    config,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				return f.Rec.WantWarning("Konnect object deleted outside Terraform", f.Kind.TypeName)
			},
		}, resource.TestStep{
			Config: f.WithBlock("", "api_id = konnect_api.orders.id\n  control_plane_reference = { control_plane = { id = konnect_gateway_control_plane.cp.id } }"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionDestroyBeforeCreate),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(f.Address(), tfjsonpath.New("control_plane_reference").AtMapKey("control_plane").AtMapKey("id"),
					"konnect_gateway_control_plane.cp", tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue(f.Address(), tfjsonpath.New("service_reference"), knownvalue.Null()),
			},
			Check: func(s *terraform.State) error {
				if err := f.Remember(s); err != nil {
					return err
				}
				got := f.Env.Get(f.Path)
				cp, _ := got["control_plane"].(map[string]any)
				if cp == nil || cp["control_plane_id"] != s.RootModule().Resources["konnect_gateway_control_plane.cp"].Primary.ID || got["service"] != nil {
					return fmt.Errorf("Konnect holds %v, want the control plane's link", got)
				}
				return nil
			},
		})
	},
}

// portalDep is the portal a publication publishes to.
func portalDep(*acctest.KindFixture) string {
	return "\nresource \"konnect_portal\" \"dev\" {\n  name = \"dev\"\n}\n"
}
