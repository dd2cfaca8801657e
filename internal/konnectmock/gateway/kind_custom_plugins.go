package gateway

import (
	"fmt"
	"sync"
)

// Streamed custom plugins (…/core-entities/custom-plugins): a custom plugin's name, its
// schema.lua and its handler.lua source, sent to the data planes with the configuration.
// The schema is read by the same Lua reader as an uploaded plugin schema (evalLuaSchema),
// and a plugin of that name is then checked against it like a bundled one.

func init() {
	register(&kind{
		name:      "custom-plugins",
		singular:  "custom_plugin",
		nameField: "name",
		fields: []*field{
			fld("name", tString, required(), unique(), nonEmpty()),
			fld("schema", tString, required(), nonEmpty()),
			fld("handler", tString, required(), nonEmpty()),
			tagsField(),
		},
		finish: finishCustomPlugin,
		refuseDelete: func(cs *coreStore, e *entity) *errDetail {
			name, _ := e.obj["name"].(string)
			for _, p := range cs.kinds["plugins"].all.items {
				if p.obj["name"] == name {
					d := refErr("id", fmt.Sprintf("custom plugin '%s' is used by plugin %s: delete the plugin first", name, p.id))
					return &d
				}
			}
			return nil
		},
	})
}

// finishCustomPlugin reads the schema source: it must be a schema Kong can read, of the
// plugin's own name, and the name must be no bundled plugin's nor an uploaded schema's. A
// rename is refused while plugins of the old name exist.
func finishCustomPlugin(b *build) {
	name, _ := b.obj["name"].(string)
	src, _ := b.obj["schema"].(string)
	if name == "" || src == "" {
		return // required: the validator reports it
	}
	if _, bundled := pluginSchemas[name]; bundled {
		b.fail("name", "plugin '"+name+"' is a bundled plugin: a custom plugin needs a name of its own")
	}
	if b.cs.custom[name] != nil {
		b.fail("name", "a plugin schema named '"+name+"' is uploaded already (plugin-schemas)")
	}
	schemaName, _, err := streamedSchema(src)
	switch {
	case err != nil:
		b.fail("schema", "invalid Lua schema: "+err.Error())
	case schemaName != name:
		b.fail("schema", fmt.Sprintf("the schema's name '%s' does not match the custom plugin's name '%s'", schemaName, name))
	}
	if b.existing != nil {
		if old, _ := b.existing.obj["name"].(string); old != name {
			for _, p := range b.cs.kinds["plugins"].all.items {
				if p.obj["name"] == old {
					b.fail("name", fmt.Sprintf("custom plugin '%s' is used by plugin %s: it cannot be renamed", old, p.id))
					break
				}
			}
		}
	}
}

// streamedPlugin is the stored custom plugin of that name, or nil.
func (cs *coreStore) streamedPlugin(name string) *entity {
	if ks := cs.kinds["custom-plugins"]; ks != nil {
		return ks.unique["name"][name]
	}
	return nil
}

// streamedSchemas caches what a schema source evaluates to: a plugin's every write and
// every schema read looks its schema up, and the source of a stored custom plugin changes
// only with a write of it.
var streamedSchemas sync.Map // source -> streamedRead

type streamedRead struct {
	name   string
	schema *pluginSchema
	err    error
}

func streamedSchema(src string) (string, *pluginSchema, error) {
	if r, ok := streamedSchemas.Load(src); ok {
		if sr, ok := r.(streamedRead); ok {
			return sr.name, sr.schema, sr.err
		}
	}
	name, sch, err := evalLuaSchema(src)
	streamedSchemas.Store(src, streamedRead{name, sch, err})
	return name, sch, err
}
