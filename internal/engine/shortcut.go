package engine

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// KeepsUnchangedPlan reports that ModifyPlan would keep an unchanged plan as it is:
// Konnect held the base's values at the last refresh (so there is nothing to adopt), and
// configuration still sets every attribute it set at the last write (so nothing goes back
// to Konnect's default). When in doubt it says no, and the framework answers.
func KeepsUnchangedPlan(ctx context.Context, config tftypes.Value, p protocol.Private) bool {
	if s := DecodeSeen(ctx, p); s != nil && s.Values != nil {
		return false
	}
	b, _ := LoadBase(ctx, p)
	if b == nil || len(b.Configured) == 0 {
		return true
	}
	cfg, err := AsObject(config)
	if err != nil {
		return false
	}
	for _, name := range b.Configured {
		if v, ok := cfg[name]; !ok || v.IsNull() {
			return false
		}
	}
	return true
}
