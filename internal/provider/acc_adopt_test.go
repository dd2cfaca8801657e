package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// adoptConfig adopts every service, route, consumer and plugin of a control plane: a list
// data source per kind, an import block with for_each over it, and resources written from
// the same lists.
const adoptConfig = `
terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}

%s

locals {
  cp = %q
}

data "konnect_gateway_service_list" "all" {
  control_plane_id = local.cp
}

data "konnect_gateway_route_list" "all" {
  control_plane_id = local.cp
}

data "konnect_gateway_consumer_list" "all" {
  control_plane_id = local.cp
}

data "konnect_gateway_plugin_list" "all" {
  control_plane_id = local.cp
}

locals {
  services  = { for s in data.konnect_gateway_service_list.all.data : s.name => s }
  routes    = { for r in data.konnect_gateway_route_list.all.data : r.name => r }
  consumers = { for c in data.konnect_gateway_consumer_list.all.data : c.username => c }
  plugins   = { for p in data.konnect_gateway_plugin_list.all.data : p.id => p }
}

import {
  for_each = local.services
  to       = konnect_gateway_service.all[each.key]
  id       = "${local.cp}/${each.value.id}"
}

resource "konnect_gateway_service" "all" {
  for_each         = local.services
  control_plane_id = local.cp
  name             = each.key
  host             = each.value.host
}

import {
  for_each = local.routes
  to       = konnect_gateway_route.all[each.key]
  id       = "${local.cp}/${each.value.id}"
}

resource "konnect_gateway_route" "all" {
  for_each         = local.routes
  control_plane_id = local.cp
  name             = each.key
  paths            = each.value.paths
  service          = each.value.service
}

import {
  for_each = local.consumers
  to       = konnect_gateway_consumer.all[each.key]
  id       = "${local.cp}/${each.value.id}"
}

resource "konnect_gateway_consumer" "all" {
  for_each         = local.consumers
  control_plane_id = local.cp
  username         = each.key
}

import {
  for_each = local.plugins
  to       = konnect_gateway_plugin.all[each.key]
  id       = "${local.cp}/${each.key}"
}

resource "konnect_gateway_plugin" "all" {
  for_each         = local.plugins
  control_plane_id = local.cp
  name             = each.value.name
  config           = each.value.config
  service          = each.value.service
}
`

// importForEachCLI fails the test unless the CLI takes for_each in import blocks
// (Terraform 1.7+, OpenTofu 1.7+).
func importForEachCLI(t *testing.T, c *cliRun) {
	t.Helper()
	out, code := c.run(nil, "version")
	m := regexp.MustCompile(`^(Terraform|OpenTofu) v(\d+)\.(\d+)`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("%s version: %s", c.cli, out)
	}
	major, _ := strconv.Atoi(m[2])
	minor, _ := strconv.Atoi(m[3])
	if major == 1 && minor < 7 {
		t.Fatalf("%s v%s.%s has no for_each in import blocks (1.7+): run make testacc-migrate", m[1], m[2], m[3])
	}
}

// Adopting a whole control plane made outside Terraform: list data sources feed for_each
// import blocks. The plan only imports (nothing to add, change or destroy), the apply writes
// nothing to Konnect, the next plan is empty. Objects of another control plane stay out.
func TestMigrateAccAdoptWithListDataSources(t *testing.T) {
	adoptScenario(t, "")
}

// adoptScenario runs the adoption. With redisPW set, the rate-limiting plugin keeps its
// counters in a redis with that password, and no CLI output may show it.
func adoptScenario(t *testing.T, redisPW string) {
	e := newKonnectEnv(t, konnectmock.Options{})
	c := newCLIRun(t)
	importForEachCLI(t, c)
	ctx := context.Background()
	limits := map[string]any{"minute": 10, "policy": "local"}
	if redisPW != "" {
		limits = map[string]any{"minute": 10, "policy": "redis", "redis": map[string]any{"host": "redis.internal", "password": redisPW}}
	}

	cpID := e.mkCP(konnect.Object{"name": "adopt"})
	otherID := e.mkCP(konnect.Object{"name": "not-this-one"})
	mk := func(cp string, collection string, body konnect.Object) konnect.Object {
		t.Helper()
		obj, _, err := e.client.CreateEntity(ctx, konnect.CoreEntitiesPath(cp, collection), body)
		if err != nil {
			t.Fatalf("create in %s: %v", collection, err)
		}
		return obj
	}
	ref := func(o konnect.Object) map[string]any { return map[string]any{"id": o["id"]} }
	orders := mk(cpID, "services", konnect.Object{"name": "orders", "host": "orders.internal", "retries": 3})
	billing := mk(cpID, "services", konnect.Object{"name": "billing", "host": "billing.internal", "tags": []any{"team-b"}})
	mk(cpID, "services", konnect.Object{"name": "search", "host": "search.internal", "port": 9200})
	mk(cpID, "routes", konnect.Object{"name": "orders", "paths": []any{"/orders"}, "service": ref(orders)})
	mk(cpID, "routes", konnect.Object{"name": "billing", "paths": []any{"/billing", "/invoices"}, "strip_path": false, "service": ref(billing)})
	mk(cpID, "consumers", konnect.Object{"username": "alice"})
	mk(cpID, "consumers", konnect.Object{"username": "bob", "custom_id": "b-1"})
	mk(cpID, "plugins", konnect.Object{"name": "rate-limiting", "service": ref(orders), "config": limits})
	mk(cpID, "plugins", konnect.Object{"name": "cors", "config": map[string]any{"origins": []any{"https://shop.example.com"}}})
	mk(otherID, "services", konnect.Object{"name": "elsewhere", "host": "elsewhere.internal"})

	c.write(fmt.Sprintf(adoptConfig, e.providerBlock(""), cpID))
	noSecret := func(what, out string) {
		t.Helper()
		if redisPW != "" && strings.Contains(out, redisPW) {
			t.Errorf("%s shows the redis password:\n%s", what, out)
		}
	}

	out, code := c.run(nil, "plan", "-input=false", "-no-color")
	noSecret("plan", out)
	if code != 0 || !strings.Contains(out, "Plan: 9 to import, 0 to add, 0 to change, 0 to destroy.") {
		t.Fatalf("plan (exit %d) does not only import the 9 objects:\n%s", code, out)
	}
	if strings.Contains(out, "elsewhere") {
		t.Errorf("plan imports a service of another control plane:\n%s", out)
	}

	e.resetRequests()
	out, code = c.run(nil, "apply", "-auto-approve", "-input=false", "-no-color")
	noSecret("apply", out)
	if code != 0 || !strings.Contains(out, "Apply complete! Resources: 9 imported, 0 added, 0 changed, 0 destroyed.") {
		t.Fatalf("apply (exit %d):\n%s", code, out)
	}
	if w := e.writesSince(); len(w) > 0 {
		t.Errorf("adopting wrote to Konnect: %v", w)
	}
	out, code = c.run(nil, "state", "list")
	if got := strings.Count(out, "konnect_gateway_"); code != 0 || got != 9+4 {
		t.Errorf("state list (exit %d) holds %d entries, want 9 resources and 4 data sources:\n%s", code, got, out)
	}
	for _, want := range []string{`konnect_gateway_service.all["search"]`, `konnect_gateway_route.all["billing"]`, `konnect_gateway_consumer.all["bob"]`} {
		if !strings.Contains(out, want) {
			t.Errorf("state list has no %s:\n%s", want, out)
		}
	}

	if redisPW != "" {
		raw, err := os.ReadFile(filepath.Join(c.dir, "terraform.tfstate"))
		if err != nil {
			t.Fatal(err)
		}
		noSecret("the state file", string(raw))
		var pl konnect.Object
		for _, p := range e.list(konnect.CoreEntitiesPath(cpID, "plugins")) {
			if p["name"] == "rate-limiting" {
				pl = p
			}
		}
		if got := fmt.Sprint(pl["config"].(map[string]any)["redis"].(map[string]any)["password"]); got != redisPW {
			t.Errorf("after the adoption Konnect's rate-limiting plugin holds redis.password %q, want the one it had", got)
		}
	}
	out, code = c.run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	noSecret("plan after apply", out)
	if code != 0 || !strings.Contains(out, "No changes.") {
		t.Fatalf("plan after adopting (exit %d) is not empty:\n%s", code, out)
	}
	if got := e.get(konnect.CoreEntitiesPath(cpID, "services", "orders")); got["retries"] != float64(3) && fmt.Sprint(got["retries"]) != "3" {
		t.Errorf("orders service in Konnect after adoption: retries %v, want 3", got["retries"])
	}
}

// The same adoption of a plugin whose config holds a secret (a redis password): the plan
// and apply that import it, and the state, never show the password, which Konnect keeps.
func TestMigrateAccAdoptPluginSecretNeverShown(t *testing.T) {
	adoptScenario(t, "Adopt-Redis-Pa55-91be0c")
}
