package provider

import (
	"context"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// pluginSecrets knows which config paths of each plugin hold secrets, from the plugin's
// schema in Konnect (fields marked encrypted or referenceable). Each plugin name's schema
// is read at most once per provider process, when a conflict on its config is shown; a
// schema that cannot be read (a custom plugin, Konnect unreachable) leaves the key-name
// rule alone, and is not asked for again. The zero value is ready to use.
type pluginSecrets struct {
	mu     sync.Mutex
	byName map[string]*pluginSecretEntry
}

type pluginSecretEntry struct {
	once  sync.Once
	paths guard.SecretPaths
}

// paths returns the secret paths of a plugin's config (relative to config).
func (p *pluginSecrets) paths(ctx context.Context, client *konnect.Client, controlPlaneID, name string) guard.SecretPaths {
	p.mu.Lock()
	if p.byName == nil {
		p.byName = map[string]*pluginSecretEntry{}
	}
	e, ok := p.byName[name]
	if !ok {
		e = &pluginSecretEntry{}
		p.byName[name] = e
	}
	p.mu.Unlock()
	e.once.Do(func() {
		schema, err := client.GetPluginSchema(ctx, controlPlaneID, name)
		if err != nil {
			tflog.Debug(ctx, "plugin schema not read; secret config keys are recognized by name only", map[string]any{"plugin": name, "error": err.Error()})
			return
		}
		e.paths = guard.SecretPathsFromSchema(schema)
		tflog.Debug(ctx, "plugin schema read", map[string]any{"plugin": name, "secret_paths": strings.Join(e.paths.Paths(), ",")})
	})
	return e.paths
}

// expandJSONConflicts shows a conflict on a JSON attribute (a plugin's or a vault's
// config) per changed key path, with every secret path hidden: for a plugin, the paths its
// schema in Konnect marks, and for both, keys whose names say they hold a secret.
func (r *entityResource) expandJSONConflicts(ctx context.Context, prior objectValues, conflicts []guard.Conflict, destroy bool) []guard.Conflict {
	out := make([]guard.Conflict, 0, len(conflicts))
	for _, c := range conflicts {
		if destroy {
			// A destroy plans nothing: the key paths that changed are those where Konnect
			// moved away from the base.
			c.Desired = c.Base
		}
		a, ok := r.attr(c.Field.Name)
		if !ok || a.Type.Kind != KJSON {
			out = append(out, c)
			continue
		}
		var secret guard.SecretPaths
		if _, isPlugin := r.kind.API.(pluginAPI); isPlugin && a.Name == "config" && r.data != nil {
			secret = r.data.secrets.paths(ctx, r.data.client, str(prior["control_plane_id"]), str(prior["name"]))
		}
		out = append(out, guard.ExpandJSON(c, secret.IsSecret)...)
	}
	return out
}

func (r *entityResource) attr(name string) (Attr, bool) {
	for _, a := range r.kind.Attrs {
		if a.Name == name {
			return a, true
		}
	}
	return Attr{}, false
}
