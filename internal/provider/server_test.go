package provider

import (
	"context"
	"encoding/json"
	"maps"
	"math/big"
	"net/http/httptest"
	"runtime"
	"testing"
	"weak"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
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

// filled is a value of typ with every attribute and element set: a prior state in which no
// default or write-only rule could go unnoticed.
func filled(typ tftypes.Type, name string) tftypes.Value {
	switch {
	case typ.Is(tftypes.String):
		return tftypes.NewValue(typ, "x-"+name)
	case typ.Is(tftypes.Number):
		return tftypes.NewValue(typ, 7)
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(typ, true)
	case typ.Is(tftypes.List{}):
		return tftypes.NewValue(typ, []tftypes.Value{filled(typ.(tftypes.List).ElementType, name)})
	case typ.Is(tftypes.Set{}):
		return tftypes.NewValue(typ, []tftypes.Value{filled(typ.(tftypes.Set).ElementType, name)})
	case typ.Is(tftypes.Map{}):
		return tftypes.NewValue(typ, map[string]tftypes.Value{"k": filled(typ.(tftypes.Map).ElementType, name)})
	case typ.Is(tftypes.Object{}):
		vals := map[string]tftypes.Value{}
		for n, at := range typ.(tftypes.Object).AttributeTypes {
			vals[n] = filled(at, n)
		}
		return tftypes.NewValue(typ, vals)
	}
	panic("filled: unexpected type " + typ.String())
}

// withConfigured returns private state whose base holds values and says configuration set
// these attributes, as the apply that wrote values would have recorded.
func withConfigured(t *testing.T, private []byte, values guard.Values, names []string) []byte {
	t.Helper()
	p, err := parsePrivate(private)
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal(p[guard.PrivateBaseKey], &b); err != nil {
		t.Fatal(err)
	}
	b["configured"] = names
	b["values"] = values
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	p[guard.PrivateBaseKey] = raw
	out, err := p.bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPlanUnchangedShortcut: for every resource type, a plan whose proposed new state is
// the prior state gets from NewServer exactly what the framework answers (same planned
// state, private state, no replacement, no diagnostic) without going through it, and with
// no API call. Adding a default, a write-only attribute, or a plan modifier that acts on an
// unchanged plan to any kind makes this fail, and the shortcut must then go.
func TestPlanUnchangedShortcut(t *testing.T) {
	m := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}})
	mock := httptest.NewServer(m)
	t.Cleanup(mock.Close)
	ours, framework := NewServer("test")(), providerserver.NewProtocol6(New("test")())()
	configureServer(t, ours, mock.URL, "fail")
	configureServer(t, framework, mock.URL, "fail")

	// A private state as the provider writes it: the guard's record of a real service.
	h := newProtoHarness(t, "fail")
	cp, _, err := h.client.CreateControlPlane(context.Background(), konnect.Object{"name": "shortcut"})
	if err != nil {
		t.Fatal(err)
	}
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	_, private := h.apply(h.config(map[string]tftypes.Value{"control_plane_id": str(cp["id"].(string)),
		"name": str("orders"), "host": str("orders.internal")}), tftypes.NewValue(h.typ, nil))
	if len(private) == 0 {
		t.Fatal("the service's apply left no private state")
	}

	for _, k := range Kinds {
		t.Run(k.TypeName, func(t *testing.T) {
			r := newEntityResource(k)
			typ := objectType(r.attrs)
			prior := filled(typ, "")
			// Configuration sets what it must; everything else is null and, being computed,
			// proposed from the prior state, as Terraform does.
			priorVals, _ := asObject(prior)
			config := map[string]tftypes.Value{}
			for _, a := range r.attrs {
				config[a.Name] = tftypes.NewValue(typ.AttributeTypes[a.Name], nil)
				if a.Mode == Required {
					config[a.Name] = priorVals[a.Name]
				}
			}
			// The guard's record says configuration set what it sets now: nothing to reset.
			var required []string
			for _, a := range k.Attrs {
				if a.Mode == Required && a.managed() {
					required = append(required, a.Name)
				}
			}
			kindPrivate := withConfigured(t, private, r.managedValues(priorVals), required)
			for _, priv := range [][]byte{nil, kindPrivate} {
				req := &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: dynamic(t, prior),
					ProposedNewState: dynamic(t, prior), Config: dynamic(t, tftypes.NewValue(typ, config)), PriorPrivate: priv}
				if !planUnchanged(req) {
					t.Fatal("the shortcut does not take an unchanged plan")
				}
				m.ResetCounts()
				got, err := ours.PlanResourceChange(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if c := m.Counts(); len(c) > 0 {
					t.Errorf("an unchanged plan made API calls: %v", c)
				}
				want, err := framework.PlanResourceChange(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if len(want.Diagnostics) > 0 || len(got.Diagnostics) > 0 {
					t.Fatalf("diagnostics: framework %s; ours %s", diagText(want.Diagnostics), diagText(got.Diagnostics))
				}
				wantState, err := want.PlannedState.Unmarshal(typ)
				if err != nil {
					t.Fatal(err)
				}
				gotState, err := got.PlannedState.Unmarshal(typ)
				if err != nil {
					t.Fatal(err)
				}
				if !gotState.Equal(wantState) {
					t.Errorf("planned state differs from the framework's:\n ours      %s\n framework %s", gotState, wantState)
				}
				if !gotState.Equal(prior) {
					t.Errorf("the framework plans a change to an unchanged object (a default? a plan modifier?):\n prior   %s\n planned %s", prior, wantState)
				}
				if len(want.RequiresReplace) > 0 || len(got.RequiresReplace) > 0 {
					t.Errorf("requires replace: framework %v, ours %v", want.RequiresReplace, got.RequiresReplace)
				}
				if !samePrivate(t, got.PlannedPrivate, want.PlannedPrivate) {
					t.Errorf("planned private state differs:\n ours      %q\n framework %q", got.PlannedPrivate, want.PlannedPrivate)
				}
			}
		})
	}

	// What the shortcut leaves to the framework.
	svc := newEntityResource(ServiceKind)
	typ := objectType(svc.attrs)
	prior := filled(typ, "")
	vals, _ := asObject(prior.Copy())
	vals = maps.Clone(vals) // As hands out the value's own map
	vals["retries"] = tftypes.NewValue(tftypes.Number, 8)
	changed := tftypes.NewValue(typ, map[string]tftypes.Value(vals))
	null := tftypes.NewValue(typ, nil)
	for name, req := range map[string]*tfprotov6.PlanResourceChangeRequest{
		"update":       {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, changed)},
		"create":       {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, null), ProposedNewState: dynamic(t, prior)},
		"delete":       {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, null)},
		"unknown type": {TypeName: "konnect_nothing", PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, prior)},
		"no proposal":  {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, prior)},
	} {
		if planUnchanged(req) {
			t.Errorf("%s: the shortcut answered it; the framework must", name)
		}
	}
}

// samePrivate compares private states as the framework reads them (a JSON object of keys).
func samePrivate(t *testing.T, a, b []byte) bool {
	t.Helper()
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var ma, mb map[string]json.RawMessage
	if err := json.Unmarshal(a, &ma); err != nil {
		t.Fatalf("private state %q: %v", a, err)
	}
	if err := json.Unmarshal(b, &mb); err != nil {
		t.Fatalf("private state %q: %v", b, err)
	}
	if len(ma) != len(mb) {
		return false
	}
	for k, v := range ma {
		if string(mb[k]) != string(v) {
			return false
		}
	}
	return true
}

// jsonOf renders a value the way Terraform saves it in a state file.
func jsonOf(v tftypes.Value) any {
	if v.IsNull() {
		return nil
	}
	typ := v.Type()
	switch {
	case typ.Is(tftypes.String):
		var s string
		_ = v.As(&s)
		return s
	case typ.Is(tftypes.Number):
		var f big.Float
		_ = v.As(&f)
		n, _ := f.Float64()
		return n
	case typ.Is(tftypes.Bool):
		var b bool
		_ = v.As(&b)
		return b
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}):
		var elems []tftypes.Value
		_ = v.As(&elems)
		out := []any{}
		for _, e := range elems {
			out = append(out, jsonOf(e))
		}
		return out
	case typ.Is(tftypes.Map{}), typ.Is(tftypes.Object{}):
		var m map[string]tftypes.Value
		_ = v.As(&m)
		out := map[string]any{}
		for k, e := range m {
			out[k] = jsonOf(e)
		}
		return out
	}
	panic("jsonOf: unexpected type " + typ.String())
}

// TestUpgradeStateShortcut: a state saved with the current schema is read by NewServer
// exactly as the framework reads it, for every resource type, with every attribute set,
// with nulls, and with an attribute the schema no longer has. What it does not read
// (another schema version, the legacy flatmap form, JSON that does not fit) goes to the
// framework.
func TestUpgradeStateShortcut(t *testing.T) {
	ctx := context.Background()
	ours, framework := NewServer("test")(), providerserver.NewProtocol6(New("test")())()
	schemas, err := framework.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range Kinds {
		t.Run(k.TypeName, func(t *testing.T) {
			sch := schemas.ResourceSchemas[k.TypeName]
			if sch == nil || sch.Version != 0 {
				t.Fatalf("schema %v: the shortcut reads version 0 only", sch)
			}
			schemaType := sch.ValueType()
			full := filled(objectType(newEntityResource(k).attrs), "")
			withNulls := jsonOf(full).(map[string]any)
			for name := range withNulls {
				if name != attrID && name != attrRevision {
					withNulls[name] = nil
				}
			}
			withGone := jsonOf(full).(map[string]any)
			withGone["attribute_of_an_older_version"] = "x"
			for name, state := range map[string]any{"filled": jsonOf(full), "nulls": withNulls, "removed attribute": withGone} {
				raw, err := json.Marshal(state)
				if err != nil {
					t.Fatal(err)
				}
				req := &tfprotov6.UpgradeResourceStateRequest{TypeName: k.TypeName, RawState: &tfprotov6.RawState{JSON: raw}}
				if _, ok := upgradeCurrent(req); !ok {
					t.Fatalf("%s: the shortcut does not read it", name)
				}
				got, err := ours.UpgradeResourceState(ctx, req)
				if err != nil {
					t.Fatal(err)
				}
				want, err := framework.UpgradeResourceState(ctx, req)
				if err != nil {
					t.Fatal(err)
				}
				if len(want.Diagnostics) > 0 || len(got.Diagnostics) > 0 {
					t.Fatalf("%s: diagnostics: framework %s; ours %s", name, diagText(want.Diagnostics), diagText(got.Diagnostics))
				}
				w, err := want.UpgradedState.Unmarshal(schemaType)
				if err != nil {
					t.Fatal(err)
				}
				g, err := got.UpgradedState.Unmarshal(schemaType)
				if err != nil {
					t.Fatalf("%s: our state does not decode with the schema's type: %v", name, err)
				}
				if !g.Equal(w) {
					t.Errorf("%s: upgraded state differs:\n ours      %s\n framework %s", name, g, w)
				}
			}
		})
	}
	for name, req := range map[string]*tfprotov6.UpgradeResourceStateRequest{
		"older version": {TypeName: ServiceKind.TypeName, Version: 1, RawState: &tfprotov6.RawState{JSON: []byte(`{"id":"x"}`)}},
		"flatmap":       {TypeName: ServiceKind.TypeName, RawState: &tfprotov6.RawState{Flatmap: map[string]string{"id": "x"}}},
		"not the type":  {TypeName: ServiceKind.TypeName, RawState: &tfprotov6.RawState{JSON: []byte(`{"retries":"many"}`)}},
		"unknown type":  {TypeName: "konnect_nothing", RawState: &tfprotov6.RawState{JSON: []byte(`{"id":"x"}`)}},
	} {
		if _, ok := upgradeCurrent(req); ok {
			t.Errorf("%s: the shortcut read it; the framework must", name)
		}
	}
}

// TestReadShortcut: NewServer refreshes a managed resource without the framework, and
// answers what the framework answers (state, diagnostics, private state) for an unchanged
// object, one edited in Konnect, one read from a collection listing, one whose state came
// from a provider that kept no private state, and one deleted in Konnect. What it leaves
// to the framework: an unconfigured provider, a type that is not ours, a state or private
// state it cannot decode.
func TestReadShortcut(t *testing.T) {
	ctx := context.Background()
	h := newProtoHarness(t, "fail")
	// A pair of servers per CLI run: each keeps its refresh snapshots for the run.
	pair := func() (releasingServer, tfprotov6.ProviderServer) {
		ours, framework := NewServer("test")(), providerserver.NewProtocol6(New("test")())()
		configureServer(t, ours, h.url, "fail")
		configureServer(t, framework, h.url, "fail")
		return ours.(releasingServer), framework
	}
	ours, framework := pair()
	schemas, err := framework.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	schemaType := schemas.ResourceSchemas[ServiceKind.TypeName].ValueType()

	cp, _, err := h.client.CreateControlPlane(ctx, konnect.Object{"name": "read-shortcut"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	var states []tftypes.Value
	var privates [][]byte
	for _, name := range []string{"orders", "billing", "search"} {
		st, pr := h.apply(h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str(name),
			"host": str(name + ".internal"), "retries": tftypes.NewValue(tftypes.Number, 4)}), tftypes.NewValue(h.typ, nil))
		states, privates = append(states, st), append(privates, pr)
	}

	compare := func(what string, state tftypes.Value, private []byte) (tftypes.Value, []*tfprotov6.Diagnostic) {
		t.Helper()
		req := &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: dynamic(t, state), Private: private}
		got, ok := ours.readDirect(ctx, req)
		if !ok {
			t.Fatalf("%s: the shortcut did not take the read", what)
		}
		want, err := framework.ReadResource(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := diagText(got.Diagnostics), diagText(want.Diagnostics); g != w {
			t.Errorf("%s: diagnostics differ:\n ours      %s\n framework %s", what, g, w)
		}
		for i := range min(len(got.Diagnostics), len(want.Diagnostics)) {
			if g, w := got.Diagnostics[i].Attribute, want.Diagnostics[i].Attribute; (g == nil) != (w == nil) || (g != nil && !g.Equal(w)) {
				t.Errorf("%s: diagnostic %d attribute: ours %v, framework %v", what, i, g, w)
			}
		}
		g, err := got.NewState.Unmarshal(schemaType)
		if err != nil {
			t.Fatalf("%s: our state does not decode with the schema's type: %v", what, err)
		}
		w, err := want.NewState.Unmarshal(schemaType)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Equal(w) {
			t.Errorf("%s: state differs:\n ours      %s\n framework %s", what, g, w)
		}
		if !samePrivate(t, got.Private, want.Private) {
			t.Errorf("%s: private state differs:\n ours      %s\n framework %s", what, got.Private, want.Private)
		}
		return g, got.Diagnostics
	}

	compare("unchanged", states[0], privates[0])
	compare("from the listing", states[1], privates[1]) // the second read of the collection
	compare("no private state", states[2], nil)

	// Konnect changes; a new run (new servers, no snapshot yet) reads it.
	svc, _, err := h.client.GetService(ctx, cpID, "billing")
	if err != nil {
		t.Fatal(err)
	}
	svc["retries"] = 9
	delete(svc, "created_at")
	delete(svc, "updated_at")
	if _, _, err := h.client.PutService(ctx, cpID, svc["id"].(string), svc, ""); err != nil {
		t.Fatal(err)
	}
	orders, _ := asObject(states[0])
	var ordersID string
	_ = orders[attrID].As(&ordersID)
	if _, err := h.client.DeleteEntity(ctx, konnect.CoreEntitiesPath(cpID, "services"), ordersID, ""); err != nil {
		t.Fatal(err)
	}
	ours, framework = pair()
	edited, _ := compare("edited in Konnect", states[1], privates[1])
	if v, _ := asObject(edited); !v["retries"].Equal(tftypes.NewValue(tftypes.Number, 9)) {
		t.Errorf("edited in Konnect: retries %v, want 9", v["retries"])
	}
	gone, diags := compare("deleted in Konnect", states[0], privates[0]) // missing from the listing
	if !gone.IsNull() || len(diags) != 1 || diags[0].Severity != tfprotov6.DiagnosticSeverityWarning {
		t.Errorf("deleted in Konnect: state %v, diagnostics %s; want null and one warning", gone, diagText(diags))
	}

	unconfigured := NewServer("test")().(releasingServer)
	for name, c := range map[string]struct {
		srv releasingServer
		req *tfprotov6.ReadResourceRequest
	}{
		"unconfigured provider": {unconfigured, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: dynamic(t, states[1])}},
		"not our type":          {ours, &tfprotov6.ReadResourceRequest{TypeName: "konnect_nothing", CurrentState: dynamic(t, states[1])}},
		"JSON state":            {ours, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: &tfprotov6.DynamicValue{JSON: []byte(`{}`)}}},
		"private of another format": {ours, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: dynamic(t, states[1]),
			Private: []byte(`{"timeouts":{"create":1}}`)}},
	} {
		if _, ok := c.srv.readDirect(ctx, c.req); ok {
			t.Errorf("%s: the shortcut took it; the framework must", name)
		}
	}
}
