package gateway

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// ftype is the JSON shape of a declared field.
type ftype int

const (
	tString    ftype = iota
	tInt             // JSON integer, stored as int64
	tNumber          // JSON number, stored as float64
	tBool            //
	tStrings         // array of strings
	tInts            // array of integers
	tRecord          // object with declared sub-fields
	tRecords         // array of objects with declared sub-fields
	tHeaders         // object of string -> array of strings
	tObject          // free-form JSON object, stored as given
	tAny             // any JSON value, stored as given
	tForeign         // {"id": "<uuid>"} pointing at another kind
	tStringMap       // object of string -> string
	tArray           // array of elem values
	tMap             // object of string -> elem values
)

func (t ftype) String() string {
	switch t {
	case tString:
		return "string"
	case tInt:
		return "integer"
	case tNumber:
		return "number"
	case tBool:
		return "boolean"
	case tStrings, tInts, tRecords, tArray:
		return "array"
	default:
		return "object"
	}
}

// field declares one attribute of an entity kind (or of a nested record).
type field struct {
	name     string
	typ      ftype
	def      any // default applied when the field is absent or null (cloned); nil means null
	required bool
	enum     []string // allowed values (strings or items of a string array)
	// numeric range (tInt, tNumber, items of tInts); ignored when hasRange is false
	hasRange bool
	lo, hi   float64
	minLen   int // string length, or minimum item count for arrays
	maxLen   int // 0 means unlimited
	unique   bool
	ref      string // tForeign: collection of the referenced kind
	cascade  bool   // tForeign: deleting the referenced entity deletes this one (else refused)
	sub      []*field
	elem     *field // tArray: each element; tMap: each value
	open     bool   // tRecord: keep undeclared keys instead of rejecting them
	// autoRecord makes an absent tRecord default to a record built from its sub-field defaults.
	autoRecord bool
	readOnly   bool   // accepted on input and ignored; the server computes it
	variant    string // "" for every variant of the kind, else only that variant
	check      func(v any) string
	// Kong's secret marks, published in plugin schemas (an array's elements and a map's
	// values carry their own, on elem)
	encrypted, referenceable bool
}

type fopt func(*field)

func fld(name string, t ftype, opts ...fopt) *field {
	f := &field{name: name, typ: t}
	for _, o := range opts {
		o(f)
	}
	return f
}

func def(v any) fopt                    { return func(f *field) { f.def = v } }
func required() fopt                    { return func(f *field) { f.required = true } }
func enum(vals ...string) fopt          { return func(f *field) { f.enum = vals } }
func unique() fopt                      { return func(f *field) { f.unique = true } }
func readOnly() fopt                    { return func(f *field) { f.readOnly = true } }
func autoRecord() fopt                  { return func(f *field) { f.autoRecord = true } }
func variant(v string) fopt             { return func(f *field) { f.variant = v } }
func checkWith(c func(any) string) fopt { return func(f *field) { f.check = c } }
func between(lo, hi float64) fopt {
	return func(f *field) { f.hasRange, f.lo, f.hi = true, lo, hi }
}

// nonEmpty requires at least one character in a string, or one item in an array.
func nonEmpty() fopt { return func(f *field) { f.minLen = 1 } }

// maxLength caps a string's length in characters.
func maxLength(n int) fopt { return func(f *field) { f.maxLen = n } }

func sub(fields ...*field) fopt {
	return func(f *field) { f.sub = fields }
}
func refTo(collection string) fopt { return func(f *field) { f.ref = collection } }
func refCascade(collection string) fopt {
	return func(f *field) { f.ref, f.cascade = collection, true }
}

// checkString, checkStrings, checkInt and checkNumber attach a check to a field of that
// type. The validator calls a check only with the value it has already converted to the
// field's type, so the other branch reports what would otherwise be a panic.
func checkString(c func(string) string) fopt {
	return checkWith(func(v any) string {
		s, ok := v.(string)
		if !ok {
			return wrongType(tString, v)
		}
		return c(s)
	})
}

func checkStrings(c func([]string) string) fopt {
	return checkWith(func(v any) string {
		items, ok := v.([]any)
		if !ok {
			return wrongType(tStrings, v)
		}
		ss := make([]string, len(items))
		for i, it := range items {
			s, ok := it.(string)
			if !ok {
				return wrongType(tString, it)
			}
			ss[i] = s
		}
		return c(ss)
	})
}

func checkInt(c func(int64) string) fopt {
	return checkWith(func(v any) string {
		n, ok := v.(int64)
		if !ok {
			return wrongType(tInt, v)
		}
		return c(n)
	})
}

func checkNumber(c func(float64) string) fopt {
	return checkWith(func(v any) string {
		x, ok := v.(float64)
		if !ok {
			return wrongType(tNumber, v)
		}
		return c(x)
	})
}

// wrongType is the validator's type error message.
func wrongType(want ftype, got any) string {
	return fmt.Sprintf("expected %s, but got %s", want, jsonTypeName(got))
}

// errDetail is one entry of a Kong-style error's "details".
type errDetail struct {
	Type     string   `json:"@type"`
	Kind     string   `json:"type"`
	Field    string   `json:"field,omitempty"`
	Messages []string `json:"messages"`
}

const errDetailType = "type.googleapis.com/kong.admin.model.v1.ErrorDetail"

func fieldErr(field, msg string) errDetail {
	return errDetail{Type: errDetailType, Kind: "ERROR_TYPE_FIELD", Field: field, Messages: []string{msg}}
}

func entityErr(msgs ...string) errDetail {
	return errDetail{Type: errDetailType, Kind: "ERROR_TYPE_ENTITY", Messages: msgs}
}

func refErr(field, msg string) errDetail {
	return errDetail{Type: errDetailType, Kind: "ERROR_TYPE_REFERENCE", Field: field, Messages: []string{msg}}
}

// validator walks an input object against field declarations, collecting errors.
type validator struct {
	errs    []errDetail
	missing []string
	variant string
}

// record validates in against fields and returns the complete stored object:
// every declared field is present, defaults filled, absent fields null.
func (v *validator) record(fields []*field, in map[string]any, prefix string, openRec bool, ignore map[string]bool) map[string]any {
	out := make(map[string]any, len(fields))
	known := make(map[string]*field, len(fields))
	for _, f := range fields {
		known[f.name] = f
	}
	// unknown keys first, in a stable order
	for _, k := range slices.Sorted(maps.Keys(in)) {
		if ignore[k] {
			continue
		}
		f, ok := known[k]
		if !ok {
			if openRec {
				out[k] = in[k]
				continue
			}
			v.errs = append(v.errs, fieldErr(prefix+k, "unknown field"))
			continue
		}
		if f.variant != "" && f.variant != v.variant && in[k] != nil && !v.atDefault(f, in[k]) {
			v.errs = append(v.errs, fieldErr(prefix+k, fmt.Sprintf("not allowed for %s routes", v.variant)))
		}
	}
	for _, f := range fields {
		if f.variant != "" && f.variant != v.variant {
			// The other variant's fields come back at their advertised default (null
			// when there is none): clients fill every default a schema advertises.
			out[f.name] = clone(f.def)
			continue
		}
		if f.readOnly {
			out[f.name] = clone(f.def)
			continue
		}
		val, present := in[f.name]
		if !present || val == nil {
			switch {
			case f.def != nil:
				out[f.name] = clone(f.def)
			case f.typ == tRecord && f.autoRecord:
				out[f.name] = v.record(f.sub, map[string]any{}, prefix+f.name+".", f.open, nil)
			default:
				if f.required {
					v.missing = append(v.missing, prefix+f.name)
				}
				out[f.name] = nil
			}
			continue
		}
		out[f.name] = v.value(f, val, prefix+f.name)
	}
	return out
}

// atDefault reports whether a present input value equals the field's advertised default.
func (v *validator) atDefault(f *field, val any) bool {
	if f.def == nil {
		return false
	}
	scratch := &validator{variant: f.variant}
	got := scratch.value(f, val, f.name)
	return len(scratch.errs) == 0 && reflect.DeepEqual(got, clone(f.def))
}

func (v *validator) fail(path, msg string) { v.errs = append(v.errs, fieldErr(path, msg)) }

func (v *validator) typeErr(path string, want ftype, got any) {
	v.fail(path, wrongType(want, got))
}

// value validates one present, non-null value.
func (v *validator) value(f *field, val any, path string) any {
	var out any
	switch f.typ {
	case tString:
		s, ok := val.(string)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		if !v.enumOK(f, s, path) {
			return nil
		}
		n := len([]rune(s))
		if f.minLen > 0 && n < f.minLen {
			v.fail(path, fmt.Sprintf("length must be >= %d, but got %d", f.minLen, n))
		} else if f.maxLen > 0 && n > f.maxLen {
			v.fail(path, fmt.Sprintf("length must be <= %d, but got %d", f.maxLen, n))
		}
		out = s
	case tInt:
		n, ok := v.integer(f, val, path)
		if !ok {
			return nil
		}
		out = n
	case tNumber:
		num, ok := val.(json.Number)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		x, err := num.Float64()
		if err != nil {
			v.typeErr(path, f.typ, val)
			return nil
		}
		if f.hasRange && (x < f.lo || x > f.hi) {
			v.fail(path, rangeMsg(f, fmt.Sprint(f.lo), fmt.Sprint(f.hi)))
		}
		out = x
	case tBool:
		b, ok := val.(bool)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		out = b
	case tStrings:
		arr, ok := val.([]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		if !v.countOK(f, len(arr), path) {
			return nil
		}
		ss := make([]any, 0, len(arr))
		for i, it := range arr {
			p := fmt.Sprintf("%s[%d]", path, i)
			s, ok := it.(string)
			if !ok {
				v.typeErr(p, tString, it)
				continue
			}
			if !v.enumOK(f, s, p) {
				continue
			}
			ss = append(ss, s)
		}
		out = ss
	case tInts:
		arr, ok := val.([]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		if !v.countOK(f, len(arr), path) {
			return nil
		}
		ns := make([]any, 0, len(arr))
		for i, it := range arr {
			if n, ok := v.integer(f, it, fmt.Sprintf("%s[%d]", path, i)); ok {
				ns = append(ns, n)
			}
		}
		out = ns
	case tRecord:
		m, ok := val.(map[string]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		out = v.record(f.sub, m, path+".", f.open, nil)
	case tRecords:
		arr, ok := val.([]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		if !v.countOK(f, len(arr), path) {
			return nil
		}
		recs := make([]any, 0, len(arr))
		for i, it := range arr {
			p := fmt.Sprintf("%s[%d]", path, i)
			m, ok := it.(map[string]any)
			if !ok {
				v.typeErr(p, tRecord, it)
				continue
			}
			recs = append(recs, v.record(f.sub, m, p+".", f.open, nil))
		}
		out = recs
	case tHeaders:
		m, ok := val.(map[string]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		hs := make(map[string]any, len(m))
		for k, it := range m {
			arr, ok := it.([]any)
			if !ok {
				v.typeErr(path+"."+k, tStrings, it)
				continue
			}
			vals := make([]any, 0, len(arr))
			for _, x := range arr {
				s, ok := x.(string)
				if !ok {
					v.typeErr(path+"."+k, tString, x)
					continue
				}
				vals = append(vals, s)
			}
			hs[k] = vals
		}
		out = hs
	case tStringMap:
		m, ok := val.(map[string]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		for k, it := range m {
			if _, ok := it.(string); !ok {
				v.typeErr(path+"."+k, tString, it)
			}
		}
		out = clone(m)
	case tObject:
		m, ok := val.(map[string]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		out = clone(m)
	case tArray:
		arr, ok := val.([]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		if !v.countOK(f, len(arr), path) {
			return nil
		}
		items := make([]any, 0, len(arr))
		for i, it := range arr {
			p := fmt.Sprintf("%s[%d]", path, i)
			if it == nil {
				v.fail(p, "required field missing")
				continue
			}
			if x := v.value(f.elem, it, p); x != nil {
				items = append(items, x)
			}
		}
		out = items
	case tMap:
		m, ok := val.(map[string]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		vals := make(map[string]any, len(m))
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if m[k] == nil {
				vals[k] = nil
				continue
			}
			vals[k] = v.value(f.elem, m[k], path+"."+k)
		}
		out = vals
	case tAny:
		out = clone(val)
	case tForeign:
		m, ok := val.(map[string]any)
		if !ok {
			v.typeErr(path, f.typ, val)
			return nil
		}
		for k := range m {
			if k != "id" {
				v.fail(path+"."+k, "unknown field")
			}
		}
		id, ok := m["id"].(string)
		if !ok {
			if m["id"] == nil {
				v.missing = append(v.missing, path+".id")
			} else {
				v.typeErr(path+".id", tString, m["id"])
			}
			return nil
		}
		if !isUUID(id) {
			v.fail(path+".id", "must be a valid UUID")
			return nil
		}
		out = map[string]any{"id": strings.ToLower(id)}
	}
	if f.check != nil && out != nil {
		if msg := f.check(out); msg != "" {
			v.fail(path, msg)
		}
	}
	return out
}

func (v *validator) integer(f *field, val any, path string) (int64, bool) {
	num, ok := val.(json.Number)
	if !ok {
		v.typeErr(path, tInt, val)
		return 0, false
	}
	n, err := strconv.ParseInt(string(num), 10, 64)
	if err != nil {
		x, ferr := num.Float64()
		if ferr != nil || x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			v.typeErr(path, tInt, val)
			return 0, false
		}
		n = int64(x)
	}
	if f.hasRange && (float64(n) < f.lo || float64(n) > f.hi) {
		v.fail(path, rangeMsg(f, fmt.Sprint(int64(f.lo)), fmt.Sprint(int64(f.hi))))
		return 0, false
	}
	return n, true
}

// rangeMsg is the message for a number outside a field's range, which may be open on
// one side.
func rangeMsg(f *field, lo, hi string) string {
	switch {
	case math.IsInf(f.hi, 1):
		return "value must be at least " + lo
	case math.IsInf(f.lo, -1):
		return "value must be at most " + hi
	}
	return "value must be between " + lo + " and " + hi
}

func (v *validator) enumOK(f *field, s, path string) bool {
	if len(f.enum) == 0 || slices.Contains(f.enum, s) {
		return true
	}
	quoted := make([]string, len(f.enum))
	for i, e := range f.enum {
		quoted[i] = strconv.Quote(e)
	}
	v.fail(path, "value must be one of "+strings.Join(quoted, ", "))
	return false
}

func (v *validator) countOK(f *field, n int, path string) bool {
	if f.minLen > 0 && n < f.minLen {
		v.fail(path, fmt.Sprintf("minimum %d items required, but found %d items", f.minLen, n))
		return false
	}
	if f.maxLen > 0 && n > f.maxLen {
		v.fail(path, fmt.Sprintf("maximum %d items required, but found %d items", f.maxLen, n))
		return false
	}
	return true
}

// missingErr renders required-but-absent fields the way Kong's JSON-schema validation does.
func missingErr(missing []string) errDetail {
	q := make([]string, len(missing))
	for i, m := range missing {
		q[i] = "'" + m + "'"
	}
	return entityErr("missing properties: " + strings.Join(q, ", "))
}

func jsonTypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return "integer"
		}
		return "number"
	case int64, int:
		return "integer"
	case float64:
		return "number"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// clone deep-copies a JSON-ish value so stored objects never share structure with defaults or input.
func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = clone(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = clone(e)
		}
		return a
	case []string:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = e
		}
		return a
	case []int:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = int64(e)
		}
		return a
	case int:
		return int64(x)
	default:
		return x
	}
}

// defaults builds the object a record declaration produces from an empty input.
func defaults(fields []*field) map[string]any {
	v := &validator{}
	return v.record(fields, map[string]any{}, "", false, nil)
}
