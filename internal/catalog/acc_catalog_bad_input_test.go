package catalog_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Bad input to the catalog: a specification that is no OpenAPI or AsyncAPI document, a type
// that is not the content's, a publication to a portal that does not exist and an
// implementation by a service of a deleted control plane fail the plan, each on its
// attribute; a slug another API has is Konnect's refusal at apply. Nothing is half-written.
func TestAccCatalogBadInput(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	env.Post("/v3/apis", konnect.Object{"name": "taken", "version": "v1", "slug": "taken-slug"})
	cp := env.PostObj("/v2/control-planes", konnect.Object{"name": "gone"})
	svc := env.PostObj("/v2/control-planes/"+cp["id"].(string)+"/core-entities/services", konnect.Object{"name": "orders", "host": "orders.internal"})
	goneCP, goneService := cp["id"].(string), svc["id"].(string)
	env.Remove("/v2/control-planes/" + goneCP)
	api := env.ProviderBlock("") + "\nresource \"konnect_api\" \"orders\" {\n  name = \"orders\"\n  version = \"v1\"\n}\n"
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      api + "\nresource \"konnect_api_version\" \"v\" {\n  api_id = konnect_api.orders.id\n  spec = { content = \"title: not a spec\" }\n}\n",
				ExpectError: regexp.MustCompile(`(?s)Invalid API specification.*konnect_api_version\.v.*no OpenAPI or\s+AsyncAPI document`),
			},
			{
				PreConfig: func() {
					if apis := env.List("/v3/apis"); len(apis) != 1 {
						t.Errorf("a refused plan wrote: %v", apis)
					}
				},
				Config:      env.ProviderBlock("") + "\nresource \"konnect_api\" \"orders\" {\n  name = \"orders\"\n  version = \"v1\"\n  slug = \"taken-slug\"\n}\n",
				ExpectError: regexp.MustCompile(`(?s)Could not create konnect_api.*409 Conflict: API with slug 'taken-slug' already exists`),
			},
			{
				Config:      api + "\nresource \"konnect_api_publication\" \"p\" {\n  api_id = konnect_api.orders.id\n  portal_id = \"00000000-0000-4000-8000-000000000000\"\n}\n",
				ExpectError: regexp.MustCompile(`(?s)Portal not found.*konnect_api_publication\.p.*portal_id.*Konnect has no portal\s+00000000-0000-4000-8000-000000000000`),
			},
			{
				// Nothing published: the plan was refused before any write.
				PreConfig:   func() { noPublications(t, env) },
				Config:      api + "\nresource \"konnect_api_specification\" \"s\" {\n  api_id = konnect_api.orders.id\n  type = \"asyncapi\"\n  content = " + fmt.Sprintf("%q", acctest.OrdersSpec) + "\n}\n",
				ExpectError: regexp.MustCompile(`(?s)Specification type is not the content's.*konnect_api_specification\.s.*type is "asyncapi" but the\s+content is an oas3 document`),
			},
			{
				// Issue 32, part 5: no version and a specification without info.version.
				Config: api + "\nresource \"konnect_api_version\" \"v\" {\n  api_id = konnect_api.orders.id\n" +
					"  spec = { content = jsonencode({ openapi = \"3.0.3\", info = { title = \"Orders\" }, paths = {} }) }\n}\n",
				ExpectError: regexp.MustCompile(`(?s)No version for this API version.*konnect_api_version\.v.*version.*` +
					acctest.Words("Set version, or add info.version to the specification.")),
			},
			{
				// A version the API already has in Konnect (here named by the specification's
				// info.version): refused at plan, with the existing version's import block.
				PreConfig: func() {
					for _, a := range env.List("/v3/apis") {
						if a["name"] == "taken" {
							env.Post("/v3/apis/"+a["id"].(string)+"/versions", konnect.Object{"version": "1.0.0", "spec": map[string]any{"content": acctest.OrdersSpec}})
						}
					}
				},
				Config: env.ProviderBlock("") + "\ndata \"konnect_api\" \"taken\" {\n  name = \"taken\"\n}\n" +
					"\nresource \"konnect_api_version\" \"v\" {\n  api_id = data.konnect_api.taken.id\n  spec = { content = " + fmt.Sprintf("%q", acctest.OrdersSpec) + " }\n}\n",
				ExpectError: regexp.MustCompile(`(?s)API version already exists.*konnect_api_version\.v.*version.*already has a version\s+"1\.0\.0".*` +
					acctest.ImportBlock("konnect_api_version", "") + acctest.UUIDPattern + "/" + acctest.UUIDPattern + `"\s+\}`),
			},
			{
				// A service whose control plane was deleted in Konnect.
				Config: api + "\nresource \"konnect_api_implementation\" \"i\" {\n  api_id = konnect_api.orders.id\n" +
					"  service_reference = { service = { control_plane_id = \"" + goneCP + "\", id = \"" + goneService + "\" } }\n}\n",
				ExpectError: regexp.MustCompile(`(?s)Control plane not found.*konnect_api_implementation\.i.*service_reference.*Konnect has no control plane`),
			},
		},
	})
}

// noPublications: no API of the mock is published anywhere.
func noPublications(t *testing.T, env *acctest.Env) {
	t.Helper()
	if pubs := env.List("/v3/api-publications"); len(pubs) != 0 {
		t.Errorf("a refused plan published: %v", pubs)
	}
}
