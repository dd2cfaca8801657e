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

func TestContractCatalogFamily(t *testing.T) {
	c := newMock(t, Options{Tokens: []string{"kpat_test"}})
	missing := "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	api := c.do("POST", "/v3/apis", map[string]any{"name": "shop"}).expect(t, 201, ctJSON).str("id")
	for _, tc := range []struct {
		method, path string
		body         any
		status       int
		want         string
	}{
		{"POST", "/v3/apis", map[string]any{"name": ""}, 400,
			`{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters","invalid_parameters":[{"field":"name","rule":"min_length","minimum":1,"reason":"name must be longer than or equal to 1 characters"}]}`},
		{"POST", "/v3/apis/validate-specification", map[string]any{"content": "text"}, 400,
			`{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters","invalid_parameters":[{"field":"content","rule":"invalid","reason":"The provided specification content could not be parsed"}]}`},
		{"POST", "/v3/apis/" + api + "/documents", map[string]any{"content": "x", "slug": "a b"}, 400,
			`{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","detail":"Invalid Parameters","invalid_parameters":[{"field":"slug","rule":"matches_regex","reason":"slug must match /^[\\w-]+$/ regular expression"}]}`},
		{"PATCH", "/v3/apis/" + api, `{"name":`, 400,
			`{"status":400,"title":"Bad Request","type":"https://httpstatuses.com/400","detail":"Could not parse request body","invalid_parameters":[{"field":"body","reason":"request format is invalid"}]}`},
		{"GET", "/v3/apis/" + missing, nil, 404, `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","detail":"Not Found"}`},
		{"GET", "/v3/apis/" + api + "/operations", nil, 404, `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","detail":"Not Found"}`},
		{"PUT", "/v3/apis", nil, 405, `{"status":405,"title":"Method Not Allowed","type":"https://httpstatuses.com/405","detail":"Method Not Allowed"}`},
		{"POST", "/v3/apis", map[string]any{"name": "shop"}, 409, `{"status":409,"title":"Conflict","type":"https://httpstatuses.com/409","detail":"API with name 'shop' and version already exists"}`},
	} {
		c.do(tc.method, tc.path, tc.body).expect(t, tc.status, ctProblem).jsonEq(t, tc.want, "instance")
	}
	c.do("GET", "/v3/apis?page[size]=1", nil).expect(t, 200, ctJSON).jsonEq(t, `{"meta":{"page":{"number":1,"size":1,"total":1}}}`, "data")
	counts := c.srv.Counts()
	if counts["GET /v3/apis/{apiId}"] != 1 || counts["POST /v3/apis"] != 3 || counts["POST /v3/apis/{apiId}/documents"] != 1 {
		t.Fatalf("counts %v", counts)
	}
}

func TestCatalogPublicationTakesPortalDefaultStrategy(t *testing.T) {
	c := newMock(t, Options{Tokens: []string{"kpat_test"}})
	strategy := c.do("POST", "/v2/application-auth-strategies", map[string]any{"name": "ka", "display_name": "Key", "strategy_type": "key_auth",
		"configs": map[string]any{"key-auth": map[string]any{"key_names": []string{"apikey"}}}}).expect(t, 201, ctJSON).str("id")
	portal := c.do("POST", "/v3/portals", map[string]any{"name": "dev", "default_application_auth_strategy_id": strategy}).expect(t, 201, ctJSON).str("id")
	api := c.do("POST", "/v3/apis", map[string]any{"name": "shop"}).expect(t, 201, ctJSON).str("id")
	c.do("PUT", "/v3/apis/"+api+"/publications/"+portal, map[string]any{}).expect(t, 200, ctJSON).
		jsonEq(t, `{"visibility":"private","auth_strategy_ids":["`+strategy+`"],"warnings":[]}`, "created_at", "updated_at")
	// the strategy is in use: the strategy family refuses its delete
	c.do("DELETE", "/v2/application-auth-strategies/"+strategy, nil).expect(t, 409, ctProblem)
}
