package provider

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// Issue 33, part 3: with the guard's record gone from the state file (private state removed
// by hand), or one this version cannot read, an edit made in Konnect is still someone
// else's change: the state's own attributes say what was last applied, and the plan that
// would undo the edit is refused, not written over silently.
func TestProtocolMissingRecord(t *testing.T) {
	h := newProtoHarness(t, "fail")
	cpID := h.controlPlane("no-record")
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	cfg := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("billing"), "host": str("orders.internal"),
		"retries": tftypes.NewValue(tftypes.Number, 4)})
	state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))
	h.setRetries(cpID, "billing", 7)

	unreadable, err := protocol.ParsePrivate(private)
	if err != nil {
		t.Fatal(err)
	}
	unreadable[guard.PrivateBaseKey] = []byte(`{"f":99,"x":"a record of a later version"}`)
	garbled, err := json.Marshal(unreadable)
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string][]byte{"removed": nil, "unreadable": garbled} {
		t.Run(name, func(t *testing.T) {
			refreshed, newer := h.refresh(state, p)
			plan := h.plan(cfg, refreshed, newer)
			if len(plan.Diagnostics) != 1 || !strings.Contains(plan.Diagnostics[0].Summary, "Applying this plan would overwrite changes made in Konnect") ||
				!strings.Contains(plan.Diagnostics[0].Detail, "in Konnect now: 7   planned: 4") {
				t.Fatalf("want the conflict on retries (state said 4, Konnect holds 7), got %s", diagText(plan.Diagnostics))
			}
			// configuration that takes Konnect's value adopts it, as with the record
			cfg7 := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("billing"), "host": str("orders.internal"),
				"retries": tftypes.NewValue(tftypes.Number, 7)})
			plan = h.plan(cfg7, refreshed, newer)
			if len(plan.Diagnostics) != 1 || plan.Diagnostics[0].Summary != "Adopting changes made in Konnect" ||
				!strings.Contains(plan.Diagnostics[0].Detail, "retries   last applied: 4   in Konnect and configuration: 7") {
				t.Fatalf("configuration agreeing with Konnect: want the adoption warning, got %s", diagText(plan.Diagnostics))
			}
		})
	}
}
