package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// NewServer returns the provider's plugin protocol 6 server: the framework's, behind
// internal/protocol (a context-release workaround, and the protocol fast path for
// unchanged plans, off with KONNECT_PROTOCOL_SHORTCUTS=off). main serves it; the
// acceptance tests run it in process.
func NewServer(version string) func() tfprotov6.ProviderServer {
	return func() tfprotov6.ProviderServer { return newServer(version, protocol.ShortcutsFromEnv()) }
}

func newServer(version string, shortcuts bool) *protocol.Server {
	p := &konnectProvider{version: version}
	return protocol.NewServer(p, engine{}, shortcuts)
}

// engine is what the protocol fast path uses of the provider: its word on ModifyPlan for
// an unchanged plan.
type engine struct{}

// KeepsUnchangedPlan reports that ModifyPlan would keep an unchanged plan as it is:
// Konnect held the base's values at the last refresh (so there is nothing to adopt), and
// configuration still sets every attribute it set at the last write (so nothing goes back
// to Konnect's default). When in doubt it says no, and the framework answers.
func (engine) KeepsUnchangedPlan(ctx context.Context, typeName string, config tftypes.Value, p protocol.Private) bool {
	if !resourceTypes[typeName] {
		return false
	}
	if s := decodeSeen(ctx, p); s != nil && s.Values != nil {
		return false
	}
	b, _ := loadBase(ctx, p)
	if b == nil || len(b.Configured) == 0 {
		return true
	}
	cfg, err := asObject(config)
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

// resourceTypes are the managed resource types' names.
var resourceTypes = func() map[string]bool {
	m := make(map[string]bool, len(Kinds))
	for _, k := range Kinds {
		m[k.TypeName] = true
	}
	return m
}()

// The plan modifiers of the kinds' own that do nothing when the planned value is the
// prior state's (see each PlanModify*): the protocol fast path's plan shortcut takes types
// that use them. TestPlanUnchangedShortcut holds each to the framework's answer.
func (unknownWhenChangedModifier) UnchangedPlanNoop() {}
func (jsonSemanticEquality) UnchangedPlanNoop()       {}
