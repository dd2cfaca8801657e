package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// NewServer returns the provider's plugin protocol 6 server: the framework's, behind
// internal/protocol (a context-release workaround, and the protocol fast path for
// unchanged plans, off with KONNECT_PROTOCOL_SHORTCUTS=off, checked against the framework
// with KONNECT_PROTOCOL_SHORTCUTS=verify). main serves it; the
// acceptance tests run it in process.
func NewServer(version string) func() tfprotov6.ProviderServer {
	return func() tfprotov6.ProviderServer { return newServer(version, protocol.ShortcutsFromEnv()) }
}

func newServer(version string, shortcuts bool) *protocol.Server {
	p := &konnectProvider{version: version}
	s := protocol.NewServer(p, shortcut{}, shortcuts)
	if shortcuts && protocol.VerifyFromEnv() {
		// KONNECT_PROTOCOL_SHORTCUTS=verify (the acceptance runs): every plan the shortcut
		// answers is checked against the framework of a provider of its own.
		s.Verify(&konnectProvider{version: version})
	}
	return s
}

// shortcut is what the protocol fast path uses of the provider: its word on ModifyPlan for
// an unchanged plan.
type shortcut struct{}

// KeepsUnchangedPlan: the engine's word (engine.KeepsUnchangedPlan) for the provider's own
// resource types; for any other type it says no, and the framework answers.
func (shortcut) KeepsUnchangedPlan(ctx context.Context, typeName string, config, prior tftypes.Value, p protocol.Private) bool {
	k, ok := resourceTypes[typeName]
	return ok && engine.KeepsUnchangedPlan(ctx, k, config, prior, p)
}

// resourceTypes are the managed resource types' kinds, by name.
var resourceTypes = func() map[string]*engine.EntityKind {
	m := make(map[string]*engine.EntityKind, len(Kinds))
	for i := range Kinds {
		m[Kinds[i].TypeName] = &Kinds[i]
	}
	return m
}()
