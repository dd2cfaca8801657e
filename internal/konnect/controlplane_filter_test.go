package konnect

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// Kong's filters reach Konnect as query parameters on every page: Konnect applies them.
func TestListControlPlanesSendsKongFilters(t *testing.T) {
	var got []url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.URL.Query())
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("page[number]") == "1" {
			_, _ = w.Write([]byte(`{"meta":{"page":{"number":1,"size":1,"total":2}},"data":[{"id":"a","name":"pay-1"}]}`))
			return
		}
		_, _ = w.Write([]byte(`{"meta":{"page":{"number":2,"size":1,"total":2}},"data":[{"id":"b","name":"pay-2"}]}`))
	}))
	defer srv.Close()
	c, err := New(Config{ServerURL: srv.URL, Token: "kpat_test"})
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	found, err := c.ListControlPlanes(context.Background(), ControlPlaneFilter{
		PageSize:         1,
		NameMatch:        Match{Contains: "pay"},
		IDMatch:          Match{Oeq: []string{"a", "b"}},
		ClusterTypeMatch: Match{Neq: "CLUSTER_TYPE_CONTROL_PLANE_GROUP"},
		CloudGateway:     &yes,
		LabelSelector:    "env:prod,team",
		Sort:             "created_at desc",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 || len(got) != 2 {
		t.Fatalf("read %d control planes in %d requests, want 2 in 2", len(found), len(got))
	}
	want := map[string]string{
		"filter[name][contains]":    "pay",
		"filter[id][oeq]":           "a,b",
		"filter[cluster_type][neq]": "CLUSTER_TYPE_CONTROL_PLANE_GROUP",
		"filter[cloud_gateway]":     "true",
		"labels":                    "env:prod,team",
		"sort":                      "created_at desc",
	}
	for i, q := range got {
		for k, v := range want {
			if q.Get(k) != v {
				t.Errorf("request %d: %s = %q, want %q (query %v)", i+1, k, q.Get(k), v, q)
			}
		}
	}
}
