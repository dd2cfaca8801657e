package gateway

import (
	"net/http"
)

// serveSchemaIn answers the schema endpoints of one control plane: a custom plugin whose
// schema was uploaded there (…/plugin-schemas) has its schema served under
// schemas/plugins/{name} like a bundled one. The mock does not interpret the Lua source, so
// the plugin's config is an open record: any key is accepted, as the plugin endpoint does.
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
