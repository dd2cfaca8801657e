package konnect

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

func TestListControlPlanesPagination(t *testing.T) {
	const total = 25
	rec := &recorder{}
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		rec.add(r)
		q := r.URL.Query()
		size, _ := strconv.Atoi(q.Get("page[size]"))
		num, _ := strconv.Atoi(q.Get("page[number]"))
		var data []string
		for i := (num - 1) * size; i < num*size && i < total; i++ {
			env := "prod"
			if i%2 == 1 {
				env = "dev"
			}
			data = append(data, fmt.Sprintf(`{"id":"cp-%02d","name":"cp-%02d","labels":{"env":%q,"team":"core"}}`, i, i, env))
		}
		writeJSON(w, 200, "", fmt.Sprintf(`{"meta":{"page":{"number":%d,"size":%d,"total":%d}},"data":[%s]}`, num, size, total, strings.Join(data, ",")))
	})
	c := newTestClient(t, srv.URL)

	all, err := c.ListControlPlanes(context.Background(), ControlPlaneFilter{PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != total || all[0]["id"] != "cp-00" || all[24]["id"] != "cp-24" {
		t.Fatalf("got %d objects", len(all))
	}
	if count.Load() != 3 {
		t.Fatalf("requests = %d, want 3", count.Load())
	}
	for i, r := range rec.all() {
		if got := r.URL.Query().Get("page[number]"); got != strconv.Itoa(i+1) {
			t.Errorf("request %d page[number] = %s", i, got)
		}
		if r.URL.Path != "/v2/control-planes" {
			t.Errorf("path = %s", r.URL.Path)
		}
	}

	// Filters are sent, and labels are also checked on the results.
	rec.reqs = nil
	got, err := c.ListControlPlanes(context.Background(), ControlPlaneFilter{Name: "cp-03", Labels: map[string]string{"team": "core", "env": "dev"}})
	if err != nil {
		t.Fatal(err)
	}
	q := rec.all()[0].URL.Query()
	if q.Get("filter[name][eq]") != "cp-03" || q.Get("labels") != "env:dev" || q.Get("page[size]") != "100" {
		t.Fatalf("query = %v", q)
	}
	if len(got) != 1 || got[0]["id"] != "cp-03" {
		t.Fatalf("filtered = %v", got)
	}
}

func TestListControlPlanesStopsWithoutTotal(t *testing.T) {
	srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("page[number]") {
		case "1":
			writeJSON(w, 200, "", `{"meta":{"page":{"number":1,"size":2}},"data":[{"id":"a"},{"id":"b"}]}`)
		case "2":
			writeJSON(w, 200, "", `{"meta":{"page":{"number":2,"size":2}},"data":[{"id":"c"}]}`)
		default:
			writeJSON(w, 200, "", `{"data":[]}`)
		}
	})
	all, err := newTestClient(t, srv.URL).ListControlPlanes(context.Background(), ControlPlaneFilter{PageSize: 2})
	if err != nil || len(all) != 3 || count.Load() != 2 {
		t.Fatalf("all=%v err=%v requests=%d", all, err, count.Load())
	}
}

func TestListEntitiesPagination(t *testing.T) {
	// The last page ends the listing with next/offset null, absent, or "".
	lastPages := map[string]string{
		"null":   `{"data":[{"id":"5"}],"next":null,"offset":null}`,
		"absent": `{"data":[{"id":"5"}]}`,
		"empty":  `{"data":[{"id":"5"}],"next":"","offset":""}`,
	}
	for name, last := range lastPages {
		t.Run(name, func(t *testing.T) {
			rec := &recorder{}
			srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				rec.add(r)
				switch r.URL.Query().Get("offset") {
				case "":
					writeJSON(w, 200, "", `{"data":[{"id":"1"},{"id":"2"}],"next":"/v2/control-planes/cp/core-entities/services?offset=b2Zm%2FMQ%3D%3D","offset":"b2Zm/MQ=="}`)
				case "b2Zm/MQ==":
					writeJSON(w, 200, "", `{"data":[{"id":"3"},{"id":"4"}],"next":"/x?offset=second","offset":"second"}`)
				case "second":
					writeJSON(w, 200, "", last)
				default:
					writeJSON(w, 400, "", `{"code":3,"message":"invalid offset"}`)
				}
			})
			c := newTestClient(t, srv.URL)
			all, err := c.ListEntities(context.Background(), CoreEntitiesPath("cp", "services"), url.Values{"tags": {"a,b"}})
			if err != nil {
				t.Fatal(err)
			}
			if len(all) != 5 || all[4]["id"] != "5" || count.Load() != 3 {
				t.Fatalf("got %d objects in %d requests", len(all), count.Load())
			}
			for i, r := range rec.all() {
				q := r.URL.Query()
				if q.Get("size") != "1000" || q.Get("tags") != "a,b" {
					t.Errorf("request %d query = %v", i, q)
				}
				if r.URL.Path != "/v2/control-planes/cp/core-entities/services" {
					t.Errorf("request %d path = %s", i, r.URL.Path)
				}
			}
		})
	}
}

func TestListEntitiesHonoursSizeAndDetectsLoops(t *testing.T) {
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("size") != "7" {
			t.Errorf("size = %s", r.URL.Query().Get("size"))
		}
		writeJSON(w, 200, "", `{"data":[{"id":"1"}],"next":"/x?offset=same","offset":"same"}`)
	})
	_, err := newTestClient(t, srv.URL).ListEntities(context.Background(), CoreEntitiesPath("cp", "routes"), url.Values{"size": {"7"}})
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("err = %v", err)
	}

	srv2, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, "", `{"data":[],"next":null}`)
	})
	all, err := newTestClient(t, srv2.URL).ListEntities(context.Background(), CoreEntitiesPath("cp", "partials"), nil)
	if err != nil || all == nil || len(all) != 0 {
		t.Fatalf("all=%v err=%v", all, err)
	}
}

func TestControlPlaneCRUD(t *testing.T) {
	rec := &recorder{}
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		rec.add(r)
		switch r.Method {
		case http.MethodPost:
			writeJSON(w, 201, "", `{"id":"cp1","name":"a","labels":{}}`)
		case http.MethodGet, http.MethodPatch:
			writeJSON(w, 200, "", `{"id":"cp1","name":"b"}`)
		case http.MethodDelete:
			w.WriteHeader(204)
		}
	})
	c := newTestClient(t, srv.URL)
	ctx := context.Background()
	if o, resp, err := c.CreateControlPlane(ctx, Object{"name": "a"}); err != nil || resp.StatusCode != 201 || o["id"] != "cp1" {
		t.Fatalf("create: %v %v %v", o, resp, err)
	}
	if o, _, err := c.GetControlPlane(ctx, "cp1"); err != nil || o["name"] != "b" {
		t.Fatalf("get: %v %v", o, err)
	}
	if _, _, err := c.UpdateControlPlane(ctx, "cp1", Object{"name": "b"}, `"v1"`); err != nil {
		t.Fatal(err)
	}
	if resp, err := c.DeleteControlPlane(ctx, "cp1", ""); err != nil || resp.StatusCode != 204 {
		t.Fatalf("delete: %v %v", resp, err)
	}
	want := []struct{ method, path, ifMatch string }{
		{"POST", "/v2/control-planes", ""},
		{"GET", "/v2/control-planes/cp1", ""},
		{"PATCH", "/v2/control-planes/cp1", `"v1"`},
		{"DELETE", "/v2/control-planes/cp1", ""},
	}
	for i, r := range rec.all() {
		if r.Method != want[i].method || r.URL.Path != want[i].path || r.Header.Get("If-Match") != want[i].ifMatch {
			t.Errorf("request %d = %s %s If-Match %q, want %+v", i, r.Method, r.URL.Path, r.Header.Get("If-Match"), want[i])
		}
	}
	for _, err := range []error{
		func() error { _, _, err := c.GetControlPlane(ctx, ""); return err }(),
		func() error { _, err := c.DeleteControlPlane(ctx, "", ""); return err }(),
	} {
		if err == nil {
			t.Error("empty id accepted")
		}
	}
}
