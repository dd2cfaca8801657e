package catalog_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The cascade guard on an API of the catalog, with a real CLI. Deleting an API in Konnect
// deletes its versions, documents (with their child documents) and implementations.
// Terraform deletes the ones it manages first, so what the guard finds at the API's delete
// was made outside this configuration.

// apiWithDocument is an API and one managed document.
func apiWithDocument(e *acctest.Env, policy string) string {
	return e.ProviderBlock(policy) + `
resource "konnect_api" "orders" {
  name    = "casc-orders"
  version = "v1"
}

resource "konnect_api_document" "guide" {
  api_id  = konnect_api.orders.id
  title   = "Guide"
  slug    = "guide"
  content = "# Guide\n"
}
`
}

// Someone adds a version, a document with a child document and an implementation to a
// managed API in Konnect. The destroy is refused under the default policy, naming each by
// its version, title and service id (with an import block per type); Konnect still holds the API and
// all four, and the managed document, deleted first, is gone. Under overwrite the destroy
// goes through and Konnect deletes them with the API.
func TestAccCatalogCascade_API(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	var api, managed, version, doc, child, impl string
	ids := func(s *terraform.State) error {
		api = s.RootModule().Resources["konnect_api.orders"].Primary.ID
		managed = s.RootModule().Resources["konnect_api_document.guide"].Primary.Attributes["id"]
		return nil
	}
	apiPath := func() string { return "/v3/apis/" + api }
	var service string
	cp := env.PostObj("/v2/control-planes", konnect.Object{"name": "casc-catalog"})["id"].(string)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: apiWithDocument(env, ""), Check: ids},
			{
				PreConfig: func() {
					version = env.PostObj(apiPath()+"/versions", konnect.Object{"version": "2.0.0", "spec": map[string]any{"content": acctest.OrdersSpec}})["id"].(string)
					doc = env.PostObj(apiPath()+"/documents", konnect.Object{"title": "Made in the UI", "slug": "ui-notes", "content": "# Notes\n"})["id"].(string)
					child = env.PostObj(apiPath()+"/documents", konnect.Object{"title": "Sub page", "slug": "sub-page", "content": "# Sub\n", "parent_document_id": doc})["id"].(string)
					service = env.PostObj("/v2/control-planes/"+cp+"/core-entities/services", konnect.Object{"name": "orders-svc", "host": "orders.internal"})["id"].(string)
					impl = env.PostObj(apiPath()+"/implementations", konnect.Object{"service": map[string]any{"control_plane_id": cp, "id": service}})["id"].(string)
					rec.Reset()
				},
				Config:  apiWithDocument(env, ""),
				Destroy: true,
				ExpectError: acctest.CascadeRefused("konnect_api",
					[]string{
						acctest.PlatformLine("konnect_api_version", acctest.UUIDPattern, "2.0.0", true),
						acctest.PlatformLine("konnect_api_document", acctest.UUIDPattern, "Made in the UI", true),
						acctest.PlatformLine("konnect_api_document", acctest.UUIDPattern, "Sub page", true),
						regexp.QuoteMeta("konnect_api_implementation") + `\s+id ` + acctest.UUIDPattern + `\s+name "` + acctest.UUIDPattern + `"`,
					},
					nil,
					[]string{acctest.AnImport("konnect_api_version"), acctest.AnImport("konnect_api_document"), acctest.AnImport("konnect_api_implementation")}),
			},
			{
				PreConfig: func() {
					acctest.WantErrorNaming(t, rec, "konnect_api (id "+api+")",
						acctest.ImportOf("konnect_api_version", api+"/"+version), acctest.ImportOf("konnect_api_document", api+"/"+doc),
						child, acctest.ImportOf("konnect_api_implementation", api+"/"+impl), fmt.Sprintf("name %q", service))
					if env.Get(apiPath()) == nil {
						t.Fatal("the refused destroy deleted the API")
					}
					for _, p := range []string{"/versions/" + version, "/documents/" + doc, "/documents/" + child, "/implementations/" + impl} {
						if env.Get(apiPath()+p) == nil {
							t.Errorf("the refused destroy deleted %s", p)
						}
					}
					// refused at plan: the document this configuration manages was not deleted either
					if env.Get(apiPath()+"/documents/"+managed) == nil {
						t.Error("the destroy refused at plan deleted the managed document")
					}
					rec.Reset()
				},
				Config:  apiWithDocument(env, "overwrite"),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy under overwrite", apiPath())
					return rec.WantNoWarnings()
				},
			},
		},
	})
}

// serviceIn declares the gateway service orders in control plane cp.
func serviceIn(e *acctest.Env, policy, cp string) string {
	return e.ProviderBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_service" "orders" {
  control_plane_id = %q
  name             = "orders"
  host             = "orders.internal"
}
`, cp)
}

// Someone makes a managed gateway service the implementation of an API in Konnect's
// catalog. Destroying the service would leave the implementation pointing at nothing: the
// guard refuses under any policy, naming the API by its name with the implementation's
// import id, before any DELETE is sent; the service, the API and the implementation are
// still in Konnect.
func TestAccCatalogCascade_ServiceImplementsAPI(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	rec := &acctest.DiagRecorder{}
	cp := env.PostObj("/v2/control-planes", konnect.Object{"name": "casc-impl"})["id"].(string)
	var service, api, impl string
	serviceID := func(s *terraform.State) error {
		service = s.RootModule().Resources["konnect_gateway_service.orders"].Primary.Attributes["id"]
		return nil
	}
	refused := regexp.MustCompile(`(?s)` + acctest.Words("Deleting this object would break objects that Terraform does not manage") +
		`.*` + acctest.Words("which the delete would leave pointing at nothing") +
		`.*` + regexp.QuoteMeta("konnect_api_implementation") + `\s+id ` + acctest.UUIDPattern + `\s+` + regexp.QuoteMeta(`name "billing"`) +
		`.*` + acctest.AnImport("konnect_api_implementation") + `.*` + acctest.Words("the objects that reference it would be left broken"))
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: rec.Factories(newServer),
		Steps: []resource.TestStep{
			{Config: serviceIn(env, "", cp), Check: serviceID},
			{
				PreConfig: func() {
					api = env.PostObj("/v3/apis", konnect.Object{"name": "billing", "version": "v1"})["id"].(string)
					impl = env.PostObj("/v3/apis/"+api+"/implementations", konnect.Object{"service": map[string]any{"control_plane_id": cp, "id": service}})["id"].(string)
					rec.Reset()
					env.ResetRequests()
				},
				Config:      serviceIn(env, "overwrite", cp),
				Destroy:     true,
				ExpectError: refused,
			},
			{
				PreConfig: func() {
					wantRefusalNaming(t, rec, acctest.ImportOf("konnect_api_implementation", api+"/"+impl), `name "billing"`)
					for _, req := range env.Requests() {
						if strings.HasPrefix(req, "DELETE ") {
							t.Errorf("the refused destroy sent %s", req)
						}
					}
					if env.Get(konnect.CoreEntitiesPath(cp, "services", service)) == nil {
						t.Error("the refused destroy deleted the service")
					}
					if env.Get("/v3/apis/"+api+"/implementations/"+impl) == nil {
						t.Error("the implementation is gone")
					}
					// Once the implementation is gone, the service goes.
					if _, err := env.Client.Do(context.Background(), http.MethodDelete, "/v3/apis/"+api+"/implementations/"+impl, nil, nil, nil); err != nil {
						t.Fatalf("delete the implementation: %v", err)
					}
				},
				Config:  serviceIn(env, "", cp),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.WantGone("after the destroy", konnect.CoreEntitiesPath(cp, "services", service))
					return nil
				},
			},
		},
	})
}

// wantRefusalNaming fails the test unless the provider returned the cascade refusal whose
// detail holds every one of details.
func wantRefusalNaming(t *testing.T, rec *acctest.DiagRecorder, details ...string) {
	t.Helper()
	diags := rec.Diags()
	for _, d := range diags {
		ok := strings.HasPrefix(d.Summary, "Deleting this object would break objects")
		for _, s := range details {
			ok = ok && strings.Contains(d.Detail, s)
		}
		if ok {
			return
		}
	}
	t.Errorf("no refusal naming %q; the provider said %s", details, acctest.ShowDiags(diags))
}
