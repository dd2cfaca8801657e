package gateway

import (
	"fmt"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// The list calls the provider's cascade guard makes before deleting a parent, and the
// cascade they predict: for each parent kind, each nested collection lists exactly that
// parent's children in Konnect's list envelope, pages with size/offset, and deleting the
// parent deletes them (or, for a consumer group's members, the memberships) and nothing of
// another parent.
func TestDependentListingsAndCascade(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("cascade")
	certA, keyA, _ := mocktest.CertPEM(t, "a.example", false)
	certB, keyB, _ := mocktest.CertPEM(t, "b.example", false)
	jwk := func(kid string) string { return fmt.Sprintf(`{"kty":"oct","kid":%q,"k":"c2VjcmV0"}`, kid) }

	type child struct {
		segment string                 // below the parent: services/{s}/<segment>
		body    func(i int) any        // the i-th child of a parent (i = 0, 1; the parent's index is added by the caller)
		gone    func(id string) string // where a deleted child would be read, "" for memberships
	}
	plugin := child{"plugins", func(i int) any {
		if i == 0 {
			return map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 5}}
		}
		return map[string]any{"name": "request-transformer"}
	}, func(id string) string { return "plugins/" + id }}
	for _, tc := range []struct {
		parent   string
		body     func(p int) any
		children []child
	}{
		{"services", func(p int) any { return map[string]any{"name": fmt.Sprint("s", p), "host": "x.internal"} }, []child{plugin}},
		{"routes", func(p int) any {
			return map[string]any{"name": fmt.Sprint("r", p), "paths": []string{fmt.Sprint("/r", p)}}
		}, []child{plugin}},
		{"consumers", func(p int) any { return map[string]any{"username": fmt.Sprint("c", p)} }, []child{
			plugin,
			{"key-auth", func(i int) any { return map[string]any{} }, func(id string) string { return "key-auths/" + id }},
			{"basic-auth", func(i int) any { return map[string]any{"username": fmt.Sprint("b", i, "-", rnd()), "password": "pw"} }, func(id string) string { return "basic-auths/" + id }},
			{"acls", func(i int) any { return map[string]any{"group": fmt.Sprint("g", i)} }, func(id string) string { return "acls/" + id }},
			{"jwt", func(i int) any { return map[string]any{} }, func(id string) string { return "jwts/" + id }},
			{"hmac-auth", func(i int) any { return map[string]any{"username": fmt.Sprint("h", i, "-", rnd())} }, func(id string) string { return "hmac-auths/" + id }},
		}},
		{"consumer_groups", func(p int) any { return map[string]any{"name": fmt.Sprint("g", p)} }, []child{plugin}},
		{"upstreams", func(p int) any { return map[string]any{"name": fmt.Sprint("u", p)} }, []child{
			{"targets", func(i int) any { return map[string]any{"target": fmt.Sprint("10.0.0.", i+1, ":80")} }, nil},
		}},
		{"certificates", func(p int) any {
			return map[string]any{"cert": []string{certA, certB}[p], "key": []string{keyA, keyB}[p]}
		}, []child{{"snis", func(i int) any { return map[string]any{"name": fmt.Sprint("n", i, "-", rnd(), ".example")} }, func(id string) string { return "snis/" + id }}}},
		{"key-sets", func(p int) any { return map[string]any{"name": fmt.Sprint("ks", p)} }, []child{
			{"keys", func(i int) any { k := fmt.Sprint("k", i, "-", rnd()); return map[string]any{"kid": k, "jwk": jwk(k)} }, func(id string) string { return "keys/" + id }},
		}},
	} {
		t.Run(tc.parent, func(t *testing.T) {
			a := c.do("POST", core(cp, tc.parent), tc.body(0)).expect(t, 201, ctJSON).str("id")
			b := c.do("POST", core(cp, tc.parent), tc.body(1)).expect(t, 201, ctJSON).str("id")
			var childrenOfA, childrenOfB []string
			for _, ch := range tc.children {
				path := func(p string) string { return core(cp, tc.parent+"/"+p+"/"+ch.segment) }
				// Nobody's children yet: Konnect's empty page.
				c.do("GET", path(a), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
				a0 := c.do("POST", path(a), ch.body(0)).expect(t, 201, ctJSON).str("id")
				a1 := c.do("POST", path(a), ch.body(1)).expect(t, 201, ctJSON).str("id")
				b0 := c.do("POST", path(b), ch.body(0)).expect(t, 201, ctJSON).str("id")
				childrenOfA = append(childrenOfA, a0, a1)
				childrenOfB = append(childrenOfB, b0)

				r := c.do("GET", path(a)+"?size=100", nil).expect(t, 200, ctJSON)
				if ids := dataIDs(r); len(ids) != 2 || ids[0] != a0 || ids[1] != a1 || r.body["next"] != nil || r.str("offset") != "" {
					t.Fatalf("%s of A: %s", ch.segment, r.raw)
				}
				r = c.do("GET", path(a)+"?size=1", nil).expect(t, 200, ctJSON)
				if ids := dataIDs(r); len(ids) != 1 || r.str("offset") == "" || r.str("next") == "" {
					t.Fatalf("%s of A, size=1: want one object and an offset: %s", ch.segment, r.raw)
				}
				if ids := dataIDs(c.do("GET", path(b), nil).expect(t, 200, ctJSON)); len(ids) != 1 || ids[0] != b0 {
					t.Fatalf("%s of B: %v", ch.segment, ids)
				}
			}
			c.do("DELETE", core(cp, tc.parent+"/"+a), nil).expect(t, 204, "")
			c.do("GET", core(cp, tc.parent+"/"+a), nil).expect(t, 404, ctJSON)
			i := 0
			for _, ch := range tc.children {
				c.do("GET", core(cp, tc.parent+"/"+a+"/"+ch.segment), nil).expect(t, 404, ctJSON) // the parent is gone
				if ids := dataIDs(c.do("GET", core(cp, tc.parent+"/"+b+"/"+ch.segment), nil).expect(t, 200, ctJSON)); len(ids) != 1 {
					t.Fatalf("deleting A touched B's %s: %v", ch.segment, ids)
				}
				if ch.gone != nil {
					c.do("GET", core(cp, ch.gone(childrenOfA[i])), nil).expect(t, 404, ctJSON)
					c.do("GET", core(cp, ch.gone(childrenOfA[i+1])), nil).expect(t, 404, ctJSON)
					c.do("GET", core(cp, ch.gone(childrenOfB[i/2])), nil).expect(t, 200, ctJSON)
				}
				i += 2
			}
			if tc.parent == "upstreams" { // targets have no top-level collection to read them from
				if ids := dataIDs(c.do("GET", core(cp, "targets"), nil).expect(t, 200, ctJSON)); len(ids) != 1 || ids[0] != childrenOfB[0] {
					t.Fatalf("targets left: %v, want only B's", ids)
				}
			}
		})
	}
}

// A consumer group's members are consumers: deleting the group ends the memberships and
// leaves the consumers.
func TestGroupMembersListingAndCascade(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("members")
	g := c.do("POST", core(cp, "consumer_groups"), map[string]any{"name": "gold"}).expect(t, 201, ctJSON).str("id")
	alice := c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON).str("id")
	c.do("POST", core(cp, "consumer_groups/"+g+"/consumers"), map[string]any{"consumer": alice}).expect(t, 201, ctJSON)
	r := c.do("GET", core(cp, "consumer_groups/"+g+"/consumers?size=100"), nil).expect(t, 200, ctJSON)
	if ids := dataIDs(r); len(ids) != 1 || ids[0] != alice || r.body["next"] != nil {
		t.Fatalf("members: %s", r.raw)
	}
	c.do("DELETE", core(cp, "consumer_groups/"+g), nil).expect(t, 204, "")
	c.do("GET", core(cp, "consumers/"+alice), nil).expect(t, 200, ctJSON)
	c.do("GET", core(cp, "consumers/"+alice+"/consumer_groups"), nil).expect(t, 200, ctJSON).jsonEq(t, `{"data":[],"next":null}`)
}

// References that Konnect refuses to break are no cascade: a route's service, a service's
// client certificate. The delete fails and names the referencing object.
func TestRestrictingReferencesRefuseDelete(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("restrict")
	cert, key, _ := mocktest.CertPEM(t, "c.example", false)
	crt := c.do("POST", core(cp, "certificates"), map[string]any{"cert": cert, "key": key}).expect(t, 201, ctJSON).str("id")
	svc := c.do("POST", core(cp, "services"), map[string]any{"name": "s", "host": "x.internal", "client_certificate": map[string]any{"id": crt}}).expect(t, 201, ctJSON).str("id")
	route := c.do("POST", core(cp, "services/"+svc+"/routes"), map[string]any{"name": "r", "paths": []string{"/r"}}).expect(t, 201, ctJSON).str("id")
	r := c.do("DELETE", core(cp, "services/"+svc), nil).expect(t, 400, ctJSON)
	if msg := string(r.raw); !strings.Contains(msg, route) || !strings.Contains(msg, "routes") {
		t.Fatalf("refusal should name the route: %s", r.raw)
	}
	r = c.do("DELETE", core(cp, "certificates/"+crt), nil).expect(t, 400, ctJSON)
	if msg := string(r.raw); !strings.Contains(msg, svc) {
		t.Fatalf("refusal should name the service: %s", r.raw)
	}
	c.do("GET", core(cp, "services/"+svc), nil).expect(t, 200, ctJSON)
	c.do("GET", core(cp, "certificates/"+crt), nil).expect(t, 200, ctJSON)
}

func dataIDs(r result) []string {
	data, _ := r.body["data"].([]any)
	ids := []string{}
	for _, d := range data {
		m, _ := d.(map[string]any)
		id, _ := m["id"].(string)
		ids = append(ids, id)
	}
	return ids
}

var rndN int

// rnd makes names unique across the parents of one test.
func rnd() int { rndN++; return rndN }
