package engine

import (
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// embeddedGatewayVersion is the Kong Gateway version whose schemas the provider embeds.
const embeddedGatewayVersion = pluginspec.GatewayVersion

// embedded holds the schemas the provider carries (pluginspec), decoded at most once per
// process and only when a plan needs them: a control plane created in the same run has
// no schema to read yet.
var embedded struct {
	once sync.Once
	set  *pluginspec.Set
}

// embeddedSchema renders, in Kong's format, the embedded schema of a bundled plugin, a
// partial type or a vault; false for a name the provider does not embed (a custom plugin,
// one newer than the embedded gateway version), which the apply checks against the
// control plane.
func embeddedSchema(of, name string) (map[string]any, bool) {
	embedded.once.Do(func() {
		set, err := pluginspec.Load()
		if err == nil {
			embedded.set = set
		}
	})
	if embedded.set == nil {
		return nil, false
	}
	switch of {
	case schemaOfPlugin:
		return embedded.set.PluginSchema(name)
	case schemaOfPartial:
		return embedded.set.PartialSchema(name)
	case schemaOfVault:
		return pluginspec.VaultSchema(name)
	}
	return nil, false
}
