package konnect

import (
	"context"
	"net/http"
	"testing"
)

func TestListFirstPage(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       int
		more       bool
	}{
		{"last page, offset null", `{"data":[{"id":"a"},{"id":"b"}],"next":null,"offset":null}`, 2, false},
		{"last page, offset absent", `{"data":[],"next":null}`, 0, false},
		{"more follow", `{"data":[{"id":"a"}],"next":"/x?offset=b2Zm","offset":"b2Zm"}`, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{}
			srv, count := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				rec.add(r)
				writeJSON(w, 200, "", tc.body)
			})
			c := newTestClient(t, srv.URL)
			got, more, err := c.ListFirstPage(context.Background(), CoreEntitiesPath("cp", "services", "s1", "plugins"), 21)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != tc.want || more != tc.more {
				t.Fatalf("got %d objects, more=%v; want %d, %v", len(got), more, tc.want, tc.more)
			}
			if got == nil {
				t.Fatal("an empty page must be an empty slice, not nil")
			}
			if count.Load() != 1 {
				t.Fatalf("requests = %d, want exactly 1 whatever the offset says", count.Load())
			}
			r := rec.all()[0]
			if r.URL.Path != "/v2/control-planes/cp/core-entities/services/s1/plugins" || r.URL.Query().Get("size") != "21" || r.URL.Query().Has("offset") {
				t.Fatalf("request = %s", r.URL)
			}
		})
	}
	c := newTestClient(t, "http://127.0.0.1:1")
	if _, _, err := c.ListFirstPage(context.Background(), "/x", 0); err == nil {
		t.Fatal("size 0 accepted")
	}
}
