package gateway

import (
	"strings"
	"testing"
)

func TestConsumersAndGroups(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("consumers")
	r := c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON)
	alice := r.str("id")
	r.jsonEq(t, `{"username":"alice","custom_id":null,"tags":null}`, "id", "created_at", "updated_at")
	bob := c.do("POST", core(cp, "consumers"), map[string]any{"custom_id": "b-1"}).expect(t, 201, ctJSON).str("id")
	c.do("POST", core(cp, "consumers"), map[string]any{"tags": []string{"x"}}).expect(t, 400, ctJSON).
		jsonEq(t, `{"code":3,"message":"validation error","details":[{"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail","type":"ERROR_TYPE_ENTITY","messages":["at least one of these fields must be non-empty: 'custom_id', 'username'"]}]}`)
	c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "consumers"), map[string]any{"custom_id": "b-1"}).expect(t, 400, ctJSON)
	c.do("GET", core(cp, "consumers/alice"), nil).expect(t, 200, ctJSON)
	for q, want := range map[string]int{"filter[name][eq]=alice": 1, "filter[username][eq]=alice": 1, "custom_id=b-1": 1, "custom_id=zz": 0} {
		if n := len(c.do("GET", core(cp, "consumers?"+q), nil).expect(t, 200, ctJSON).body["data"].([]any)); n != want {
			t.Errorf("%s: %d want %d", q, n, want)
		}
	}

	r = c.do("POST", core(cp, "consumer_groups"), map[string]any{"name": "gold"}).expect(t, 201, ctJSON)
	gold := r.str("id")
	r.jsonEq(t, `{"name":"gold","tags":null}`, "id", "created_at", "updated_at")
	c.do("POST", core(cp, "consumer_groups"), map[string]any{"name": "gold"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "consumer_groups"), map[string]any{}).expect(t, 400, ctJSON)

	r = c.do("POST", core(cp, "consumer_groups/gold/consumers"), map[string]any{"consumer": alice}).expect(t, 201, ctJSON)
	if r.body["consumer_group"].(map[string]any)["id"] != gold || r.body["consumers"].([]any)[0].(map[string]any)["id"] != alice {
		t.Fatalf("add member: %s", r.raw)
	}
	c.do("POST", core(cp, "consumer_groups/"+gold+"/consumers"), map[string]any{"consumer": bob}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumer_groups/gold/consumers"), map[string]any{"consumer": alice}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "consumer_groups/gold/consumers"), map[string]any{"consumer": "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "consumer_groups/nope/consumers"), map[string]any{"consumer": alice}).expect(t, 404, ctJSON)
	members := func() string {
		r := c.do("GET", core(cp, "consumer_groups/gold/consumers"), nil).expect(t, 200, ctJSON)
		if r.body["next"] != nil {
			t.Fatalf("members next: %s", r.raw)
		}
		var ids []string
		for _, d := range r.body["data"].([]any) {
			ids = append(ids, d.(map[string]any)["id"].(string))
		}
		return strings.Join(ids, ",")
	}
	if got := members(); got != alice+","+bob {
		t.Fatalf("members %s", got)
	}
	groups := c.do("GET", core(cp, "consumers/alice/consumer_groups"), nil).expect(t, 200, ctJSON)
	if len(groups.body["data"].([]any)) != 1 {
		t.Fatalf("groups of alice: %s", groups.raw)
	}
	c.do("DELETE", core(cp, "consumer_groups/gold/consumers/"+alice), nil).expect(t, 204, "")
	c.do("DELETE", core(cp, "consumer_groups/gold/consumers/"+alice), nil).expect(t, 204, "")
	if got := members(); got != bob {
		t.Fatalf("after removal %s", got)
	}

	// plugins scoped to a consumer group / consumer go with it
	c.do("POST", core(cp, "consumer_groups/gold/plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 1}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumers/"+bob+"/plugins"), map[string]any{"name": "rate-limiting", "config": map[string]any{"minute": 1}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumers/"+bob+"/plugins"), map[string]any{"name": "key-auth"}).expect(t, 400, ctJSON)
	c.do("DELETE", core(cp, "consumers/"+bob), nil).expect(t, 204, "")
	if got := members(); got != "" {
		t.Fatalf("deleted consumer still a member: %s", got)
	}
	c.do("DELETE", core(cp, "consumer_groups/gold"), nil).expect(t, 204, "")
	if n := len(c.do("GET", core(cp, "plugins"), nil).body["data"].([]any)); n != 0 {
		t.Fatalf("plugins left: %d", n)
	}
}

// GET of one consumer group answers Konnect's ConsumerGroupInsideWrapper: the group under
// "consumer_group" and its members under "consumers" (Kong's sync engine reads members
// from there); writes answer the bare group.
func TestConsumerGroupGetIsWrapped(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("wrapped")
	alice := c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON).str("id")
	g := c.do("POST", core(cp, "consumer_groups"), map[string]any{"name": "gold"}).expect(t, 201, ctJSON)
	if g.str("name") != "gold" {
		t.Fatalf("POST answers the bare group: %s", g.raw)
	}
	c.do("GET", core(cp, "consumer_groups/gold"), nil).expect(t, 200, ctJSON).
		jsonEq(t, `{"consumer_group":`+string(g.raw)+`,"consumers":[]}`)
	c.do("POST", core(cp, "consumer_groups/gold/consumers"), map[string]any{"consumer": alice}).expect(t, 201, ctJSON)
	r := c.do("GET", core(cp, "consumer_groups/"+g.str("id")), nil).expect(t, 200, ctJSON)
	members, _ := r.body["consumers"].([]any)
	if len(members) != 1 || members[0].(map[string]any)["id"] != alice {
		t.Fatalf("members: %s", r.raw)
	}
	if put := c.do("PUT", core(cp, "consumer_groups/gold"), map[string]any{"name": "gold"}).expect(t, 200, ctJSON); put.str("id") != g.str("id") {
		t.Fatalf("PUT answers the bare group: %s", put.raw)
	}
}
