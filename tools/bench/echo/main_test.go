package main

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// The echo provider stands in for the real one only where a no-change plan asks nothing of
// a provider's judgement: its state upgrade must give what the framework's gives.
func TestEchoUpgradeIsTheFrameworks(t *testing.T) {
	ctx := context.Background()
	e := &echo{ProviderServer: provider.NewServer("test")()}
	for _, tc := range []struct{ typ, state string }{
		{"konnect_gateway_service", `{"id":"7f0e","control_plane_id":"cp1","name":"orders","host":"orders.internal","port":8080,"protocol":"http","retries":5,"tags":["a","b"],"enabled":true,"revision":"r1"}`},
		{"konnect_gateway_route", `{"id":"9a1c","control_plane_id":"cp1","name":"r","paths":["/orders"],"protocols":["http","https"],"regex_priority":1,"service":{"id":"7f0e"},"strip_path":true}`},
	} {
		req := &tfprotov6.UpgradeResourceStateRequest{TypeName: tc.typ, Version: 0, RawState: &tfprotov6.RawState{JSON: []byte(tc.state)}}
		got, err := e.UpgradeResourceState(ctx, req)
		if err != nil {
			t.Fatalf("%s: echo: %v", tc.typ, err)
		}
		want, err := e.ProviderServer.UpgradeResourceState(ctx, req)
		if err != nil || len(want.Diagnostics) > 0 {
			t.Fatalf("%s: framework: %v %v", tc.typ, err, want.Diagnostics)
		}
		typ := e.typeOf(ctx, tc.typ)
		g, err := got.UpgradedState.Unmarshal(typ)
		if err != nil {
			t.Fatal(err)
		}
		w, err := want.UpgradedState.Unmarshal(typ)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Equal(w) {
			t.Errorf("%s: echo upgraded the state to\n%s\nthe framework to\n%s", tc.typ, g, w)
		}
	}
}
