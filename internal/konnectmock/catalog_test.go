package konnectmock

import (
	"path/filepath"
	"testing"
)

// The API catalog family (package catalog, tested there endpoint by endpoint)
// as the assembler mounts it: before the portal family, whose
// /v3/portals/{portalId}/api-publications it takes, and wired to the portal
// and gateway families (which it does not import) for the portals it
// publishes to and the gateway services that implement its APIs.

func TestCatalogFamilyWiring(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	c, kill := openMock(t, Options{Tokens: []string{"kpat_test"}, StateFile: path})
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	cp := c.mustCP("cp")
	svc := c.do("POST", core(cp, "services"), map[string]any{"name": "s", "host": "example.com"}).expect(t, 201, ctJSON).str("id")
	portal := c.do("POST", "/v3/portals", map[string]any{"name": "dev"}).expect(t, 201, ctJSON).str("id")
	api := c.do("POST", "/v3/apis", map[string]any{"name": "shop", "version": "v1"}).expect(t, 201, ctJSON).str("id")

	// a publication needs the portal; the portal then holds the API
	c.do("PUT", "/v3/apis/"+api+"/publications/"+missing, map[string]any{}).expect(t, 404, ctProblem)
	c.do("PUT", "/v3/apis/"+api+"/publications/"+portal, map[string]any{"visibility": "public"}).expect(t, 200, ctJSON)
	c.do("DELETE", "/v3/portals/"+portal, nil).expect(t, 409, ctProblem)
	if r := c.do("GET", "/v3/portals/"+portal+"/api-publications", nil).expect(t, 200, ctJSON); len(r.body["data"].([]any)) != 1 {
		t.Fatalf("portal publications: %s", r.raw)
	}
	c.do("GET", "/v3/apis/"+api, nil).expect(t, 200, ctJSON).jsonEq(t,
		`{"portals":[{"id":"`+portal+`","name":"dev","display_name":"dev"}]}`, "id", "name", "description", "version", "slug",
		"labels", "attributes", "implementation_mode", "current_version_summary", "api_spec_ids", "created_at", "updated_at")

	// an implementation needs the gateway service
	c.do("POST", "/v3/apis/"+api+"/implementations", map[string]any{"service": map[string]any{"control_plane_id": cp, "id": missing}}).
		expect(t, 400, ctProblem).jsonEq(t, `{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters",
			"invalid_parameters":[{"field":"service.id","rule":"missing_reference","reason":"Service not found"}]}`, "instance")
	c.do("POST", "/v3/apis/"+api+"/implementations", map[string]any{"service": map[string]any{"control_plane_id": cp, "id": svc}}).expect(t, 201, ctJSON)

	// the state file keeps the catalog and the portal's record of the publication
	kill()
	c, _ = openMock(t, Options{Tokens: []string{"kpat_test"}, StateFile: path})
	c.do("GET", "/v3/apis/"+api+"/publications/"+portal, nil).expect(t, 200, ctJSON)
	c.do("DELETE", "/v3/portals/"+portal, nil).expect(t, 409, ctProblem)
	if r := c.do("GET", "/v3/api-implementations", nil).expect(t, 200, ctJSON); len(r.body["data"].([]any)) != 1 {
		t.Fatalf("implementations after restart: %s", r.raw)
	}

	// deleting the API takes its publication back: the portal goes without force
	c.do("DELETE", "/v3/apis/"+api, nil).expect(t, 204, "")
	c.do("DELETE", "/v3/portals/"+portal, nil).expect(t, 204, "")
	// the portal family keeps the rest of /v3/portals
	c.do("GET", "/v3/portals", nil).expect(t, 200, ctJSON)
}
