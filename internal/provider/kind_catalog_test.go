package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The API catalog's rows in TestAccKinds (acc_kinds_test.go).

// apiRow: an API, changing its description; scenario 9 removes its labels.
var apiRow = kindRow{block: "name = \"orders\"\n  version = \"v1\"\n  description = %s",
	update:  &kindUpdate{attr: "description", values: [2]any{"d-1", "d-2"}, ui: "d-ui"},
	removal: &kindRemoval{attr: "labels", hcl: `{ team = "t9" }`, ui: map[string]any{"team": "ui"}}}

func apiDep(*kindFixture) string {
	return "\nresource \"konnect_api\" \"orders\" {\n  name = \"orders\"\n  version = \"v1\"\n}\n"
}

// apiVersionRow: a version of the API, renamed; scenario 9 has nothing optional to remove.
var apiVersionRow = kindRow{noKept: "configuration sets both its fields (version, spec)",
	deps:      apiDep,
	block:     "api_id = konnect_api.orders.id\n  spec = { content = " + fmt.Sprintf("%q", ordersSpec) + " }\n  version = %s",
	update:    &kindUpdate{attr: "version", values: [2]any{"1.0.0", "1.0.1"}, ui: "1.0.0-ui"},
	noRemoval: "its one optional attribute, version, defaults to the specification's (no declared default)"}

// ordersSpecV2 is ordersSpec with another version and an operation.
const ordersSpecV2 = "openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.1.0\npaths:\n  /orders:\n    get:\n      summary: List orders\n"

// apiSpecificationRow: the API's specification through the older endpoint, its content
// changing from JSON to another document in YAML; scenario 9 has nothing optional to remove.
var apiSpecificationRow = kindRow{noKept: "configuration sets both its fields (content, type)",
	deps:  apiDep,
	block: "api_id = konnect_api.orders.id\n  type = \"oas3\"\n  content = %s",
	// The conflict names the path of the specification that changed in Konnect.
	update: &kindUpdate{attr: "content", values: [2]any{ordersSpec, ordersSpecV2}, line: "content.info.version",
		ui: "openapi: 3.0.3\ninfo:\n  title: Orders\n  version: 1.0.0-ui\npaths: {}\n"},
	noRemoval: "its one optional attribute, type, follows the content (no default to go back to)"}

// apiDocumentRow: a document whose content changes; scenario 9 removes its status.
var apiDocumentRow = kindRow{kept: &kindKept{"status", "published"},
	deps:  apiDep,
	block: "api_id = konnect_api.orders.id\n  title = \"Guide\"\n  slug = \"guide\"\n  content = %s",
	update: &kindUpdate{attr: "content", values: [2]any{
		"# Guide\n\nCreate an order.\nPay it.\n",
		"# Guide\n\nCreate an order.\nPay it.\nTrack it.\n"},
		ui: "# Guide\n\nCreate an order in the portal.\nPay it.\n"},
	removal: &kindRemoval{attr: "status", hcl: `"published"`, ui: "published"}}

// apiPublicationRow: the API published to a portal, its visibility changing; scenario 9
// removes the visibility, back to private.
var apiPublicationRow = kindRow{kept: &kindKept{"visibility", "public"},
	deps:      func(f *kindFixture) string { return apiDep(f) + portalDep(f) },
	block:     "api_id = konnect_api.orders.id\n  portal_id = konnect_portal.dev.id\n  auto_approve_registrations = %s",
	update:    &kindUpdate{attr: "auto_approve_registrations", values: [2]any{false, true}, ui: true},
	noRemoval: "its optional attributes follow Konnect or the portal's defaults"}

// apiImplementationRow: the API implemented by a service of the row's control plane. Konnect
// creates and deletes a link, never changes one: the row runs create, a delete in Konnect
// before a saved destroy, and a link removed in Konnect, reported and made again.
var apiImplementationRow = kindRow{
	noUpdate:  "Konnect creates and deletes a link, never changes one: every attribute replaces it",
	noRemoval: "a link has no optional attribute",
	deps: func(f *kindFixture) string {
		return apiDep(f) + "\nresource \"konnect_gateway_control_plane\" \"cp\" {\n  name = \"implementations\"\n}\n" +
			"\nresource \"konnect_gateway_service\" \"orders\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"orders\"\n  host = \"orders.internal\"\n}\n"
	},
	block: "api_id = konnect_api.orders.id\n  service_reference = { service = { control_plane_id = konnect_gateway_control_plane.cp.id, id = konnect_gateway_service.orders.id } }%s",
	steps: func(f *kindFixture) []resource.TestStep {
		config := f.withBlock("", fmt.Sprintf(f.row.block, ""))
		steps := []resource.TestStep{{Config: config, Check: f.remember}}
		steps = append(steps, f.goneBeforeSavedDestroy(config, f.remember)...)
		return append(steps, resource.TestStep{
			// Removed in Konnect: the refresh reports it and the plan links it again.
			PreConfig: func() { f.rec.reset(); f.env.remove(f.path) },
			Config:    config,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionCreate),
			}},
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				return f.rec.wantWarning("Konnect object deleted outside Terraform", f.kind.TypeName)
			},
		})
	},
}

// catalogFixtures creates one object of each catalog kind for the protocol tests' fixtures
// (server_test.go), recording each one's JSON import id.
func catalogFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	post := func(path string, body konnect.Object) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := client.Do(ctx, http.MethodPost, path, nil, body, &out); err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		return out
	}
	api := post("/v3/apis", konnect.Object{"name": "fast-path", "version": "v1", "labels": map[string]any{"env": "test"}})
	apiID := api["id"].(string)
	ids[catalog.APIKind.TypeName] = fmt.Sprintf(`{"id":%q}`, apiID)
	v := post("/v3/apis/"+apiID+"/versions", konnect.Object{"version": "1.0.0", "spec": map[string]any{"content": ordersSpec}})
	ids[catalog.VersionKind.TypeName] = fmt.Sprintf(`{"api_id":%q,"id":%q}`, apiID, v["id"])
	api2 := post("/v3/apis", konnect.Object{"name": "fast-path-spec", "version": "v1"})
	s := post("/v3/apis/"+api2["id"].(string)+"/specifications", konnect.Object{"content": ordersSpec})
	ids[catalog.SpecificationKind.TypeName] = fmt.Sprintf(`{"api_id":%q,"id":%q}`, api2["id"], s["id"])
	d := post("/v3/apis/"+apiID+"/documents", konnect.Object{"title": "Guide", "slug": "guide", "content": "# Guide\n"})
	ids[catalog.DocumentKind.TypeName] = fmt.Sprintf(`{"api_id":%q,"id":%q}`, apiID, d["id"])
	p := post("/v3/portals", konnect.Object{"name": "fast-path-catalog"})
	portalID := p["id"].(string)
	if _, err := client.Do(ctx, http.MethodPut, "/v3/apis/"+apiID+"/publications/"+portalID, nil, konnect.Object{"visibility": "public"}, nil); err != nil {
		t.Fatalf("publication: %v", err)
	}
	ids[catalog.PublicationKind.TypeName] = fmt.Sprintf(`{"api_id":%q,"portal_id":%q}`, apiID, portalID)
	var cps struct {
		Data []konnect.Object `json:"data"`
	}
	if _, err := client.Do(ctx, http.MethodGet, "/v2/control-planes", nil, nil, &cps); err != nil || len(cps.Data) == 0 {
		t.Fatalf("no control plane for the implementation fixture: %v", err)
	}
	cp := cps.Data[0]["id"].(string)
	svc := post("/v2/control-planes/"+cp+"/core-entities/services", konnect.Object{"name": "fast-path-impl", "host": "impl.internal"})
	im := post("/v3/apis/"+apiID+"/implementations", konnect.Object{"service": map[string]any{"control_plane_id": cp, "id": svc["id"]}})
	ids[catalog.ImplementationKind.TypeName] = fmt.Sprintf(`{"api_id":%q,"id":%q}`, apiID, im["id"])
}
