package provider

import (
	"context"
	"runtime"
	"testing"
	"weak"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

type markerKey struct{}

// callsKeepContext makes n ValidateResourceConfig calls on srv, each with its own context
// carrying a marker, ends each call's context as gRPC does when a call returns, and
// reports how many markers are still reachable after a full collection.
func callsKeepContext(t *testing.T, srv tfprotov6.ProviderServer, n int) int {
	t.Helper()
	r := newEntityResource(ServiceKind)
	typ := objectType(r.attrs)
	vals := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		vals[name] = tftypes.NewValue(at, nil)
	}
	vals["name"] = tftypes.NewValue(tftypes.String, "orders")
	vals["host"] = tftypes.NewValue(tftypes.String, "orders.internal")
	vals["control_plane_id"] = tftypes.NewValue(tftypes.String, "9524ec7d-36d9-465d-a8c5-83a3c9390458")
	config := dynamic(t, tftypes.NewValue(typ, vals))

	markers := make([]weak.Pointer[[1024]byte], n)
	for i := range markers {
		func() {
			m := new([1024]byte)
			markers[i] = weak.Make(m)
			ctx, cancel := context.WithCancel(context.WithValue(context.Background(), markerKey{}, m))
			defer cancel()
			resp, err := srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: ServiceKind.TypeName, Config: config})
			if err != nil || len(resp.Diagnostics) > 0 {
				t.Fatalf("validate: %v %s", err, diagText(resp.Diagnostics))
			}
		}()
	}
	runtime.GC()
	alive := 0
	for _, w := range markers {
		if w.Value() != nil {
			alive++
		}
	}
	runtime.KeepAlive(srv) // the server lives on between calls, as in a CLI run
	return alive
}

// TestServerReleasesRequestContexts: the framework's protocol server keeps every request's
// context until the provider stops (the control below shows it); through NewServer it
// keeps none, so a plan of thousands of objects does not hold thousands of contexts.
func TestServerReleasesRequestContexts(t *testing.T) {
	const n = 50
	if alive := callsKeepContext(t, NewServer("test")(), n); alive != 0 {
		t.Errorf("NewServer: %d of %d request contexts still reachable after the calls returned", alive, n)
	}
	// Control: the framework's own server holds on to them. If this starts failing, the
	// framework has fixed the leak and releasingServer can go.
	if alive := callsKeepContext(t, providerserver.NewProtocol6(New("test")())(), n); alive != n {
		t.Errorf("framework server: %d of %d request contexts reachable, want all %d (the leak releasingServer works around)", alive, n, n)
	}
}

// TestReleasableContext: the view forwards to its parent during the call (values,
// cancellation, and a context derived from it is canceled with the parent), and after
// release it holds nothing and reports itself ended.
func TestReleasableContext(t *testing.T) {
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), markerKey{}, "v"))
	rc := &releasableContext{parent: parent, done: parent.Done()}
	if rc.Value(markerKey{}) != "v" || rc.Err() != nil {
		t.Fatalf("during the call: value %v, err %v", rc.Value(markerKey{}), rc.Err())
	}
	child, childCancel := context.WithCancel(rc)
	defer childCancel()
	cancel()
	<-child.Done() // a derived context ends with the request
	if rc.Err() != context.Canceled {
		t.Fatalf("err after the parent ended: %v", rc.Err())
	}
	rc.release()
	if rc.Value(markerKey{}) != nil || rc.Err() != context.Canceled {
		t.Fatalf("after release: value %v, err %v", rc.Value(markerKey{}), rc.Err())
	}
}
