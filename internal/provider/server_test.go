package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// The protocol fast path (internal/protocol) answers unchanged plans without the
// framework. These tests hold its answers to the framework's for every resource type: same
// planned state, private state, diagnostics (text, severity and attribute path),
// replacement, identity; and show what it leaves to the framework.

// TestShortcutEligibility: every kind qualifies for the plan shortcut, as derived from its
// framework schema, but the kinds with write-only secrets (the framework nulls write-only
// values in every plan, work the shortcut skips). A kind that stops qualifying (it gained a
// framework default, a write-only attribute, a custom type, an identity, an unknown plan
// modifier) is served by the framework alone, which is correct but slower: this test says
// so, so that it is a decision and not an accident. Attr.Default (what Konnect applies when a write leaves an
// attribute out, used by ModifyPlan for resets) is no framework default: kinds that
// declare one qualify, since eligibility reads the framework schema.
func TestShortcutEligibility(t *testing.T) {
	got := newServer("test", true).NotEligible()
	withKonnectDefault := 0
	for _, k := range Kinds {
		if slices.ContainsFunc(k.Attrs, func(a engine.Attr) bool { return a.Default != nil }) {
			withKonnectDefault++
		}
		why, ok := got[k.TypeName]
		switch {
		case !ok:
			t.Errorf("%s: not known to the fast path", k.TypeName)
		case hasWriteOnly(k):
			for _, a := range k.Attrs {
				if a.WriteOnly && !strings.Contains(why, a.Name+" is write-only") {
					t.Errorf("%s: the plan shortcut takes it with write-only %s (it says %q)", k.TypeName, a.Name, why)
				}
			}
		case why != "":
			t.Errorf("%s: the plan shortcut does not take it: %s", k.TypeName, why)
		}
	}
	if len(got) != len(Kinds) {
		t.Errorf("the fast path knows %d resource types, the provider has %d", len(got), len(Kinds))
	}
	if withKonnectDefault == 0 {
		t.Error("no kind declares Attr.Default any more: this test no longer shows that it is not a framework default")
	}
}

// hasWriteOnly: the kind declares a write-only secret (writeonly.go), so the plan shortcut
// leaves it to the framework.
func hasWriteOnly(k engine.EntityKind) bool {
	return slices.ContainsFunc(k.Attrs, func(a engine.Attr) bool { return a.WriteOnly })
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
	b, err := guard.DecodeBase(p[guard.PrivateBaseKey])
	if err != nil {
		t.Fatal(err)
	}
	b.Configured, b.Values = names, values
	raw, err := guard.EncodeBase(*b)
	if err != nil {
		t.Fatal(err)
	}
	p[guard.PrivateBaseKey] = raw
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
	before := ours.PlansAnswered()
	got, err := ours.PlanResourceChange(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if took := ours.PlansAnswered() > before; took != taken {
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
	// Verifying too (KONNECT_PROTOCOL_SHORTCUTS=verify, as the acceptance runs): a check
	// that failed where nothing differs would add its error to ours' diagnostics.
	ours.Verify(&konnectProvider{version: "test"})
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
			r := engine.NewEntityResource(k)
			typ := engine.ObjectType(r.Attrs)
			prior := filled(typ, "")
			// Configuration sets what it must; everything else is null and, being computed,
			// proposed from the prior state, as Terraform does. A write-only value is never in
			// state; configuration sets the version of one (not computed) as in state.
			priorVals, _ := engine.AsObject(prior)
			config := map[string]tftypes.Value{}
			for _, a := range r.Attrs {
				config[a.Name] = tftypes.NewValue(typ.AttributeTypes[a.Name], nil)
				switch {
				case a.WriteOnly:
					priorVals[a.Name] = config[a.Name]
				case a.Mode == engine.Required || a.Versions != "":
					config[a.Name] = priorVals[a.Name]
				case a.KongDefault != "":
					// as Kong's provider leaves it when configuration is silent (a switched state)
					priorVals[a.Name] = tftypes.NewValue(tftypes.String, a.KongDefault)
				}
			}
			prior = tftypes.NewValue(typ, map[string]tftypes.Value(priorVals))
			// The guard's record says configuration set what it sets now: nothing to reset.
			var required []string
			for _, a := range k.Attrs {
				if a.Mode == engine.Required && a.Managed() {
					required = append(required, a.Name)
				}
			}
			kindPrivate := withConfigured(t, private, r.ManagedValues(priorVals), required)
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
				got := comparePlan(t, name, ours, framework, typ, req, !hasWriteOnly(k))
				if c := m.Counts(); len(c) > 0 {
					t.Errorf("%s: an unchanged plan made API calls: %v", name, c)
				}
				if g, _ := got.PlannedState.Unmarshal(typ); !g.Equal(prior) {
					t.Errorf("%s: an unchanged object planned as %s", name, g)
				}
			}
			// A Local attribute configuration no longer sets, over a value other than Kong's
			// default (force_destroy = "true" dropped): the framework answers, and plans null.
			for _, a := range k.Attrs {
				if a.KongDefault == "" {
					continue
				}
				vals := maps.Clone(priorVals)
				vals[a.Name] = tftypes.NewValue(tftypes.String, "true")
				dropped := tftypes.NewValue(typ, map[string]tftypes.Value(vals))
				req := &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: dynamic(t, dropped),
					ProposedNewState: dynamic(t, dropped), Config: dynamic(t, tftypes.NewValue(typ, config)), PriorPrivate: kindPrivate}
				before := ours.PlansAnswered()
				resp, err := ours.PlanResourceChange(context.Background(), req)
				if err != nil || ours.PlansAnswered() != before {
					t.Fatalf("%s dropped from configuration: the shortcut took it (%v)", a.Name, err)
				}
				planned, _ := resp.PlannedState.Unmarshal(typ)
				got, _ := engine.AsObject(planned)
				if !got[a.Name].IsNull() {
					t.Errorf("%s dropped from configuration over \"true\": planned %s, want null", a.Name, got[a.Name])
				}
			}
			// A prior identity (these resources have none): the framework answers.
			req := &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: dynamic(t, prior),
				ProposedNewState: dynamic(t, prior), Config: dynamic(t, tftypes.NewValue(typ, config)), PriorPrivate: kindPrivate,
				PriorIdentity: &tfprotov6.ResourceIdentityData{IdentityData: dynamic(t, prior)}}
			if _, err := ours.PlanResourceChange(context.Background(), req); err != nil {
				t.Fatal(err)
			}
			before := ours.PlansAnswered()
			if _, err := ours.PlanResourceChange(context.Background(), req); err != nil || ours.PlansAnswered() != before {
				t.Errorf("prior identity: the shortcut took it (%v)", err)
			}
		})
	}

	// What the shortcut leaves to the framework.
	svc := engine.NewEntityResource(gateway.ServiceKind)
	typ := engine.ObjectType(svc.Attrs)
	prior := filled(typ, "")
	vals, _ := engine.AsObject(prior.Copy())
	vals = maps.Clone(vals) // As hands out the value's own map
	vals["retries"] = tftypes.NewValue(tftypes.Number, 8)
	changed := tftypes.NewValue(typ, map[string]tftypes.Value(vals))
	null := tftypes.NewValue(typ, nil)
	config := dynamic(t, prior)
	for name, req := range map[string]*tfprotov6.PlanResourceChangeRequest{
		"update":      {TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, changed), Config: config},
		"create":      {TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(t, null), ProposedNewState: dynamic(t, prior), Config: config},
		"delete":      {TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(t, prior), ProposedNewState: dynamic(t, null), Config: dynamic(t, null)},
		"no proposal": {TypeName: gateway.ServiceKind.TypeName, PriorState: dynamic(t, prior), Config: config},
	} {
		before := ours.PlansAnswered()
		if _, err := ours.PlanResourceChange(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		if ours.PlansAnswered() != before {
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
	create := func(k engine.EntityKind, parents map[string]string, body konnect.Object) string {
		t.Helper()
		obj, _, err := k.API.Create(ctx, client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", k.TypeName, err)
		}
		id, _ := obj["id"].(string)
		if k.TypeName == gateway.ConsumerGroupMemberKind.TypeName {
			id = body["consumer"].(string)
		}
		importID := maps.Clone(parents)
		importID["id"] = id
		b, _ := json.Marshal(importID)
		ids[k.TypeName] = string(b)
		return id
	}
	cpID := create(gateway.ControlPlaneKind, map[string]string{}, konnect.Object{"name": "fast-path"})
	cp := map[string]string{"control_plane_id": cpID}
	with := func(k, v string) map[string]string { m := maps.Clone(cp); m[k] = v; return m }
	byName := map[string]engine.EntityKind{}
	for _, k := range Kinds {
		byName[k.TypeName] = k
	}
	kind := func(name string) engine.EntityKind { return byName["konnect_gateway_"+name] }
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
	create(kind("partial"), cp, konnect.Object{"name": "cache", "type": "redis-ce", "config": map[string]any{"host": "r.internal"}})
	create(kind("custom_plugin_schema"), cp, konnect.Object{"lua_schema": luaSchema("10")})
	create(kind("custom_plugin_streaming"), cp, konnect.Object{"name": "streamed", "schema": streamedLua, "handler": streamedHandler})
	create(kind("mtls_auth"), with("consumer_id", consumer), konnect.Object{"subject_name": "alice.example.test"})
	create(kind("data_plane_client_certificate"), cp, konnect.Object{"cert": leaf.Cert})
	store := create(kind("config_store"), cp, konnect.Object{"name": "app"})
	create(kind("config_store_secret"), with("config_store_id", store), konnect.Object{"key": "db-password", "value": "s3cret"})
	grp := create(gateway.ControlPlaneKind, map[string]string{}, konnect.Object{"name": "fast-path-group", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE_GROUP"})
	member := create(gateway.ControlPlaneKind, map[string]string{}, konnect.Object{"name": "fast-path-member", "cluster_type": "CLUSTER_TYPE_HYBRID"})
	create(kind("control_plane_membership"), map[string]string{}, konnect.Object{"control_plane_id": grp, "members": []any{map[string]any{"id": member}}})
	ids[gateway.ControlPlaneKind.TypeName] = fmt.Sprintf(`{"id":%q}`, cpID)
	// the access family
	user, err := access.UserKind.API.FindByName(ctx, client, nil, "jane.doe@example.com")
	if err != nil || user == nil {
		t.Fatalf("the mock's user jane.doe@example.com: %v %v", user, err)
	}
	team := create(access.TeamKind, map[string]string{}, konnect.Object{"name": "fast-path", "labels": map[string]any{"env": "test"}})
	create(access.TeamUserKind, map[string]string{"team_id": team}, konnect.Object{"id": user["id"]})
	role := konnect.Object{"role_name": "Viewer", "entity_id": "*", "entity_type_name": "Control Planes", "entity_region": "us"}
	create(access.TeamRoleKind, map[string]string{"team_id": team}, role)
	account := create(access.SystemAccountKind, map[string]string{}, konnect.Object{"name": "fast-path", "description": "CI"})
	create(access.SystemAccountTeamKind, map[string]string{"team_id": team}, konnect.Object{"id": account})
	create(access.SystemAccountRoleKind, map[string]string{"account_id": account}, role)
	create(access.SystemAccountAccessTokenKind, map[string]string{"account_id": account}, konnect.Object{"name": "ci", "expires_at": "2099-01-01T00:00:00Z"})
	create(access.AuthenticationSettingsKind, map[string]string{}, konnect.Object{"konnect_mapping_enabled": true})
	idp := create(access.IdentityProviderKind, map[string]string{}, konnect.Object{"type": "oidc", "login_path": "fast-path",
		"config": map[string]any{"issuer_url": "https://idp.example.com", "client_id": "konnect", "client_secret": "fast-path-secret"}})
	create(access.IdentityProviderTeamGroupMappingKind, map[string]string{"identity_provider_id": idp}, konnect.Object{"team_id": team, "group": "Tech Leads"})
	portalFixtures(t, client, ids)        // kind_portal_test.go
	portalContentFixtures(t, client, ids) // kind_portal_page_test.go
	ipAllowListFixture(t, client, ids)    // kind_portal_ip_allow_list_test.go
	catalogFixtures(t, client, ids)       // kind_catalog_test.go
	organizationFixtures(t, client, ids)  // kind_organization_test.go
	cloudGatewayFixtures(t, client, ids)  // kind_cloudgateway_test.go
	cloudGatewayMoreFixtures(t, client, ids)
	consumersFixtures(t, client, ids)      // kind_consumers_test.go
	kongIdentityFixtures(t, client, ids)   // kind_kongidentity_test.go
	serviceCatalogFixtures(t, client, ids) // kind_servicecatalog_test.go
	meshFixtures(t, client, ids)
	for _, k := range Kinds {
		if ids[k.TypeName] == "" {
			t.Fatalf("no fixture for %s", k.TypeName)
		}
	}
	return ids
}

// TestPlanShortcutEveryKindAfterImport: one object of every kind, imported as Terraform
// imports it and refreshed (the framework drops its ".import_before_read" key on that
// first read), is then planned with configuration equal to its state: the fast path
// answers exactly as the framework does with the private state the provider really
// writes, with none, and with the import marker still there; a prior identity goes to the
// framework.
func TestPlanShortcutEveryKindAfterImport(t *testing.T) {
	ctx := context.Background()
	h := newProtoHarness(t, "fail")
	ids := fixtures(t, h.client)
	ours, framework := newServer("test", true), providerserver.NewProtocol6(New("test")())()
	configureServer(t, ours, h.url, "fail")
	configureServer(t, framework, h.url, "fail")
	schemas, err := framework.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range Kinds {
		t.Run(k.TypeName, func(t *testing.T) {
			typ := schemas.ResourceSchemas[k.TypeName].ValueType()
			imp, err := ours.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: k.TypeName, ID: ids[k.TypeName]})
			if err != nil || len(imp.Diagnostics) > 0 || len(imp.ImportedResources) != 1 {
				t.Fatalf("import %s: %v %s", ids[k.TypeName], err, diagText(imp.Diagnostics))
			}
			st, priv := imp.ImportedResources[0].State, imp.ImportedResources[0].Private
			if p, _ := protocol.ParsePrivate(priv); p[".import_before_read"] == nil {
				t.Fatalf("the import left no .import_before_read key: %s", priv)
			}
			plan := func(state *tfprotov6.DynamicValue, private []byte) *tfprotov6.PlanResourceChangeRequest {
				return &tfprotov6.PlanResourceChangeRequest{TypeName: k.TypeName, PriorState: state, ProposedNewState: state,
					Config: state, PriorPrivate: private}
			}
			comparePlan(t, "straight after the import", ours, framework, typ, plan(st, priv), !hasWriteOnly(k))

			read, err := ours.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: k.TypeName, CurrentState: st, Private: priv})
			if err != nil || len(read.Diagnostics) > 0 {
				t.Fatalf("first read after import: %v %s", err, diagText(read.Diagnostics))
			}
			if p, _ := protocol.ParsePrivate(read.Private); p[".import_before_read"] != nil || p[guard.PrivateBaseKey] == nil {
				t.Errorf("first read after import: private state %s, want the base and no .import_before_read", read.Private)
			}
			comparePlan(t, "after the first read", ours, framework, typ, plan(read.NewState, read.Private), !hasWriteOnly(k))
			comparePlan(t, "no private state", ours, framework, typ, plan(read.NewState, nil), !hasWriteOnly(k))
			withIdentity := plan(read.NewState, read.Private)
			withIdentity.PriorIdentity = &tfprotov6.ResourceIdentityData{IdentityData: read.NewState}
			comparePlan(t, "a prior identity", ours, framework, typ, withIdentity, false)
		})
	}
}

// vouchesForAll is an engine that says every unchanged plan is kept: wrong for a portal
// whose force_destroy configuration dropped (the framework plans it null).
type vouchesForAll struct{}

func (vouchesForAll) KeepsUnchangedPlan(context.Context, string, tftypes.Value, tftypes.Value, protocol.Private) bool {
	return true
}

// With verification on, a plan the shortcut answers otherwise than the framework fails,
// naming the attribute that differs and not its value.
func TestVerifyCatchesAShortcutThatDiffers(t *testing.T) {
	m := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}})
	mock := httptest.NewServer(m)
	t.Cleanup(mock.Close)
	r := engine.NewEntityResource(portal.PortalKind)
	typ := engine.ObjectType(r.Attrs)
	prior, _ := engine.AsObject(filled(typ, ""))
	prior["force_destroy"] = tftypes.NewValue(tftypes.String, "true")
	config := map[string]tftypes.Value{}
	for _, a := range r.Attrs {
		config[a.Name] = tftypes.NewValue(typ.AttributeTypes[a.Name], nil)
	}
	config["name"] = prior["name"]
	state := tftypes.NewValue(typ, map[string]tftypes.Value(prior))
	req := &tfprotov6.PlanResourceChangeRequest{TypeName: portal.PortalKind.TypeName, PriorState: dynamic(t, state),
		ProposedNewState: dynamic(t, state), Config: dynamic(t, tftypes.NewValue(typ, config))}

	for _, verify := range []bool{false, true} {
		s := protocol.NewServer(New("test")(), vouchesForAll{}, true)
		if verify {
			s.Verify(New("test")())
		}
		configureServer(t, s, mock.URL, "fail")
		resp, err := s.PlanResourceChange(context.Background(), req)
		if err != nil || s.PlansAnswered() != 1 {
			t.Fatalf("verify %v: the shortcut did not answer (%v)", verify, err)
		}
		text := diagText(resp.Diagnostics)
		switch {
		case !verify && text != "":
			t.Errorf("without verification the wrong answer passes unseen (the reason to verify): %s", text)
		case verify && !strings.Contains(text, "The protocol shortcut answered a plan otherwise than the framework") ||
			verify && !strings.Contains(text, "planned state differs at force_destroy"):
			t.Errorf("verify: diagnostics %s", text)
		case verify && strings.Contains(text, `"true"`):
			t.Errorf("verify: the diagnostic quotes a value: %s", text)
		}
	}
}
