package acctest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Set returns a change (for Env.Edit) that sets one field; a dotted field (config.minute)
// sets a nested one.
func Set(field string, value any) func(konnect.Object) {
	return func(b konnect.Object) {
		keys := strings.Split(field, ".")
		m := b
		for _, k := range keys[:len(keys)-1] {
			next, ok := m[k].(map[string]any)
			if !ok {
				panic(fmt.Sprintf("acctest.Set(%q): %q is %T, not an object", field, k, m[k]))
			}
			m = next
		}
		m[keys[len(keys)-1]] = value
	}
}

// SetAll returns a change (for Env.Edit) that sets every field of changes.
func SetAll(changes konnect.Object) func(konnect.Object) {
	return func(b konnect.Object) {
		for k, v := range changes {
			b[k] = v
		}
	}
}

// Field returns the value at a dotted field of an object (nil when absent).
func Field(obj konnect.Object, dotted string) any {
	var v any = obj
	for _, k := range strings.Split(dotted, ".") {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// WantField fails the test unless Konnect holds want in field of obj.
func WantField(t *testing.T, what string, obj konnect.Object, field string, want any) {
	t.Helper()
	if obj == nil {
		t.Fatalf("%s: not in Konnect", what)
	}
	got := fmt.Sprint(obj[field])
	if got != fmt.Sprint(want) {
		t.Errorf("%s: Konnect holds %s = %s, want %v", what, field, got, want)
	}
}
