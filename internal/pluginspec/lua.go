package pluginspec

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// A custom plugin's schema.lua is read as Konnect reads it: the source runs in a Lua
// interpreter, and the table it returns is the plugin's schema. Its `config` record becomes
// fields, the same facts the bundled plugins are made of, so a custom plugin is validated
// and served like a bundled one (the mock Konnect), and checked at plan (the provider: an
// invalid schema.lua fails the plan with the interpreter's line).
//
// The interpreter is a sandbox: only the base, string, table and math libraries, without
// what loads code or touches the machine (dofile, load, print, the pattern functions, whose
// backtracking Go code a deadline cannot interrupt), a bounded call stack and registry,
// string.rep and string.format bounded in what they build, and a deadline on the whole run.
// `require` knows kong.db.schema.typedefs and kong.constants (stand-ins carrying the facts of
// Kong's, luaschema/typedefs.lua); `ngx.null` is Kong's null.

//go:embed luaschema/typedefs.lua
var luaStandIns string

// PluginNameRe is what Kong takes as a plugin's name.
var PluginNameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// LuaBudget is the time one evaluation of a schema may take.
var LuaBudget = 500 * time.Millisecond

const (
	luaMaxNodes  = 10000   // fields and default values read from one schema
	luaMaxString = 1 << 20 // the longest string string.rep and string.format build
	luaMaxDepth  = 32      // records and tables nested in one schema
)

// luaTypes are the field types a custom plugin's config may use.
var luaTypes = []string{"array", "boolean", "integer", "map", "number", "record", "set", "string"}

// EvalLua runs a custom plugin's schema.lua and returns the plugin's name and schema.
func EvalLua(src string) (string, *Plugin, error) {
	ctx, cancel := context.WithTimeout(context.Background(), LuaBudget)
	defer cancel()
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 200, RegistrySize: 1024, RegistryMaxSize: 1 << 16})
	defer L.Close()
	L.SetContext(ctx)
	null, err := luaSandbox(L)
	if err != nil {
		return "", nil, err
	}
	fn, err := L.Load(strings.NewReader(src), "schema.lua")
	if err != nil {
		return "", nil, luaError(err)
	}
	L.Push(fn)
	if err := L.PCall(0, 1, nil); err != nil {
		if ctx.Err() != nil {
			return "", nil, fmt.Errorf("the source did not finish within %s (a loop that never ends?)", LuaBudget)
		}
		return "", nil, luaError(err)
	}
	r := &luaReader{null: null}
	return r.plugin(L.Get(-1))
}

// luaError is the message of a Lua error, without the interpreter's stack trace.
func luaError(err error) error {
	var api *lua.ApiError
	if errors.As(err, &api) && api.Object != nil {
		return errors.New(strings.Join(strings.Fields(api.Object.String()), " "))
	}
	return err
}

// luaSandbox opens the libraries a schema may use and installs the stand-ins; it returns
// the value standing for ngx.null.
func luaSandbox(L *lua.LState) (lua.LValue, error) {
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		if err := L.CallByParam(lua.P{Fn: L.NewFunction(lib.open), NRet: 0, Protect: true}, lua.LString(lib.name)); err != nil {
			return nil, err
		}
	}
	for _, name := range []string{"collectgarbage", "dofile", "getfenv", "load", "loadfile", "loadstring", "module",
		"newproxy", "print", "_printregs", "require", "setfenv", "_GOPHER_LUA_VERSION"} {
		L.SetGlobal(name, lua.LNil)
	}
	str, ok := L.GetGlobal("string").(*lua.LTable)
	if !ok {
		return nil, errors.New("the string library did not open")
	}
	for _, name := range []string{"dump", "find", "gfind", "gmatch", "gsub", "match"} {
		str.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			L.RaiseError("string.%s is not available while a plugin schema is read", name)
			return 0
		}))
	}
	str.RawSetString("rep", L.NewFunction(luaRep))
	if format, ok := str.RawGetString("format").(*lua.LFunction); ok && format.GFunction != nil {
		str.RawSetString("format", L.NewFunction(luaFormat(format.GFunction)))
	}

	null := L.NewUserData()
	ngx := L.NewTable()
	ngx.RawSetString("null", null)
	L.SetGlobal("ngx", ngx)

	standIns, err := L.Load(strings.NewReader(luaStandIns), "typedefs.lua")
	if err != nil {
		return nil, err
	}
	if err := L.CallByParam(lua.P{Fn: standIns, NRet: 2, Protect: true}, null); err != nil {
		return nil, err
	}
	modules := map[string]lua.LValue{"kong.constants": L.Get(-2), "kong.db.schema.typedefs": L.Get(-1)}
	L.Pop(2)
	L.SetGlobal("require", L.NewFunction(func(L *lua.LState) int {
		name := L.CheckString(1)
		m, ok := modules[name]
		if !ok {
			L.RaiseError("module '%s' is not available to a plugin schema (kong.db.schema.typedefs and kong.constants are)", name)
		}
		L.Push(m)
		return 1
	}))
	return null, nil
}

// luaRep is string.rep, refusing a result longer than luaMaxString.
func luaRep(L *lua.LState) int {
	s, n := L.CheckString(1), L.CheckInt(2)
	if n > 0 && len(s) > 0 && n > luaMaxString/len(s) {
		L.RaiseError("string.rep: the result would be longer than %d bytes", luaMaxString)
	}
	L.Push(lua.LString(strings.Repeat(s, max(n, 0))))
	return 1
}

// luaFormat is string.format refusing, as Lua 5.1 does, a width or precision of more than
// two digits (which would build a string of that size).
func luaFormat(format lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		f := L.CheckString(1)
		for i := 0; i < len(f); i++ {
			if f[i] != '%' {
				continue
			}
			i++
			for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
				i++
			}
			for _, part := range []bool{false, true} { // width, then precision
				if part {
					if i >= len(f) || f[i] != '.' {
						break
					}
					i++
				}
				digits := 0
				for i < len(f) && f[i] >= '0' && f[i] <= '9' {
					i++
					digits++
				}
				if digits > 2 {
					L.RaiseError("invalid format (width or precision too long)")
				}
			}
		}
		return format(L)
	}
}

// luaReader converts the table a schema returns.
type luaReader struct {
	null  lua.LValue
	nodes int
}

func (r *luaReader) tick(path string, depth int) error {
	r.nodes++
	switch {
	case r.nodes > luaMaxNodes:
		return fmt.Errorf("%s: the schema is too large (more than %d fields and values)", path, luaMaxNodes)
	case depth > luaMaxDepth:
		return fmt.Errorf("%s: nested more than %d levels deep", path, luaMaxDepth)
	}
	return nil
}

// plugin reads `return { name = "…", fields = { { config = { type = "record", … } }, … } }`.
func (r *luaReader) plugin(ret lua.LValue) (string, *Plugin, error) {
	top, ok := ret.(*lua.LTable)
	if !ok {
		if ret == lua.LNil {
			return "", nil, errors.New("the source returns no table (expected `return { name = \"…\", fields = { … } }`)")
		}
		return "", nil, fmt.Errorf("the source returns a %s, not a table (expected `return { name = \"…\", fields = { … } }`)", ret.Type())
	}
	name, ok := top.RawGetString("name").(lua.LString)
	if !ok {
		return "", nil, errors.New("the returned table has no `name = \"…\"`")
	}
	if !PluginNameRe.MatchString(string(name)) {
		return "", nil, fmt.Errorf("invalid plugin name %q", string(name))
	}
	list, ok := top.RawGetString("fields").(*lua.LTable)
	if !ok {
		return "", nil, errors.New("the returned table has no `fields = { … }` list")
	}
	entries, err := r.entries(list, "fields", 1)
	if err != nil {
		return "", nil, err
	}
	sch := &Plugin{}
	var config *Field
	var denied []string
	for _, e := range entries {
		def, _ := e.def.(*lua.LTable)
		switch e.name {
		case "config":
			if def == nil || def.RawGetString("type") != lua.LString("record") {
				return "", nil, errors.New("config: must be a record (`config = { type = \"record\", fields = { … } }`)")
			}
			if config, err = r.field("config", def, "config", 1); err != nil {
				return "", nil, err
			}
		case "protocols":
			if def == nil {
				return "", nil, errors.New("protocols: the definition is not a table")
			}
			if el, ok := def.RawGetString("elements").(*lua.LTable); ok {
				sch.Protocols = luaStrings(el.RawGetString("one_of"))
			}
			sch.ProtocolsDefault = luaStrings(def.RawGetString("default"))
		case "consumer", "consumer_group", "route", "service":
			// typedefs.no_consumer and the like: a scope the plugin cannot have
			if def != nil && def.RawGetString("eq") == r.null {
				denied = append(denied, e.name)
			}
		}
	}
	if config == nil {
		return "", nil, errors.New("the `fields` list has no `config` record (`{ config = { type = \"record\", fields = { … } } }`)")
	}
	if denied != nil {
		sch.Scopes = []string{}
		for _, scope := range []string{"consumer", "consumer_group", "route", "service"} {
			if !slices.Contains(denied, scope) {
				sch.Scopes = append(sch.Scopes, scope)
			}
		}
	}
	sch.Config = config.Fields
	return string(name), sch, nil
}

func luaStrings(v lua.LValue) []string {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil
	}
	var out []string
	for i := 1; i <= t.Len(); i++ {
		if s, ok := t.RawGetInt(i).(lua.LString); ok {
			out = append(out, string(s))
		}
	}
	return out
}

// luaEntry is one `{ name = definition }` of a fields list.
type luaEntry struct {
	name string
	def  lua.LValue
}

// entries reads a Kong fields list: a sequence of tables of one key each.
func (r *luaReader) entries(list *lua.LTable, path string, depth int) ([]luaEntry, error) {
	var out []luaEntry
	n := list.Len()
	for i := 1; i <= n; i++ {
		at := fmt.Sprintf("%s[%d]", path, i)
		if err := r.tick(at, depth); err != nil {
			return nil, err
		}
		entry, ok := list.RawGetInt(i).(*lua.LTable)
		if !ok {
			return nil, fmt.Errorf("%s: expected a table `{ name = { type = … } }`, got a %s", at, list.RawGetInt(i).Type())
		}
		var keys []luaEntry
		var bad error
		entry.ForEach(func(k, v lua.LValue) {
			s, ok := k.(lua.LString)
			if !ok {
				bad = fmt.Errorf("%s: a field name must be a string, got a %s", at, k.Type())
				return
			}
			keys = append(keys, luaEntry{name: string(s), def: v})
		})
		if bad != nil {
			return nil, bad
		}
		if len(keys) != 1 {
			return nil, fmt.Errorf("%s: expected one field `{ name = { type = … } }`, got %d keys", at, len(keys))
		}
		if slices.ContainsFunc(out, func(e luaEntry) bool { return e.name == keys[0].name }) {
			return nil, fmt.Errorf("%s: field %s is declared twice", at, keys[0].name)
		}
		out = append(out, keys[0])
	}
	if count := luaCount(list); count != n {
		return nil, fmt.Errorf("%s: expected a list of fields, got a table with %d keys besides its %d list entries", path, count-n, n)
	}
	return out, nil
}

func luaCount(t *lua.LTable) int {
	n := 0
	t.ForEach(func(lua.LValue, lua.LValue) { n++ })
	return n
}

// field converts one field definition; path names it in errors (config.redis.port).
func (r *luaReader) field(name string, v lua.LValue, path string, depth int) (*Field, error) {
	if err := r.tick(path, depth); err != nil {
		return nil, err
	}
	def, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s: the definition is a %s, not a table", path, v.Type())
	}
	typ, ok := def.RawGetString("type").(lua.LString)
	if !ok {
		return nil, fmt.Errorf("%s: no type (one of %s)", path, strings.Join(luaTypes, ", "))
	}
	f := &Field{Name: name, Type: string(typ)}
	var err error
	switch string(typ) {
	case "string", "integer", "number", "boolean":
	case "record":
		list, ok := def.RawGetString("fields").(*lua.LTable)
		if !ok {
			return nil, fmt.Errorf("%s: a record needs `fields = { … }`", path)
		}
		entries, err := r.entries(list, path+".fields", depth+1)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			sub, err := r.field(e.name, e.def, path+"."+e.name, depth+1)
			if err != nil {
				return nil, err
			}
			f.Fields = append(f.Fields, sub)
		}
	case "array", "set":
		// a set is an array to the mock (Kong's schema format has both; the mock's has arrays)
		f.Type = "array"
		el := def.RawGetString("elements")
		if el == lua.LNil {
			return nil, fmt.Errorf("%s: an %s needs `elements = { type = … }`", path, typ)
		}
		if f.Elements, err = r.field("", el, path+"[]", depth+1); err != nil {
			return nil, err
		}
	case "map":
		keys, values := def.RawGetString("keys"), def.RawGetString("values")
		if keys == lua.LNil || values == lua.LNil {
			return nil, fmt.Errorf("%s: a map needs `keys = { type = \"string\" }` and `values = { type = … }`", path)
		}
		if kt, ok := keys.(*lua.LTable); !ok || kt.RawGetString("type") != lua.LString("string") {
			return nil, fmt.Errorf("%s: map keys must be of type \"string\" (the only keys the mock supports)", path)
		}
		if f.Values, err = r.field("", values, path+".*", depth+1); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%s: unsupported type %q (supported: %s)", path, string(typ), strings.Join(luaTypes, ", "))
	}
	if err := r.marks(f, def, path); err != nil {
		return nil, err
	}
	return f, nil
}

// marks reads the attributes of a field besides its type and structure. Attributes the mock
// does not check (match, custom_validator, description, …) are ignored.
func (r *luaReader) marks(f *Field, def *lua.LTable, path string) error {
	flags := []struct {
		attr string
		dst  *bool
	}{{"required", &f.Required}, {"referenceable", &f.Referenceable}, {"encrypted", &f.Encrypted}}
	for _, fl := range flags {
		attr, dst := fl.attr, fl.dst
		switch v := def.RawGetString(attr).(type) {
		case lua.LBool:
			*dst = bool(v)
		case *lua.LNilType:
		default:
			return fmt.Errorf("%s: %s must be true or false, got a %s", path, attr, v.Type())
		}
	}
	if f.Type == "record" && def.RawGetString("required") == lua.LNil && !strings.ContainsAny(path, "[*") {
		// Kong makes a plugin's records required unless marked `required = false`, filled
		// from their fields' defaults when absent (Filled); not those of an array's
		// elements or a map's values, which it does not walk into
		f.Required = true
	}
	if v := def.RawGetString("one_of"); v != lua.LNil {
		list, ok := v.(*lua.LTable)
		if !ok || list.Len() == 0 || luaCount(list) != list.Len() {
			return fmt.Errorf("%s: one_of must be a list of values", path)
		}
		for i := 1; i <= list.Len(); i++ {
			switch e := list.RawGetInt(i).(type) {
			case lua.LString, lua.LNumber:
				f.OneOf = append(f.OneOf, e.String())
			default:
				return fmt.Errorf("%s: one_of[%d] is a %s, not a string or a number", path, i, e.Type())
			}
		}
	}
	if v := def.RawGetString("between"); v != lua.LNil {
		pair, ok := v.(*lua.LTable)
		var lo, hi lua.LNumber
		okLo, okHi := false, false
		if ok {
			lo, okLo = pair.RawGetInt(1).(lua.LNumber)
			hi, okHi = pair.RawGetInt(2).(lua.LNumber)
		}
		if !okLo || !okHi || luaCount(pair) != 2 || lo > hi {
			return fmt.Errorf("%s: between must be a pair of numbers { min, max }", path)
		}
		l, h := float64(lo), float64(hi)
		f.Min, f.Max = &l, &h
	}
	lengths := map[string]*int{"len_min": &f.LenMin, "len_max": &f.LenMax, "len_eq": nil}
	for _, attr := range []string{"len_min", "len_max", "len_eq"} {
		v := def.RawGetString(attr)
		if v == lua.LNil {
			continue
		}
		n, ok := v.(lua.LNumber)
		if !ok || n < 0 || float64(n) != math.Trunc(float64(n)) || n > math.MaxInt32 {
			return fmt.Errorf("%s: %s must be a whole number of at least 0", path, attr)
		}
		if dst := lengths[attr]; dst != nil {
			*dst = int(n)
		} else {
			f.LenMin, f.LenMax = int(n), int(n)
		}
	}
	if v := def.RawGetString("default"); v != lua.LNil && v != r.null {
		val, err := r.value(v, f, path+" (default)", 0)
		if err != nil {
			return err
		}
		raw, err := json.Marshal(val)
		if err != nil {
			return fmt.Errorf("%s: default: %v", path, err)
		}
		if msg := checkDefault(f, raw); msg != "" {
			return fmt.Errorf("%s: the default does not fit the field: %s", path, msg)
		}
		f.Default = raw
	}
	return nil
}

// CheckDefault, when set, says what is wrong with a field's default (raw JSON) the way a
// value given for the field would be refused ("" when nothing is): the mock Konnect sets it
// to its own validation; the provider leaves defaults to Konnect.
var CheckDefault func(f *Field, raw []byte) string

// value converts a Lua value (a default) to JSON's; f, when known, tells an empty table's
// kind (an array's [] from a record's or a map's {}).
func (r *luaReader) value(v lua.LValue, f *Field, path string, depth int) (any, error) {
	if err := r.tick(path, depth); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case lua.LString:
		return string(x), nil
	case lua.LBool:
		return bool(x), nil
	case lua.LNumber:
		n := float64(x)
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return nil, fmt.Errorf("%s: %v is not a number JSON can hold", path, n)
		}
		return n, nil
	case *lua.LTable:
		n, count := x.Len(), luaCount(x)
		if (f != nil && f.Type == "array") || (n > 0 && count == n) {
			if count != n {
				return nil, fmt.Errorf("%s: expected a list", path)
			}
			var el *Field
			if f != nil {
				el = f.Elements
			}
			out := make([]any, 0, n)
			for i := 1; i <= n; i++ {
				e, err := r.value(x.RawGetInt(i), el, fmt.Sprintf("%s[%d]", path, i-1), depth+1)
				if err != nil {
					return nil, err
				}
				out = append(out, e)
			}
			return out, nil
		}
		out := map[string]any{}
		var bad error
		x.ForEach(func(k, e lua.LValue) {
			if bad != nil {
				return
			}
			key, ok := k.(lua.LString)
			if !ok {
				bad = fmt.Errorf("%s: a key is a %s, not a string", path, k.Type())
				return
			}
			var sub *Field
			if f != nil && f.Type == "map" {
				sub = f.Values
			} else if f != nil {
				if i := slices.IndexFunc(f.Fields, func(s *Field) bool { return s.Name == string(key) }); i >= 0 {
					sub = f.Fields[i]
				}
			}
			out[string(key)], bad = r.value(e, sub, path+"."+string(key), depth+1)
		})
		if bad != nil {
			return nil, bad
		}
		return out, nil
	}
	if v == r.null {
		return nil, nil
	}
	return nil, fmt.Errorf("%s: a %s cannot be a value", path, v.Type())
}

func checkDefault(f *Field, raw []byte) string {
	if CheckDefault == nil {
		return ""
	}
	return CheckDefault(f, raw)
}
