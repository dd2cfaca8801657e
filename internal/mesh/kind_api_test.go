package mesh

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mesh"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func mockClient(t *testing.T) (*konnect.Client, *mesh.Family) {
	t.Helper()
	t.Setenv(engine.PollIntervalEnv, "2ms")
	fam := mesh.New(mockcore.Env{})
	srv := httptest.NewServer(fam)
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test_token_0123456789"})
	if err != nil {
		t.Fatal(err)
	}
	return cl, fam
}

// A delete Konnect refuses while a zone is online is tried again until the zone has
// disconnected; one whose zone stays online gives up after the timeout, naming the zone in
// Konnect's words and what to do, and the control plane stays.
func TestDeleteWaitsForZones(t *testing.T) {
	cl, fam := mockClient(t)
	ctx := context.Background()
	create := func() engine.Address {
		obj, _, err := ControlPlaneKind.API.Create(ctx, cl, nil, konnect.Object{"name": "prod"})
		if err != nil {
			t.Fatal(err)
		}
		return engine.Address{ID: obj["id"].(string)}
	}

	a := create()
	fam.ZoneOnline(a.ID, "zone-eu", 3) // Konnect refuses three deletes, then the zone is offline
	if _, err := ControlPlaneKind.API.Delete(ctx, cl, a, ""); err != nil {
		t.Fatalf("the delete after the zone disconnected: %v", err)
	}
	if _, _, err := ControlPlaneKind.API.Get(ctx, cl, a); !konnect.IsNotFound(err) {
		t.Fatalf("after the delete: %v", err)
	}

	b := create()
	fam.ZoneOnline(b.ID, "zone-us", -1)
	start := time.Now()
	_, err := meshAPI{PatchAPI: ControlPlaneKind.API.(meshAPI).PatchAPI, deleteTimeout: 60 * time.Millisecond}.Delete(ctx, cl, b, "")
	if err == nil || !strings.Contains(err.Error(), `zone "zone-us" is still online. Disconnect the zone first`) ||
		!strings.Contains(err.Error(), "Disconnect the control plane's zones") || !strings.Contains(err.Error(), "after waiting 60ms") {
		t.Fatalf("a delete whose zone stays online: %v", err)
	}
	if time.Since(start) < 60*time.Millisecond {
		t.Errorf("gave up after %s, before the timeout", time.Since(start))
	}
	if _, _, err := ControlPlaneKind.API.Get(ctx, cl, b); err != nil {
		t.Fatalf("the control plane whose zone is online: %v", err)
	}
}
