package servicecatalog_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestAccCatalogServiceDataSource: a catalog service someone made in Konnect is read by its
// name, and by the id that gives, with what Konnect holds (display name, labels, custom
// fields); a name no service has is an error naming it.
func TestAccCatalogServiceDataSource(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	env.PostObj("/v1/catalog-services", konnect.Object{"name": "orders-staging", "display_name": "Orders (staging)"})
	orders := env.PostObj("/v1/catalog-services", konnect.Object{"name": "orders", "display_name": "Orders", "labels": map[string]any{"team": "shop"}})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + `
data "konnect_catalog_service" "by_name" {
  name = "orders"
}

data "konnect_catalog_service" "by_id" {
  id = data.konnect_catalog_service.by_name.id
}
`,
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("data.konnect_catalog_service.by_name", "id", orders["id"].(string)),
					resource.TestCheckResourceAttr("data.konnect_catalog_service.by_name", "display_name", "Orders"),
					resource.TestCheckResourceAttr("data.konnect_catalog_service.by_name", "labels.team", "shop"),
					resource.TestCheckResourceAttr("data.konnect_catalog_service.by_id", "name", "orders"),
				),
			},
			{
				Config: env.ProviderBlock("") + `
data "konnect_catalog_service" "missing" {
  name = "payments"
}
`,
				ExpectError: regexp.MustCompile(`(?s)konnect_catalog_service.*payments`),
			},
		},
	})
}
