package protocol

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// testProvider serves the resources of testResources, each named test_<key>.
type testProvider struct{}

func (testProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "test"
}
func (testProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}
func (testProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}
func (testProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }
func (testProvider) Resources(context.Context) []func() resource.Resource {
	var out []func() resource.Resource
	for name, sch := range testResources() {
		out = append(out, func() resource.Resource {
			if name == "identity" {
				return identityResource{testResource{name, sch}}
			}
			return testResource{name, sch}
		})
	}
	return out
}

type testResource struct {
	name   string
	schema schema.Schema
}

func (r testResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.name
}
func (r testResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.schema
}
func (testResource) Create(context.Context, resource.CreateRequest, *resource.CreateResponse) {}
func (testResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse)       {}
func (testResource) Update(context.Context, resource.UpdateRequest, *resource.UpdateResponse) {}
func (testResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

type identityResource struct{ testResource }

func (identityResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{Attributes: map[string]identityschema.Attribute{"id": identityschema.StringAttribute{RequiredForImport: true}}}
}

// customString is a custom type (as one with semantic equality would be).
type customString struct{ basetypes.StringType }

type otherModifier struct{}

func (otherModifier) Description(context.Context) string         { return "" }
func (otherModifier) MarkdownDescription(context.Context) string { return "" }
func (otherModifier) PlanModifyString(context.Context, planmodifier.StringRequest, *planmodifier.StringResponse) {
}

type noopModifier struct{ otherModifier }

func (noopModifier) UnchangedPlanNoop() {}

func testResources() map[string]schema.Schema {
	plain := map[string]schema.Attribute{
		"id": schema.StringAttribute{Computed: true, PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
		"name": schema.StringAttribute{Required: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace(),
			stringplanmodifier.RequiresReplaceIf(func(context.Context, planmodifier.StringRequest, *stringplanmodifier.RequiresReplaceIfFuncResponse) {}, "", ""), noopModifier{}}},
	}
	with := func(name string, a schema.Attribute) map[string]schema.Attribute {
		m := map[string]schema.Attribute{name: a}
		for k, v := range plain {
			m[k] = v
		}
		return m
	}
	return map[string]schema.Schema{
		"plain":      {Attributes: plain},
		"version2":   {Attributes: plain, Version: 2},
		"identity":   {Attributes: plain},
		"default":    {Attributes: with("d", schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("x")})},
		"writeonly":  {Attributes: with("w", schema.StringAttribute{Optional: true, WriteOnly: true})},
		"customtype": {Attributes: with("c", schema.StringAttribute{Optional: true, CustomType: customString{}})},
		"block":      {Attributes: plain, Blocks: map[string]schema.Block{"b": schema.SingleNestedBlock{}}},
		"nesteddefault": {Attributes: with("n", schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"d": schema.StringAttribute{Optional: true, Computed: true, Default: stringdefault.StaticString("x")}}})},
		"modifier": {Attributes: with("m", schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{otherModifier{}}})},
	}
}

// TestEligibility: which types the plan shortcut takes follows from the framework schema
// and the resource's interfaces alone: an identity, a block, or an attribute (at any
// depth) with a framework default, the write-only flag or a custom type rules a type out,
// and so does a plan modifier not known to do nothing on an unchanged plan. A schema
// version other than 0 does not matter.
func TestEligibility(t *testing.T) {
	s := NewServer(testProvider{}, nil, true)
	want := map[string]string{
		"test_plain":         "",
		"test_version2":      "",
		"test_identity":      "has an identity",
		"test_default":       "d has a default",
		"test_writeonly":     "w is write-only",
		"test_customtype":    "c has a custom type",
		"test_block":         "has blocks",
		"test_nesteddefault": "n.d has a default",
		"test_modifier":      "m: plan modifier protocol.otherModifier",
	}
	got := s.NotEligible()
	if len(got) != len(want) {
		t.Errorf("types: %v", got)
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: not eligible because %q, want %q", name, got[name], w)
		}
	}
}

// TestPlanShortcutPreconditions: the plan shortcut answers an unchanged plan of an eligible
// type (here with no ModifyPlan, so no engine is needed) as the framework does, and leaves
// to the framework a prior identity, a missing configuration, a change, and private state
// the framework would drop or refuse.
func TestPlanShortcutPreconditions(t *testing.T) {
	ctx := context.Background()
	ours, framework := NewServer(testProvider{}, nil, true), providerserver.NewProtocol6(testProvider{})()
	if _, err := framework.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	typ := ours.types["test_plain"].typ
	val := func(id, name string) *tfprotov6.DynamicValue {
		dv, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, map[string]tftypes.Value{
			"id": tftypes.NewValue(tftypes.String, id), "name": tftypes.NewValue(tftypes.String, name)}))
		if err != nil {
			t.Fatal(err)
		}
		return &dv
	}
	cfg, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, nil), "name": tftypes.NewValue(tftypes.String, "n")}))
	if err != nil {
		t.Fatal(err)
	}
	identity := &tfprotov6.ResourceIdentityData{IdentityData: val("i", "n")}
	private := []byte(`{"k":"eyJhIjoxfQ==",".import_before_read":"dHJ1ZQ=="}`)
	for name, c := range map[string]struct {
		req   *tfprotov6.PlanResourceChangeRequest
		taken bool
	}{
		"unchanged":               {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "n"), Config: &cfg}, true},
		"unchanged with private":  {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "n"), Config: &cfg, PriorPrivate: private}, true},
		"prior identity":          {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "n"), Config: &cfg, PriorIdentity: identity}, false},
		"no configuration":        {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "n")}, false},
		"changed":                 {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "m"), Config: &cfg}, false},
		"private, an empty value": {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "n"), Config: &cfg, PriorPrivate: []byte(`{"e":""}`)}, false},
		"private of the SDK":      {&tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain", PriorState: val("i", "n"), ProposedNewState: val("i", "n"), Config: &cfg, PriorPrivate: []byte(`{"timeouts":{"create":1}}`)}, false},
	} {
		before := ours.PlansAnswered()
		got, err := ours.PlanResourceChange(ctx, c.req)
		if err != nil {
			t.Fatal(err)
		}
		if taken := ours.PlansAnswered() > before; taken != c.taken {
			t.Errorf("%s: shortcut took it %v, want %v", name, taken, c.taken)
		}
		want, err := framework.PlanResourceChange(ctx, c.req)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := diagSummaries(got.Diagnostics), diagSummaries(want.Diagnostics); g != w {
			t.Errorf("%s: diagnostics ours %q, framework %q", name, g, w)
		}
		if string(got.PlannedPrivate) != string(want.PlannedPrivate) {
			t.Errorf("%s: private ours %s, framework %s", name, got.PlannedPrivate, want.PlannedPrivate)
		}
		if (got.PlannedState == nil) != (want.PlannedState == nil) || got.PlannedState != nil && string(got.PlannedState.MsgPack) != string(want.PlannedState.MsgPack) {
			t.Errorf("%s: planned state ours %v, framework %v", name, got.PlannedState, want.PlannedState)
		}
		if (got.PlannedIdentity == nil) != (want.PlannedIdentity == nil) || len(got.RequiresReplace) != len(want.RequiresReplace) {
			t.Errorf("%s: identity or replacement differs: ours %v %v, framework %v %v", name, got.PlannedIdentity, got.RequiresReplace, want.PlannedIdentity, want.RequiresReplace)
		}
	}
}

// TestSwitch: KONNECT_PROTOCOL_SHORTCUTS=off sends every call to the framework.
func TestSwitch(t *testing.T) {
	for env, on := range map[string]bool{"": true, "on": true, "off": false, " OFF ": false} {
		t.Setenv(SwitchEnv, env)
		if ShortcutsFromEnv() != on {
			t.Errorf("%s=%q: shortcuts on %v, want %v", SwitchEnv, env, !on, on)
		}
	}
	for _, env := range []string{"on", "off"} {
		t.Setenv(SwitchEnv, env)
		s := NewServer(testProvider{}, nil, ShortcutsFromEnv())
		if _, err := s.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{}); err != nil {
			t.Fatal(err)
		}
		typ := s.types["test_plain"].typ
		state, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, map[string]tftypes.Value{
			"id": tftypes.NewValue(tftypes.String, "i"), "name": tftypes.NewValue(tftypes.String, "n")}))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := s.PlanResourceChange(context.Background(), &tfprotov6.PlanResourceChangeRequest{TypeName: "test_plain",
			PriorState: &state, ProposedNewState: &state, Config: &state})
		if err != nil || resp.PlannedState == nil || len(resp.Diagnostics) > 0 {
			t.Fatalf("%s: plan: %v %v", env, err, resp)
		}
		if got, want := s.PlansAnswered(), map[string]int64{"on": 1, "off": 0}[env]; got != want {
			t.Errorf("%s=%s: the plan shortcut answered %d calls, want %d", SwitchEnv, env, got, want)
		}
	}
}

func diagSummaries(diags []*tfprotov6.Diagnostic) string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Severity.String()+": "+d.Summary+": "+d.Detail)
	}
	return strings.Join(out, "\n")
}

type markerKey struct{}

// callsKeepContext makes n ValidateResourceConfig calls on srv, each with its own context
// carrying a marker, ends each call's context as gRPC does when a call returns, and
// reports how many markers are still reachable after a full collection.
func callsKeepContext(t *testing.T, srv tfprotov6.ProviderServer, n int) int {
	t.Helper()
	ctx := context.Background()
	if _, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "name": tftypes.String}}
	config, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, nil), "name": tftypes.NewValue(tftypes.String, "n")}))
	if err != nil {
		t.Fatal(err)
	}
	markers := make([]weak.Pointer[[1024]byte], n)
	for i := range markers {
		func() {
			m := new([1024]byte)
			markers[i] = weak.Make(m)
			ctx, cancel := context.WithCancel(context.WithValue(ctx, markerKey{}, m))
			defer cancel()
			resp, err := srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: "test_plain", Config: &config})
			if err != nil || len(resp.Diagnostics) > 0 {
				t.Fatalf("validate: %v %s", err, diagSummaries(resp.Diagnostics))
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

// TestServerReleasesRequestContexts: the framework's protocol server (v1.19.0) keeps every
// request's context until the provider stops (the control below shows it); through Server
// it keeps none, so a plan of thousands of objects does not hold thousands of contexts.
// Both hold with the shortcuts on and off.
func TestServerReleasesRequestContexts(t *testing.T) {
	const n = 50
	for _, on := range []bool{true, false} {
		if alive := callsKeepContext(t, NewServer(testProvider{}, nil, on), n); alive != 0 {
			t.Errorf("Server (shortcuts %v): %d of %d request contexts still reachable after the calls returned", on, alive, n)
		}
	}
	// Control: the framework's own server holds on to them. If this starts failing, the
	// framework has fixed the leak and release.go can go.
	if alive := callsKeepContext(t, providerserver.NewProtocol6(testProvider{})(), n); alive != n {
		t.Errorf("framework server: %d of %d request contexts reachable, want all %d (the leak release.go works around)", alive, n, n)
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
