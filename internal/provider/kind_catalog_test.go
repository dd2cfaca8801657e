package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The API catalog's rows in TestAccKinds are in internal/catalog (kind_catalog_test.go); what
// stays here are the protocol tests' fixtures.

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
