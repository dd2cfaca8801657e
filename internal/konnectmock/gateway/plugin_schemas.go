package gateway

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
)

// Custom plugin schemas: …/core-entities/plugin-schemas. A client uploads a plugin's
// schema.lua source; the name comes from the source, and a plugin of that name can then
// be created. These endpoints answer in the platform style ({"item": …}, problem+json).

type customSchema struct {
	name      string
	lua       string
	createdAt int64
	updatedAt int64
	seq       uint64
}

func (cs *coreStore) customPluginSchema(name string) (*pluginSchema, bool) {
	if cs.custom[name] == nil {
		return nil, false
	}
	// the mock does not interpret the Lua fields: the config is kept as given
	return &pluginSchema{open: true}, true
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
			name, lua, bad := c.luaBody("")
			if bad != nil {
				return *bad
			}
			if c.cs.custom[name] != nil {
				return f.problem(http.StatusConflict, "plugin schema '"+name+"' already exists", nil)
			}
			return coreJSON(http.StatusCreated, map[string]any{"item": c.putCustom(name, lua).json()})
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
		_, lua, bad := c.luaBody(name)
		if bad != nil {
			return *bad
		}
		return coreJSON(http.StatusOK, map[string]any{"item": c.putCustom(name, lua).json()})
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

func (c *coreRequest) putCustom(name, lua string) *customSchema {
	now := c.f.now().Unix()
	cur := c.cs.custom[name]
	if cur == nil {
		cur = &customSchema{name: name, createdAt: now, seq: c.f.nextSeq()}
		c.cs.custom[name] = cur
		c.cs.customOrder = append(c.cs.customOrder, cur)
	}
	cur.lua, cur.updatedAt = lua, now
	return cur
}

// luaBody decodes {"lua_schema": "…"} and finds the plugin's name in the source;
// pathName, when set, must be that name.
func (c *coreRequest) luaBody(pathName string) (string, string, *response) {
	fail := func(reason string) (string, string, *response) {
		r := c.f.badRequest(invalidParam{Field: "lua_schema", Rule: "invalid", Reason: reason})
		return "", "", &r
	}
	in, err := decodeLoose(c.body)
	if err != nil {
		r := c.f.problem(http.StatusBadRequest, "Invalid request body: "+err.Error(), nil)
		return "", "", &r
	}
	for k := range in {
		if k != "lua_schema" {
			r := c.f.badRequest(invalidParam{Field: k, Rule: "unknown_property", Reason: "is an unknown property"})
			return "", "", &r
		}
	}
	lua, ok := in["lua_schema"].(string)
	if !ok || strings.TrimSpace(lua) == "" {
		r := c.f.badRequest(invalidParam{Field: "lua_schema", Rule: "required", Reason: "is a required field"})
		return "", "", &r
	}
	name, err := luaSchemaName(lua)
	if err != nil {
		return fail("invalid Lua schema: " + err.Error())
	}
	if pathName != "" && name != pathName {
		return fail(fmt.Sprintf("the schema's name '%s' does not match the name in the path '%s'", name, pathName))
	}
	return name, lua, nil
}

var pluginNameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// luaSchemaName checks that src is well-formed Lua as far as a schema needs (strings,
// comments and brackets) and returns the `name = "…"` of the table it returns.
// It is not a Lua parser: it catches truncated or unbalanced text and a missing name.
func luaSchemaName(src string) (string, error) {
	toks, err := luaTokens(src)
	if err != nil {
		return "", err
	}
	depth, afterReturn, name := 0, false, ""
	for i, t := range toks {
		switch {
		case t.kind == '(' || t.kind == '{' || t.kind == '[':
			depth++
		case t.kind == ')' || t.kind == '}' || t.kind == ']':
			depth--
		case t.kind == 'w' && t.text == "return" && depth == 0:
			afterReturn = true
		case t.kind == 'w' && t.text == "name" && afterReturn && depth == 1 && name == "" &&
			i+2 < len(toks) && toks[i+1].kind == '=' && toks[i+2].kind == 's':
			name = toks[i+2].text
		}
	}
	if !afterReturn {
		return "", errors.New("the source returns no table (expected `return { name = \"…\", fields = { … } }`)")
	}
	if name == "" {
		return "", errors.New("the returned table has no `name = \"…\"`")
	}
	if !pluginNameRe.MatchString(name) {
		return "", fmt.Errorf("invalid plugin name %q", name)
	}
	return name, nil
}

type luaToken struct {
	kind byte // 'w' word, 's' string, '=' and the brackets themselves, 'o' other
	text string
}

func luaTokens(src string) ([]luaToken, error) {
	var toks []luaToken
	var stack []byte
	line := 1
	closing := map[byte]byte{')': '(', '}': '{', ']': '['}
	longBracket := func(i int) (int, bool) { // "[[", "[=[": the level, or false
		j := i + 1
		for j < len(src) && src[j] == '=' {
			j++
		}
		if j < len(src) && src[j] == '[' {
			return j - i - 1, true
		}
		return 0, false
	}
	for i := 0; i < len(src); {
		ch := src[i]
		switch {
		case ch == '\n':
			line++
			i++
		case ch == ' ' || ch == '\t' || ch == '\r':
			i++
		case strings.HasPrefix(src[i:], "--"):
			if src[i+2:] != "" && src[i+2] == '[' {
				if lvl, ok := longBracket(i + 2); ok {
					end := "]" + strings.Repeat("=", lvl) + "]"
					k := strings.Index(src[i+4+lvl:], end)
					if k < 0 {
						return nil, fmt.Errorf("line %d: unfinished long comment", line)
					}
					line += strings.Count(src[i:i+4+lvl+k], "\n")
					i += 4 + lvl + k + len(end)
					continue
				}
			}
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case ch == '"' || ch == '\'':
			var b strings.Builder
			j := i + 1
			for ; j < len(src) && src[j] != ch; j++ {
				if src[j] == '\n' {
					return nil, fmt.Errorf("line %d: unfinished string", line)
				}
				if src[j] == '\\' {
					j++
				}
				if j < len(src) {
					b.WriteByte(src[j])
				}
			}
			if j >= len(src) {
				return nil, fmt.Errorf("line %d: unfinished string", line)
			}
			toks = append(toks, luaToken{kind: 's', text: b.String()})
			i = j + 1
		case ch == '[':
			if lvl, ok := longBracket(i); ok {
				end := "]" + strings.Repeat("=", lvl) + "]"
				k := strings.Index(src[i+2+lvl:], end)
				if k < 0 {
					return nil, fmt.Errorf("line %d: unfinished long string", line)
				}
				text := src[i+2+lvl : i+2+lvl+k]
				line += strings.Count(text, "\n")
				toks = append(toks, luaToken{kind: 's', text: text})
				i += 2 + lvl + k + len(end)
				continue
			}
			stack = append(stack, ch)
			toks = append(toks, luaToken{kind: ch})
			i++
		case ch == '(' || ch == '{':
			stack = append(stack, ch)
			toks = append(toks, luaToken{kind: ch})
			i++
		case ch == ')' || ch == '}' || ch == ']':
			if len(stack) == 0 || stack[len(stack)-1] != closing[ch] {
				return nil, fmt.Errorf("line %d: unexpected '%c'", line, ch)
			}
			stack = stack[:len(stack)-1]
			toks = append(toks, luaToken{kind: ch})
			i++
		case ch == '=' && (i+1 >= len(src) || src[i+1] != '='):
			toks = append(toks, luaToken{kind: '='})
			i++
		case ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			toks = append(toks, luaToken{kind: 'w', text: src[i:j]})
			i = j
		default:
			if ch == '=' {
				i++ // "=="
			}
			toks = append(toks, luaToken{kind: 'o'})
			i++
		}
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("line %d: '%c' is never closed", line, stack[len(stack)-1])
	}
	return toks, nil
}
