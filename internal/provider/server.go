package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// NewServer returns the provider's plugin protocol 6 server: the framework's, behind
// releasingServer. main serves it; the acceptance tests run it in process.
func NewServer(version string) func() tfprotov6.ProviderServer {
	return func() tfprotov6.ProviderServer {
		p := &konnectProvider{version: version}
		return releasingServer{ProviderServer: providerserver.NewProtocol6(p)(), provider: p}
	}
}

// releasingServer works around a leak in the plugin framework (v1.19): its protocol server
// derives a cancelable context from every request's context and keeps the cancel function
// until the provider is stopped. The function holds the request's whole context chain (the
// gRPC stream, and the SDK's loggers and their fields): about 25 KB per call, 20,000 calls
// and 500 MB for a 5000-object plan, all of it live until the CLI ends the provider.
//
// For the calls made once per object, releasingServer hands the framework a context that
// forwards to the request's while the request runs and lets go of it when the call
// returns; what the framework keeps is then a few hundred bytes per call. Calls made once
// per run go through unchanged.
//
// Three of those calls, made for every object in every plan, are answered without the
// framework where its work is known to be unneeded (see each method): a plan that changes
// nothing, a state saved with the current schema, and a refresh.
type releasingServer struct {
	tfprotov6.ProviderServer
	provider *konnectProvider
}

func (s releasingServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return released(ctx, req, s.ProviderServer.ValidateResourceConfig)
}

// UpgradeResourceState reads a state saved with the current schema (version 0, JSON) itself:
// the framework does the same (it decodes the JSON with the schema's type, ignoring
// attributes the schema no longer has, and returns it) after building the resource and
// converting the request and response, which cost as much again, once per object per plan.
// Anything else (another version, the legacy flatmap form, a state that does not decode)
// goes to the framework, which also words the errors. TestUpgradeStateShortcut holds the
// answer to the framework's.
func (s releasingServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	if state, ok := upgradeCurrent(req); ok {
		return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: state}, nil
	}
	return released(ctx, req, s.ProviderServer.UpgradeResourceState)
}

func upgradeCurrent(req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.DynamicValue, bool) {
	rt, ours := resourceTypes[req.TypeName]
	if !ours || req.Version != 0 || req.RawState == nil || len(req.RawState.JSON) == 0 {
		return nil, false
	}
	v, err := req.RawState.UnmarshalWithOpts(rt.typ, tfprotov6.UnmarshalOpts{
		ValueFromJSONOpts: tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true}})
	if err != nil {
		return nil, false
	}
	dv, err := tfprotov6.NewDynamicValue(rt.typ, v)
	if err != nil {
		return nil, false
	}
	return &dv, true
}

// ReadResource refreshes a managed resource itself, with the engine's read, the one the
// framework would call. The framework wraps that call in work these resources do not need:
// converting state and private state twice, and walking the schema once per attribute for
// custom types with semantic equality and for write-only attributes (they have neither);
// that was half of a refresh's CPU. What it does not take (the provider not configured yet,
// a state that does not decode, a private state in another format) goes to the framework.
// TestReadShortcut holds its answers to the framework's.
func (s releasingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	if resp, ok := s.readDirect(ctx, req); ok {
		return resp, nil
	}
	return released(ctx, req, s.ProviderServer.ReadResource)
}

func (s releasingServer) readDirect(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, bool) {
	rt, ours := resourceTypes[req.TypeName]
	if !ours || s.provider == nil || req.CurrentState == nil || len(req.CurrentState.JSON) > 0 || req.CurrentIdentity != nil {
		return nil, false
	}
	data := s.provider.data.Load()
	if data == nil {
		return nil, false
	}
	current, err := req.CurrentState.Unmarshal(rt.typ)
	if err != nil || current.IsNull() || !current.IsFullyKnown() {
		return nil, false
	}
	prior, err := parsePrivate(req.Private)
	if err != nil {
		return nil, false
	}
	r := *rt.resource // the declaration's resource, configured
	r.data = data
	next := prior.clone()
	state, diags := r.read(ctx, current, prior, next)
	resp := &tfprotov6.ReadResourceResponse{Diagnostics: protoDiagnostics(diags)}
	dv, err := tfprotov6.NewDynamicValue(rt.typ, state)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Internal error", Detail: "Could not encode the refreshed state: " + err.Error()})
		dv = *req.CurrentState
	}
	resp.NewState = &dv
	if resp.Private, err = next.bytes(); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Internal error", Detail: "Could not encode private state: " + err.Error()})
	}
	return resp, true
}

// PlanResourceChange answers a plan that changes nothing itself: when the proposed new
// state is the prior state byte for byte, the planned state is the prior state and the
// private state stays as it is. That is what the framework would answer for these
// resources, after walking the schema once per attribute (most of a no-change plan's CPU):
// they have no defaults and no write-only attributes, every plan modifier they use does
// nothing when plan and state are equal, and ModifyPlan keeps the plan as it is when
// nothing changes (TestPlanUnchangedShortcut holds all of this to the framework's answer).
// Everything else, creates, changes, deletes and unknown values, goes to the framework.
func (s releasingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if planUnchanged(req) && nothingToAdoptOrReset(ctx, req) {
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
	}
	return released(ctx, req, s.ProviderServer.PlanResourceChange)
}

// msgpackNil is how a null value (no prior state, or a destroy) is encoded.
const msgpackNil = 0xc0

func planUnchanged(req *tfprotov6.PlanResourceChangeRequest) bool {
	prior, proposed := req.PriorState, req.ProposedNewState
	_, ours := resourceTypes[req.TypeName]
	return ours && prior != nil && proposed != nil &&
		len(prior.JSON) == 0 && len(proposed.JSON) == 0 &&
		len(prior.MsgPack) > 0 && prior.MsgPack[0] != msgpackNil &&
		bytes.Equal(prior.MsgPack, proposed.MsgPack)
}

// nothingToAdoptOrReset reports that ModifyPlan would keep an unchanged plan as it is:
// Konnect held the base's values at the last refresh (so there is nothing to adopt), and
// configuration still sets every attribute it set at the last write (so nothing goes back
// to Konnect's default). When in doubt it says no, and the framework answers.
func nothingToAdoptOrReset(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) bool {
	p, err := parsePrivate(req.PriorPrivate)
	if err != nil {
		return false
	}
	if s := decodeSeen(ctx, p); s != nil && s.Values != nil {
		return false
	}
	b, _ := loadBase(ctx, p)
	if b == nil || len(b.Configured) == 0 {
		return true
	}
	if req.Config == nil {
		return false
	}
	cfgVal, err := req.Config.Unmarshal(resourceTypes[req.TypeName].typ)
	if err != nil {
		return false
	}
	cfg, err := asObject(cfgVal)
	if err != nil {
		return false
	}
	for _, name := range b.Configured {
		if v, ok := cfg[name]; !ok || v.IsNull() {
			return false
		}
	}
	return true
}

// resourceTypes are the managed resource types by name, with their declaration and the type
// of their state (the shortcuts above answer only for them).
var resourceTypes = func() map[string]resourceType {
	m := make(map[string]resourceType, len(Kinds))
	for _, k := range Kinds {
		r := newEntityResource(k)
		m[k.TypeName] = resourceType{resource: r, typ: objectType(r.attrs)}
	}
	return m
}()

type resourceType struct {
	resource *entityResource // not configured: a copy gets the provider's data
	typ      tftypes.Object
}

func (s releasingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return released(ctx, req, s.ProviderServer.ApplyResourceChange)
}

func (s releasingServer) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return released(ctx, req, s.ProviderServer.ImportResourceState)
}

func (s releasingServer) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return released(ctx, req, s.ProviderServer.ValidateDataResourceConfig)
}

func (s releasingServer) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return released(ctx, req, s.ProviderServer.ReadDataSource)
}

// released runs one call with a releasable view of its context.
func released[Req, Resp any](ctx context.Context, req Req, call func(context.Context, Req) (Resp, error)) (Resp, error) {
	rc := &releasableContext{parent: ctx, done: ctx.Done()}
	defer rc.release()
	return call(rc, req)
}

// releasableContext is its parent context until release, and an ended context with no
// values after. It keeps only the parent's Done channel, so that a context derived from
// it is still canceled with the request (context.WithCancel finds the parent's cancelCtx
// through Value and registers there, as it would with the parent itself).
type releasableContext struct {
	done   <-chan struct{}
	mu     sync.RWMutex
	parent context.Context // nil once released
}

func (c *releasableContext) release() {
	c.mu.Lock()
	c.parent = nil
	c.mu.Unlock()
}

func (c *releasableContext) get() context.Context {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.parent
}

func (c *releasableContext) Deadline() (time.Time, bool) {
	if p := c.get(); p != nil {
		return p.Deadline()
	}
	return time.Time{}, false
}

func (c *releasableContext) Done() <-chan struct{} { return c.done }

func (c *releasableContext) Err() error {
	if p := c.get(); p != nil {
		return p.Err()
	}
	return context.Canceled
}

func (c *releasableContext) Value(key any) any {
	if p := c.get(); p != nil {
		return p.Value(key)
	}
	return nil
}

// privateState is private state in the framework's format, for ReadResource: a JSON object
// of keys to bytes. Keys starting with "." are the framework's own and pass through.
type privateState map[string][]byte

func parsePrivate(raw []byte) (privateState, error) {
	p := privateState{}
	if len(raw) == 0 {
		return p, nil
	}
	if err := json.Unmarshal(raw, (*map[string][]byte)(&p)); err != nil {
		return nil, err
	}
	if p == nil {
		p = privateState{}
	}
	return p, nil
}

func (p privateState) clone() privateState { return maps.Clone(p) }

func (p privateState) GetKey(_ context.Context, key string) ([]byte, diag.Diagnostics) {
	if strings.HasPrefix(key, ".") {
		return nil, reservedKey(key)
	}
	return p[key], nil
}

// SetKey stores a value as the framework does: no reserved key, an empty value deletes, and
// the value must be UTF-8 JSON.
func (p privateState) SetKey(_ context.Context, key string, value []byte) diag.Diagnostics {
	if strings.HasPrefix(key, ".") {
		return reservedKey(key)
	}
	if len(value) == 0 {
		delete(p, key)
		return nil
	}
	if !utf8.Valid(value) || !json.Valid(value) {
		var d diag.Diagnostics
		d.AddError("Invalid private state value", fmt.Sprintf("The value for key %q is not valid UTF-8 JSON.", key))
		return d
	}
	p[key] = value
	return nil
}

func reservedKey(key string) diag.Diagnostics {
	var d diag.Diagnostics
	d.AddError("Restricted Resource Private State Namespace", fmt.Sprintf("The key %q is invalid: a period ('.') prefix is reserved.", key))
	return d
}

// bytes encodes the private state as the framework does: empty values left out, nothing at
// all when nothing is left.
func (p privateState) bytes() ([]byte, error) {
	out := make(map[string][]byte, len(p))
	for k, v := range p {
		if len(v) > 0 {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return json.Marshal(out)
}

// protoDiagnostics converts the engine's diagnostics for the protocol.
func protoDiagnostics(diags diag.Diagnostics) []*tfprotov6.Diagnostic {
	var out []*tfprotov6.Diagnostic
	for _, d := range diags {
		pd := &tfprotov6.Diagnostic{Summary: d.Summary(), Detail: d.Detail(), Severity: tfprotov6.DiagnosticSeverityError}
		if d.Severity() == diag.SeverityWarning {
			pd.Severity = tfprotov6.DiagnosticSeverityWarning
		}
		if wp, ok := d.(diag.DiagnosticWithPath); ok {
			pd.Attribute = attributePath(wp.Path())
		}
		out = append(out, pd)
	}
	return out
}

func attributePath(p path.Path) *tftypes.AttributePath {
	ap := tftypes.NewAttributePath()
	for _, step := range p.Steps() {
		switch st := step.(type) {
		case path.PathStepAttributeName:
			ap = ap.WithAttributeName(string(st))
		case path.PathStepElementKeyInt:
			ap = ap.WithElementKeyInt(int(st))
		case path.PathStepElementKeyString:
			ap = ap.WithElementKeyString(string(st))
		default:
			return nil
		}
	}
	return ap
}
