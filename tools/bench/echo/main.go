// Command echo is the provider with no work in it, for the bench: the same binary start and
// the provider's own GetProviderSchema, and every resource call answered with the least the
// protocol asks of a provider. It never talks to Konnect and is never shipped; `make bench`
// runs it for one more no-change plan over the state the real provider wrote, so the CPU
// the CLI needs for these resource types (their attributes, the state's size, the gRPC
// calls) is measured apart from what the provider itself spends.
//
//   - ValidateResourceConfig: nothing to say.
//   - UpgradeResourceState: the state's JSON decoded against the schema and sent back as
//     msgpack (what the CLI asks of every provider, and all that the framework does for a
//     state of the current version).
//   - ReadResource: the prior state and private state as they are (a refresh that finds
//     nothing changed, without the API call).
//   - PlanResourceChange: the CLI's proposed new state, the prior private state.
//
// ApplyResourceChange and everything else go to the real provider; the bench only plans.
package main

import (
	"context"
	"log"
	"os"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/gctune"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

func main() {
	// The process runs as the provider's does: logs the CLI drops are off, the same GC.
	provider.QuietUnreadLogs(os.LookupEnv, os.Setenv)
	gctune.Start()
	konnect := provider.NewServer("bench-echo")()
	e := &echo{ProviderServer: konnect}
	if err := tf6server.Serve(provider.SourceAddress, func() tfprotov6.ProviderServer { return e }); err != nil {
		log.Fatal(err)
	}
}

type echo struct {
	tfprotov6.ProviderServer
	once  sync.Once
	types map[string]tftypes.Type
}

// typeOf is a resource type's value type, from the real provider's schema.
func (e *echo) typeOf(ctx context.Context, name string) tftypes.Type {
	e.once.Do(func() {
		e.types = map[string]tftypes.Type{}
		resp, err := e.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
		if err != nil || resp == nil {
			return
		}
		for n, s := range resp.ResourceSchemas {
			e.types[n] = s.ValueType()
		}
	})
	return e.types[name]
}

func (e *echo) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (e *echo) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	typ := e.typeOf(ctx, req.TypeName)
	if typ == nil || req.RawState == nil {
		return e.ProviderServer.UpgradeResourceState(ctx, req)
	}
	v, err := req.RawState.UnmarshalWithOpts(typ, tfprotov6.UnmarshalOpts{ValueFromJSONOpts: tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true}})
	if err != nil {
		return nil, err
	}
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &dv}, nil
}

func (e *echo) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

func (e *echo) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
}
