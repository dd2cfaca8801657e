package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A POST whose answer is lost (a 502 after Konnect made the object) is resolved without a
// second object: the object that holds what was posted and was not there before is the
// create's. With WithNameFree (the creation guard has just found the name free) nothing is
// listed before the POST; without it the collection is listed first, and an object of the
// same fields that was already there is never taken for the new one.
func TestPlatformCreateAmbiguous(t *testing.T) {
	type server struct {
		mu     sync.Mutex
		objs   []map[string]any
		calls  map[string]int
		refuse bool // a second object of a name is refused (PlatformAPI.Unique)
		drop   bool // the first POST fails before Konnect makes anything
	}
	start := func(t *testing.T, existing ...map[string]any) (*server, *konnect.Client) {
		s := &server{objs: existing, calls: map[string]int{}}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.calls[r.Method+" "+r.URL.Path]++
			w.Header().Set("Content-Type", "application/json")
			switch {
			case r.Method == http.MethodGet && r.URL.Path == "/v3/things":
				// a tree, as a portal's pages: an object with a parent_id is listed in its
				// parent's children only
				var top []map[string]any
				for _, o := range s.objs {
					if o["parent_id"] != nil {
						continue
					}
					node := map[string]any{"children": []any{}}
					for k, v := range o {
						node[k] = v
					}
					for _, c := range s.objs {
						if c["parent_id"] == o["id"] {
							node["children"] = append(node["children"].([]any), c)
						}
					}
					top = append(top, node)
				}
				_ = json.NewEncoder(w).Encode(map[string]any{"data": top, "meta": map[string]any{"page": map[string]any{"total": len(top)}}})
			case r.Method == http.MethodGet:
				for _, o := range s.objs {
					if "/v3/things/"+fmt.Sprint(o["id"]) == r.URL.Path {
						_ = json.NewEncoder(w).Encode(o)
						return
					}
				}
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write([]byte(`{"status":404,"title":"Not Found"}`))
			case r.Method == http.MethodPost:
				var body map[string]any
				_ = json.NewDecoder(r.Body).Decode(&body)
				if s.drop && s.calls["POST /v3/things"] == 1 {
					w.WriteHeader(http.StatusBadGateway)
					return
				}
				for _, o := range s.objs {
					if s.refuse && o["name"] == body["name"] {
						if s.calls["POST /v3/things"] == 1 {
							w.WriteHeader(http.StatusBadGateway) // the 409's answer lost
						} else {
							w.WriteHeader(http.StatusConflict)
						}
						return
					}
				}
				body["id"] = fmt.Sprintf("new-%d", len(s.objs))
				body["created_at"] = time.Now().UTC().Format(time.RFC3339Nano)
				s.objs = append(s.objs, body)
				if s.calls["POST /v3/things"] == 1 {
					w.WriteHeader(http.StatusBadGateway) // made, answer lost
					_, _ = w.Write([]byte(`{"status":502,"title":"Bad Gateway"}`))
					return
				}
				w.WriteHeader(http.StatusCreated)
				_ = json.NewEncoder(w).Encode(body)
			}
		}))
		t.Cleanup(srv.Close)
		cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test_token_0123456789"})
		if err != nil {
			t.Fatal(err)
		}
		return s, cl
	}
	api := PlatformAPI{Collection: func(map[string]string) string { return "/v3/things" }}
	body := konnect.Object{"name": "orders", "description": "d"}

	t.Run("name free: no listing before", func(t *testing.T) {
		s, cl := start(t)
		named := func(o konnect.Object) bool { return o["name"] == "orders" }
		obj, _, err := api.Create(WithNameFree(context.Background(), named), cl, nil, body)
		if err != nil || obj["id"] != "new-0" {
			t.Fatalf("Create = %v, %v; want the object the lost POST made (new-0)", obj, err)
		}
		if len(s.objs) != 1 {
			t.Errorf("Konnect holds %d objects, want 1: %v", len(s.objs), s.objs)
		}
		if got := s.calls["GET /v3/things"]; got != 1 {
			t.Errorf("listings: %d, want 1 (after the lost POST only)", got)
		}
	})
	unique := api
	unique.Unique = []string{"name"} // Konnect refuses a second object of a name
	t.Run("name refused: no listing before, the lost POST's object claimed", func(t *testing.T) {
		s, cl := start(t)
		s.refuse = true
		obj, _, err := unique.Create(context.Background(), cl, nil, body)
		if err != nil || obj["id"] != "new-0" {
			t.Fatalf("Create = %v, %v; want the object the lost POST made (new-0)", obj, err)
		}
		if s.calls["GET /v3/things"] != 1 || s.calls["POST /v3/things"] != 1 || len(s.objs) != 1 {
			t.Errorf("listings %d, POSTs %d, objects %d; want 1 listing (after the lost POST), 1 POST, 1 object", s.calls["GET /v3/things"], s.calls["POST /v3/things"], len(s.objs))
		}
	})
	t.Run("name refused: an object of the name made before the POST is someone else's", func(t *testing.T) {
		hourAgo := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339Nano)
		s, cl := start(t, map[string]any{"id": "theirs", "name": "orders", "description": "d", "created_at": hourAgo})
		s.refuse = true
		obj, _, err := unique.Create(context.Background(), cl, nil, body)
		var taken *nameTakenError
		if !errors.As(err, &taken) || taken.Existing["id"] != "theirs" || !strings.Contains(taken.Note, "created before that request reached Konnect") {
			t.Fatalf("Create = %v, %v; want a nameTakenError naming theirs, created before the request", obj, err)
		}
		if s.calls["POST /v3/things"] != 1 || len(s.objs) != 1 {
			t.Errorf("POSTs %d, objects %d; want 1 POST, nothing posted again, 1 object", s.calls["POST /v3/things"], len(s.objs))
		}
	})
	t.Run("name refused: nothing of the name after the lost POST, posted again", func(t *testing.T) {
		s, cl := start(t)
		s.refuse, s.drop = true, true
		obj, _, err := unique.Create(context.Background(), cl, nil, body)
		if err != nil || obj["id"] != "new-0" || s.calls["POST /v3/things"] != 2 || len(s.objs) != 1 {
			t.Fatalf("Create = %v, %v after %d POSTs, %d objects; want new-0 from a second POST, one object", obj, err, s.calls["POST /v3/things"], len(s.objs))
		}
	})
	t.Run("unique among siblings: the lost POST's child claimed, a same-named one elsewhere not", func(t *testing.T) {
		hourAgo := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339Nano)
		s, cl := start(t, map[string]any{"id": "top", "name": "top", "created_at": hourAgo},
			map[string]any{"id": "elsewhere", "name": "child", "created_at": hourAgo}) // top level
		tree := api
		tree.Tree, tree.Unique = "children", []string{"name", "parent_id"}
		obj, _, err := tree.Create(context.Background(), cl, nil, konnect.Object{"name": "child", "parent_id": "top"})
		if err != nil || obj["id"] != "new-2" {
			t.Fatalf("Create = %v, %v; want new-2, the child the lost POST made under top", obj, err)
		}
		if s.calls["GET /v3/things"] != 1 || s.calls["POST /v3/things"] != 1 || len(s.objs) != 3 {
			t.Errorf("listings %d, POSTs %d, objects %d; want 1 listing (after the POST), 1 POST, 3 objects", s.calls["GET /v3/things"], s.calls["POST /v3/things"], len(s.objs))
		}
	})
	t.Run("unique, but the body leaves the first field out: listed before the POST", func(t *testing.T) {
		s, cl := start(t)
		obj, _, err := unique.Create(context.Background(), cl, nil, konnect.Object{"description": "d"})
		if err != nil || obj["id"] != "new-0" || s.calls["GET /v3/things"] != 2 {
			t.Fatalf("Create = %v, %v after %d listings; want new-0, listed before and after the POST", obj, err, s.calls["GET /v3/things"])
		}
	})
	t.Run("no name check: an equal object made before is not taken", func(t *testing.T) {
		s, cl := start(t, map[string]any{"id": "old", "name": "orders", "description": "d"})
		obj, _, err := api.Create(context.Background(), cl, nil, body)
		if err != nil || obj["id"] != "new-1" {
			t.Fatalf("Create = %v, %v; want new-1, the object the lost POST made, not old", obj, err)
		}
		if len(s.objs) != 2 {
			t.Errorf("Konnect holds %d objects, want 2: %v", len(s.objs), s.objs)
		}
		if got := s.calls["GET /v3/things"]; got != 2 {
			t.Errorf("listings: %d, want 2 (before the POST and after it)", got)
		}
	})
	t.Run("a tree: a child made by the lost POST is found below its parent", func(t *testing.T) {
		s, cl := start(t, map[string]any{"id": "top", "name": "top"})
		tree := api
		tree.Tree = "children"
		child := konnect.Object{"name": "child", "parent_id": "top"}
		obj, _, err := tree.Create(context.Background(), cl, nil, child)
		if err != nil || obj["id"] != "new-1" {
			t.Fatalf("Create = %v, %v; want new-1", obj, err)
		}
		if s.calls["POST /v3/things"] != 1 || len(s.objs) != 2 {
			t.Errorf("POSTs: %d, objects %d; want 1 POST and 2 objects (no second child)", s.calls["POST /v3/things"], len(s.objs))
		}
	})
	t.Run("name free in a scope: an equal object under another parent is not taken", func(t *testing.T) {
		s, cl := start(t, map[string]any{"id": "top", "name": "top"}, map[string]any{"id": "elsewhere", "name": "child", "parent_id": "top"})
		tree := api
		tree.Tree = "children"
		key := func(o konnect.Object) string { return fmt.Sprint(o["parent_id"]) + "/" + fmt.Sprint(o["name"]) }
		// "child" is free at the top level (the page named so is under "top")
		named := func(o konnect.Object) bool { return key(o) == key(konnect.Object{"name": "child"}) }
		obj, _, err := tree.Create(WithNameFree(context.Background(), named), cl, nil, konnect.Object{"name": "child"})
		if err != nil || obj["id"] != "new-2" {
			t.Fatalf("Create = %v, %v; want new-2, the top-level object the lost POST made, not the one under top", obj, err)
		}
		if s.calls["GET /v3/things"] != 1 || len(s.objs) != 3 {
			t.Errorf("listings %d, objects %d; want 1 listing (after the POST) and 3 objects", s.calls["GET /v3/things"], len(s.objs))
		}
	})
}
