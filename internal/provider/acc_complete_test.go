package provider

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// examples/complete applies against the mock, plans again empty, and destroys.
func TestAccCompleteExample(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	dir, err := filepath.Abs(filepath.Join("..", "..", "examples", "complete"))
	if err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(filepath.Join(dir, "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	// The test runs in a temporary directory: point file() at the example's own folder.
	config := env.providerBlock("") + strings.ReplaceAll(string(main), "${path.module}", dir)
	count := func(collection string) int {
		objs, err := env.client.ListEntities(context.Background(), konnect.CoreEntitiesPath(env.cpID("shop"), collection), nil)
		if err != nil {
			t.Fatalf("list %s: %v", collection, err)
		}
		return len(objs)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			for _, name := range []string{"shop", "shop-edge", "shop-group", "shop-cloud"} {
				if env.controlPlaneByName(name) != nil {
					t.Errorf("control plane %s still in Konnect after destroy", name)
				}
			}
			// the cloud gateway's configuration torn down with its data-plane groups, and its network gone
			if cfgs := env.list("/v2/cloud-gateways/configurations"); len(cfgs) != 0 {
				t.Errorf("Konnect still holds cloud gateway configurations after destroy: %v", cfgs)
			}
			for collection, name := range map[string]string{"/v3/teams": "shop", "/v3/system-accounts": "shop-ci", "/v3/portals": "shop", "/v3/apis": "orders",
				"/v2/cloud-gateways/networks": "shop-us-east-2", "/v1/auth-servers": "shop", "/v1/realms": "shop-partners",
				"/v1/catalog-services": "orders", "/v1/mesh/control-planes": "shop-mesh"} {
				for _, o := range env.list(collection) {
					if o["name"] == name {
						t.Errorf("%s %s still in Konnect after destroy", collection, name)
					}
				}
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(*terraform.State) error {
					for collection, want := range map[string]int{"services": 2, "routes": 2, "plugins": 4, "consumers": 2,
						"consumer_groups": 1, "upstreams": 1, "certificates": 1, "snis": 1, "partials": 1} {
						if got := count(collection); got != want {
							t.Errorf("Konnect holds %d %s, want %d", got, collection, want)
						}
					}
					// the machines', partners', catalog's and mesh's objects, as Konnect holds them
					named := func(collection, name string) konnect.Object {
						for _, o := range env.list(collection) {
							if o["name"] == name {
								return o
							}
						}
						t.Fatalf("%s: no %s in Konnect", collection, name)
						return nil
					}
					if scopes := env.list("/v1/auth-servers/" + named("/v1/auth-servers", "shop")["id"].(string) + "/scopes"); len(scopes) != 1 || scopes[0]["name"] != "orders:read" {
						t.Errorf("the shop auth server's scopes: %v", scopes)
					}
					if cs := env.list("/v1/realms/" + named("/v1/realms", "shop-partners")["id"].(string) + "/consumers"); len(cs) != 1 || cs[0]["username"] != "acme" {
						t.Errorf("the partners realm's consumers: %v", cs)
					}
					if f, _ := named("/v1/catalog-services", "orders")["custom_fields"].(map[string]any); f["owner"] != "team-shop" {
						t.Errorf("the orders catalog service's custom fields: %v", f)
					}
					named("/v1/mesh/control-planes", "shop-mesh")
					// who may change it: the shop team administers the shop's control plane,
					// and CI is in the team with a token
					var team, ci string
					for _, tm := range env.list("/v3/teams") {
						if tm["name"] == "shop" {
							team, _ = tm["id"].(string)
						}
					}
					for _, a := range env.list("/v3/system-accounts") {
						if a["name"] == "shop-ci" {
							ci, _ = a["id"].(string)
						}
					}
					if team == "" || ci == "" {
						t.Fatalf("team shop (%q) or system account shop-ci (%q) not in Konnect", team, ci)
					}
					if roles := env.list("/v3/teams/" + team + "/assigned-roles"); len(roles) != 1 || roles[0]["entity_id"] != env.cpID("shop") || roles[0]["role_name"] != "Admin" {
						t.Errorf("the shop team's roles: %v", roles)
					}
					if members := env.list("/v3/teams/" + team + "/system-accounts"); len(members) != 1 || members[0]["id"] != ci {
						t.Errorf("the shop team's system accounts: %v", members)
					}
					if tokens := env.list("/v3/system-accounts/" + ci + "/access-tokens"); len(tokens) != 1 || tokens[0]["name"] != "pipeline" {
						t.Errorf("shop-ci's tokens: %v", tokens)
					}
					// where developers find it: the shop's portal, a page with one under it, a
					// snippet and a team
					var portal string
					for _, p := range env.list("/v3/portals") {
						if p["name"] == "shop" {
							portal, _ = p["id"].(string)
						}
					}
					if portal == "" {
						t.Fatalf("portal shop not in Konnect")
					}
					pages := env.list("/v3/portals/" + portal + "/pages")
					if len(pages) != 1 || pages[0]["slug"] != "/guide" {
						t.Fatalf("the shop portal's top pages: %v", pages)
					}
					if kids, _ := pages[0]["children"].([]any); len(kids) != 1 || kids[0].(map[string]any)["slug"] != "checkout" {
						t.Errorf("the pages under /guide: %v", pages[0]["children"])
					}
					if snippets := env.list("/v3/portals/" + portal + "/snippets"); len(snippets) != 1 || snippets[0]["name"] != "shop-support" {
						t.Errorf("the shop portal's snippets: %v", snippets)
					}
					if teams := env.list("/v3/portals/" + portal + "/teams"); len(teams) != 1 || teams[0]["name"] != "partners" {
						t.Errorf("the shop portal's teams: %v", teams)
					}
					// what developers read: the orders API, its version and guide, published to
					// the shop's portal and implemented by the orders service
					var api konnect.Object
					for _, a := range env.list("/v3/apis") {
						if a["name"] == "orders" {
							api = a
						}
					}
					if api == nil {
						t.Fatalf("API orders not in Konnect")
					}
					apiPath := "/v3/apis/" + api["id"].(string)
					if vs := env.list(apiPath + "/versions"); len(vs) != 1 || vs[0]["version"] != "1.0.0" {
						t.Errorf("the orders API's versions: %v", vs)
					}
					if docs := env.list(apiPath + "/documents"); len(docs) != 1 || docs[0]["slug"] != "getting-started" || docs[0]["status"] != "published" {
						t.Errorf("the orders API's documents: %v", docs)
					}
					if pubs := env.list("/v3/portals/" + portal + "/api-publications"); len(pubs) != 1 || pubs[0]["api_id"] != api["id"] || pubs[0]["visibility"] != "public" {
						t.Errorf("the shop portal's publications: %v", pubs)
					}
					var orders string
					for _, svc := range env.list(konnect.CoreEntitiesPath(env.cpID("shop"), "services")) {
						if svc["name"] == "orders" {
							orders, _ = svc["id"].(string)
						}
					}
					impls := env.list(apiPath + "/implementations")
					if len(impls) != 1 {
						t.Fatalf("the orders API's implementations: %v", impls)
					}
					if svc, _ := impls[0]["service"].(map[string]any); svc["id"] != orders || svc["control_plane_id"] != env.cpID("shop") {
						t.Errorf("the orders API is implemented by %v, want service orders %s", impls[0]["service"], orders)
					}
					// where the edge gateways run: a ready network, and the shop-cloud control
					// plane's configuration with its data-plane group ready on that network
					var network konnect.Object
					for _, n := range env.list("/v2/cloud-gateways/networks") {
						if n["name"] == "shop-us-east-2" {
							network = n
						}
					}
					if network == nil || network["state"] != "ready" || network["cidr_block"] != "10.20.0.0/16" {
						t.Fatalf("network shop-us-east-2: %v, want it ready", network)
					}
					cfgs := env.list("/v2/cloud-gateways/configurations")
					if len(cfgs) != 1 || cfgs[0]["control_plane_id"] != env.cpID("shop-cloud") || cfgs[0]["version"] != "3.10" {
						t.Fatalf("cloud gateway configurations: %v, want one of shop-cloud at 3.10", cfgs)
					}
					groups, _ := cfgs[0]["dataplane_groups"].([]any)
					if len(groups) != 1 {
						t.Fatalf("shop-cloud's data-plane groups: %v", cfgs[0]["dataplane_groups"])
					}
					if g, _ := groups[0].(map[string]any); g["cloud_gateway_network_id"] != network["id"] || g["state"] != "ready" {
						t.Errorf("shop-cloud's data-plane group: %v, want it ready on network %v", g, network["id"])
					}
					return nil
				},
			},
		},
	})
}
