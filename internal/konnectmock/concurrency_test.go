package konnectmock

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// Many clients writing and listing at once: every write lands exactly once and
// pagination sees a consistent collection (run with -race to check locking).
func TestConcurrentClients(t *testing.T) {
	c := newMock(t, Options{ETags: true})
	cp := c.mustCP("busy")
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				name := fmt.Sprintf("w%d-s%d", w, i)
				c.do("PUT", core(cp, "services/"+name), map[string]any{"host": "h"})
				c.do("GET", core(cp, "services?size=7"), nil)
			}
		}()
	}
	wg.Wait()
	total := 0
	next := core(cp, "services?size=33")
	for next != "" {
		r := c.do("GET", next, nil).expect(t, 200, ctJSON)
		total += len(r.body["data"].([]any))
		next = r.str("next")
	}
	if total != 160 {
		t.Fatalf("listed %d services, want 160", total)
	}
	if got := c.srv.Counts()["PUT core-entities/services/{id}"]; got != 160 {
		t.Fatalf("counted %d PUTs", got)
	}
}

// A page costs time proportional to the page, not to the collection.
func TestListCostIsPerPage(t *testing.T) {
	c := newMock(t, Options{})
	cp := c.mustCP("big")
	cs := c.srv.cps[cp].core
	// seed 50k services straight into the store (HTTP would dominate the timing)
	ks := cs.kinds["services"]
	for i := 0; i < 50000; i++ {
		e := &entity{seq: c.srv.nextSeq(), id: newUUID(), kind: ks.kind, obj: map[string]any{"name": fmt.Sprintf("s%d", i), "tags": nil}}
		ks.index(e)
	}
	start := time.Now()
	next := core(cp, "services?size=10")
	for i := 0; i < 200 && next != ""; i++ {
		r := c.do("GET", next, nil).expect(t, 200, ctJSON)
		next = r.str("next")
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Fatalf("200 small pages took %v", el)
	}
}
