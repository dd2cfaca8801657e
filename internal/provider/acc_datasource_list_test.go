package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Kong's provider's control plane lookups work unchanged: each of `filter`'s operators,
// `filter_labels` and `sort` narrows the list to what Konnect matches, and the single data
// source reads the one control plane a filter matches, with Kong's nested `config`.
func TestAccDataSourceControlPlaneKongFilters(t *testing.T) {
	e := newKonnectEnv(t, konnectmock.Options{})
	payProd := e.mkCP(konnect.Object{"name": "pay-prod", "labels": map[string]any{"env": "prod", "team": "pay"}})
	e.mkCP(konnect.Object{"name": "pay-dev", "labels": map[string]any{"env": "dev", "team": "pay"}})
	ordersProd := e.mkCP(konnect.Object{"name": "orders-prod", "labels": map[string]any{"env": "prod"}})
	e.mkCP(konnect.Object{"name": "edge-group", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE_GROUP"})

	list := func(name, args string) string {
		return fmt.Sprintf("data \"konnect_gateway_control_plane_list\" %q {\n%s\n}\noutput %q {\n  value = [for c in data.konnect_gateway_control_plane_list.%s.data : c.name]\n}\n", name, args, name, name)
	}
	config := e.providerBlock("") +
		list("contains", `filter = { name = { contains = "pay" } }`) +
		list("neq", `filter = { name = { neq = "pay-dev" } }`) +
		list("eq", `filter = { name = { eq = "orders-prod" } }`) +
		list("oeq", fmt.Sprintf(`filter = { id = { oeq = "%s,%s" } }`, payProd, ordersProd)) +
		list("id_eq", fmt.Sprintf(`filter = { id = { eq = %q } }`, ordersProd)) +
		list("group", `filter = { cluster_type = { eq = "CLUSTER_TYPE_CONTROL_PLANE_GROUP" } }`) +
		list("not_group", `filter = { cluster_type = { neq = "CLUSTER_TYPE_CONTROL_PLANE_GROUP" }, name = { contains = "prod" } }`) +
		list("cloud", `filter = { cloud_gateway = true }`) +
		list("labels_prod", `filter_labels = "env:prod"`) +
		list("labels_prod_team", `filter_labels = "env:prod,team"`) +
		list("labels_team", `filter_labels = "team"`) +
		list("newest_first", `sort = "created_at desc"`) +
		list("legacy_labels", `labels = { env = "prod" }`) + `
data "konnect_gateway_control_plane" "kong_style" {
  filter = { name = { eq = "orders-prod" } }
}

data "konnect_gateway_control_plane" "newest_pay" {
  filter = { name = { contains = "pay" } }
  sort   = "created_at desc"
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("contains", names("pay-prod", "pay-dev")),
					statecheck.ExpectKnownOutputValue("neq", names("pay-prod", "orders-prod", "edge-group")),
					statecheck.ExpectKnownOutputValue("eq", names("orders-prod")),
					statecheck.ExpectKnownOutputValue("oeq", names("pay-prod", "orders-prod")),
					statecheck.ExpectKnownOutputValue("id_eq", names("orders-prod")),
					statecheck.ExpectKnownOutputValue("group", names("edge-group")),
					statecheck.ExpectKnownOutputValue("not_group", names("pay-prod", "orders-prod")),
					statecheck.ExpectKnownOutputValue("cloud", names()),
					statecheck.ExpectKnownOutputValue("labels_prod", names("pay-prod", "orders-prod")),
					statecheck.ExpectKnownOutputValue("labels_prod_team", names("pay-prod")),
					statecheck.ExpectKnownOutputValue("labels_team", names("pay-prod", "pay-dev")),
					statecheck.ExpectKnownOutputValue("newest_first", names("edge-group", "orders-prod", "pay-dev", "pay-prod")),
					statecheck.ExpectKnownOutputValue("legacy_labels", names("pay-prod", "orders-prod")),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane_list.legacy_labels", tfjsonpath.New("control_planes"), knownvalue.ListSizeExact(2)),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane_list.eq", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("labels"),
						knownvalue.MapExact(map[string]knownvalue.Check{"env": knownvalue.StringExact("prod")})),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane_list.group", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("config").AtMapKey("cluster_type"),
						knownvalue.StringExact("CLUSTER_TYPE_CONTROL_PLANE_GROUP")),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.kong_style", tfjsonpath.New("id"), knownvalue.StringExact(ordersProd)),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.kong_style", tfjsonpath.New("name"), knownvalue.StringExact("orders-prod")),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.kong_style", tfjsonpath.New("config").AtMapKey("cluster_type"), knownvalue.StringExact("CLUSTER_TYPE_CONTROL_PLANE")),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.kong_style", tfjsonpath.New("config").AtMapKey("auth_type"), knownvalue.StringExact("pinned_client_certs")),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.kong_style", tfjsonpath.New("config").AtMapKey("cloud_gateway"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.kong_style", tfjsonpath.New("config").AtMapKey("control_plane_endpoint"), knownvalue.StringRegexp(regexp.MustCompile(`^https://`))),
					statecheck.ExpectKnownValue("data.konnect_gateway_control_plane.newest_pay", tfjsonpath.New("name"), knownvalue.StringExact("pay-dev")),
				},
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_control_plane" "two" { filter = { name = { contains = "pay" } } }`,
				ExpectError: regexp.MustCompile(`(?s)More than one control plane matches.*2 control planes in Konnect match\s+filter.name.contains = "pay": pay-prod\s+\(` + payProd + `\), pay-dev\s+\(`),
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_control_plane" "none" { filter_labels = "env:staging" }`,
				ExpectError: wrappedText(`No konnect_gateway_control_plane with filter_labels = "env:staging" exists in Konnect.`),
			},
			{
				Config:      e.providerBlock("") + "data \"konnect_gateway_control_plane\" \"both\" {\n  name   = \"pay-prod\"\n  filter = { name = { eq = \"pay-prod\" } }\n}\n",
				ExpectError: wrappedText(`These attributes cannot be configured together: [name,filter]`),
			},
			{
				Config:      e.providerBlock("") + "data \"konnect_gateway_control_plane_list\" \"both\" {\n  name   = \"pay-prod\"\n  filter = { name = { contains = \"pay\" } }\n}\n",
				ExpectError: wrappedText(`These attributes cannot be configured together: [name,filter]`),
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_control_plane_list" "paged" { page_size = 10 }`,
				ExpectError: both(`Unsupported argument page_size`, "This data source always returns every matching control plane; remove `page_size`."),
			},
			{
				Config:      e.providerBlock("") + "data \"konnect_gateway_control_plane\" \"paged\" {\n  name        = \"pay-prod\"\n  page_number = 2\n}\n",
				ExpectError: both(`Unsupported argument page_number`, "earlier releases of Kong's provider, whose list returned one page"),
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_control_plane_list" "two_ops" { filter = { name = { eq = "a", contains = "b" } } }`,
				ExpectError: wrappedText(`Attribute "filter.name.contains" cannot be specified when "filter.name.eq" is specified`),
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_control_plane_list" "bad_sort" { sort = "name" }`,
				ExpectError: wrappedText(`Attribute sort value must be one of: ["created_at" "created_at desc"]`),
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_control_plane" "nothing" {}`,
				ExpectError: wrappedText(`At least one of these attributes must be configured: [id,name,filter,filter_labels]`),
			},
			{Config: e.providerBlock("")}, // a configuration the closing destroy can plan
		},
	})
}

// The list data sources of services, routes, consumers and plugins return every object of
// one control plane (across pages), and `name`/`username` and `tags` narrow them; objects of
// another control plane never appear.
func TestAccDataSourceEntityLists(t *testing.T) {
	e := newKonnectEnv(t, konnectmock.Options{})
	cp := e.mkCP(konnect.Object{"name": "lists"})
	other := e.mkCP(konnect.Object{"name": "other"})
	core := func(id string, seg ...string) string { return konnect.CoreEntitiesPath(id, seg...) }
	mk := func(collection string, body konnect.Object) konnect.Object {
		t.Helper()
		obj, _, err := e.client.CreateEntity(context.Background(), collection, body)
		if err != nil {
			t.Fatalf("create in %s: %v", collection, err)
		}
		return obj
	}
	orders := mk(core(cp, "services"), konnect.Object{"name": "orders", "host": "orders.internal", "tags": []any{"team-a", "public"}})
	mk(core(cp, "services"), konnect.Object{"name": "billing", "host": "billing.internal", "tags": []any{"team-a"}})
	mk(core(cp, "services"), konnect.Object{"name": "internal", "host": "internal.internal", "tags": []any{"team-b"}})
	mk(core(other, "services"), konnect.Object{"name": "orders", "host": "elsewhere.internal", "tags": []any{"team-a"}})
	// more than one page of routes (the client reads 1000 a page; the listing follows offset)
	for i := 0; i < 1005; i++ {
		body := konnect.Object{"name": fmt.Sprintf("r%04d", i), "paths": []any{fmt.Sprintf("/r%d", i)}}
		if i%500 == 0 {
			body["tags"], body["service"] = []any{"edge"}, map[string]any{"id": orders["id"]}
		}
		mk(core(cp, "routes"), body)
	}
	mk(core(cp, "consumers"), konnect.Object{"username": "alice", "tags": []any{"vip"}})
	mk(core(cp, "consumers"), konnect.Object{"username": "bob"})
	mk(core(cp, "consumers"), konnect.Object{"custom_id": "c-3"})
	mk(core(cp, "plugins"), konnect.Object{"name": "rate-limiting", "tags": []any{"limits"},
		"config": map[string]any{"minute": 5, "policy": "redis", "redis": map[string]any{"host": "redis.internal", "password": "Lists-Redis-Pa55-5e1f"}}})
	mk(core(cp, "plugins"), konnect.Object{"name": "key-auth", "service": map[string]any{"id": orders["id"]}})
	mk(core(other, "plugins"), konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 9}})

	ds := func(typ, name, attr, args string) string {
		return fmt.Sprintf("data %q %q {\n  control_plane_id = %q\n%s\n}\noutput %q {\n  value = sort([for o in data.%s.%s.data : coalesce(o.%s, \"-\")])\n}\n",
			typ, name, cp, args, name, typ, name, attr)
	}
	config := e.providerBlock("") +
		ds("konnect_gateway_service_list", "services", "name", "") +
		ds("konnect_gateway_service_list", "services_orders", "name", `name = "orders"`) +
		ds("konnect_gateway_service_list", "services_team_a", "name", `tags = ["team-a"]`) +
		ds("konnect_gateway_service_list", "services_both_tags", "name", `tags = ["team-a", "public"]`) +
		ds("konnect_gateway_service_list", "services_none", "name", `name = "orders"`+"\n"+`tags = ["team-b"]`) +
		ds("konnect_gateway_route_list", "routes_edge", "name", `tags = ["edge"]`) +
		ds("konnect_gateway_route_list", "routes_one", "name", `name = "r1004"`) +
		ds("konnect_gateway_consumer_list", "consumers", "username", "") +
		ds("konnect_gateway_consumer_list", "consumers_alice", "username", `username = "alice"`) +
		ds("konnect_gateway_consumer_list", "consumers_vip", "username", `tags = ["vip"]`) +
		ds("konnect_gateway_plugin_list", "plugins", "name", "") +
		ds("konnect_gateway_plugin_list", "plugins_rl", "name", `name = "rate-limiting"`) +
		ds("konnect_gateway_plugin_list", "plugins_limits", "name", `tags = ["limits"]`) + `
data "konnect_gateway_route_list" "routes" {
  control_plane_id = "` + cp + `"
}

output "route_count" {
  value = length(data.konnect_gateway_route_list.routes.data)
}
`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("services", names("billing", "internal", "orders")),
					statecheck.ExpectKnownOutputValue("services_orders", names("orders")),
					statecheck.ExpectKnownOutputValue("services_team_a", names("billing", "orders")),
					statecheck.ExpectKnownOutputValue("services_both_tags", names("orders")),
					statecheck.ExpectKnownOutputValue("services_none", names()),
					statecheck.ExpectKnownOutputValue("route_count", knownvalue.Int64Exact(1005)),
					statecheck.ExpectKnownOutputValue("routes_edge", names("r0000", "r0500", "r1000")),
					statecheck.ExpectKnownOutputValue("routes_one", names("r1004")),
					statecheck.ExpectKnownOutputValue("consumers", names("-", "alice", "bob")),
					statecheck.ExpectKnownOutputValue("consumers_alice", names("alice")),
					statecheck.ExpectKnownOutputValue("consumers_vip", names("alice")),
					statecheck.ExpectKnownOutputValue("plugins", names("key-auth", "rate-limiting")),
					statecheck.ExpectKnownOutputValue("plugins_rl", names("rate-limiting")),
					statecheck.ExpectKnownOutputValue("plugins_limits", names("rate-limiting")),
					// each object as the resource reads it
					statecheck.ExpectKnownValue("data.konnect_gateway_service_list.services_orders", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("id"), knownvalue.StringExact(orders["id"].(string))),
					statecheck.ExpectKnownValue("data.konnect_gateway_service_list.services_orders", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("host"), knownvalue.StringExact("orders.internal")),
					statecheck.ExpectKnownValue("data.konnect_gateway_service_list.services_orders", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("retries"), knownvalue.Int64Exact(5)),
					statecheck.ExpectKnownValue("data.konnect_gateway_service_list.services_orders", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("control_plane_id"), knownvalue.StringExact(cp)),
					statecheck.ExpectKnownValue("data.konnect_gateway_route_list.routes_edge", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("service").AtMapKey("id"), knownvalue.StringExact(orders["id"].(string))),
					// the plugin's config as Konnect holds it, without the redis password (Kong
					// marks it encrypted); the redis host, only referenceable (it may hold a
					// vault reference), is a setting and is shown
					statecheck.ExpectKnownValue("data.konnect_gateway_plugin_list.plugins_rl", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("config"),
						knownvalue.StringRegexp(regexp.MustCompile(`^\{.*"minute":5[,}].*"policy":"redis".*"redis":\{.*"host":"redis\.internal".*"port":6379[,}]`))),
					statecheck.ExpectKnownValue("data.konnect_gateway_plugin_list.plugins_rl", tfjsonpath.New("data").AtSliceIndex(0).AtMapKey("config"),
						notMatching(regexp.MustCompile(`password|Lists-Redis-Pa55`))),
				},
			},
			{
				Config:      e.providerBlock("") + `data "konnect_gateway_service_list" "bad" { control_plane_id = "not-a-uuid" }`,
				ExpectError: wrappedText(`Attribute control_plane_id must be a UUID`),
			},
			{
				Config:      e.providerBlock("") + "data \"konnect_gateway_service_list\" \"bad\" {\n  control_plane_id = \"" + cp + "\"\n  tags             = [\"a,b\"]\n}\n",
				ExpectError: wrappedText("Attribute tags[Value(\"a,b\")] must not contain `,` or `/`, got: a,b"),
			},
			{Config: e.providerBlock("")}, // a configuration the closing destroy can plan
		},
	})
}

// notMatching is a known value check of a string that does not match re.
func notMatching(re *regexp.Regexp) knownvalue.Check { return notMatchingCheck{re} }

type notMatchingCheck struct{ re *regexp.Regexp }

func (c notMatchingCheck) CheckValue(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("expected a string, got %T", v)
	}
	if loc := c.re.FindStringIndex(s); loc != nil {
		return fmt.Errorf("%q matches %s at %d", s, c.re, loc[0])
	}
	return nil
}

func (c notMatchingCheck) String() string { return "not matching " + c.re.String() }
