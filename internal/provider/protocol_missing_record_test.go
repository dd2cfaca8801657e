package provider

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
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
	// Truncated in the state file: not even JSON, which the framework would refuse with
	// "please report this to the provider developer" on every call.
	truncated := private[:len(private)/2]
	for name, p := range map[string][]byte{"removed": nil, "unreadable": garbled, "truncated": truncated} {
		t.Run(name, func(t *testing.T) {
			var refreshed tftypes.Value
			var newer []byte
			if name == "truncated" {
				refreshed, newer = h.refreshSettingAside(state, p)
			} else {
				refreshed, newer = h.refresh(state, p)
			}
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

// refreshSettingAside refreshes with private state the framework cannot decode: the only
// diagnostic is the warning that says what happened and how the run recovers, and the
// refresh writes a readable record again.
func (h *protoHarness) refreshSettingAside(state tftypes.Value, private []byte) (tftypes.Value, []byte) {
	h.t.Helper()
	resp, err := h.srv.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{
		TypeName: gateway.ServiceKind.TypeName, CurrentState: dynamic(h.t, state), Private: private})
	if err != nil {
		h.t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityWarning ||
		resp.Diagnostics[0].Summary != "Guard record unreadable: set aside" ||
		!strings.Contains(resp.Diagnostics[0].Detail, "konnect_gateway_service") ||
		!strings.Contains(resp.Diagnostics[0].Detail, "terraform apply -refresh-only") ||
		strings.Contains(resp.Diagnostics[0].Detail, "report this to the provider developer") {
		h.t.Fatalf("refresh with a truncated record: want one warning saying what happened and how to recover, got %s", diagText(resp.Diagnostics))
	}
	if _, err := protocol.ParsePrivate(resp.Private); err != nil || len(resp.Private) == 0 {
		h.t.Fatalf("the refresh wrote no readable record: %v %q", err, resp.Private)
	}
	// A plan given the truncated record directly (a plan made with -refresh=false) warns too,
	// and still finds the conflict.
	plan, err := h.srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(h.t, state), ProposedNewState: dynamic(h.t, state),
		Config: dynamic(h.t, state), PriorPrivate: private})
	if err != nil {
		h.t.Fatal(err)
	}
	for _, d := range plan.Diagnostics {
		if strings.Contains(d.Detail, "report this to the provider developer") {
			h.t.Fatalf("plan with a truncated record: the framework's dead end reached the user: %s", diagText(plan.Diagnostics))
		}
	}
	if !strings.Contains(diagText(plan.Diagnostics), "Guard record unreadable: set aside") {
		h.t.Fatalf("plan with a truncated record: want the set-aside warning, got %s", diagText(plan.Diagnostics))
	}
	return h.decode(resp.NewState), resp.Private
}
