package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// Custom plugin schemas: …/core-entities/plugin-schemas. A client uploads a plugin's
// schema.lua source, which the mock evaluates (schemas_lua.go); the name comes from the
// table it returns, and a plugin of that name can then be created, its config checked
// against the schema. These endpoints answer in the platform style ({"item": …},
// problem+json).

type customSchema struct {
	name      string
	lua       string
	schema    *pluginSchema // what the source evaluates to
	createdAt int64
	updatedAt int64
	seq       uint64
}

// customPluginSchema is the schema of custom plugin name: an uploaded plugin schema's, or
// a streamed custom plugin's (kind_custom_plugins.go).
func (cs *coreStore) customPluginSchema(name string) (*pluginSchema, bool) {
	if cu := cs.custom[name]; cu != nil {
		return cu.schema, true
	}
	if e := cs.streamedPlugin(name); e != nil {
		src, _ := e.obj["schema"].(string)
		if _, sch, err := streamedSchema(src); err == nil {
			return sch, true
		}
	}
	return nil, false
}

func (c *customSchema) json() map[string]any {
	return map[string]any{"name": c.name, "lua_schema": c.lua, "created_at": c.createdAt, "updated_at": c.updatedAt}
}

func (c *coreRequest) pluginSchemas(rest []string) response {
	f := c.f
	if len(rest) == 0 {
		switch c.r.Method {
		case http.MethodGet:
			data := []any{}
			for _, cu := range c.cs.customOrder {
				data = append(data, cu.json())
			}
			return coreJSON(http.StatusOK, map[string]any{"data": data, "meta": map[string]any{"page": map[string]any{"size": len(data), "next": nil}}})
		case http.MethodPost:
			name, lua, sch, bad := c.luaBody("")
			if bad != nil {
				return *bad
			}
			if c.cs.custom[name] != nil {
				return f.problem(http.StatusConflict, "plugin schema '"+name+"' already exists", nil)
			}
			if c.cs.streamedPlugin(name) != nil {
				return f.problem(http.StatusConflict, "a custom plugin named '"+name+"' exists already (custom-plugins)", nil)
			}
			return coreJSON(http.StatusCreated, map[string]any{"item": c.putCustom(name, lua, sch).json()})
		}
		return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, POST")
	}
	if len(rest) != 1 {
		return f.problem(http.StatusNotFound, "Not Found", nil)
	}
	name := rest[0]
	cur := c.cs.custom[name]
	switch c.r.Method {
	case http.MethodGet:
		if cur == nil {
			return f.problem(http.StatusNotFound, "plugin schema '"+name+"' not found", nil)
		}
		return coreJSON(http.StatusOK, map[string]any{"item": cur.json()})
	case http.MethodPut:
		_, lua, sch, bad := c.luaBody(name)
		if bad != nil {
			return *bad
		}
		if cur == nil && c.cs.streamedPlugin(name) != nil {
			return f.problem(http.StatusConflict, "a custom plugin named '"+name+"' exists already (custom-plugins)", nil)
		}
		return coreJSON(http.StatusOK, map[string]any{"item": c.putCustom(name, lua, sch).json()})
	case http.MethodDelete:
		if cur == nil {
			return noContent()
		}
		for _, p := range c.cs.kinds["plugins"].all.items {
			if p.obj["name"] == name {
				return f.problem(http.StatusBadRequest, fmt.Sprintf("plugin schema '%s' is used by plugin %s: delete the plugin first", name, p.id), nil)
			}
		}
		delete(c.cs.custom, name)
		for i, cu := range c.cs.customOrder {
			if cu == cur {
				c.cs.customOrder = append(c.cs.customOrder[:i], c.cs.customOrder[i+1:]...)
				break
			}
		}
		return noContent()
	}
	return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, PUT, DELETE")
}

func (c *coreRequest) putCustom(name, lua string, sch *pluginSchema) *customSchema {
	now := c.f.now().Unix()
	cur := c.cs.custom[name]
	if cur == nil {
		cur = &customSchema{name: name, createdAt: now, seq: c.f.nextSeq()}
		c.cs.custom[name] = cur
		c.cs.customOrder = append(c.cs.customOrder, cur)
	}
	cur.lua, cur.schema, cur.updatedAt = lua, sch, now
	return cur
}

// luaBody decodes {"lua_schema": "…"} and evaluates the source: the plugin's name and
// schema; pathName, when set, must be that name.
func (c *coreRequest) luaBody(pathName string) (string, string, *pluginSchema, *response) {
	fail := func(reason string) (string, string, *pluginSchema, *response) {
		r := c.f.badRequest(invalidParam{Field: "lua_schema", Rule: "invalid", Reason: reason})
		return "", "", nil, &r
	}
	in, err := decodeLoose(c.body)
	if err != nil {
		r := c.f.problem(http.StatusBadRequest, "Invalid request body: "+err.Error(), nil)
		return "", "", nil, &r
	}
	for k := range in {
		if k != "lua_schema" {
			r := c.f.badRequest(invalidParam{Field: k, Rule: "unknown_property", Reason: "is an unknown property"})
			return "", "", nil, &r
		}
	}
	lua, ok := in["lua_schema"].(string)
	if !ok || strings.TrimSpace(lua) == "" {
		r := c.f.badRequest(invalidParam{Field: "lua_schema", Rule: "required", Reason: "is a required field"})
		return "", "", nil, &r
	}
	name, sch, err := evalLuaSchema(lua)
	if err != nil {
		return fail("invalid Lua schema: " + err.Error())
	}
	if pathName != "" && name != pathName {
		return fail(fmt.Sprintf("the schema's name '%s' does not match the name in the path '%s'", name, pathName))
	}
	return name, lua, sch, nil
}

// evalLuaSchema runs a custom plugin's schema.lua (pluginspec.EvalLua) and returns the
// plugin's name and schema as the mock keeps it.
func evalLuaSchema(src string) (string, *pluginSchema, error) {
	name, p, err := pluginspec.EvalLua(src)
	if err != nil {
		return "", nil, err
	}
	return name, &pluginSchema{fields: specFields(p.Config), scopes: p.Scopes, protocols: p.Protocols, protocolsDefault: p.ProtocolsDefault}, nil
}

func init() { pluginspec.CheckDefault = defaultProblem }

// defaultProblem checks a default against its own field the way a given value is checked.
func defaultProblem(f *pluginspec.Field, raw []byte) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var val any
	if err := dec.Decode(&val); err != nil {
		return err.Error()
	}
	v := &validator{}
	v.value(specField(&pluginspec.Field{Name: f.Name, Type: f.Type, OneOf: f.OneOf, Min: f.Min, Max: f.Max,
		LenMin: f.LenMin, LenMax: f.LenMax, Elements: f.Elements, Values: f.Values, Fields: f.Fields}), val, "default")
	var msgs []string
	for _, e := range v.errs {
		msg := strings.Join(e.Messages, "; ")
		if at := strings.TrimPrefix(strings.TrimPrefix(e.Field, "default"), "."); at != "" {
			msg = at + ": " + msg
		}
		msgs = append(msgs, msg)
	}
	return strings.Join(msgs, ", ")
}
