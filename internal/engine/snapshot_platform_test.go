package engine

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

const platformTestToken = "kpat_platformsnapshot0000000000000000000000000000000"

// platformKonnect is the mock Konnect behind a log of the requests it serves.
type platformKonnect struct {
	client *konnect.Client
	mu     sync.Mutex
	log    []string // "GET /v3/teams?page…"
}

func newPlatformKonnect(t *testing.T) *platformKonnect {
	t.Helper()
	mock := konnectmock.New(konnectmock.Options{Tokens: []string{platformTestToken}})
	k := &platformKonnect{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k.mu.Lock()
		k.log = append(k.log, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		k.mu.Unlock()
		mock.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: platformTestToken})
	if err != nil {
		t.Fatal(err)
	}
	k.client = cl
	return k
}

// gets counts the logged GETs of exactly this path.
func (k *platformKonnect) gets(path string) int {
	k.mu.Lock()
	defer k.mu.Unlock()
	n := 0
	for _, l := range k.log {
		if strings.HasPrefix(l, "GET "+path+"?") {
			n++
		}
	}
	return n
}

func (k *platformKonnect) requests() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.log...)
}

func (k *platformKonnect) reset() {
	k.mu.Lock()
	k.log = nil
	k.mu.Unlock()
}

func (k *platformKonnect) teams(t *testing.T, n int) []string {
	t.Helper()
	var ids []string
	for i := range n {
		var out konnect.Object
		if _, err := k.client.Do(context.Background(), http.MethodPost, "/v3/teams", nil,
			konnect.Object{"name": fmt.Sprintf("team-%03d", i), "description": "d"}, &out); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, out["id"].(string))
	}
	return ids
}

func (k *platformKonnect) resource(api EntityAPI) *EntityResource {
	r := &EntityResource{Kind: EntityKind{TypeName: "konnect_team", API: api}}
	r.Data = &ProviderData{Client: k.client, Snapshots: NewSnapshots()}
	return r
}

var listedTeams = PatchAPI{PlatformAPI: PlatformAPI{Collection: V3Path("teams"), Listed: true}, NameFilter: "filter[name][eq]"}

// A Listed platform collection is refreshed from one listing (pages of 100) after its first
// object, each object as its GET answers it; an object missing from the listing is
// confirmed with a GET.
func TestPlatformSnapshotRefresh(t *testing.T) {
	ctx := context.Background()
	k := newPlatformKonnect(t)
	ids := k.teams(t, 130)
	r := k.resource(listedTeams)
	direct := map[string]konnect.Object{}
	for _, id := range ids {
		obj, _, err := listedTeams.Get(ctx, k.client, Address{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		direct[id] = obj
	}
	k.reset()
	for _, id := range ids {
		obj, err := r.refreshRead(ctx, Address{ID: id})
		if err != nil {
			t.Fatalf("refresh of %s: %v", id, err)
		}
		if !reflect.DeepEqual(obj, direct[id]) {
			t.Errorf("refresh of %s read %v, its GET answers %v", id, obj, direct[id])
		}
	}
	if got := k.gets("/v3/teams"); got != 2 {
		t.Errorf("130 teams refreshed with %d list pages, want 2 (pages of 100): %v", got, k.requests())
	}
	single := 0
	for _, id := range ids {
		single += k.gets("/v3/teams/" + id)
	}
	if single != 1 {
		t.Errorf("130 teams refreshed with %d GETs of single teams, want 1 (the first)", single)
	}
	for _, l := range k.requests() {
		if strings.HasPrefix(l, "GET /v3/teams?") && !strings.Contains(l, "page%5Bsize%5D=100") {
			t.Errorf("listing not in pages of 100: %s", l)
		}
	}

	// Gone since the listing: confirmed with a direct GET, then reported as not found.
	k.reset()
	gone := "00000000-0000-4000-8000-000000000404"
	if _, err := r.refreshRead(ctx, Address{ID: gone}); !konnect.IsNotFound(err) {
		t.Errorf("refresh of a team not in the listing: %v, want not found", err)
	}
	if got := k.gets("/v3/teams/" + gone); got != 1 {
		t.Errorf("a team missing from the listing was read directly %d times, want 1", got)
	}
	if got := k.gets("/v3/teams"); got != 0 {
		t.Errorf("the listing was taken again (%d pages) for a team missing from it", got)
	}
}

// A write drops the snapshot of its collection and of the collections above it; the next
// refresh reads Konnect again.
func TestPlatformSnapshotDroppedByWrites(t *testing.T) {
	ctx := context.Background()
	k := newPlatformKonnect(t)
	ids := k.teams(t, 3)
	r := k.resource(listedTeams)
	for _, id := range ids {
		if _, err := r.refreshRead(ctx, Address{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	// Renamed in Konnect after the listing: this run's snapshot still has the old name...
	if _, err := k.client.Do(ctx, http.MethodPatch, "/v3/teams/"+ids[2], nil, konnect.Object{"name": "renamed"}, nil); err != nil {
		t.Fatal(err)
	}
	if obj, _ := r.refreshRead(ctx, Address{ID: ids[2]}); obj["name"] != "team-002" {
		t.Fatalf("read %v from the snapshot, want the listed name team-002", obj["name"])
	}
	// ...until a write below a team (a role assigned to one) drops it.
	below := k.resource(PlatformAPI{Collection: V3Path("teams", "{team_id}", "assigned-roles"), Listed: true})
	below.Data = r.Data // one provider run
	below.wrote(Address{Parents: map[string]string{"team_id": ids[0]}, ID: "x"})
	k.reset()
	obj, err := r.refreshRead(ctx, Address{ID: ids[2]})
	if err != nil || obj["name"] != "renamed" {
		t.Fatalf("after a write below the teams, refresh read %v (%v), want the name Konnect holds: %v", obj["name"], err, k.requests())
	}
	if got := k.gets("/v3/teams/" + ids[2]); got != 1 {
		t.Errorf("after the snapshot was dropped the team was read directly %d times, want 1", got)
	}

	// A write to the collection itself drops it the same way; a write to a sibling
	// collection does not.
	for _, id := range ids {
		if _, err := r.refreshRead(ctx, Address{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	sibling := k.resource(PlatformAPI{Collection: V3Path("teams-other"), Listed: true})
	sibling.Data = r.Data
	sibling.wrote(Address{ID: "x"})
	k.reset()
	if _, err := r.refreshRead(ctx, Address{ID: ids[1]}); err != nil {
		t.Fatal(err)
	}
	if got := len(k.requests()); got != 0 {
		t.Errorf("a write to another collection dropped the teams' snapshot: %v", k.requests())
	}
	r.wrote(Address{ID: ids[0]})
	if _, err := r.refreshRead(ctx, Address{ID: ids[1]}); err != nil {
		t.Fatal(err)
	}
	if got := k.gets("/v3/teams/" + ids[1]); got != 1 {
		t.Errorf("after a write to the teams a team was read directly %d times, want 1: %v", got, k.requests())
	}
}

// A platform collection that is not Listed (its listing leaves fields out) is refreshed one
// GET per object.
func TestPlatformSnapshotNotListed(t *testing.T) {
	ctx := context.Background()
	k := newPlatformKonnect(t)
	ids := k.teams(t, 5)
	r := k.resource(PatchAPI{PlatformAPI: PlatformAPI{Collection: V3Path("teams")}})
	k.reset()
	for _, id := range ids {
		if _, err := r.refreshRead(ctx, Address{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	if got := k.gets("/v3/teams"); got != 0 {
		t.Errorf("a collection that is not Listed was listed %d times", got)
	}
	for _, id := range ids {
		if got := k.gets("/v3/teams/" + id); got != 1 {
			t.Errorf("team %s read %d times, want 1", id, got)
		}
	}
}

// shapedTeams changes what Get answers (as a kind that turns Konnect's shape into Kong's
// does), and its listing the same way.
type shapedTeams struct{ PatchAPI }

func shape(o konnect.Object) konnect.Object {
	if o != nil {
		o["shaped"] = o["name"]
	}
	return o
}

func (s shapedTeams) Get(ctx context.Context, cl *konnect.Client, a Address) (konnect.Object, *konnect.Response, error) {
	o, resp, err := s.PatchAPI.Get(ctx, cl, a)
	return shape(o), resp, err
}

func (s shapedTeams) List(ctx context.Context, cl *konnect.Client, parents map[string]string, q url.Values) ([]konnect.Object, error) {
	found, err := s.PatchAPI.List(ctx, cl, parents, q)
	for _, o := range found {
		shape(o)
	}
	return found, err
}

// A kind that embeds PlatformAPI and changes Get is listed through its own List: an object
// read from the snapshot has the shape its GET has.
func TestPlatformSnapshotShapedKind(t *testing.T) {
	ctx := context.Background()
	k := newPlatformKonnect(t)
	ids := k.teams(t, 4)
	r := k.resource(shapedTeams{listedTeams})
	k.reset()
	for _, id := range ids {
		obj, err := r.refreshRead(ctx, Address{ID: id})
		if err != nil {
			t.Fatal(err)
		}
		if obj["shaped"] == nil || obj["shaped"] != obj["name"] {
			t.Errorf("team %s refreshed as %v: not in the kind's shape", id, obj)
		}
	}
	if got := k.gets("/v3/teams"); got != 1 {
		t.Errorf("listed %d times, want 1", got)
	}
}

// A listing that is not paginated (a portal's page tree) answers everything to the first
// request, whatever page it asks for: ListPlatform reads it once, not until its page bound.
// Exactly a page's worth of top-level objects looks like a full page: the second request
// answers the first page again, and that ends it (before, it went on to 1000 requests and
// failed, which refused every page's destroy in a portal of 100 top-level pages).
func TestListPlatformUnpaged(t *testing.T) {
	for _, c := range []struct{ n, requests int }{{250, 1}, {100, 2}, {99, 1}} {
		requests := 0
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			requests++
			var data []string
			for i := range c.n {
				data = append(data, fmt.Sprintf(`{"id":"p%d"}`, i))
			}
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"data":[` + strings.Join(data, ",") + `]}`))
		}))
		cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: platformTestToken})
		if err != nil {
			t.Fatal(err)
		}
		all, err := ListPlatform(context.Background(), cl, "/v3/portals/x/pages")
		srv.Close()
		if err != nil || len(all) != c.n || requests != c.requests {
			t.Errorf("ListPlatform of an unpaged listing of %d: %d objects, %d requests, %v; want %d in %d", c.n, len(all), requests, err, c.n, c.requests)
		}
	}
}
