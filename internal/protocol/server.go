// Package protocol serves the provider over plugin protocol 6: the plugin framework's
// server, with two additions the framework lacks.
//
//   - A workaround for a context leak in terraform-plugin-framework v1.19.0 (release.go):
//     every call the framework answers gets a context it cannot keep.
//   - A fast path (shortcuts) for calls made once per object in every plan, answered
//     without the framework where the framework's answer is known in advance. Each shortcut
//     states its preconditions below; which resource types qualify is derived from each
//     resource's framework schema when the server is built (eligible.go); every call that
//     does not meet them goes to the framework. KONNECT_PROTOCOL_SHORTCUTS=off sends every
//     call to the framework.
//
// The provider gives the fast path what only it knows through Engine: its own read, and
// whether its ModifyPlan keeps an unchanged plan.
package protocol

import (
	"context"
	"os"
	"strings"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// SwitchEnv names the environment variable that turns the shortcuts off: with "off",
// every call goes to the framework (the context-release workaround stays).
const SwitchEnv = "KONNECT_PROTOCOL_SHORTCUTS"

// Engine is what the provider gives the shortcuts.
type Engine interface {
	// Read refreshes one managed resource exactly as the resource's Read does when the
	// framework calls it: from the current state (a value of the schema's type) and its
	// private state (provider keys only), it returns the new state and diagnostics and
	// writes the new private state to next. ok is false when it cannot (the provider is
	// not configured yet, a type it does not know): the framework then answers.
	Read(ctx context.Context, typeName string, current tftypes.Value, prior, next Private) (state tftypes.Value, diags diag.Diagnostics, ok bool)

	// KeepsUnchangedPlan reports that the resource's ModifyPlan, given a plan whose
	// proposed new state is the prior state, would return that plan as it is, with no
	// diagnostic, no replacement and the private state unchanged. When in doubt: false.
	KeepsUnchangedPlan(ctx context.Context, typeName string, config tftypes.Value, prior Private) bool
}

// Server is the provider's protocol 6 server.
type Server struct {
	tfprotov6.ProviderServer // the framework's
	engine                   Engine
	types                    map[string]resourceType // eligible or not, by type name
	on                       bool

	read, plan atomic.Int64 // calls each shortcut answered
}

// ShortcutsFromEnv reports whether the environment leaves the shortcuts on.
func ShortcutsFromEnv() bool {
	return !strings.EqualFold(strings.TrimSpace(os.Getenv(SwitchEnv)), "off")
}

// NewServer returns the server for p: the framework's server for p, with the
// context-release workaround, and with the shortcuts when shortcuts is true (callers pass
// ShortcutsFromEnv()); false sends every call to the framework.
func NewServer(p provider.Provider, engine Engine, shortcuts bool) *Server {
	ctx := context.Background()
	s := &Server{ProviderServer: providerserver.NewProtocol6(p)(), engine: engine, on: shortcuts, types: map[string]resourceType{}}
	var meta provider.MetadataResponse
	p.Metadata(ctx, provider.MetadataRequest{}, &meta)
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var m resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &m)
		s.types[m.TypeName] = inspect(ctx, r, m.TypeName, engine)
	}
	return s
}

// Shortcuts reports, per resource type, why each shortcut (read, plan) does not take it
// (an empty string: it does): for tests and for the reader.
func (s *Server) Shortcuts() map[string][2]string {
	out := make(map[string][2]string, len(s.types))
	for name, rt := range s.types {
		out[name] = [2]string{rt.notRead, rt.notPlan}
	}
	return out
}

// Answered counts the calls each shortcut answered itself.
type Answered struct{ Read, Plan int64 }

// Answered returns how many calls each shortcut answered so far.
func (s *Server) Answered() Answered {
	return Answered{Read: s.read.Load(), Plan: s.plan.Load()}
}

// --- the shortcuts ---------------------------------------------------------------------

// ReadResource: a refresh calls the engine's read, the one the framework would call,
// without the framework's conversions and schema walks. Preconditions: the shortcuts are
// on; the type is eligible (no identity, so no identity checks; no custom type, so no
// semantic equality; no write-only attribute, so nothing to null); no current identity in
// the request; the state is msgpack, known, not null; the private state is in the
// framework's format; the engine can read (the provider is configured). Like the
// framework, it removes the framework's ".import_before_read" key from the private state
// (set by ImportResourceState, dropped by the first read after it) and passes any other
// framework key through.
func (s *Server) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	if resp, ok := s.readDirect(ctx, req); ok {
		s.read.Add(1)
		return resp, nil
	}
	return released(ctx, req, s.ProviderServer.ReadResource)
}

func (s *Server) readDirect(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, bool) {
	rt, ok := s.types[req.TypeName]
	if !s.on || !ok || rt.notRead != "" || req.CurrentState == nil || len(req.CurrentState.JSON) > 0 || req.CurrentIdentity != nil {
		return nil, false
	}
	current, err := req.CurrentState.Unmarshal(rt.typ)
	if err != nil || current.IsNull() || !current.IsFullyKnown() {
		return nil, false
	}
	prior, err := ParsePrivate(req.Private)
	if err != nil {
		return nil, false
	}
	next := prior.Clone()
	delete(next, importBeforeReadKey)
	state, diags, ok := s.engine.Read(ctx, req.TypeName, current, prior, next)
	if !ok {
		return nil, false
	}
	resp := &tfprotov6.ReadResourceResponse{Diagnostics: protoDiagnostics(diags)}
	dv, err := tfprotov6.NewDynamicValue(rt.typ, state)
	if err != nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Internal error", Detail: "Could not encode the refreshed state: " + err.Error()})
		dv = *req.CurrentState
	}
	resp.NewState = &dv
	if resp.Private, err = next.Bytes(); err != nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{Severity: tfprotov6.DiagnosticSeverityError,
			Summary: "Internal error", Detail: "Could not encode private state: " + err.Error()})
	}
	return resp, true
}

// PlanResourceChange: a plan that changes nothing is answered as is: planned state the
// prior state, private state unchanged. Preconditions: the shortcuts are on; the type is
// eligible (no default to fill in, no write-only attribute to null, no identity to carry,
// every plan modifier does nothing when plan and state are equal, and the engine vouches
// for ModifyPlan); no prior identity in the request; prior and proposed state are msgpack,
// not null and byte for byte the same; configuration is present; the private state is in
// the framework's format; and the engine says ModifyPlan keeps this plan. Creates,
// changes, deletes and unknown values go to the framework.
func (s *Server) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	if private, ok := s.planUnchanged(ctx, req); ok {
		s.plan.Add(1)
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: private}, nil
	}
	return released(ctx, req, s.ProviderServer.PlanResourceChange)
}

// msgpackNil is how a null value (no prior state, or a destroy) is encoded.
const msgpackNil = 0xc0

// planUnchanged reports that the plan shortcut takes req, with the planned private state:
// the prior one encoded as the framework encodes it (empty values dropped, nothing when
// nothing is left).
func (s *Server) planUnchanged(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) ([]byte, bool) {
	rt, ok := s.types[req.TypeName]
	prior, proposed := req.PriorState, req.ProposedNewState
	if !s.on || !ok || rt.notPlan != "" || req.PriorIdentity != nil || req.Config == nil ||
		prior == nil || proposed == nil || len(prior.JSON) > 0 || len(proposed.JSON) > 0 ||
		len(prior.MsgPack) == 0 || prior.MsgPack[0] == msgpackNil || !bytesEqual(prior.MsgPack, proposed.MsgPack) {
		return nil, false
	}
	private, err := ParsePrivate(req.PriorPrivate)
	if err != nil {
		return nil, false
	}
	out, err := private.Bytes()
	if err != nil {
		return nil, false
	}
	config, err := req.Config.Unmarshal(rt.typ)
	if err != nil || config.IsNull() {
		return nil, false
	}
	if s.engine != nil && !s.engine.KeepsUnchangedPlan(ctx, req.TypeName, config, private) {
		return nil, false // (an engine of nil: the type is eligible only without ModifyPlan)
	}
	return out, true
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

// --- everything else goes to the framework, with a releasable context -------------------

func (s *Server) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return released(ctx, req, s.ProviderServer.UpgradeResourceState)
}

func (s *Server) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return released(ctx, req, s.ProviderServer.ValidateResourceConfig)
}

func (s *Server) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return released(ctx, req, s.ProviderServer.ApplyResourceChange)
}

func (s *Server) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return released(ctx, req, s.ProviderServer.ImportResourceState)
}

func (s *Server) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return released(ctx, req, s.ProviderServer.ValidateDataResourceConfig)
}

func (s *Server) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return released(ctx, req, s.ProviderServer.ReadDataSource)
}
