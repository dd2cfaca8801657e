package protocol

import (
	"testing"
)

// Private state is set aside exactly where the framework's decoder would fail the call:
// not for an empty record, the framework's format, or the older SDK's format (which the
// framework drops silently); yes for text that is not JSON and for a value that is not JSON.
func TestSetAsideUnreadable(t *testing.T) {
	for _, tc := range []struct {
		name    string
		raw     string
		setAway bool
	}{
		{"none", ``, false},
		{"framework format", `{"b":"eyJ2IjoxfQ=="}`, false},
		{"older SDK format", `{"schema_version":"1","e2bfb730-ecaa-11e6-8f88-34363bc7c4c0":{"create":600}}`, false},
		{"truncated", `{"b":"eyJ2Ijox`, true},
		{"value not JSON", `{"b":"bm90IGpzb24="}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := []byte(tc.raw)
			if tc.raw == "" {
				raw = nil
			}
			w := setAsideUnreadable("konnect_gateway_service", &raw)
			if got := w != nil; got != tc.setAway {
				t.Fatalf("set aside: %v, want %v (%v)", got, tc.setAway, w)
			}
			if tc.setAway && raw != nil {
				t.Errorf("the unreadable record was passed on: %q", raw)
			}
			if !tc.setAway && string(raw) != tc.raw {
				t.Errorf("a readable record was changed: %q", raw)
			}
		})
	}
}
