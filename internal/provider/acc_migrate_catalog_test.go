package provider

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The API catalog in TestMigrateAccFromKong: an API with a version, a document and a
// publication to a portal, created in the mock and recorded in a Kong-format state as Kong's
// provider (kong/konnect v3.19.0) writes it: konnect_api's attributes a JSON string, the
// version's spec with its type and validation messages, the publication without an id.

// paymentsSpec is a YAML specification; configuration gives the same document in JSON.
const paymentsSpec = "openapi: 3.0.3\ninfo:\n  title: Payments\n  version: 1.0.0\npaths: {}\n"

// kongCatalogAttrs are the attributes of Kong's catalog types.
var kongCatalogAttrs = map[string][]string{
	"konnect_api": {"api_spec_ids", "attributes", "created_at", "description", "id", "implementation_mode", "labels", "name",
		"portals", "slug", "spec_content", "updated_at", "version"},
	"konnect_api_version":        {"api_id", "created_at", "id", "spec", "updated_at", "version"},
	"konnect_api_specification":  {"api_id", "content", "created_at", "id", "type", "updated_at", "validation_messages"},
	"konnect_api_document":       {"api_id", "content", "created_at", "id", "parent_document_id", "slug", "status", "title", "updated_at"},
	"konnect_api_publication":    {"api_id", "auth_strategy_ids", "auto_approve_registrations", "created_at", "portal_id", "updated_at", "visibility", "warnings"},
	"konnect_api_implementation": {"api_id", "control_plane_reference", "created_at", "id", "service_reference", "updated_at"},
}

func init() {
	for typ, attrs := range kongCatalogAttrs {
		kongAttrs[typ] = attrs
	}
}

// addKongCatalog creates one object of every catalog type in the mock, records each in state
// as Kong's provider would have, and returns this provider's configuration of them.
func addKongCatalog(t *testing.T, e *konnectEnv, state *kongStateFile, cpID, serviceID string) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	call := func(method, path string, body any) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(ctx, method, path, nil, body, &out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		return out
	}
	var s kongSameNamed
	edit := func(round int, address, attr, path string, change func(konnect.Object)) {
		typ := address[:strings.Index(address, ".")]
		s.edits = append(s.edits, kongMigrationEdit{round: round, address: address, typeName: typ, attr: attr,
			do: func() { e.edit(path, change) }})
	}
	times := func(obj konnect.Object, names ...string) konnect.Object {
		for _, n := range names {
			obj[n] = kongTime(t, obj[n])
		}
		return obj
	}

	// The API (round 2: its children depend on it). Kong keeps attributes as a JSON string
	// and spec_content null.
	api := times(call(http.MethodPost, "/v3/apis", konnect.Object{"name": "orders", "version": "v1", "description": "Orders"}),
		"created_at", "updated_at")
	apiID := api["id"].(string)
	apiPath := "/v3/apis/" + apiID
	state.add("konnect_api", "orders", api, map[string]any{"attributes": "{}", "spec_content": nil})
	edit(2, "konnect_api.orders", "description", apiPath, set("description", "edited in the UI"))

	// Its version with the specification.
	v := times(call(http.MethodPost, apiPath+"/versions", konnect.Object{"version": "1.0.0", "spec": map[string]any{"content": ordersSpec}}),
		"created_at", "updated_at")
	state.add("konnect_api_version", "orders_v1", v, map[string]any{"api_id": apiID})
	edit(1, "konnect_api_version.orders_v1", "version", apiPath+"/versions/"+v["id"].(string), set("version", "1.0.0-ui"))

	// A second API with its specification through the older endpoint (an API has one).
	payments := times(call(http.MethodPost, "/v3/apis", konnect.Object{"name": "payments", "version": "v1"}), "created_at", "updated_at")
	paymentsPath := "/v3/apis/" + payments["id"].(string)
	state.add("konnect_api", "payments", payments, map[string]any{"attributes": "{}", "spec_content": nil})
	spec := times(call(http.MethodPost, paymentsPath+"/specifications", konnect.Object{"content": paymentsSpec}), "created_at", "updated_at")
	state.add("konnect_api_specification", "payments", spec, map[string]any{"api_id": payments["id"]})
	edit(1, "konnect_api_specification.payments", "content.info.version", paymentsPath+"/specifications/"+spec["id"].(string),
		set("content", strings.Replace(paymentsSpec, "1.0.0", "1.0.1", 1)))

	// A document.
	d := times(call(http.MethodPost, apiPath+"/documents", konnect.Object{"title": "Guide", "slug": "guide", "status": "published",
		"content": "# Guide\n\nCreate an order.\n"}), "created_at", "updated_at")
	state.add("konnect_api_document", "guide", d, map[string]any{"api_id": apiID})
	edit(1, "konnect_api_document.guide", "content", apiPath+"/documents/"+d["id"].(string), set("content", "# Guide\n\nEdited in the UI.\n"))

	// Its publication to a portal.
	p := call(http.MethodPost, "/v3/portals", konnect.Object{"name": "catalog-developers"})
	portalID := p["id"].(string)
	pub := times(call(http.MethodPut, apiPath+"/publications/"+portalID, konnect.Object{"visibility": "public"}), "created_at", "updated_at")
	state.add("konnect_api_publication", "orders_developers", pub, map[string]any{"api_id": apiID, "portal_id": portalID})
	edit(1, "konnect_api_publication.orders_developers", "visibility", apiPath+"/publications/"+portalID, set("visibility", "private"))

	// Its implementation by the migration's gateway service "orders": Kong wraps it in
	// service_reference and repeats its id and times at the top level.
	im := times(call(http.MethodPost, apiPath+"/implementations", konnect.Object{"service": map[string]any{"control_plane_id": cpID, "id": serviceID}}),
		"created_at", "updated_at")
	state.add("konnect_api_implementation", "orders", im, map[string]any{"api_id": apiID, "control_plane_reference": nil,
		"service_reference": map[string]any{"id": im["id"], "created_at": im["created_at"], "updated_at": im["updated_at"], "service": im["service"]}})
	s.notEditable = append(s.notEditable, "konnect_api_implementation")

	s.config = `
resource "konnect_api" "orders" {
  name        = "orders"
  version     = "v1"
  description = "Orders"
}

resource "konnect_api_version" "orders_v1" {
  api_id  = konnect_api.orders.id
  version = "1.0.0"
  spec = {
    content = ` + "jsonencode(jsondecode(" + "\"" + strings.ReplaceAll(ordersSpec, `"`, `\"`) + "\"))" + `
  }
}

resource "konnect_api" "payments" {
  name    = "payments"
  version = "v1"
}

resource "konnect_api_specification" "payments" {
  api_id  = konnect_api.payments.id
  content = jsonencode({ openapi = "3.0.3", info = { title = "Payments", version = "1.0.0" }, paths = {} })
}

resource "konnect_api_document" "guide" {
  api_id  = konnect_api.orders.id
  title   = "Guide"
  slug    = "guide"
  status  = "published"
  content = "# Guide\n\nCreate an order.\n"
}

resource "konnect_api_implementation" "orders" {
  api_id = konnect_api.orders.id
  service_reference = {
    service = {
      control_plane_id = konnect_gateway_control_plane.prod.id
      id               = konnect_gateway_service.orders.id
    }
  }
}

resource "konnect_api_publication" "orders_developers" {
  api_id     = konnect_api.orders.id
  portal_id  = "` + portalID + `"
  visibility = "public"
}
`
	return s
}
