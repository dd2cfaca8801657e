package gateway

import (
	"net/http"
)

// serveSchemaIn answers the schema endpoints of one control plane: a custom plugin whose
// schema was uploaded there (…/plugin-schemas) has its schema served under
// schemas/plugins/{name} like a bundled one: what its Lua source evaluates to, the config
// the plugin endpoint checks.
func (f *Family) serveSchemaIn(cs *coreStore, r *http.Request, rest []string) response {
	if r.Method == http.MethodGet && len(rest) == 3 && rest[0] == "schemas" && rest[1] == "plugins" {
		if _, bundled := pluginSchemas[rest[2]]; !bundled {
			if sch, ok := cs.customPluginSchema(rest[2]); ok {
				return coreJSON(http.StatusOK, pluginSchemaDoc(sch))
			}
		}
	}
	return f.serveSchema(r, rest)
}
