package provider

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// These tests drive the provider through the plugin protocol, as Terraform does, where the
// CLI would hide what they assert: the warning diagnostics of the warn policy, and the
// silence of overwrite.

type protoHarness struct {
	t      *testing.T
	srv    tfprotov6.ProviderServer
	client *konnect.Client
	typ    tftypes.Object
	r      *engine.EntityResource
	url    string // the mock's
}

func newProtoHarness(t *testing.T, policy string) *protoHarness {
	t.Helper()
	h, _ := newKindHarness(t, gateway.ServiceKind, policy)
	return h
}

// newKindHarness is a protocol harness for kind over a mock of its own, which it returns too
// (to count the calls Konnect served).
func newKindHarness(t *testing.T, kind engine.EntityKind, policy string) (*protoHarness, *konnectmock.Server) {
	t.Helper()
	m, client, url := startMock(t)
	srv := NewServer("test")()
	configureServer(t, srv, url, policy)
	r := engine.NewResource(kind)().(*engine.EntityResource)
	return &protoHarness{t: t, srv: srv, client: client, typ: engine.ObjectType(r.Attrs), r: r, url: url}, m
}

// startMock starts a mock Konnect for the test, and returns it with a client of it and its URL.
func startMock(t *testing.T) (*konnectmock.Server, *konnect.Client, string) {
	t.Helper()
	m := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}})
	ts := httptest.NewServer(m)
	t.Cleanup(ts.Close)
	client, err := konnect.New(konnect.Config{ServerURL: ts.URL, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	return m, client, ts.URL
}

// applyPlanned applies plan, the plan of a create of config, and returns Konnect's answer.
func (h *protoHarness) applyPlanned(config tftypes.Value, plan *tfprotov6.PlanResourceChangeResponse) *tfprotov6.ApplyResourceChangeResponse {
	h.t.Helper()
	resp, err := h.srv.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: h.r.Kind.TypeName, PriorState: dynamic(h.t, tftypes.NewValue(h.typ, nil)), PlannedState: plan.PlannedState,
		Config: dynamic(h.t, config), PlannedPrivate: plan.PlannedPrivate})
	if err != nil {
		h.t.Fatal(err)
	}
	return resp
}

// configureServer configures a protocol server, as Terraform does before any resource call.
func configureServer(t *testing.T, srv tfprotov6.ProviderServer, url, policy string) {
	t.Helper()
	cfg := providerConfig(t, srv, map[string]tftypes.Value{"server_url": tftypes.NewValue(tftypes.String, url),
		"personal_access_token": tftypes.NewValue(tftypes.String, testToken), "conflict_policy": tftypes.NewValue(tftypes.String, policy)})
	ctx := context.Background()
	if _, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	resp, err := srv.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: cfg})
	if err != nil || len(resp.Diagnostics) > 0 {
		t.Fatalf("configure: %v %v", err, resp.Diagnostics)
	}
}

func dynamic(t *testing.T, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(v.Type(), v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

// config is a service configuration: the given attributes, everything else null.
func (h *protoHarness) config(set map[string]tftypes.Value) tftypes.Value {
	vals := map[string]tftypes.Value{}
	for name, typ := range h.typ.AttributeTypes {
		vals[name] = tftypes.NewValue(typ, nil)
	}
	for k, v := range set {
		vals[k] = v
	}
	return tftypes.NewValue(h.typ, vals)
}

// proposed merges configuration over prior state the way Terraform proposes a new state.
func (h *protoHarness) proposed(config, prior tftypes.Value) tftypes.Value {
	if prior.IsNull() {
		return config
	}
	c, _ := engine.AsObject(config)
	p, _ := engine.AsObject(prior)
	for k, v := range c {
		if v.IsNull() {
			c[k] = p[k]
		}
	}
	return tftypes.NewValue(h.typ, map[string]tftypes.Value(c))
}

func (h *protoHarness) decode(dv *tfprotov6.DynamicValue) tftypes.Value {
	h.t.Helper()
	v, err := dv.Unmarshal(h.typ)
	if err != nil {
		h.t.Fatal(err)
	}
	return v
}

func (h *protoHarness) plan(config, prior tftypes.Value, private []byte) *tfprotov6.PlanResourceChangeResponse {
	h.t.Helper()
	resp, err := h.srv.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{
		TypeName: h.r.Kind.TypeName, PriorState: dynamic(h.t, prior), ProposedNewState: dynamic(h.t, h.proposed(config, prior)),
		Config: dynamic(h.t, config), PriorPrivate: private})
	if err != nil {
		h.t.Fatal(err)
	}
	return resp
}

// apply plans and applies config over prior (a create: no private state yet), failing the
// test on any diagnostic.
func (h *protoHarness) apply(config, prior tftypes.Value) (tftypes.Value, []byte) {
	h.t.Helper()
	plan := h.plan(config, prior, nil)
	if len(plan.Diagnostics) > 0 {
		h.t.Fatalf("plan: %s", diagText(plan.Diagnostics))
	}
	resp, err := h.srv.ApplyResourceChange(context.Background(), &tfprotov6.ApplyResourceChangeRequest{
		TypeName: h.r.Kind.TypeName, PriorState: dynamic(h.t, prior), PlannedState: plan.PlannedState,
		Config: dynamic(h.t, config), PlannedPrivate: plan.PlannedPrivate})
	if err != nil || len(resp.Diagnostics) > 0 {
		h.t.Fatalf("apply: %v %s", err, diagText(resp.Diagnostics))
	}
	return h.decode(resp.NewState), resp.Private
}

func (h *protoHarness) refresh(state tftypes.Value, private []byte) (tftypes.Value, []byte) {
	h.t.Helper()
	resp, err := h.srv.ReadResource(context.Background(), &tfprotov6.ReadResourceRequest{
		TypeName: h.r.Kind.TypeName, CurrentState: dynamic(h.t, state), Private: private})
	if err != nil || len(resp.Diagnostics) > 0 {
		h.t.Fatalf("refresh: %v %s", err, diagText(resp.Diagnostics))
	}
	return h.decode(resp.NewState), resp.Private
}

func diagText(diags []*tfprotov6.Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.Severity.String() + ": " + d.Summary + "\n" + d.Detail + "\n")
	}
	return b.String()
}

func TestProtocolRemoteEditPolicies(t *testing.T) {
	for _, tc := range []struct {
		policy   string
		severity tfprotov6.DiagnosticSeverity // 0: no diagnostic at all
		summary  string
	}{
		{"fail", tfprotov6.DiagnosticSeverityError, "Applying this plan would overwrite changes made in Konnect"},
		{"warn", tfprotov6.DiagnosticSeverityWarning, "This plan overwrites changes made in Konnect"},
		{"overwrite", 0, ""},
	} {
		t.Run(tc.policy, func(t *testing.T) {
			h := newProtoHarness(t, tc.policy)
			cpID := h.controlPlane("proto-" + tc.policy)
			str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
			num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }
			cfg := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("orders"),
				"host": str("orders.internal"), "retries": num(5), "tags": tftypes.NewValue(tftypes.Set{ElementType: tftypes.String},
					[]tftypes.Value{str("team:payments")})})
			state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))

			// Someone changes retries in Konnect; configuration still says 5.
			h.setRetries(cpID, "orders", 2)
			state, private = h.refresh(state, private)

			plan := h.plan(cfg, state, private)
			if tc.severity == 0 {
				if len(plan.Diagnostics) != 0 {
					t.Fatalf("overwrite policy: want no diagnostic, got %s", diagText(plan.Diagnostics))
				}
				return
			}
			if len(plan.Diagnostics) != 1 {
				t.Fatalf("want one diagnostic for the object, got %d:\n%s", len(plan.Diagnostics), diagText(plan.Diagnostics))
			}
			d := plan.Diagnostics[0]
			if d.Severity != tc.severity || d.Summary != tc.summary {
				t.Errorf("got %s %q, want %s %q", d.Severity, d.Summary, tc.severity, tc.summary)
			}
			for _, want := range []string{"konnect_gateway_service (id " + stateID(t, state), "was changed outside Terraform at ",
				"retries   last applied: 5   in Konnect now: 2   planned: 5", "KONNECT_CONFLICT_POLICY=overwrite"} {
				if !strings.Contains(d.Detail, want) {
					t.Errorf("detail lacks %q:\n%s", want, d.Detail)
				}
			}
			if strings.Contains(d.Detail, "tags") {
				t.Errorf("detail names a field nobody changed:\n%s", d.Detail)
			}
		})
	}
}

// TestProtocolPrivateStateCompact: private state is written into every resource's state
// file, so the record of the last read leaves out the copies it can rebuild, and keeps
// them when Konnect holds something else.
func TestProtocolPrivateStateCompact(t *testing.T) {
	h := newProtoHarness(t, "fail")
	cpID := h.controlPlane("compact")
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	cfg := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("orders"), "host": str("orders.internal")})
	state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))

	// seenKeys returns which of the seen record's copies are kept (values, before).
	seenKeys := func(private []byte) map[string]bool {
		t.Helper()
		var keys map[string][]byte
		if err := json.Unmarshal(private, &keys); err != nil {
			t.Fatal(err)
		}
		s, err := guard.DecodeSeen(keys[guard.PrivateSeenKey])
		if err != nil {
			t.Fatal(err)
		}
		return map[string]bool{"values": s.Values != nil, "before": s.Before != nil}
	}
	has := func(s map[string]bool, key string) bool { return s[key] }

	state, private = h.refresh(state, private)
	if s := seenKeys(private); has(s, "values") || has(s, "before") {
		t.Fatalf("unchanged object: seen should hold no copy of the values, got %v", s)
	}
	small := len(private)

	h.setRetries(cpID, "orders", 2)
	state, private = h.refresh(state, private)
	if s := seenKeys(private); !has(s, "values") || !has(s, "before") {
		t.Fatalf("changed in Konnect: seen must keep what it found and what the read before found, got %v", s)
	}
	state, private = h.refresh(state, private)
	if s := seenKeys(private); !has(s, "values") || has(s, "before") {
		t.Fatalf("unchanged since the last read: before is left out, values kept; got %v", s)
	}
	if len(private) <= small {
		t.Fatalf("private state with a remote change (%d bytes) should be larger than without (%d)", len(private), small)
	}
	// And Guard 2 still sees the change against the base.
	// retries is not in cfg: configuration follows Konnect, no conflict.
	plan := h.plan(cfg, state, private)
	if len(plan.Diagnostics) != 0 {
		t.Fatalf("unexpected diagnostics: %s", diagText(plan.Diagnostics))
	}
	cfg5 := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("orders"), "host": str("orders.internal"),
		"retries": tftypes.NewValue(tftypes.Number, 5)})
	plan = h.plan(cfg5, state, private)
	// Configuration never set retries before: 5 is what Konnect held at the last write, not
	// a value Terraform wrote, and the conflict says so.
	if len(plan.Diagnostics) != 1 || !strings.Contains(plan.Diagnostics[0].Detail, "retries   Konnect held: 5   in Konnect now: 2   planned: 5") {
		t.Fatalf("want the Guard 2 conflict on retries, got %s", diagText(plan.Diagnostics))
	}
}

// TestProtocolPrivateStateFormat1: a state written by the provider before record format 2
// (long field names, the full revision in both records) keeps working: a refresh and a
// no-change plan find nothing to report, the guard still tells a change made in Konnect
// from the value Terraform wrote, and the next read writes both records in format 2, in
// fewer bytes.
func TestProtocolPrivateStateFormat1(t *testing.T) {
	h := newProtoHarness(t, "fail")
	cpID := h.controlPlane("format1")
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	cfg := h.config(map[string]tftypes.Value{"control_plane_id": str(cpID), "name": str("orders"), "host": str("orders.internal"),
		"retries": tftypes.NewValue(tftypes.Number, 5)})
	state, private := h.apply(cfg, tftypes.NewValue(h.typ, nil))
	old := asFormat1(t, state, private)

	// refreshed and planned with format 1 records: nothing to report
	refreshed, newer := h.refresh(state, old)
	if plan := h.plan(cfg, refreshed, newer); len(plan.Diagnostics) != 0 {
		t.Fatalf("no-change plan from a format 1 record: %s", diagText(plan.Diagnostics))
	}
	for _, key := range []string{guard.PrivateBaseKey, guard.PrivateSeenKey} {
		raw := privateKey(t, newer, key)
		if !strings.HasPrefix(string(raw), `{"f":2,`) {
			t.Errorf("%s after a read: not in format 2: %s", key, raw)
		}
	}
	if len(newer) >= len(old) {
		t.Errorf("private state in format 2 (%d bytes) is not smaller than in format 1 (%d)", len(newer), len(old))
	}

	// someone sets retries to 2 in Konnect; configuration still says 5
	h.setRetries(cpID, "orders", 2)
	refreshed, newer = h.refresh(state, old)
	plan := h.plan(cfg, refreshed, newer)
	if len(plan.Diagnostics) != 1 || !strings.Contains(plan.Diagnostics[0].Detail, "retries   last applied: 5   in Konnect now: 2   planned: 5") {
		t.Fatalf("want the conflict on retries from the format 1 base, got %s", diagText(plan.Diagnostics))
	}
}

// asFormat1 rewrites the guard's records in private as the provider wrote them before format
// 2: long names, the revision (state's) in both.
func asFormat1(t *testing.T, state tftypes.Value, private []byte) []byte {
	t.Helper()
	p, err := protocol.ParsePrivate(private)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.AsObject(state)
	if err != nil {
		t.Fatal(err)
	}
	rev := engine.Str(m["revision"])
	b, err := guard.DecodeBase(p[guard.PrivateBaseKey])
	if err != nil {
		t.Fatal(err)
	}
	s, err := guard.DecodeSeen(p[guard.PrivateSeenKey])
	if err != nil {
		t.Fatal(err)
	}
	b.Format, b.Revision, s.Format, s.Revision = 1, rev, 1, rev
	for key, v := range map[string]any{guard.PrivateBaseKey: b, guard.PrivateSeenKey: s} {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(raw), `{"format":1,"revision":"`+rev) {
			t.Fatalf("not a format 1 record: %s", raw)
		}
		p[key] = raw
	}
	out, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func privateKey(t *testing.T, private []byte, key string) []byte {
	t.Helper()
	p, err := protocol.ParsePrivate(private)
	if err != nil {
		t.Fatal(err)
	}
	return p[key]
}

// controlPlane creates a control plane in the mock and returns its id.
func (h *protoHarness) controlPlane(name string) string {
	h.t.Helper()
	cp, _, err := h.client.CreateControlPlane(context.Background(), konnect.Object{"name": name})
	if err != nil {
		h.t.Fatal(err)
	}
	return cp["id"].(string)
}

// setRetries sets a service's retries in Konnect, as someone in the UI would.
func (h *protoHarness) setRetries(cpID, service string, retries int) {
	h.t.Helper()
	svc, _, _ := h.client.GetService(context.Background(), cpID, service)
	svc["retries"] = retries
	delete(svc, "created_at")
	delete(svc, "updated_at")
	if _, _, err := h.client.PutService(context.Background(), cpID, svc["id"].(string), svc, ""); err != nil {
		h.t.Fatal(err)
	}
}

func stateID(t *testing.T, state tftypes.Value) string {
	t.Helper()
	m, err := engine.AsObject(state)
	if err != nil {
		t.Fatal(err)
	}
	return engine.Str(m["id"])
}
