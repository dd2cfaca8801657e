// Package kongschema checks a JSON document (a plugin's or a partial's `config`) against a
// schema in Kong's format, the one Konnect serves at …/schemas/plugins/{name}:
//
//	{"fields": [{"config": {"type": "record", "fields": [{"minute": {"type": "number"}}, …]}}]}
//
// It knows records (with their fields), strings, integers, numbers, booleans, arrays and sets
// (with their element type), maps (with their key and value types), and the marks `required`,
// `default`, `one_of`, `between`, `gt`, `len_min`, `len_max` and `referenceable`, and the
// schema's common entity checks (entity.go). Marks it does not know (Lua patterns, custom
// validators) are left to Konnect, which stays the last word.
//
// A problem never quotes text the user gave, except a value refused by an enumeration of a
// field not marked encrypted or referenceable (such a value is not a secret): a string may be
// a secret put in the wrong place.
package kongschema

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Problem is one thing wrong with a document, at a path such as `config.redis.port`.
type Problem struct {
	Path    string
	Message string
}

func (p Problem) String() string { return "`" + p.Path + "`: " + p.Message }

// Options tune a check.
type Options struct {
	// SkipRequired leaves out the missing required keys: on an update, the configured keys
	// are laid over what Konnect holds, which has them.
	SkipRequired bool
	// SkipRequiredUnder leaves out the missing required keys at or under these paths
	// (`config.redis`): a linked partial fills them.
	SkipRequiredUnder []string
	// Also is a document whose keys count as given for the required check (secrets set
	// apart from the configuration); its values are neither checked nor quoted.
	Also map[string]any
	// Secret: the document checked holds secrets (config_secrets): no problem quotes a
	// value given, not even one an enumeration refuses.
	Secret bool
}

// given is how a problem shows a value given: itself, or, in a document of secrets, not.
func (c *checker) given(shown string) string {
	if c.opts.Secret {
		return "the value given"
	}
	return shown
}

// ConfigField returns the definition of the `config` field of a schema document.
func ConfigField(schema map[string]any) (map[string]any, bool) {
	for _, f := range fieldList(schema["fields"]) {
		if f.name == "config" {
			return f.def, true
		}
	}
	return nil, false
}

// CheckConfig checks config against the `config` field of a schema document (a plugin's or a
// partial's). The problems come in a stable order: by path, unknown keys first.
func CheckConfig(schema map[string]any, config map[string]any, opts Options) []Problem {
	def, ok := ConfigField(schema)
	if !ok {
		return nil
	}
	c := &checker{opts: opts}
	c.value("config", def, config, opts.Also)
	return c.problems
}

type namedField struct {
	name string
	def  map[string]any
}

// fieldList reads Kong's list of one-key objects, in order.
func fieldList(v any) []namedField {
	list, _ := v.([]any)
	out := make([]namedField, 0, len(list))
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		for name, d := range m {
			if def, ok := d.(map[string]any); ok {
				out = append(out, namedField{name: name, def: def})
			}
		}
	}
	return out
}

func fieldDefs(rec map[string]any) []namedField { return fieldList(rec["fields"]) }

type checker struct {
	opts     Options
	problems []Problem
}

func (c *checker) add(path, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

// value checks one present, non-null value against its definition. also is what Options.Also
// holds at the same path.
func (c *checker) value(path string, def map[string]any, v any, also any) {
	typ, _ := def["type"].(string)
	if s, ok := v.(string); ok && IsVaultReference(s) {
		if def["referenceable"] == true {
			return
		}
		c.add(path, "a vault reference is not allowed here: this field is not referenceable; give the value itself")
		return
	}
	switch typ {
	case "record":
		m, ok := v.(map[string]any)
		if !ok {
			c.wrongType(path, "an object", v)
			return
		}
		alsoMap, _ := also.(map[string]any)
		c.record(path, def, m, alsoMap)
	case "string":
		s, ok := v.(string)
		if !ok {
			c.wrongType(path, "a string", v)
			return
		}
		if c.oneOf(path, def, s) {
			return
		}
		n := len([]rune(s))
		if lo, ok := number(def["len_min"]); ok && float64(n) < lo {
			c.add(path, "%s is too short: expected at least %s", c.given(fmt.Sprintf("a text of %d character(s)", n)), fmtNum(lo))
		}
		if hi, ok := number(def["len_max"]); ok && float64(n) > hi {
			c.add(path, "%s is too long: expected at most %s", c.given(fmt.Sprintf("a text of %d character(s)", n)), fmtNum(hi))
		}
	case "integer", "number":
		x, ok := number(v)
		if !ok {
			c.wrongType(path, map[string]string{"integer": "an integer", "number": "a number"}[typ], v)
			return
		}
		if typ == "integer" && x != math.Trunc(x) {
			c.add(path, "%s is not an integer: expected an integer", c.given(fmtNum(x)))
			return
		}
		if c.oneOf(path, def, v) {
			return
		}
		if r, ok := def["between"].([]any); ok && len(r) == 2 {
			lo, ok1 := number(r[0])
			hi, ok2 := number(r[1])
			if ok1 && ok2 && (x < lo || x > hi) {
				c.add(path, "%s is out of range: expected a value between %s and %s", c.given(fmtNum(x)), fmtNum(lo), fmtNum(hi))
			}
		}
		if gt, ok := number(def["gt"]); ok && x <= gt {
			c.add(path, "%s is out of range: expected a value greater than %s", c.given(fmtNum(x)), fmtNum(gt))
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			c.wrongType(path, "a boolean (true or false)", v)
		}
	case "array", "set":
		list, ok := v.([]any)
		if !ok {
			c.wrongType(path, "a list", v)
			return
		}
		if lo, ok := number(def["len_min"]); ok && float64(len(list)) < lo {
			c.add(path, "a list of %d element(s) is too short: expected at least %s", len(list), fmtNum(lo))
		}
		if hi, ok := number(def["len_max"]); ok && float64(len(list)) > hi {
			c.add(path, "a list of %d element(s) is too long: expected at most %s", len(list), fmtNum(hi))
		}
		el, _ := def["elements"].(map[string]any)
		if el == nil {
			return
		}
		for i, e := range list {
			if e == nil {
				c.add(fmt.Sprintf("%s[%d]", path, i), "null is not allowed in a list")
				continue
			}
			c.value(fmt.Sprintf("%s[%d]", path, i), el, e, nil)
		}
	case "map":
		m, ok := v.(map[string]any)
		if !ok {
			c.wrongType(path, "an object (a map)", v)
			return
		}
		keys, _ := def["keys"].(map[string]any)
		vals, _ := def["values"].(map[string]any)
		for _, k := range sortedKeys(m) {
			if keys != nil {
				c.value(path+"."+k+" (key)", keys, k, nil)
			}
			if vals != nil && m[k] != nil {
				c.value(path+"."+k, vals, m[k], nil)
			}
		}
	}
	// foreign, function, json and types this package does not know: Konnect decides.
}

// record checks an object against a record's fields: unknown keys (with the closest known
// one), each field's value, and the required fields that are missing.
func (c *checker) record(path string, def map[string]any, m map[string]any, also map[string]any) {
	fields := fieldDefs(def)
	byName := make(map[string]map[string]any, len(fields))
	names := make([]string, 0, len(fields))
	for _, f := range fields {
		if f.def != nil {
			byName[f.name] = f.def
			names = append(names, f.name)
		}
	}
	open := def["open"] == true
	for _, k := range sortedKeys(m) {
		if _, ok := byName[k]; ok || open {
			continue
		}
		msg := "unknown field"
		if s := Closest(k, names); s != "" {
			msg += "; did you mean `" + s + "`?"
		} else if len(names) > 0 {
			msg += "; known fields: " + quoteAll(sorted(names), "`")
		}
		c.add(path+"."+k, "%s", msg)
	}
	for _, f := range fields {
		if f.def == nil {
			continue
		}
		p := path + "." + f.name
		v, present := m[f.name]
		if present && v != nil {
			c.value(p, f.def, v, also[f.name])
			continue
		}
		if _, given := also[f.name]; given && also[f.name] != nil {
			continue
		}
		c.missing(p, f.def, also[f.name])
	}
}

// missing reports a required field that is absent (or null): one without a default, or
// a record whose own required fields are missing.
func (c *checker) missing(path string, def map[string]any, also any) {
	if c.opts.SkipRequired || c.skipUnder(path) || def["required"] != true {
		return
	}
	if d, ok := def["default"]; ok && d != nil {
		return
	}
	if def["type"] == "record" {
		// Kong fills a required record from its fields' defaults
		alsoMap, _ := also.(map[string]any)
		c.record(path, def, map[string]any{}, alsoMap)
		return
	}
	c.add(path, "missing required field: expected %s", describe(def))
}

func (c *checker) skipUnder(path string) bool {
	for _, p := range c.opts.SkipRequiredUnder {
		if path == p || strings.HasPrefix(path, p+".") {
			return true
		}
	}
	return false
}

// oneOf checks an enumeration, and reports whether the field has one.
func (c *checker) oneOf(path string, def map[string]any, v any) bool {
	allowed, ok := def["one_of"].([]any)
	if !ok || len(allowed) == 0 {
		return false
	}
	for _, a := range allowed {
		if sameScalar(a, v) {
			return true
		}
	}
	if def["encrypted"] == true || def["referenceable"] == true || c.opts.Secret {
		// a field that may hold a secret: what was given is not repeated
		c.add(path, "the value given is not allowed: expected one of %s", joinJSON(allowed))
		return true
	}
	msg := fmt.Sprintf("%s is not allowed: expected one of %s", jsonText(v), joinJSON(allowed))
	if s, ok := v.(string); ok {
		var words []string
		for _, a := range allowed {
			if w, ok := a.(string); ok {
				words = append(words, w)
			}
		}
		if best := Closest(s, words); best != "" {
			msg += "; did you mean `" + best + "`?"
		}
	}
	c.add(path, "%s", msg)
	return true
}

func (c *checker) wrongType(path, want string, v any) {
	c.add(path, "%s was given: expected %s", kindOf(v), want)
}

// describe says what a field takes, for a missing one.
func describe(def map[string]any) string {
	typ, _ := def["type"].(string)
	var s string
	switch typ {
	case "string":
		s = "a string"
	case "integer":
		s = "an integer"
	case "number":
		s = "a number"
	case "boolean":
		s = "a boolean"
	case "array", "set":
		s = "a list"
	case "map":
		s = "an object (a map)"
	case "record":
		s = "an object"
	default:
		s = "a value"
	}
	if allowed, ok := def["one_of"].([]any); ok && len(allowed) > 0 {
		s += ", one of " + joinJSON(allowed)
	}
	return s
}

// kindOf names the JSON type of a value, never the value itself.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	case nil:
		return "null"
	}
	if _, ok := number(v); ok {
		return "a number"
	}
	return fmt.Sprintf("a %T", v)
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case float64:
		return n, true
	case float32:
		return float64(n), true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	}
	return 0, false
}

func sameScalar(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	return a == b
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func jsonText(v any) string {
	if x, ok := number(v); ok {
		return fmtNum(x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func joinJSON(list []any) string {
	parts := make([]string, len(list))
	for i, a := range list {
		parts[i] = jsonText(a)
	}
	return strings.Join(parts, ", ")
}

func quoteAll(list []string, q string) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = q + s + q
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// IsVaultReference tells whether a value is a vault reference, `{vault://<prefix>/<name>}`.
func IsVaultReference(s string) bool {
	return strings.HasPrefix(s, "{vault://") && strings.HasSuffix(s, "}")
}

// Closest returns the candidate nearest to word (edit distance counting a swap of two
// neighbouring letters as one edit, case ignored), or "" when none is near enough to be
// what was meant: at most 2 edits, and fewer than half the word's letters.
func Closest(word string, candidates []string) string {
	best, bestD := "", math.MaxInt
	w := strings.ToLower(word)
	for _, cand := range sorted(candidates) {
		d := Distance(w, strings.ToLower(cand))
		if d < bestD {
			best, bestD = cand, d
		}
	}
	if best == "" || bestD > 2 || 2*bestD >= len([]rune(word)) {
		return ""
	}
	return best
}

// Distance is the optimal string alignment distance between a and b: insertions,
// deletions, substitutions and swaps of two neighbouring runes, each one edit.
func Distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
