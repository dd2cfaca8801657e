package provider

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// snapshotKonnect is a mock Konnect holding n services in one control plane, which counts
// the listings it serves and can hold them until released.
type snapshotKonnect struct {
	client   *konnect.Client
	services string   // the collection path
	ids      []string // the services' ids
	listings atomic.Int32
	gate     chan struct{} // when not nil, listings wait for it to close
	entered  chan struct{} // a listing has arrived (and waits at the gate)
}

func newSnapshotKonnect(t *testing.T, n int, gated bool) *snapshotKonnect {
	t.Helper()
	mock := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}})
	k := &snapshotKonnect{entered: make(chan struct{}, 16)}
	if gated {
		k.gate = make(chan struct{})
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/services") {
			k.listings.Add(1)
			select {
			case k.entered <- struct{}{}:
			default:
			}
			if k.gate != nil {
				<-k.gate
			}
		}
		mock.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	k.client = cl
	ctx := context.Background()
	cp, _, err := cl.CreateControlPlane(ctx, konnect.Object{"name": "snapshots"})
	if err != nil {
		t.Fatal(err)
	}
	k.services = konnect.CoreEntitiesPath(cp["id"].(string), "services")
	for i := range n {
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
		if _, _, err := cl.PutEntity(ctx, k.services, id, konnect.Object{"name": fmt.Sprintf("svc-%d", i), "host": "h.internal"}, ""); err != nil {
			t.Fatal(err)
		}
		k.ids = append(k.ids, id)
	}
	return k
}

// The first refresh of a collection reads its object directly; from the second on, one
// listing serves them all, and an object not in it is left to a direct read.
func TestSnapshotLookup(t *testing.T) {
	k := newSnapshotKonnect(t, 3, false)
	s, ctx := engine.NewSnapshots(), context.Background()
	if _, ok := s.Lookup(ctx, k.client, k.services, k.ids[0]); ok {
		t.Error("the first read of a collection was served from a snapshot")
	}
	for i, id := range k.ids {
		obj, ok := s.Lookup(ctx, k.client, k.services, id)
		if !ok || obj["name"] != fmt.Sprintf("svc-%d", i) {
			t.Errorf("lookup %s: %v %v", id, obj, ok)
		}
	}
	if _, ok := s.Lookup(ctx, k.client, k.services, "00000000-0000-4000-8000-999999999999"); ok {
		t.Error("an object missing from the listing was reported as found")
	}
	if n := k.listings.Load(); n != 1 {
		t.Errorf("%d listings, want 1", n)
	}
	// A write drops the snapshot: the next refresh reads directly, the one after lists again.
	s.Invalidate(k.services)
	if _, ok := s.Lookup(ctx, k.client, k.services, k.ids[1]); ok {
		t.Error("a lookup right after invalidate was served from the old snapshot")
	}
	if _, ok := s.Lookup(ctx, k.client, k.services, k.ids[1]); !ok {
		t.Error("the second lookup after invalidate was not served")
	}
	if n := k.listings.Load(); n != 2 {
		t.Errorf("%d listings after invalidate, want 2", n)
	}
	// Collections are separate.
	other := strings.Replace(k.services, "/services", "/routes", 1)
	if _, ok := s.Lookup(ctx, k.client, other, k.ids[0]); ok {
		t.Error("another collection was served from the services snapshot")
	}
}

// A failed listing is not retried within the run; every lookup falls back to a direct read.
func TestSnapshotListingFails(t *testing.T) {
	k := newSnapshotKonnect(t, 1, false)
	missing := konnect.CoreEntitiesPath("5b1c2d3e-0000-4000-8000-00000000dead", "services") // no such control plane: 404
	s, ctx := engine.NewSnapshots(), context.Background()
	for range 4 {
		if _, ok := s.Lookup(ctx, k.client, missing, k.ids[0]); ok {
			t.Fatal("a lookup was served although the listing failed")
		}
	}
	if n := k.listings.Load(); n != 1 {
		t.Errorf("%d listings, want 1 (the failure is remembered)", n)
	}
}

// Many refreshes at once (Terraform refreshes in parallel): one listing, every caller gets
// its object, and the race detector sees no unsynchronized access (go test -race).
func TestSnapshotConcurrent(t *testing.T) {
	k := newSnapshotKonnect(t, 20, true)
	s, ctx := engine.NewSnapshots(), context.Background()
	s.Lookup(ctx, k.client, k.services, k.ids[0]) // the direct read
	var wg sync.WaitGroup
	var served atomic.Int32
	errs := make(chan string, 100)
	for round := range 5 {
		for i, id := range k.ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				obj, ok := s.Lookup(ctx, k.client, k.services, id)
				switch {
				case !ok:
					errs <- fmt.Sprintf("round %d: %s not served", round, id)
				case obj["name"] != fmt.Sprintf("svc-%d", i):
					errs <- fmt.Sprintf("round %d: %s is %v", round, id, obj["name"])
				default:
					served.Add(1)
				}
			}()
		}
	}
	close(k.gate) // every caller is now waiting on, or about to start, the one listing
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if n := k.listings.Load(); n != 1 {
		t.Errorf("%d listings for 100 concurrent lookups, want 1", n)
	}
	if n := served.Load(); n != 100 {
		t.Errorf("%d of 100 lookups served", n)
	}
}

// Writes (invalidate) racing refreshes: no data race, no deadlock, and every answer is
// either a miss or the right object.
func TestSnapshotInvalidateWhileListing(t *testing.T) {
	k := newSnapshotKonnect(t, 5, false)
	s, ctx := engine.NewSnapshots(), context.Background()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 30 {
				if (i+w)%7 == 0 {
					s.Invalidate(k.services)
					continue
				}
				n := (i + w) % len(k.ids)
				if obj, ok := s.Lookup(ctx, k.client, k.services, k.ids[n]); ok && obj["name"] != fmt.Sprintf("svc-%d", n) {
					t.Errorf("%s is %v", k.ids[n], obj["name"])
				}
			}
		}()
	}
	wg.Wait()
}

// A refresh whose request is canceled stops waiting for another's listing.
func TestSnapshotWaitHonoursCancel(t *testing.T) {
	k := newSnapshotKonnect(t, 2, true)
	s := engine.NewSnapshots()
	s.Lookup(context.Background(), k.client, k.services, k.ids[0])
	listing := make(chan struct{})
	go func() {
		defer close(listing)
		if _, ok := s.Lookup(context.Background(), k.client, k.services, k.ids[0]); !ok {
			t.Error("the listing caller was not served")
		}
	}()
	<-k.entered // the listing is in flight, held at the gate
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := s.Lookup(ctx, k.client, k.services, k.ids[1]); ok {
		t.Error("a canceled lookup was served")
	}
	close(k.gate)
	<-listing
	if _, ok := s.Lookup(context.Background(), k.client, k.services, k.ids[1]); !ok {
		t.Error("after the listing, a lookup was not served")
	}
}
