package engine

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// kongKey is the value of a kind's KongKey in a state's values: a top-level attribute, or
// with a dotted name a member of an object attribute (a serverless cloud gateway's
// control_plane.id). "" when it is not set.
func kongKey(m ObjectValues, key string) string {
	first, rest, nested := strings.Cut(key, ".")
	v, ok := m[first]
	if !nested || !ok || !v.IsKnown() || v.IsNull() {
		return Str(v)
	}
	var members map[string]tftypes.Value
	if err := v.As(&members); err != nil {
		return ""
	}
	return kongKey(members, rest)
}
