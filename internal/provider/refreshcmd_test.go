package provider

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

func TestSubcommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"terraform", "refresh", "-no-color", ""}, "refresh"},
		{[]string{"/usr/bin/tofu", "-chdir=infra", "refresh"}, "refresh"},
		{[]string{"terraform", "apply", "-refresh-only", "-auto-approve"}, "apply"},
		{[]string{"terraform", "plan", "-out", "refresh"}, "plan"}, // a plan file named refresh
		{[]string{"terraform", "-version"}, ""},
		{[]string{"terraform"}, ""},
		{nil, ""},
	} {
		if got := engine.Subcommand(c.args); got != c.want {
			t.Errorf("subcommand(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}

// In `terraform refresh`, which plans every resource as `terraform plan` does, the
// provider plans without the guards: configuration that would overwrite a change made in
// Konnect is no error there (nor is a resource removed from configuration: a delete
// planned), and nothing is read live. The same plan outside a refresh is refused.
func TestProtocolRefreshCommandPlansWithoutGuards(t *testing.T) {
	h, mock := newKindHarness(t, gateway.ServiceKind, "fail")
	client := h.client
	saved := engine.RefreshCommand
	t.Cleanup(func() { engine.RefreshCommand = saved })
	ctx := context.Background()
	cp, _, err := client.CreateControlPlane(ctx, konnect.Object{"name": "refresh-command"})
	if err != nil {
		t.Fatal(err)
	}
	s := func(v string) tftypes.Value { return tftypes.NewValue(tftypes.String, v) }
	cpID := cp["id"].(string)
	cfg := h.config(map[string]tftypes.Value{"control_plane_id": s(cpID), "name": s("orders"), "host": s("orders.internal"),
		"retries": tftypes.NewValue(tftypes.Number, 5)})
	state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))
	id := h.decodeID(state)
	svc, _, err := h.client.GetService(ctx, cpID, id)
	if err != nil {
		t.Fatal(err)
	}
	svc["retries"] = 2 // configuration says 5
	delete(svc, "created_at")
	delete(svc, "updated_at")
	if _, _, err := h.client.PutService(ctx, cpID, id, svc, ""); err != nil {
		t.Fatal(err)
	}
	state, private = h.refresh(state, private)

	const conflict = "Applying this plan would overwrite changes made in Konnect"
	engine.RefreshCommand = func() bool { return false }
	if text := diagText(h.plan(cfg, state, private).Diagnostics); !strings.Contains(text, conflict) {
		t.Fatalf("plan: want the conflict, got %q", text)
	}
	if text := diagText(h.planDestroy(state, private).Diagnostics); !strings.Contains(text, "changes made in Konnect") {
		t.Fatalf("destroy plan: want the conflict, got %q", text)
	}

	engine.RefreshCommand = func() bool { return true }
	mock.ResetCounts()
	if d := h.plan(cfg, state, private).Diagnostics; len(d) != 0 {
		t.Errorf("the plan of `terraform refresh`: %s", diagText(d))
	}
	if d := h.planDestroy(state, private).Diagnostics; len(d) != 0 {
		t.Errorf("the plan of `terraform refresh` for a resource removed from configuration: %s", diagText(d))
	}
	if c := mock.Counts(); len(c) != 0 {
		t.Errorf("the plans of `terraform refresh` made requests to Konnect, want none: %v", c)
	}
	got, _, err := h.client.GetService(ctx, cpID, id)
	if err != nil || fmt.Sprint(got["retries"]) != "2" {
		t.Errorf("Konnect holds retries %v (%v), want 2", got["retries"], err)
	}
}
