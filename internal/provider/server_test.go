package provider

import (
	"context"
	"encoding/json"
	"maps"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// The protocol fast path (internal/protocol) answers two calls without the framework.
// These tests hold its answers to the framework's for every resource type: same state,
// private state, diagnostics (text, severity and attribute path), replacement; and show
// what it leaves to the framework.

// TestShortcutEligibility: every kind qualifies for both shortcuts, as derived from
// its framework schema. A kind that stops qualifying (it gained a framework default, a
// write-only attribute, a custom type, an identity, an unknown plan modifier) is served by
// the framework alone, which is correct but slower: this test says so, so that it is a
// decision and not an accident. Attr.Default (what Konnect applies when a write leaves an
// attribute out, used by ModifyPlan for resets) is no framework default: kinds that
// declare one qualify, since eligibility reads the framework schema.
func TestShortcutEligibility(t *testing.T) {
	s := newServer("test", true)
	got := s.Shortcuts()
	withKonnectDefault := 0
	for _, k := range Kinds {
		if slices.ContainsFunc(k.Attrs, func(a Attr) bool { return a.Default != nil }) {
			withKonnectDefault++
		}
		why, ok := got[k.TypeName]
		if !ok {
			t.Errorf("%s: not known to the fast path", k.TypeName)
			continue
		}
		for i, name := range []string{"read", "plan"} {
			if why[i] != "" {
				t.Errorf("%s: the %s shortcut does not take it: %s", k.TypeName, name, why[i])
			}
		}
	}
	if len(got) != len(Kinds) {
		t.Errorf("the fast path knows %d resource types, the provider has %d", len(got), len(Kinds))
	}
	if withKonnectDefault == 0 {
		t.Error("no kind declares Attr.Default any more: this test no longer shows that it is not a framework default")
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
	p, err := protocol.ParsePrivate(private)
	if err != nil {
		t.Fatal(err)
	}
	var b map[string]any
	if err := json.Unmarshal(p[baseKey], &b); err != nil {
		t.Fatal(err)
	}
	b["configured"] = names
	b["values"] = values
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	p[baseKey] = raw
	out, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
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

// sameDiagnostics compares diagnostics as the CLI shows them: severity, summary, detail
// and attribute path, in order.
func sameDiagnostics(t *testing.T, what string, got, want []*tfprotov6.Diagnostic) {
	t.Helper()
	if g, w := diagText(got), diagText(want); g != w || len(got) != len(want) {
		t.Errorf("%s: diagnostics differ:\n ours      %s\n framework %s", what, g, w)
		return
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Severity != w.Severity || g.Detail != w.Detail {
			t.Errorf("%s: diagnostic %d: ours %v %q, framework %v %q", what, i, g.Severity, g.Detail, w.Severity, w.Detail)
		}
		if (g.Attribute == nil) != (w.Attribute == nil) || (g.Attribute != nil && !g.Attribute.Equal(w.Attribute)) {
			t.Errorf("%s: diagnostic %d attribute: ours %v, framework %v", what, i, g.Attribute, w.Attribute)
		}
	}
}

// comparePlan sends req to ours and to the framework and compares the answers; taken says
// whether the plan shortcut must answer it.
func comparePlan(t *testing.T, what string, ours *protocol.Server, framework tfprotov6.ProviderServer, typ tftypes.Type, req *tfprotov6.PlanResourceChangeRequest, taken bool) *tfprotov6.PlanResourceChangeResponse {
	t.Helper()
	ctx := context.Background()
	before := ours.Answered().Plan
	got, err := ours.PlanResourceChange(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if took := ours.Answered().Plan > before; took != taken {
		t.Errorf("%s: the plan shortcut took it: %v, want %v", what, took, taken)
	}
	want, err := framework.PlanResourceChange(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	sameDiagnostics(t, what, got.Diagnostics, want.Diagnostics)
	if (got.PlannedState == nil) != (want.PlannedState == nil) {
		t.Fatalf("%s: planned state ours %v, framework %v", what, got.PlannedState, want.PlannedState)
	}
	if want.PlannedState != nil {
		g, err := got.PlannedState.Unmarshal(typ)
		if err != nil {
			t.Fatal(err)
		}
		w, err := want.PlannedState.Unmarshal(typ)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Equal(w) {
			t.Errorf("%s: planned state differs:\n ours      %s\n framework %s", what, g, w)
		}
	}
	if len(want.RequiresReplace) > 0 || len(got.RequiresReplace) > 0 {
		t.Errorf("%s: requires replace: framework %v, ours %v", what, want.RequiresReplace, got.RequiresReplace)
	}
	if (got.PlannedIdentity == nil) != (want.PlannedIdentity == nil) {
		t.Errorf("%s: planned identity: ours %v, framework %v", what, got.PlannedIdentity, want.PlannedIdentity)
	}
	if !samePrivate(t, got.PlannedPrivate, want.PlannedPrivate) {
		t.Errorf("%s: planned private state differs:\n ours      %s\n framework %s", what, got.PlannedPrivate, want.PlannedPrivate)
	}
	return got
}

// TestPlanUnchangedShortcut: for every resource type, a plan whose proposed new state is
// the prior state gets from the fast path exactly what the framework answers, without
// going through it and with no API call: with no private state, with the guard's private
// state, and with the framework's import marker in it. A prior identity, a change, a
// create, a delete go to the framework. Adding a framework default, a write-only
// attribute, or a plan modifier that acts on an unchanged plan to any kind makes the
// shortcut leave that kind to the framework (TestShortcutEligibility then says so).
func TestPlanUnchangedShortcut(t *testing.T) {
	m := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}})
	mock := httptest.NewServer(m)
	t.Cleanup(mock.Close)
	ours, framework := newServer("test", true), providerserver.NewProtocol6(New("test")())()
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
		"name": str("orders"), "host": str("orders.internal")}), tftypes.NewValue(h.typ, nil), nil)
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
			p, _ := protocol.ParsePrivate(kindPrivate)
			p[".import_before_read"] = []byte("true") // a framework key passes through
			imported, err := p.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			for name, priv := range map[string][]byte{"no private state": nil, "private state": kindPrivate, "framework key": imported} {
				req := &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: dynamic(t, prior),
					ProposedNewState: dynamic(t, prior), Config: dynamic(t, tftypes.NewValue(typ, config)), PriorPrivate: priv}
				m.ResetCounts()
				got := comparePlan(t, name, ours, framework, typ, req, true)
				if c := m.Counts(); len(c) > 0 {
					t.Errorf("%s: an unchanged plan made API calls: %v", name, c)
				}
				if g, _ := got.PlannedState.Unmarshal(typ); !g.Equal(prior) {
					t.Errorf("%s: an unchanged object planned as %s", name, g)
				}
			}
			// A prior identity (these resources have none): the framework answers.
			req := &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: dynamic(t, prior),
				ProposedNewState: dynamic(t, prior), Config: dynamic(t, tftypes.NewValue(typ, config)), PriorPrivate: kindPrivate,
				PriorIdentity: &tfprotov6.ResourceIdentityData{IdentityData: dynamic(t, prior)}}
			if _, err := ours.PlanResourceChange(context.Background(), req); err != nil {
				t.Fatal(err)
			}
			before := ours.Answered().Plan
			if _, err := ours.PlanResourceChange(context.Background(), req); err != nil || ours.Answered().Plan != before {
				t.Errorf("prior identity: the shortcut took it (%v)", err)
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
	config := dynamic(t, prior)
	for name, req := range map[string]*tfprotov6.PlanResourceChangeRequest{
		"update":      {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, changed), Config: config},
		"create":      {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, null), ProposedNewState: dynamic(t, prior), Config: config},
		"delete":      {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, null), Config: dynamic(t, null)},
		"no proposal": {TypeName: ServiceKind.TypeName, PriorState: dynamic(t, prior), Config: config},
	} {
		before := ours.Answered().Plan
		if _, err := ours.PlanResourceChange(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		if ours.Answered().Plan != before {
			t.Errorf("%s: the shortcut answered it; the framework must", name)
		}
	}
}

// fixtures creates one Konnect object of every kind in the mock and returns, per type,
// the JSON import id of that object.
func fixtures(t *testing.T, client *konnect.Client) map[string]string {
	t.Helper()
	ctx := context.Background()
	ids := map[string]string{}
	create := func(k EntityKind, parents map[string]string, body konnect.Object) string {
		t.Helper()
		obj, _, err := k.API.Create(ctx, client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", k.TypeName, err)
		}
		id, _ := obj["id"].(string)
		if k.TypeName == ConsumerGroupMemberKind.TypeName {
			id = body["consumer"].(string)
		}
		importID := maps.Clone(parents)
		importID["id"] = id
		b, _ := json.Marshal(importID)
		ids[k.TypeName] = string(b)
		return id
	}
	cpID := create(ControlPlaneKind, map[string]string{}, konnect.Object{"name": "fast-path"})
	cp := map[string]string{"control_plane_id": cpID}
	with := func(k, v string) map[string]string { m := maps.Clone(cp); m[k] = v; return m }
	byName := map[string]EntityKind{}
	for _, k := range Kinds {
		byName[k.TypeName] = k
	}
	kind := func(name string) EntityKind { return byName["konnect_gateway_"+name] }
	svc := create(kind("service"), cp, konnect.Object{"name": "orders", "host": "orders.internal", "retries": 4})
	create(kind("route"), cp, konnect.Object{"name": "orders", "paths": []any{"/orders"}, "service": map[string]any{"id": svc}})
	create(kind("plugin"), cp, konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 10}, "service": map[string]any{"id": svc}})
	consumer := create(kind("consumer"), cp, konnect.Object{"username": "alice"})
	group := create(kind("consumer_group"), cp, konnect.Object{"name": "gold"})
	create(kind("consumer_group_member"), with("consumer_group_id", group), konnect.Object{"consumer": consumer})
	create(kind("key_auth"), with("consumer_id", consumer), konnect.Object{"key": "alice-key-0123456789"})
	create(kind("basic_auth"), with("consumer_id", consumer), konnect.Object{"username": "alice", "password": "s3cret-pw"})
	create(kind("acl"), with("consumer_id", consumer), konnect.Object{"group": "admins"})
	create(kind("jwt"), with("consumer_id", consumer), konnect.Object{"key": "alice-jwt", "secret": "jwt-secret-0123456789"})
	create(kind("hmac_auth"), with("consumer_id", consumer), konnect.Object{"username": "alice-hmac", "secret": "hmac-secret-0123456789"})
	up := create(kind("upstream"), cp, konnect.Object{"name": "orders.upstream"})
	create(kind("target"), with("upstream_id", up), konnect.Object{"target": "10.0.0.1:8080", "weight": 100})
	leaf, ca := tlsTestPEM(t, "orders.example.test", false), tlsTestPEM(t, "Fast Path CA", true)
	cert := create(kind("certificate"), cp, konnect.Object{"cert": leaf.Cert, "key": leaf.Key})
	create(kind("ca_certificate"), cp, konnect.Object{"cert": ca.Cert})
	create(kind("sni"), cp, konnect.Object{"name": "orders.example.test", "certificate": map[string]any{"id": cert}})
	create(kind("vault"), cp, konnect.Object{"name": "env", "prefix": "my-env", "config": map[string]any{"prefix": "APP_"}})
	set := create(kind("key_set"), cp, konnect.Object{"name": "signing"})
	create(kind("key"), cp, konnect.Object{"kid": "k1", "name": "k1", "pem": map[string]any{"public_key": leaf.Public}, "set": map[string]any{"id": set}})
	for _, k := range Kinds {
		if ids[k.TypeName] == "" {
			t.Fatalf("no fixture for %s", k.TypeName)
		}
	}
	return ids
}

// readPair compares one ReadResource answer of the fast path to the framework's and
// returns ours. taken says whether the read shortcut must answer it.
func readPair(t *testing.T, what string, ours *protocol.Server, framework tfprotov6.ProviderServer, typ tftypes.Type, req *tfprotov6.ReadResourceRequest, taken bool) *tfprotov6.ReadResourceResponse {
	t.Helper()
	ctx := context.Background()
	before := ours.Answered().Read
	got, err := ours.ReadResource(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if took := ours.Answered().Read > before; took != taken {
		t.Errorf("%s: the read shortcut took it: %v, want %v", what, took, taken)
	}
	want, err := framework.ReadResource(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	sameDiagnostics(t, what, got.Diagnostics, want.Diagnostics)
	if (got.NewState == nil) != (want.NewState == nil) {
		t.Fatalf("%s: state ours %v, framework %v", what, got.NewState, want.NewState)
	}
	if want.NewState != nil {
		g, err := got.NewState.Unmarshal(typ)
		if err != nil {
			t.Fatalf("%s: our state does not decode with the schema's type: %v", what, err)
		}
		w, err := want.NewState.Unmarshal(typ)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Equal(w) {
			t.Errorf("%s: state differs:\n ours      %s\n framework %s", what, g, w)
		}
	}
	if !samePrivate(t, got.Private, want.Private) {
		t.Errorf("%s: private state differs:\n ours      %s\n framework %s", what, got.Private, want.Private)
	}
	if (got.NewIdentity == nil) != (want.NewIdentity == nil) {
		t.Errorf("%s: identity ours %v, framework %v", what, got.NewIdentity, want.NewIdentity)
	}
	return got
}

// TestReadShortcutEveryKind: for one object of every kind, imported as Terraform imports
// it, the fast path refreshes it exactly as the framework does: the first read after the
// import (which drops the framework's ".import_before_read" key), the next read, a read
// with no private state, an unchanged plan after the read, and a read once the object is
// gone from Konnect. Each pair of servers stands for one CLI run.
func TestReadShortcutEveryKind(t *testing.T) {
	ctx := context.Background()
	h := newProtoHarness(t, "fail")
	ids := fixtures(t, h.client)
	pair := func() (*protocol.Server, tfprotov6.ProviderServer) {
		ours, framework := newServer("test", true), providerserver.NewProtocol6(New("test")())()
		configureServer(t, ours, h.url, "fail")
		configureServer(t, framework, h.url, "fail")
		return ours, framework
	}
	ours, framework := pair()
	schemas, err := framework.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	type imported struct {
		state   *tfprotov6.DynamicValue
		private []byte
	}
	after := map[string]imported{}
	// Control planes last: deleting one takes everything in it.
	kinds := slices.Clone(Kinds)
	slices.SortStableFunc(kinds, func(a, b EntityKind) int {
		return boolInt(a.TypeName == ControlPlaneKind.TypeName) - boolInt(b.TypeName == ControlPlaneKind.TypeName)
	})
	for _, k := range kinds {
		t.Run(k.TypeName, func(t *testing.T) {
			typ := schemas.ResourceSchemas[k.TypeName].ValueType()
			imp, err := framework.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: k.TypeName, ID: ids[k.TypeName]})
			if err != nil || len(imp.Diagnostics) > 0 || len(imp.ImportedResources) != 1 {
				t.Fatalf("import %s: %v %s", ids[k.TypeName], err, diagText(imp.Diagnostics))
			}
			st, priv := imp.ImportedResources[0].State, imp.ImportedResources[0].Private
			if p, _ := protocol.ParsePrivate(priv); p[".import_before_read"] == nil {
				t.Fatalf("the import left no .import_before_read key: %s", priv)
			}
			first := readPair(t, "first read after import", ours, framework, typ, &tfprotov6.ReadResourceRequest{TypeName: k.TypeName, CurrentState: st, Private: priv}, true)
			if p, _ := protocol.ParsePrivate(first.Private); p[".import_before_read"] != nil || p[baseKey] == nil {
				t.Errorf("first read after import: private state %s, want the base and no .import_before_read", first.Private)
			}
			if len(first.Diagnostics) > 0 {
				t.Errorf("first read after import: %s", diagText(first.Diagnostics))
			}
			second := readPair(t, "next read", ours, framework, typ, &tfprotov6.ReadResourceRequest{TypeName: k.TypeName, CurrentState: first.NewState, Private: first.Private}, true)
			readPair(t, "no private state", ours, framework, typ, &tfprotov6.ReadResourceRequest{TypeName: k.TypeName, CurrentState: first.NewState}, true)
			readPair(t, "a current identity", ours, framework, typ, &tfprotov6.ReadResourceRequest{TypeName: k.TypeName, CurrentState: first.NewState,
				Private: first.Private, CurrentIdentity: &tfprotov6.ResourceIdentityData{IdentityData: first.NewState}}, false)

			// Terraform's next plan, with configuration equal to the state: no change.
			plan := &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: second.NewState, ProposedNewState: second.NewState,
				Config: second.NewState, PriorPrivate: second.Private}
			comparePlan(t, "unchanged plan after import", ours, framework, typ, plan, true)
			after[k.TypeName] = imported{second.NewState, second.Private}
		})
	}

	// Everything is deleted in Konnect; a new run reads it (control plane last, so the
	// others are read as missing from their own collections).
	left := slices.DeleteFunc(slices.Clone(kinds), func(k EntityKind) bool { return k.TypeName == ControlPlaneKind.TypeName })
	for pass := 0; len(left) > 0; pass++ { // dependents first: what Konnect refuses now goes next pass
		if pass > len(kinds) {
			t.Fatalf("could not delete %v", left)
		}
		left = slices.DeleteFunc(left, func(k EntityKind) bool {
			addr, err := newEntityResource(k).parseImportID(ids[k.TypeName])
			if err != nil {
				t.Fatal(err)
			}
			_, err = k.API.Delete(ctx, h.client, addr, "")
			return err == nil || konnect.IsNotFound(err)
		})
	}
	ours, framework = pair()
	for _, k := range kinds {
		if k.TypeName == ControlPlaneKind.TypeName {
			continue
		}
		typ := schemas.ResourceSchemas[k.TypeName].ValueType()
		got := readPair(t, k.TypeName+" deleted in Konnect", ours, framework, typ,
			&tfprotov6.ReadResourceRequest{TypeName: k.TypeName, CurrentState: after[k.TypeName].state, Private: after[k.TypeName].private}, true)
		if len(got.Diagnostics) != 1 || got.Diagnostics[0].Severity != tfprotov6.DiagnosticSeverityWarning {
			t.Errorf("%s deleted in Konnect: %s; want one warning", k.TypeName, diagText(got.Diagnostics))
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestReadShortcut: for a service, the fast path answers what the framework answers for
// an unchanged object, one read from a collection listing, one whose state came from a
// provider that kept no private state, one edited in Konnect and one deleted in Konnect.
// What it leaves to the framework: an unconfigured provider, a type that is not ours, a
// state or private state it cannot decode, the shortcuts switched off.
func TestReadShortcut(t *testing.T) {
	ctx := context.Background()
	h := newProtoHarness(t, "fail")
	// A pair of servers per CLI run: each keeps its refresh snapshots for the run.
	pair := func() (*protocol.Server, tfprotov6.ProviderServer) {
		ours, framework := newServer("test", true), providerserver.NewProtocol6(New("test")())()
		configureServer(t, ours, h.url, "fail")
		configureServer(t, framework, h.url, "fail")
		return ours, framework
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
			"host": str(name + ".internal"), "retries": tftypes.NewValue(tftypes.Number, 4)}), tftypes.NewValue(h.typ, nil), nil)
		states, privates = append(states, st), append(privates, pr)
	}

	compare := func(what string, state tftypes.Value, private []byte) (tftypes.Value, []*tfprotov6.Diagnostic) {
		t.Helper()
		got := readPair(t, what, ours, framework, schemaType, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: dynamic(t, state), Private: private}, true)
		g, err := got.NewState.Unmarshal(schemaType)
		if err != nil {
			t.Fatal(err)
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
	if _, err := h.client.DeleteService(ctx, cpID, ordersID, ""); err != nil {
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

	// Before ConfigureProvider, the engine cannot read: the framework answers.
	if _, _, ok := (engine{&konnectProvider{}}).Read(ctx, ServiceKind.TypeName, states[1], protocol.Private{}, protocol.Private{}); ok {
		t.Error("unconfigured provider: the engine read")
	}
	off := newServer("test", false)
	configureServer(t, off, h.url, "fail")
	for name, c := range map[string]struct {
		srv *protocol.Server
		req *tfprotov6.ReadResourceRequest
	}{
		"not our type": {ours, &tfprotov6.ReadResourceRequest{TypeName: "konnect_nothing", CurrentState: dynamic(t, states[1])}},
		"JSON state":   {ours, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: &tfprotov6.DynamicValue{JSON: []byte(`{}`)}}},
		"private of another format": {ours, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: dynamic(t, states[1]),
			Private: []byte(`{"timeouts":{"create":1}}`)}},
		"shortcuts off": {off, &tfprotov6.ReadResourceRequest{TypeName: ServiceKind.TypeName, CurrentState: dynamic(t, states[1]), Private: privates[1]}},
	} {
		before := c.srv.Answered().Read
		if _, err := c.srv.ReadResource(ctx, c.req); err != nil {
			t.Fatal(err)
		}
		if c.srv.Answered().Read != before {
			t.Errorf("%s: the shortcut took it; the framework must", name)
		}
	}
}
