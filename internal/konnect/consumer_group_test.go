package konnect

import (
	"context"
	"net/http"
	"testing"
)

// Konnect answers GET of one consumer group with its ConsumerGroupInsideWrapper; GetEntity
// returns the group itself, as every other kind, so its revision matches a listing's.
func TestGetEntityUnwrapsConsumerGroup(t *testing.T) {
	group := map[string]any{"id": "0b6f1c5e-8a4d-4d7e-9c1b-2a3f4e5d6c7b", "name": "gold", "tags": []any{}}
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v2/control-planes/cp/core-entities/consumer_groups/gold":
			writeJSON(w, 200, "", map[string]any{"consumer_group": group, "consumers": []any{map[string]any{"id": "c1"}}})
		case "/v2/control-planes/cp/core-entities/services/gold":
			writeJSON(w, 200, "", map[string]any{"id": "s1", "consumer_group": map[string]any{"id": "x"}})
		default:
			writeJSON(w, 404, "", map[string]any{"code": 5, "message": "not found"})
		}
	})
	c := newTestClient(t, srv.URL)
	got, _, err := c.GetEntity(context.Background(), CoreEntitiesPath("cp", "consumer_groups"), "gold")
	if err != nil {
		t.Fatal(err)
	}
	if got["name"] != "gold" || got["id"] != group["id"] || got["consumers"] != nil {
		t.Fatalf("consumer group read as %v", got)
	}
	// any other collection is returned as answered
	other, _, err := c.GetEntity(context.Background(), CoreEntitiesPath("cp", "services"), "gold")
	if err != nil {
		t.Fatal(err)
	}
	if other["id"] != "s1" || other["consumer_group"] == nil {
		t.Fatalf("service read as %v", other)
	}
}
