package provider

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// dropFirstPOST is a network that loses the first control-plane POST: either before
// Konnect sees it, or after Konnect applied it (the hard case: the write happened, the
// client saw an error).
type dropFirstPOST struct {
	next    http.Handler
	applied bool // forward the request before dropping the connection
	dropped atomic.Bool
}

func (d *dropFirstPOST) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && !d.dropped.Swap(true) {
		if d.applied {
			d.next.ServeHTTP(httptest.NewRecorder(), r)
		}
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			_ = conn.Close()
		}
		return
	}
	d.next.ServeHTTP(w, r)
}

func TestControlPlaneCreateNeverDuplicates(t *testing.T) {
	for _, applied := range []bool{false, true} {
		name := map[bool]string{false: "lost-before-konnect", true: "lost-after-konnect"}[applied]
		t.Run(name, func(t *testing.T) {
			front := &dropFirstPOST{next: konnectmock.New(konnectmock.Options{Tokens: []string{testToken}}), applied: applied}
			srv := httptest.NewServer(front)
			defer srv.Close()
			client, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: testToken})
			if err != nil {
				t.Fatal(err)
			}
			obj, _, err := engine.ControlPlaneAPI{}.Create(context.Background(), client, nil, konnect.Object{"name": name})
			if err != nil {
				t.Fatalf("create: %v", err)
			}
			all, err := client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{})
			if err != nil {
				t.Fatal(err)
			}
			if len(all) != 1 {
				t.Fatalf("Konnect holds %d control planes after one create, want 1", len(all))
			}
			if obj["id"] != all[0]["id"] {
				t.Errorf("create returned id %v, Konnect holds %v", obj["id"], all[0]["id"])
			}
		})
	}
}
