package engine

import (
	"encoding/json"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A PATCH carries only what the plan changes: unchanged fields stay out, a reset stays in
// even when it equals the prior value, and a map sends only its changed keys, a removed key
// as null.
func TestOnlyChanges(t *testing.T) {
	prior := konnect.Object{"name": "platform", "description": "old", "labels": map[string]any{"env": "prod", "team": "a", "keep": "x"}, "enabled": true}
	body := konnect.Object{"name": "platform", "description": "new", "labels": map[string]any{"env": "test", "keep": "x", "owner": "b"}, "enabled": true}
	got := onlyChanges(prior, body, map[string]bool{"enabled": true}, map[string]bool{"labels": true})
	want := `{"description":"new","enabled":true,"labels":{"env":"test","owner":"b","team":null}}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Errorf("PATCH body %s, want %s", b, want)
	}
	// a map that was null before is sent whole; one set to null is sent as null
	got = onlyChanges(konnect.Object{"labels": nil}, konnect.Object{"labels": map[string]any{"a": "1"}}, nil, map[string]bool{"labels": true})
	if b, _ := json.Marshal(got); string(b) != `{"labels":{"a":"1"}}` {
		t.Errorf("from null: %s", b)
	}
	got = onlyChanges(konnect.Object{"labels": map[string]any{"a": "1"}}, konnect.Object{"labels": nil}, nil, map[string]bool{"labels": true})
	if b, _ := json.Marshal(got); string(b) != `{"labels":{"a":null}}` {
		t.Errorf("to null: %s", b)
	}
	if got := onlyChanges(prior, prior, nil, nil); len(got) != 0 {
		t.Errorf("nothing changed, PATCH body %v", got)
	}
}
