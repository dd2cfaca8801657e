package engine

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// KeepsUnchangedPlan reports that ModifyPlan would keep an unchanged plan as it is:
// Konnect held the base's values at the last refresh (so there is nothing to adopt), and
// configuration still sets every attribute it set at the last write (so nothing goes back
// to Konnect's default), and no Local attribute goes back to null (planLocal). When in doubt
// it says no, and the framework answers.
func KeepsUnchangedPlan(ctx context.Context, k *EntityKind, config, prior tftypes.Value, p protocol.Private) bool {
	cfg, err := AsObject(config)
	if err != nil {
		return false
	}
	if k.hasKongDefaults() {
		old, err := AsObject(prior)
		if err != nil || !k.localKept(cfg, old) {
			return false
		}
	}
	if s := DecodeSeen(ctx, p); s != nil && s.Values != nil {
		return false
	}
	b, _ := LoadBase(ctx, p)
	if b == nil || len(b.Configured) == 0 {
		return true
	}
	for _, name := range b.Configured {
		if v, ok := cfg[name]; !ok || v.IsNull() {
			return false
		}
	}
	return true
}

func (k *EntityKind) hasKongDefaults() bool {
	for _, a := range k.Attrs {
		if a.KongDefault != "" {
			return true
		}
	}
	return false
}
