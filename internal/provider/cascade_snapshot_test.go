package provider

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The cascade guard lists a control plane's plugins once per run for every parent, and
// leaves out what the run deleted since: a plugin deleted by this run after the listing
// no longer counts against its service, one created out of band after it is the window.
func TestCascadeListingOncePerRun(t *testing.T) {
	mock, client, _ := startMock(t)
	ctx := context.Background()
	cp, _, err := client.CreateControlPlane(ctx, konnect.Object{"name": "cascade-once"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	put := func(col string, body konnect.Object) string {
		t.Helper()
		obj, _, err := client.PutEntity(ctx, konnect.CoreEntitiesPath(cpID, col), uuid.NewString(), body, "")
		if err != nil {
			t.Fatal(err)
		}
		return obj["id"].(string)
	}
	a := put("services", konnect.Object{"name": "a", "host": "a.internal"})
	b := put("services", konnect.Object{"name": "b", "host": "b.internal"})
	pa := put("plugins", konnect.Object{"name": "rate-limiting", "service": map[string]any{"id": a}, "config": map[string]any{"minute": 5}})
	pb := put("plugins", konnect.Object{"name": "rate-limiting", "service": map[string]any{"id": b}, "config": map[string]any{"minute": 5}})

	r := engine.NewResource(gateway.ServiceKind)().(*engine.EntityResource)
	r.Data = &engine.ProviderData{Client: client, Policy: guard.PolicyFail, Snapshots: engine.NewSnapshots()}
	addr := func(id string) engine.Address {
		return engine.Address{Parents: map[string]string{"control_plane_id": cpID}, ID: id}
	}
	self := func(id string) string { return konnect.CoreEntitiesPath(cpID, "services", id) }
	ids := func(objs []konnect.Object) []string {
		var out []string
		for _, o := range objs {
			out = append(out, o["id"].(string))
		}
		return out
	}

	mock.ResetCounts()
	got, _, err := r.DependentsOf(ctx, addr(a), self(a), engine.PluginsOf)
	if err != nil || len(got) != 1 || got[0]["id"] != pa {
		t.Fatalf("service a's plugins: %v %v, want [%s]", ids(got), err, pa)
	}
	r.Data.Snapshots.Deleted(pb)                                                                                   // this run deleted b's plugin
	put("plugins", konnect.Object{"name": "cors", "service": map[string]any{"id": b}, "config": map[string]any{}}) // out of band, after the listing
	got, _, err = r.DependentsOf(ctx, addr(b), self(b), engine.PluginsOf)
	if err != nil || len(got) != 0 {
		t.Errorf("service b's plugins: %v %v, want none (its plugin was deleted by this run; the cors plugin is in the documented window)", ids(got), err)
	}
	if n := mock.Counts()["GET core-entities/plugins"]; n != 1 {
		t.Errorf("%d listings of the plugins, want 1 for both services", n)
	}

	// A new run lists again and sees the plugin created out of band.
	r.Data.Snapshots = engine.NewSnapshots()
	got, _, err = r.DependentsOf(ctx, addr(b), self(b), engine.PluginsOf)
	if err != nil || len(got) != 2 {
		t.Errorf("service b's plugins in a new run: %v %v, want the deleted-by-then plugin %s and the cors plugin (nothing was deleted in Konnect here)", ids(got), err, pb)
	}
}
