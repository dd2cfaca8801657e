package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Issue 33, part 2: a 404 is a deletion only when Konnect gave it for that object. A
// service whose control plane Konnect does not know either (deleted with everything in it,
// or server_url naming another region) stays in state, and the refresh says why and what
// to do; a service deleted from a control plane Konnect still has is removed from state, as
// before.
func TestProtocolNotFoundWithoutControlPlane(t *testing.T) {
	h := newProtoHarness(t, "fail")
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	read := func(state tftypes.Value) *tfprotov6.ReadResourceResponse {
		t.Helper()
		resp, err := h.srv.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{
			TypeName: gateway.ServiceKind.TypeName, CurrentState: dynamic(t, state)})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}

	kept := h.controlPlane("kept")
	state, _ := h.apply(h.config(map[string]tftypes.Value{"control_plane_id": str(kept), "name": str("billing"), "host": str("billing.internal")}), tftypes.NewValue(h.typ, nil))
	if _, err := h.client.DeleteEntity(context.Background(), konnect.CoreEntitiesPath(kept, "services"), stateID(t, state), ""); err != nil {
		t.Fatal(err)
	}
	resp := read(state)
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Summary != "Konnect object deleted outside Terraform" || !h.decode(resp.NewState).IsNull() {
		t.Fatalf("a service deleted from a control plane Konnect has: want it removed from state with the warning, got %s", diagText(resp.Diagnostics))
	}

	gone := h.controlPlane("gone")
	state, _ = h.apply(h.config(map[string]tftypes.Value{"control_plane_id": str(gone), "name": str("orders"), "host": str("orders.internal")}), tftypes.NewValue(h.typ, nil))
	if _, err := h.client.DeleteControlPlane(context.Background(), gone, ""); err != nil {
		t.Fatal(err)
	}
	resp = read(state)
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityError ||
		!strings.Contains(resp.Diagnostics[0].Detail, "the control plane it lives in is not found either") ||
		!strings.Contains(resp.Diagnostics[0].Detail, "Nothing was removed from state") ||
		!strings.Contains(resp.Diagnostics[0].Detail, "another region") || !strings.Contains(resp.Diagnostics[0].Detail, "terraform state rm") {
		t.Fatalf("a service whose control plane is not found: want the error that keeps it in state, got %s", diagText(resp.Diagnostics))
	}
	if got := h.decode(resp.NewState); got.IsNull() || stateID(t, got) != stateID(t, state) {
		t.Fatalf("the service left state: %v", got)
	}
}
