package gateway

import (
	"fmt"
	"strings"
	"testing"
)

// seedServices puts n services straight into the store (through HTTP, seeding would be
// most of the test).
func (c *client) seedServices(cp string, n int) {
	ks := c.srv.cps[cp].core.kinds["services"]
	for i := 0; i < n; i++ {
		e := &entity{seq: c.srv.nextSeq(), id: newUUID(), kind: ks.kind, obj: map[string]any{"name": fmt.Sprintf("s%d", i), "tags": nil}}
		ks.index(e)
	}
}

// A page costs the page, not the collection: paging through 50,000 services, the mock
// looks at the entities it returns plus the one that starts the next page, wherever the
// page is. (make bench runs BenchmarkListPage for the time this takes.)
func TestListCostIsPerPage(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("big")
	c.seedServices(cp, 50000)
	const size, pages = 10, 200
	c.srv.scanned.Store(0)
	next := core(cp, fmt.Sprintf("services?size=%d", size))
	for i := 0; i < pages && next != ""; i++ {
		r := c.do("GET", next, nil).expect(t, 200, ctJSON)
		if got := len(r.body["data"].([]any)); got != size {
			t.Fatalf("page %d held %d services, want %d", i, got, size)
		}
		next = r.str("next")
	}
	if got := c.srv.scanned.Load(); got > pages*(size+1) {
		t.Errorf("%d pages of %d looked at %d entities, want at most %d", pages, size, got, pages*(size+1))
	}
	// A page deep in the collection costs the same as the first.
	deep := core(cp, "services?size=1000")
	for i := 0; i < 49; i++ {
		deep = c.do("GET", deep, nil).expect(t, 200, ctJSON).str("next")
	}
	c.srv.scanned.Store(0)
	r := c.do("GET", deep, nil).expect(t, 200, ctJSON)
	if got := len(r.body["data"].([]any)); got != 1000 || r.str("next") != "" {
		t.Fatalf("the last page held %d services (next %q), want 1000 and no next", got, r.str("next"))
	}
	if got := c.srv.scanned.Load(); got > 1000 {
		t.Errorf("the last page of 1000 looked at %d entities, want at most 1000", got)
	}
}

// BenchmarkListPage times one page of 100 services from a collection of 1000 and of
// 50,000, from the start and from the middle: the four should cost about the same.
func BenchmarkListPage(b *testing.B) {
	for _, n := range []int{1000, 50000} {
		c := newMock(b, testOptions{})
		cp := c.mustCP("big")
		c.seedServices(cp, n)
		middle := core(cp, "services?size=500")
		for i := 0; i < n/1000; i++ {
			middle = c.do("GET", middle, nil).expect(b, 200, ctJSON).str("next")
		}
		middle = strings.Replace(middle, "size=500", "size=100", 1)
		for name, path := range map[string]string{"first": core(cp, "services?size=100"), "middle": middle} {
			b.Run(fmt.Sprintf("collection=%d/%s", n, name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					c.do("GET", path, nil)
				}
			})
		}
	}
}
