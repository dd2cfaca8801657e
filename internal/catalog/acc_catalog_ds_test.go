package catalog_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The API catalog's data sources: one API by id, by name (not unique in Konnect: two
// versions share it) and by slug (which Konnect cannot filter on, so the lookup pages through
// every API); the filtered list; and the errors a user meets (first: the last step's
// configuration is the one destroyed).
func TestAccCatalogDataSources(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	env.Post("/v3/apis", konnect.Object{"name": "orders", "version": "v1", "slug": "orders-v1",
		"labels": map[string]any{"team": "shop"}})
	env.Post("/v3/apis", konnect.Object{"name": "orders", "version": "v2", "slug": "orders-v2"})
	// enough APIs that the one read by slug is past the first page of a listing
	for i := range 100 {
		env.Post("/v3/apis", konnect.Object{"name": fmt.Sprintf("filler-%03d", i), "version": "v1"})
	}
	env.Post("/v3/apis", konnect.Object{"name": "payments", "version": "2.0", "slug": "pay-v2",
		"description": "Takes payments.", "labels": map[string]any{"team": "billing"}})
	var first struct{ Data []konnect.Object }
	if _, err := env.Client.Do(context.Background(), http.MethodGet, "/v3/apis",
		url.Values{"page[size]": {"100"}}, nil, &first); err != nil {
		t.Fatal(err)
	}
	for _, o := range first.Data {
		if o["slug"] == "pay-v2" {
			t.Fatal("the API read by slug is on the first page: the test would not show that the lookup pages")
		}
	}
	config := env.ProviderBlock("") + `
data "konnect_api" "by_slug" {
  slug = "pay-v2"
}

data "konnect_api" "by_name" {
  name = "payments"
}

data "konnect_api" "by_id" {
  id = data.konnect_api.by_slug.id
}

data "konnect_api" "by_filter" {
  filter = {
    name    = { eq = "orders" }
    version = { eq = "v2" }
  }
}

data "konnect_api_list" "orders" {
  filter = {
    name = { eq = "orders" }
  }
}

data "konnect_api_list" "not_v1" {
  filter = {
    version = { neq = "v1" }
  }
}

data "konnect_api_list" "labelled" {
  filter = {
    labels = { team = { oeq = "billing,shop" } }
  }
}

data "konnect_api" "billing" {
  filter = {
    labels = { team = { eq = "billing" } }
  }
}

data "konnect_api_list" "all" {}
`
	one := func(args string) string {
		return env.ProviderBlock("") + "data \"konnect_api\" \"x\" {\n" + args + "\n}\n"
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      one(`  slug = "no-such-api"`),
				ExpectError: regexp.MustCompile(`(?s)No such Konnect object.*No konnect_api with slug = "no-such-api"\s+exists`),
			},
			{
				Config:      one(`  name = "no-such-api"`),
				ExpectError: regexp.MustCompile(`(?s)No konnect_api with name = "no-such-api"\s+exists`),
			},
			{
				Config:      one(`  name = "orders"`),
				ExpectError: regexp.MustCompile(`(?s)More than one API matches.*2 APIs in Konnect match name\s+=\s+"orders": orders\s+\(`),
			},
			{
				Config:      one("  name = \"payments\"\n  slug = \"pay-v2\""),
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*\[id,name,slug,filter\]`),
			},
			{
				Config:      one(""),
				ExpectError: regexp.MustCompile(`(?s)Invalid Attribute Combination.*\[id,name,slug,filter\]`),
			},
			{
				Config: config,
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("data.konnect_api.by_slug", "name", "payments"),
					resource.TestCheckResourceAttr("data.konnect_api.by_slug", "version", "2.0"),
					resource.TestCheckResourceAttr("data.konnect_api.by_slug", "description", "Takes payments."),
					resource.TestCheckResourceAttr("data.konnect_api.by_slug", "labels.team", "billing"),
					resource.TestCheckResourceAttrSet("data.konnect_api.by_slug", "created_at"),
					resource.TestCheckNoResourceAttr("data.konnect_api.by_slug", "spec_content"), // Konnect never returns it
					resource.TestCheckResourceAttrPair("data.konnect_api.by_name", "id", "data.konnect_api.by_slug", "id"),
					resource.TestCheckResourceAttr("data.konnect_api.by_id", "slug", "pay-v2"),
					resource.TestCheckResourceAttr("data.konnect_api.by_filter", "slug", "orders-v2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.orders", "data.#", "2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.orders", "data.0.name", "orders"),
					resource.TestCheckResourceAttr("data.konnect_api_list.orders", "data.1.name", "orders"),
					resource.TestCheckResourceAttr("data.konnect_api_list.not_v1", "data.#", "2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.not_v1", "data.0.version", "v2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.not_v1", "data.1.slug", "pay-v2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.labelled", "data.#", "2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.labelled", "data.0.slug", "orders-v1"),
					resource.TestCheckResourceAttr("data.konnect_api_list.labelled", "data.1.slug", "pay-v2"),
					resource.TestCheckResourceAttr("data.konnect_api.billing", "slug", "pay-v2"),
					resource.TestCheckResourceAttr("data.konnect_api_list.all", "data.#", "103"),
				),
			},
		},
	})
}
