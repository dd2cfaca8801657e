// Package protocol serves the provider over plugin protocol 6: the plugin framework's
// server, with two additions the framework lacks.
//
//   - A workaround for a context leak in terraform-plugin-framework v1.19.0 (release.go):
//     every call the framework answers gets a context it cannot keep.
//   - Private state the framework cannot decode (the state file's copy truncated or edited
//     by hand) is set aside with a warning that says what happened and how the run
//     recovers (unreadable.go), where the framework would fail the call with "please report
//     this to the provider developer": the resource then has no guard record, and the
//     engine falls back to the state's attributes. This is no shortcut: the framework
//     answers the call, and it stays on with the shortcuts off.
//   - One shortcut: a plan in which nothing changes, made once per object in every plan,
//     is answered without the framework, whose answer is then known in advance.
//     PlanResourceChange states its preconditions; which resource types qualify is derived
//     from each resource's framework schema when the server is built (eligible.go); every
//     call that does not meet them goes to the framework. KONNECT_PROTOCOL_SHORTCUTS=off
//     sends every call to the framework.
//
// It is the only shortcut kept: measured on a no-change plan of 1000 objects with
// Terraform 1.5.7, it saves about a fifth of the CPU; two others (a refresh through the
// engine's read, and decoding a state saved with the current schema) saved about 10% and
// 6% and were removed, as each framework upgrade means re-reading the framework's
// server for every shortcut kept.
//
// The provider gives the shortcut what only it knows through Engine: whether its
// ModifyPlan keeps an unchanged plan.
package protocol

import (
	"context"
	"os"
	"strings"
	"sync/atomic"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// SwitchEnv names the environment variable that turns the shortcut off: with "off",
// every call goes to the framework (the context-release workaround stays).
const SwitchEnv = "KONNECT_PROTOCOL_SHORTCUTS"

// Engine is what the provider gives the shortcut.
type Engine interface {
	// KeepsUnchangedPlan reports that the resource's ModifyPlan, given a plan whose
	// proposed new state is the prior state, would return that plan as it is, with no
	// diagnostic, no replacement and the private state unchanged. When in doubt: false.
	// prior is the prior state (the proposal equals it).
	KeepsUnchangedPlan(ctx context.Context, typeName string, config, prior tftypes.Value, private Private) bool
}

// Server is the provider's protocol 6 server.
type Server struct {
	tfprotov6.ProviderServer // the framework's
	engine                   Engine
	shadow                   tfprotov6.ProviderServer // verify.go: the framework the shortcut is checked against
	types                    map[string]resourceType  // eligible or not, by type name
	on                       bool

	plan atomic.Int64 // calls the plan shortcut answered
}

// ShortcutsFromEnv reports whether the environment leaves the shortcut on.
func ShortcutsFromEnv() bool {
	return !strings.EqualFold(strings.TrimSpace(os.Getenv(SwitchEnv)), "off")
}

// NewServer returns the server for p: the framework's server for p, with the
// context-release workaround, and with the shortcut when shortcuts is true (callers pass
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

// NotEligible reports, per resource type, why the plan shortcut does not take it (an empty
// string: it does): for tests and for the reader.
func (s *Server) NotEligible() map[string]string {
	out := make(map[string]string, len(s.types))
	for name, rt := range s.types {
		out[name] = rt.notPlan
	}
	return out
}

// PlansAnswered returns how many calls the plan shortcut answered itself so far.
func (s *Server) PlansAnswered() int64 { return s.plan.Load() }

// --- the shortcuts ---------------------------------------------------------------------

// PlanResourceChange: a plan that changes nothing is answered as is: planned state the
// prior state, private state unchanged. Preconditions: the shortcuts are on; the type is
// eligible (no default to fill in, no write-only attribute to null, no identity to carry,
// every plan modifier does nothing when plan and state are equal, and the engine vouches
// for ModifyPlan); no prior identity in the request; prior and proposed state are msgpack,
// not null and byte for byte the same; configuration is present; the private state is in
// the framework's format; and the engine says ModifyPlan keeps this plan. Creates,
// changes, deletes and unknown values go to the framework.
func (s *Server) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	warning := setAsideUnreadable(req.TypeName, &req.PriorPrivate)
	if private, ok := s.planUnchanged(ctx, req); ok {
		s.plan.Add(1)
		answer := &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: private, Diagnostics: warned(nil, warning)}
		if s.shadow != nil {
			return s.verified(ctx, s.types[req.TypeName], req, answer, warning), nil // verify.go
		}
		return answer, nil
	}
	resp, err := released(ctx, req, s.ProviderServer.PlanResourceChange)
	if resp != nil {
		resp.Diagnostics = warned(resp.Diagnostics, warning)
	}
	return resp, err
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
	if s.engine != nil {
		state, err := prior.Unmarshal(rt.typ)
		if err != nil || !s.engine.KeepsUnchangedPlan(ctx, req.TypeName, config, state, private) {
			return nil, false
		}
	} // (an engine of nil: the type is eligible only without ModifyPlan)
	return out, true
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

// --- everything else goes to the framework, with a releasable context -------------------

func (s *Server) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return released(ctx, req, s.ProviderServer.UpgradeResourceState)
}

func (s *Server) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	warning := setAsideUnreadable(req.TypeName, &req.Private)
	resp, err := released(ctx, req, s.ProviderServer.ReadResource)
	if resp != nil {
		resp.Diagnostics = warned(resp.Diagnostics, warning)
	}
	return resp, err
}

func (s *Server) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return released(ctx, req, s.ProviderServer.ValidateResourceConfig)
}

func (s *Server) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	warning := setAsideUnreadable(req.TypeName, &req.PlannedPrivate)
	resp, err := released(ctx, req, s.ProviderServer.ApplyResourceChange)
	if resp != nil {
		resp.Diagnostics = warned(resp.Diagnostics, warning)
	}
	return resp, err
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
