package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

const oas3 = `{"openapi":"3.0.3","info":{"title":"Example API","version":"1.0.0"},"paths":{}}`

func TestAPICRUD(t *testing.T) {
	fx := newFixture(t)
	r := fx.ok("POST", "/v3/apis", map[string]any{"name": "My API", "version": "v1", "labels": map[string]any{"env": "test"}}, 201)
	stamps(t, r.body)
	r.jsonEq(t, `{"name":"My API","version":"v1","slug":"my-api-v1","description":null,"labels":{"env":"test"},
		"attributes":{},"implementation_mode":"none","current_version_summary":null,"api_spec_ids":[],"portals":[]}`,
		"id", "created_at", "updated_at")
	id := r.str("id")
	fx.ok("GET", "/v3/apis/"+id, nil, 200)
	fx.clock.Advance(1e9)
	r = fx.ok("PATCH", "/v3/apis/"+id, map[string]any{"description": "d", "labels": map[string]any{"env": nil}}, 200)
	if r.str("description") != "d" || len(r.body["labels"].(map[string]any)) != 0 || r.str("updated_at") == r.str("created_at") {
		t.Fatalf("patch: %s", r.raw)
	}
	fx.ok("DELETE", "/v3/apis/"+id, nil, 204)
	fx.do("GET", "/v3/apis/"+id, nil).notFound(t)
	fx.do("GET", "/v3/apis/not-a-uuid", nil).notFound(t)
	fx.do("PUT", "/v3/apis/"+id, nil).expect(t, 405, "application/problem+json")
}

func TestAPIValidation(t *testing.T) {
	fx := newFixture(t)
	fx.do("POST", "/v3/apis", map[string]any{"name": ""}).invalid(t, "name: name must be longer than or equal to 1 characters")
	fx.do("POST", "/v3/apis", map[string]any{}).invalid(t, `name: "name" is required`)
	fx.do("POST", "/v3/apis", map[string]any{"name": "x", "slug": "a b"}).invalid(t, `slug: slug must match /^[\w-]+$/ regular expression`)
	fx.do("POST", "/v3/apis", map[string]any{"name": "x", "spec_content": "nope: [1"}).invalid(t, "spec_content: The provided specification content could not be parsed")
	fx.do("POST", "/v3/apis", "[1]").problem(t, 400, "Bad Request", "Could not parse request body", "body: request format is invalid")
}

func TestAPIUniqueness(t *testing.T) {
	fx := newFixture(t)
	fx.ok("POST", "/v3/apis", map[string]any{"name": "a", "version": "1"}, 201)
	fx.do("POST", "/v3/apis", map[string]any{"name": "a", "version": "1", "slug": "other"}).conflict(t, "API with name 'a' and version already exists")
	fx.do("POST", "/v3/apis", map[string]any{"name": "b", "slug": "a-1"}).conflict(t, "API with slug 'a-1' already exists")
	fx.ok("POST", "/v3/apis", map[string]any{"name": "a", "version": "2"}, 201)
	id := fx.api("c")
	fx.do("PATCH", "/v3/apis/"+id, map[string]any{"name": "a", "version": "2"}).conflict(t, "API with name 'a' and version already exists")
}

func TestAPIListPagingFiltersSort(t *testing.T) {
	fx := newFixture(t)
	for _, n := range []string{"c", "a", "b"} {
		fx.api(n)
	}
	r := fx.ok("GET", "/v3/apis?page[size]=2&sort=name", nil, 200)
	if got := fmt.Sprint(r.names(t, "name")); got != "[a b]" || r.meta(t) != "1/2/3" {
		t.Fatalf("page 1: %s %s", got, r.meta(t))
	}
	r = fx.ok("GET", "/v3/apis?page[size]=2&page[number]=2&sort=-name", nil, 200)
	if got := fmt.Sprint(r.names(t, "name")); got != "[a]" {
		t.Fatalf("page 2: %s", got)
	}
	r = fx.ok("GET", "/v3/apis?filter[name][eq]=b", nil, 200)
	if got := fmt.Sprint(r.names(t, "name")); got != "[b]" {
		t.Fatalf("filter: %s", got)
	}
	fx.do("GET", "/v3/apis?page[size]=0", nil).invalid(t, `page[size]: value of "page[size]" must be at least 1`)
	fx.do("GET", "/v3/apis?filter[nope]=1", nil).invalid(t, `filter[nope]: "filter[nope]" is not allowed`)
	fx.do("GET", "/v3/apis?sort=slug", nil).invalid(t, "sort: must be one of [name, version, created_at, updated_at]")
}

// The spec's LabelsFieldFilter: filter[labels.<key>] with an operator, or bare for eq.
func TestAPIListLabelFilter(t *testing.T) {
	fx := newFixture(t)
	fx.ok("POST", "/v3/apis", map[string]any{"name": "a", "slug": "a", "labels": map[string]any{"team": "billing", "env": "prod"}}, 201)
	fx.ok("POST", "/v3/apis", map[string]any{"name": "b", "slug": "b", "labels": map[string]any{"team": "orders"}}, 201)
	fx.ok("POST", "/v3/apis", map[string]any{"name": "c", "slug": "c"}, 201)
	for q, want := range map[string]string{
		"filter[labels.team][eq]=billing":            "[a]",
		"filter[labels.team]=orders":                 "[b]",
		"filter[labels.team][neq]=billing":           "[b c]",
		"filter[labels.team][oeq]=billing,orders":    "[a b]",
		"filter[labels.env][contains]=ro":            "[a]",
		"filter[labels.team][ocontains]=bill,nobody": "[a]",
		"filter[labels.owner][eq]=x":                 "[]",
	} {
		if got := fmt.Sprint(fx.ok("GET", "/v3/apis?sort=name&"+q, nil, 200).names(t, "slug")); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	fx.do("GET", "/v3/apis?filter[labels.team][lt]=x", nil).invalid(t, `filter[labels.team][lt]: "filter[labels.team][lt]" is not allowed`)
	fx.do("GET", "/v3/apis?filter[labels]=x", nil).invalid(t, `filter[labels]: "filter[labels]" is not allowed`)
}

func TestValidateSpecification(t *testing.T) {
	fx := newFixture(t)
	fx.ok("POST", "/v3/apis/validate-specification", map[string]any{"content": oas3}, 201).jsonEq(t, `{"validation_messages":[]}`)
	fx.ok("POST", "/v3/apis/validate-specification", map[string]any{"content": "swagger: '2.0'\ninfo: {title: t, version: '1'}\n"}, 201)
	fx.ok("POST", "/v3/apis/validate-specification", map[string]any{"content": "asyncapi: 2.6.0\n"}, 201)
	fx.do("POST", "/v3/apis/validate-specification", map[string]any{"content": ""}).invalid(t, "content: content must be longer than or equal to 1 characters")
	fx.do("POST", "/v3/apis/validate-specification", map[string]any{"content": `{"openapi":"2.0"}`}).invalid(t, "content: The provided specification content could not be parsed")
	fx.do("POST", "/v3/apis/validate-specification", map[string]any{"content": "just text"}).invalid(t, "content: The provided specification content could not be parsed")
}

func TestVersions(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	base := "/v3/apis/" + id + "/versions"
	fx.do("POST", base, map[string]any{}).invalid(t, `spec: "spec" is required`)
	fx.do("POST", base, map[string]any{"spec": map[string]any{"content": "{}"}}).invalid(t, "spec.content: The provided specification content could not be parsed")
	fx.do("POST", base, map[string]any{"spec": map[string]any{"content": `{"openapi":"3.1.0","info":{}}`}}).invalid(t, "version: version must be provided if not included in spec_content")
	r := fx.ok("POST", base, map[string]any{"spec": map[string]any{"content": oas3}}, 201)
	if r.str("version") != "1.0.0" || r.body["spec"].(map[string]any)["type"] != "oas3" {
		t.Fatalf("version: %s", r.raw)
	}
	vid := r.str("id")
	fx.do("POST", base, map[string]any{"version": "2", "spec": map[string]any{"content": oas3}}).conflict(t, "Specification for API '"+id+"' already exists")
	r = fx.ok("PATCH", base+"/"+vid, map[string]any{"version": "1.1", "spec": map[string]any{"content": "asyncapi: 3.0.0\n"}}, 200)
	if r.str("version") != "1.1" || r.body["spec"].(map[string]any)["type"] != "asyncapi" {
		t.Fatalf("patch: %s", r.raw)
	}
	a := fx.ok("GET", "/v3/apis/"+id, nil, 200)
	if s := a.body["current_version_summary"].(map[string]any); s["id"] != vid {
		t.Fatalf("summary: %s", a.raw)
	}
	if fx.ok("GET", base, nil, 200).meta(t) != "1/10/1" {
		t.Fatal("list")
	}
	fx.ok("DELETE", base+"/"+vid, nil, 204)
	fx.do("GET", base+"/"+vid, nil).notFound(t)
}

func TestDocumentTreeAndMove(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	base := "/v3/apis/" + id + "/documents"
	fx.do("POST", base, map[string]any{"title": "x"}).invalid(t, `content: "content" is required`)
	fx.do("POST", base, map[string]any{"content": "x", "status": "draft"}).invalid(t, "status: must be one of [published, unpublished]")
	r := fx.ok("POST", base, map[string]any{"content": "---\ntitle: Getting Started\n---\nhi"}, 201)
	r.jsonEq(t, `{"title":"Getting Started","slug":"getting-started","status":"unpublished","parent_document_id":null,
		"content":"---\ntitle: Getting Started\n---\nhi"}`, "id", "created_at", "updated_at")
	top := r.str("id")
	child := fx.ok("POST", base, map[string]any{"content": "c", "title": "Child", "parent_document_id": top, "status": "published"}, 201).str("id")
	fx.do("POST", base, map[string]any{"content": "c", "title": "Child", "parent_document_id": top}).conflict(t, "A document with slug 'child' already exists")
	other := fx.ok("POST", base, map[string]any{"content": "c", "title": "Child"}, 201).str("id") // another level: allowed
	fx.do("POST", base, map[string]any{"content": "c", "title": "Z", "parent_document_id": missing}).invalid(t, "parent_document_id: parent_document_id does not reference a document of the API")

	var tree struct {
		Data []struct {
			ID       string `json:"id"`
			Children []struct {
				ID string `json:"id"`
			} `json:"children"`
		} `json:"data"`
	}
	if err := json.Unmarshal(fx.ok("GET", base, nil, 200).raw, &tree); err != nil || len(tree.Data) != 2 || len(tree.Data[0].Children) != 1 || tree.Data[0].Children[0].ID != child {
		t.Fatalf("tree: %+v %v", tree, err)
	}
	if got := fmt.Sprint(fx.ok("GET", base+"?filter[status][eq]=published", nil, 200).data(t)); strings.Contains(got, top) {
		t.Fatalf("filter keeps only published top-level documents: %s", got)
	}
	// moving "other" (slug child) under top collides with its child
	fx.do("POST", base+"/"+other+"/move", map[string]any{"parent_document_id": top}).conflict(t, "A document with slug 'child' already exists")
	fx.do("POST", base+"/"+top+"/move", map[string]any{"parent_document_id": child}).invalid(t, "parent_document_id: parent_document_id does not reference a document of the API")
	fx.ok("PATCH", base+"/"+other, map[string]any{"slug": "other"}, 200)
	fx.ok("POST", base+"/"+other+"/move", map[string]any{"parent_document_id": top, "index": 0}, 204)
	if err := json.Unmarshal(fx.ok("GET", base, nil, 200).raw, &tree); err != nil || len(tree.Data) != 1 || tree.Data[0].Children[0].ID != other {
		t.Fatalf("moved: %+v", tree)
	}
	fx.ok("DELETE", base+"/"+top, nil, 204)
	fx.do("GET", base+"/"+child, nil).notFound(t)
}

func TestPublications(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	path := "/v3/apis/" + id + "/publications/" + portalA
	fx.do("PUT", "/v3/apis/"+id+"/publications/"+missing, map[string]any{}).notFound(t)
	fx.do("GET", path, nil).notFound(t)
	r := fx.ok("PUT", path, map[string]any{}, 200)
	r.jsonEq(t, `{"visibility":"private","auth_strategy_ids":null,"warnings":[]}`, "created_at", "updated_at")
	if _, ok := fx.portals.pubs[portalA+"/"+id]; !ok {
		t.Fatal("the portal was not told")
	}
	fx.do("PUT", path, map[string]any{"visibility": "open"}).invalid(t, "visibility: must be one of [public, private]")
	fx.do("PUT", path, map[string]any{"auth_strategy_ids": []string{missing}}).invalid(t, "auth_strategy_ids: auth strategy "+missing+" not found")
	strategy := "0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0a5"
	r = fx.ok("PUT", path, map[string]any{"visibility": "public", "auth_strategy_ids": []string{strategy}}, 200)
	if r.str("visibility") != "public" || fx.portals.pubs[portalA+"/"+id] != strategy {
		t.Fatalf("update: %s %v", r.raw, fx.portals.pubs)
	}
	a := fx.ok("GET", "/v3/apis/"+id, nil, 200)
	a.jsonEq(t, `{"portals":[{"id":"`+portalA+`","name":"dev","display_name":"The dev"}]}`, "id", "name", "description", "version", "slug",
		"labels", "attributes", "implementation_mode", "current_version_summary", "api_spec_ids", "created_at", "updated_at")
	for _, list := range []string{"/v3/api-publications", "/v3/portals/" + portalA + "/api-publications"} {
		r = fx.ok("GET", list, nil, 200)
		if rows := r.data(t); len(rows) != 1 || rows[0]["api_id"] != id || rows[0]["portal_id"] != portalA || rows[0]["entity_type"] != "api" {
			t.Fatalf("%s: %s", list, r.raw)
		}
	}
	fx.do("GET", "/v3/portals/"+missing+"/api-publications", nil).notFound(t)
	fx.ok("DELETE", path, nil, 204)
	if len(fx.portals.pubs) != 0 {
		t.Fatal("the portal still has the publication")
	}
	fx.do("DELETE", path, nil).notFound(t)
}

func TestImplementations(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	base := "/v3/apis/" + id + "/implementations"
	fx.do("POST", base, map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": missing}}).invalid(t, "service.id: Service not found")
	fx.do("POST", base, map[string]any{"service": map[string]any{"id": svcA}}).invalid(t, `service.control_plane_id: "service.control_plane_id" is required`)
	r := fx.ok("POST", base, map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcA}}, 201)
	r.jsonEq(t, `{"service":{"control_plane_id":"`+cpA+`","id":"`+svcA+`"}}`, "id", "created_at", "updated_at")
	iid := r.str("id")
	fx.do("POST", base, map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcB}}).conflict(t, "An implementation already exists for this API")
	other := fx.api("b")
	fx.do("POST", "/v3/apis/"+other+"/implementations", map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcA}}).conflict(t, "This gateway service is already linked to another API")
	if fx.ok("GET", "/v3/apis/"+id, nil, 200).str("implementation_mode") != "gateway_entity" {
		t.Fatal("implementation_mode")
	}
	r = fx.ok("GET", "/v3/api-implementations?filter[service_id][eq]="+svcA, nil, 200)
	if rows := r.data(t); len(rows) != 1 || rows[0]["api_id"] != id {
		t.Fatalf("list: %s", r.raw)
	}
	fx.ok("GET", base+"/"+iid, nil, 200)
	fx.ok("DELETE", base+"/"+iid, nil, 204)
	fx.do("GET", base+"/"+iid, nil).notFound(t)
}

// TestControlPlaneImplementations: an API implemented by a whole control plane, in the wire
// shape of the spec's ApiImplementationControlPlaneEntity, which Kong's provider sends for
// its control_plane_reference: {"control_plane": {"control_plane_id"}}.
func TestControlPlaneImplementations(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	base := "/v3/apis/" + id + "/implementations"
	fx.do("POST", base, map[string]any{"control_plane": map[string]any{"control_plane_id": missing}}).invalid(t,
		"control_plane.control_plane_id: Control plane not found")
	fx.do("POST", base, map[string]any{"control_plane": map[string]any{"id": cpB}}).invalid(t,
		`control_plane.id: "control_plane.id" is not allowed`, `control_plane.control_plane_id: "control_plane.control_plane_id" is required`)
	fx.do("POST", base, map[string]any{"control_plane": map[string]any{"control_plane_id": cpB},
		"service": map[string]any{"control_plane_id": cpA, "id": svcA}}).invalid(t, `control_plane: "control_plane" is not allowed with "service"`)
	want := `{"control_plane":{"control_plane_id":"` + cpB + `","access_control_enforcement_enabled":false}}`
	r := fx.ok("POST", base, map[string]any{"control_plane": map[string]any{"control_plane_id": strings.ToUpper(cpB)}}, 201)
	r.jsonEq(t, want, "id", "created_at", "updated_at")
	iid := r.str("id")
	fx.ok("GET", base+"/"+iid, nil, 200).jsonEq(t, want, "id", "created_at", "updated_at")
	fx.do("POST", base, map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcA}}).conflict(t, "An implementation already exists for this API")
	if mode := fx.ok("GET", "/v3/apis/"+id, nil, 200).str("implementation_mode"); mode != "access_control_enforcement" {
		t.Fatalf("implementation_mode %q", mode)
	}
	rows := fx.ok("GET", "/v3/api-implementations?filter[control_plane_id][eq]="+cpB, nil, 200).data(t)
	if len(rows) != 1 || rows[0]["api_id"] != id || rows[0]["control_plane"] == nil || rows[0]["service"] != nil {
		t.Fatalf("list: %v", rows)
	}
	fx.ok("DELETE", base+"/"+iid, nil, 204)
	fx.do("GET", base+"/"+iid, nil).notFound(t)
}

func TestDeleteCascades(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	fx.ok("POST", "/v3/apis/"+id+"/versions", map[string]any{"spec": map[string]any{"content": oas3}}, 201)
	fx.ok("POST", "/v3/apis/"+id+"/documents", map[string]any{"content": "x", "title": "x"}, 201)
	fx.ok("PUT", "/v3/apis/"+id+"/publications/"+portalA, map[string]any{}, 200)
	fx.ok("POST", "/v3/apis/"+id+"/implementations", map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcA}}, 201)
	fx.ok("DELETE", "/v3/apis/"+id, nil, 204)
	if len(fx.portals.pubs) != 0 {
		t.Fatal("publication left in the portal")
	}
	for _, l := range []string{"/v3/api-publications", "/v3/api-implementations"} {
		if n := len(fx.ok("GET", l, nil, 200).data(t)); n != 0 {
			t.Fatalf("%s: %d left", l, n)
		}
	}
	// the service is free again
	b := fx.api("b")
	fx.ok("POST", "/v3/apis/"+b+"/implementations", map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcA}}, 201)
}

func TestSnapshotRoundTrip(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	fx.ok("POST", "/v3/apis/"+id+"/versions", map[string]any{"spec": map[string]any{"content": oas3}}, 201)
	top := fx.ok("POST", "/v3/apis/"+id+"/documents", map[string]any{"content": "x", "title": "x"}, 201).str("id")
	fx.ok("POST", "/v3/apis/"+id+"/documents", map[string]any{"content": "y", "title": "y", "parent_document_id": top}, 201)
	fx.ok("PUT", "/v3/apis/"+id+"/publications/"+portalA, map[string]any{"visibility": "public"}, 200)
	fx.ok("POST", "/v3/apis/"+id+"/implementations", map[string]any{"service": map[string]any{"control_plane_id": cpA, "id": svcA}}, 201)
	before := fx.ok("GET", "/v3/apis/"+id, nil, 200).raw
	snap := fx.f.Snapshot()

	fx2 := newFixture(t)
	if err := fx2.f.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if string(fx2.f.Snapshot()) != string(snap) {
		t.Fatal("snapshot changed in a round trip")
	}
	fx2.ok("GET", "/v3/apis/"+id, nil, 200).jsonEq(t, string(before))
	bad := strings.Replace(string(snap), `"status":"unpublished"`, `"status":"draft"`, 1)
	if err := fx2.f.Restore([]byte(bad)); err == nil {
		t.Fatal("a bad status was restored")
	}
	if err := fx2.f.Restore([]byte(`{"apis":null}`)); err == nil {
		t.Fatal("null apis restored")
	}
	fx2.f.Reset()
	fx2.do("GET", "/v3/apis/"+id, nil).notFound(t)
}

func TestRoute(t *testing.T) {
	f := New(mockcore0(), nil, nil)
	for path, want := range map[string]string{
		"v3/apis":                           "/v3/apis",
		"v3/apis/x/documents/y/move":        "/v3/apis/{apiId}/documents/{documentId}/move",
		"v3/portals/p/api-publications":     "/v3/portals/{portalId}/api-publications",
		"v3/portals/p":                      "",
		"v3/portals/p/pages":                "",
		"v3/api-implementations":            "/v3/api-implementations",
		"v3/teams":                          "",
		"v3/apis/x/api-packages-not-served": "/v3/unmatched",
	} {
		key, ok := f.Route(strings.Split(path, "/"))
		if key != want || ok != (want != "") {
			t.Errorf("%s: %q %v, want %q", path, key, ok, want)
		}
	}
}

func TestSpecifications(t *testing.T) {
	fx := newFixture(t)
	id := fx.api("a")
	base := "/v3/apis/" + id + "/specifications"
	fx.do("POST", base, map[string]any{"content": ""}).invalid(t, "content: content must be longer than or equal to 1 characters")
	fx.do("POST", base, map[string]any{"content": "x: 1"}).invalid(t, "content: The provided specification content could not be parsed")
	r := fx.ok("POST", base, map[string]any{"content": oas3}, 201)
	r.jsonEq(t, `{"content":`+mustJSON(oas3)+`,"type":"oas3","validation_messages":[]}`, "id", "created_at", "updated_at")
	sid := r.str("id")
	fx.do("POST", base, map[string]any{"content": oas3}).conflict(t, "Specification for API '"+id+"' already exists")
	if fx.ok("GET", "/v3/apis/"+id+"/versions/"+sid, nil, 200).str("version") != "1.0.0" {
		t.Fatal("the specification is the API's version")
	}
	if typ := fx.ok("PATCH", base+"/"+sid, map[string]any{"content": "swagger: '2.0'\n"}, 200).str("type"); typ != "oas2" {
		t.Fatalf("type %q", typ)
	}
	if fx.ok("GET", base, nil, 200).meta(t) != "1/10/1" {
		t.Fatal("list")
	}
	fx.ok("DELETE", base+"/"+sid, nil, 204)
	fx.do("GET", base+"/"+sid, nil).notFound(t)
}

func TestPublicationDefaultStrategy(t *testing.T) {
	fx := newFixture(t)
	strategy := "0b7c1a54-2f0e-4f38-9a53-6bd1a1f7f0a5"
	fx.portals.defaultStrategy = strategy
	id := fx.api("a")
	path := "/v3/apis/" + id + "/publications/" + portalA
	fx.ok("PUT", path, map[string]any{}, 200).jsonEq(t, `{"visibility":"private","auth_strategy_ids":["`+strategy+`"],"warnings":[]}`, "created_at", "updated_at")
	fx.ok("PUT", path, map[string]any{"auth_strategy_ids": nil}, 200).jsonEq(t, `{"visibility":"private","auth_strategy_ids":null,"warnings":[]}`, "created_at", "updated_at")
	if fx.portals.pubs[portalA+"/"+id] != "" {
		t.Fatalf("the portal holds %v", fx.portals.pubs)
	}
}
