package provider

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// planDestroy plans the destroy of the object in prior state, as Terraform does.
func (h *protoHarness) planDestroy(prior tftypes.Value, private []byte) *tfprotov6.PlanResourceChangeResponse {
	h.t.Helper()
	null := tftypes.NewValue(h.typ, nil)
	resp, err := h.srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(h.t, prior), ProposedNewState: dynamic(h.t, null),
		Config: dynamic(h.t, null), PriorPrivate: private})
	if err != nil {
		h.t.Fatal(err)
	}
	return resp
}

// A destroy plan reads nothing live when the same CLI command's refresh has just read the
// object (Terraform refreshes and plans a destroy in two provider processes, so the record
// travels in private state); a plan whose prior state another command refreshed
// (-refresh=false) reads live. Either way the delete itself re-reads, so a change made
// after the refresh is still refused.
func TestProtocolDestroyPlanUsesThisCommandsRefresh(t *testing.T) {
	mock, client, url := startMock(t)
	command := "command-1"
	saved := engine.CommandID
	engine.CommandID = func() string { return command }
	t.Cleanup(func() { engine.CommandID = saved })

	newServer := func() *protoHarness { // one provider process
		srv := NewServer("test")()
		configureServer(t, srv, url, "fail")
		r := engine.NewResource(gateway.ServiceKind)().(*engine.EntityResource)
		return &protoHarness{t: t, srv: srv, client: client, typ: engine.ObjectType(r.Attrs), r: r, url: url}
	}
	h := newServer()
	cp, _, err := client.CreateControlPlane(context.Background(), konnect.Object{"name": "refresh-mark"})
	if err != nil {
		t.Fatal(err)
	}
	s := func(v string) tftypes.Value { return tftypes.NewValue(tftypes.String, v) }
	cfg := h.config(map[string]tftypes.Value{"control_plane_id": s(cp["id"].(string)), "name": s("orders"), "host": s("orders.internal")})
	state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))
	id := h.decodeID(state)
	gets := func() int { return mock.Counts()["GET core-entities/services/{id}"] }

	// `terraform destroy`: the refresh in one process, the destroy plan in another.
	state, private = newServer().refresh(state, private)
	mock.ResetCounts()
	if p := newServer().planDestroy(state, private); len(p.Diagnostics) != 0 {
		t.Fatalf("destroy plan: %s", diagText(p.Diagnostics))
	}
	if n := gets(); n != 0 {
		t.Errorf("destroy plan after this command's refresh: %d GETs of the service, want 0", n)
	}

	// A later command plans the destroy without refreshing: it reads live.
	command = "command-2"
	mock.ResetCounts()
	if p := newServer().planDestroy(state, private); len(p.Diagnostics) != 0 {
		t.Fatalf("destroy plan with -refresh=false: %s", diagText(p.Diagnostics))
	}
	if n := gets(); n != 1 {
		t.Errorf("destroy plan with -refresh=false: %d GETs of the service, want 1 (the plan-time live read)", n)
	}

	// Same command, but someone changes the service after the refresh: the plan reads
	// nothing, and the delete refuses.
	command = "command-3"
	state, private = newServer().refresh(state, private)
	plan := newServer().planDestroy(state, private)
	if len(plan.Diagnostics) != 0 {
		t.Fatalf("destroy plan: %s", diagText(plan.Diagnostics))
	}
	svc, _, _ := client.GetService(context.Background(), cp["id"].(string), id)
	svc["retries"] = 2
	delete(svc, "created_at")
	delete(svc, "updated_at")
	if _, _, err := client.PutService(context.Background(), cp["id"].(string), id, svc, ""); err != nil {
		t.Fatal(err)
	}
	resp, err := newServer().srv.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(t, state), PlannedState: plan.PlannedState,
		Config: dynamic(t, tftypes.NewValue(h.typ, nil)), PlannedPrivate: plan.PlannedPrivate})
	if err != nil {
		t.Fatal(err)
	}
	if text := diagText(resp.Diagnostics); !strings.Contains(text, "Konnect object changed since this plan was made") {
		t.Errorf("delete of a service changed after the refresh: want the stale-plan refusal, got %q", text)
	}
	if _, _, err := client.GetService(context.Background(), cp["id"].(string), id); err != nil {
		t.Errorf("the service changed after the refresh was deleted: %v", err)
	}
}

func (h *protoHarness) decodeID(state tftypes.Value) string {
	m, err := engine.AsObject(state)
	if err != nil {
		h.t.Fatal(err)
	}
	return engine.Str(m[engine.AttrID])
}

// In-process (the acceptance tests, a reattached provider) there is no CLI command that
// launched the provider: no command id, so every destroy plan reads live.
func TestCommandIDInProcess(t *testing.T) {
	t.Setenv("TF_PLUGIN_MAGIC_COOKIE", "")
	if id := engine.CLICommandID(); id != "" {
		t.Errorf("command id in process = %q, want none", id)
	}
}

// Launched as a plugin (the cookie in its environment), the provider names the nearest
// ancestor that was not: here the process that ran this test binary. Linux only (/proc).
func TestCommandIDNamesTheLaunchingProcess(t *testing.T) {
	t.Setenv("TF_PLUGIN_MAGIC_COOKIE", "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2")
	a, b := engine.CLICommandID(), engine.CLICommandID()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		if a != "" {
			t.Errorf("command id %q without /proc, want none (read live)", a)
		}
		return
	}
	if a == "" || a != b {
		t.Errorf("command id %q then %q, want one stable id", a, b)
	}
}
