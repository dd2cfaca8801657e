package provider

import (
	"context"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"

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

// withoutSecrets takes the secrets out of an object's JSON documents (those of the
// attributes in only, or all when only is nil): where no configuration says which keys
// are the user's (a list data source, an import), a secret must not reach plan output,
// state shown with `terraform show`, or an output. The rule is the one conflict diagnostics
// follow: a plugin's schema in Konnect, and key names. A plugin written later keeps the
// secrets Konnect holds (pluginAPI lays configuration over Konnect's config).
func withoutSecrets(ctx context.Context, data *providerData, kind EntityKind, attrs []Attr, v tftypes.Value, obj konnect.Object, controlPlaneID string, only map[string]bool) (tftypes.Value, error) {
	var vals objectValues
	for _, a := range attrs {
		doc, ok := lookup(obj, a).(map[string]any)
		if a.Type.Kind != KJSON || !ok || (only != nil && !only[a.Name]) {
			continue
		}
		var paths guard.SecretPaths
		if _, isPlugin := kind.API.(pluginAPI); isPlugin && a.Name == "config" && data != nil {
			name, _ := obj["name"].(string)
			paths = data.secrets.paths(ctx, data.client, controlPlaneID, name)
		}
		if vals == nil {
			var err error
			if vals, err = asObject(v); err != nil {
				return v, err
			}
		}
		norm, ok := canonjson.Normalize(doc).(map[string]any)
		if !ok {
			norm = doc
		}
		clean, err := a.Type.fromJSON(dropSecrets(nil, norm, paths.IsSecret))
		if err != nil {
			return v, err
		}
		vals[a.Name] = clean
	}
	if vals == nil {
		return v, nil
	}
	return tftypes.NewValue(v.Type(), map[string]tftypes.Value(vals)), nil
}
