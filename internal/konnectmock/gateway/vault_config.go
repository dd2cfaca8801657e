package gateway

import (
	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// A vault's config is checked by its `name` (the vault type) against the fields pluginspec
// states for that type, as Kong does: unknown keys refused at their full path, types,
// enumerations, ranges and required keys. GET …/schemas/vaults/{name} serves the same
// fields in Kong's format.

var vaultConfigs = loadVaultConfigs()

func loadVaultConfigs() map[string][]*field {
	out := make(map[string][]*field, len(pluginspec.VaultNames))
	for _, name := range pluginspec.VaultNames {
		fs, ok := pluginspec.VaultFields(name)
		if !ok {
			panic("pluginspec: no config of vault " + name)
		}
		out[name] = specFields(fs)
	}
	return out
}

func finishVault(b *build) {
	name, _ := b.obj["name"].(string) // a required enum: the validator has made it a string
	fields, ok := vaultConfigs[name]
	if !ok {
		return
	}
	cfg, _ := b.obj["config"].(map[string]any)
	if cfg == nil {
		cfg = map[string]any{}
	}
	v := &validator{}
	v.record(fields, cfg, "config.", false, nil)
	if len(v.missing) > 0 {
		v.errs = append(v.errs, missingErr(v.missing))
	}
	// the config is kept as given: the mock has always answered a vault with the keys
	// it was sent, and the JSON schema it serves for vaults advertises no config defaults
	b.v.errs = append(b.v.errs, v.errs...)
}

// vaultSchemaDoc renders a vault type's schema in Kong's format: its config record.
func vaultSchemaDoc(fields []*field) map[string]any {
	return map[string]any{"fields": []any{
		map[string]any{"config": map[string]any{"type": "record", "required": true, "fields": kongFields(fields)}},
	}}
}
