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

// An object Konnect patches member by member (a custom domain's ssl) carries only its changed
// members, with the members each goes with (a certificate with its key); unchanged, it is
// not sent.
func TestPatchMembers(t *testing.T) {
	r := &EntityResource{Kind: EntityKind{Attrs: []Attr{{Name: "ssl", PatchMembers: true, Type: ObjectOf(
		Attr{Name: "domain_verification_method", Type: String},
		Attr{Name: "custom_certificate", Type: String, SentWith: []string{"custom_private_key"}},
		Attr{Name: "custom_private_key", Type: String, SentWith: []string{"custom_certificate"}},
		Attr{Name: "skip_ca_check", Type: Bool},
	)}}}}
	prior := konnect.Object{"enabled": true, "ssl": map[string]any{"domain_verification_method": "custom_certificate",
		"custom_certificate": "c1", "custom_private_key": "k1", "skip_ca_check": false}}
	body := konnect.Object{"ssl": map[string]any{"domain_verification_method": "custom_certificate",
		"custom_certificate": "c2", "custom_private_key": "k1", "skip_ca_check": false}}
	r.patchMembers(prior, body)
	if b, _ := json.Marshal(body); string(b) != `{"ssl":{"custom_certificate":"c2","custom_private_key":"k1"}}` {
		t.Errorf("a renewed certificate: %s", b)
	}
	body = konnect.Object{"enabled": false, "ssl": prior["ssl"]}
	r.patchMembers(prior, body)
	if b, _ := json.Marshal(body); string(b) != `{"enabled":false}` {
		t.Errorf("ssl unchanged: %s", b)
	}
}
