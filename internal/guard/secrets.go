package guard

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// A JSON attribute (a plugin's or a vault's config) can hold secrets that Terraform's
// sensitivity marks do not reach: a sensitive variable inside jsonencode() marks the whole
// document in the plan, but the provider receives a plain string. So the provider decides
// by itself which values in such a document are secret: by Konnect's own marks (a plugin
// schema's encrypted and referenceable fields, SecretPathsFromSchema) and by the key's name
// (SecretName), and never prints what either of them covers.

// secretWords end a key that holds a secret: "password", "api_key", "client_secret",
// "private_key", "X-Auth-Token", "Authorization". A key whose last word is something else
// (key_names, key_in_header, secret_is_base64, token_endpoint) names a setting about a
// secret, not the secret itself.
var secretWords = map[string]bool{
	"password": true, "passwd": true, "pwd": true, "passphrase": true, "pass": true,
	"secret": true, "secrets": true,
	"token": true, "tokens": true,
	"key": true, "keys": true, "apikey": true,
	"credential": true, "credentials": true,
	"authorization": true,
}

// SecretName reports whether a JSON key names a secret: its last word (words are split at
// '_', '-', '.', spaces and lower-to-upper case changes) is one of password, passwd, pwd,
// pass, passphrase, secret(s), token(s), key(s), apikey, credential(s) or authorization, in any
// case. "keyword", "monkey" and "tokenizer" are single words and not secret; neither are
// "key_names" or "hide_credentials_header", whose last word is not a secret word.
func SecretName(key string) bool {
	words := nameWords(key)
	return len(words) > 0 && secretWords[words[len(words)-1]]
}

func nameWords(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r) || unicode.IsDigit(r)
	}
	flush()
	return words
}

// SecretPaths are the places in a JSON document that hold secrets. A path is a list of
// object keys below the document's root; "*" stands for any key (the values of a map). A
// path covers everything below it.
type SecretPaths struct {
	paths [][]string
	// the paths of fields Konnect marks encrypted (a subset of paths): a field only
	// referenceable may hold a vault reference, and Kong marks plain settings so too (a
	// Redis host, a region), so a literal value there is no sign of a secret
	encrypted [][]string
}

// Paths lists the secret paths, dotted and sorted (for logs and tests).
func (s SecretPaths) Paths() []string {
	out := make([]string, len(s.paths))
	for i, p := range s.paths {
		out[i] = strings.Join(p, ".")
	}
	sort.Strings(out)
	return out
}

// Covers reports whether path is at or below one of the secret paths.
func (s SecretPaths) Covers(path []string) bool {
	for _, p := range s.paths {
		if len(p) > len(path) {
			continue
		}
		match := true
		for i, seg := range p {
			if seg != "*" && seg != path[i] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// IsSecret is the rule for a path in a JSON attribute: covered by the schema's secret
// paths, or any key on the way to it names a secret (a "credentials" object hides all it
// holds).
func (s SecretPaths) IsSecret(path []string) bool {
	if s.Covers(path) {
		return true
	}
	for _, k := range path {
		if SecretName(k) {
			return true
		}
	}
	return false
}

// IsWrittenSecret is the rule for warning about a literal value in a JSON attribute: a
// path covered by a field Konnect marks encrypted, or one whose keys name a secret. Paths
// marked only referenceable stay hidden in output (IsSecret) without a warning.
func (s SecretPaths) IsWrittenSecret(path []string) bool {
	return SecretPaths{paths: s.encrypted}.IsSecret(path)
}

// IsWithheld is the rule for what an import or a list data source leaves out of a JSON
// document, where no configuration says which keys are the user's: a field Konnect marks
// encrypted, a key that names a secret (IsWrittenSecret), and the values of a map Konnect
// marks referenceable (a request's headers or query values, which often carry a token under
// a name no rule knows). A referenceable field of its own (a Redis host, a region, an issuer)
// is a setting that may hold a vault reference, and is shown.
func (s SecretPaths) IsWithheld(path []string) bool {
	if s.IsWrittenSecret(path) {
		return true
	}
	for _, p := range s.paths {
		if p[len(p)-1] == "*" && (SecretPaths{paths: [][]string{p}}).Covers(path) {
			return true
		}
	}
	return false
}

// IsEncrypted reports whether path is at or below a field Konnect marks encrypted: a
// secret by Konnect's word alone, whatever its key is named.
func (s SecretPaths) IsEncrypted(path []string) bool {
	return SecretPaths{paths: s.encrypted}.Covers(path)
}

// SecretPathsFromSchema reads Kong's plugin schema format ({"fields":[{"config":{"type":
// "record","fields":[{"<name>":{…}}, …]}}, …]}) and returns the config paths (relative to
// config) that Konnect marks encrypted or referenceable: on the field itself, on an array's
// elements (the whole array is secret: arrays are compared whole) or on a map's values
// ("<map>.*"). An array of records with a secret field inside is secret whole.
func SecretPathsFromSchema(schema map[string]any) SecretPaths {
	var s SecretPaths
	for _, f := range fieldList(schema["fields"]) {
		if def, ok := f["config"].(map[string]any); ok {
			s.walk(nil, def)
		}
	}
	return s
}

func fieldList(v any) []map[string]any {
	list, _ := v.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, e := range list {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func marked(def map[string]any) bool {
	return def["encrypted"] == true || def["referenceable"] == true
}

// walk adds the secret paths under def (at path) and reports whether it added any.
func (s *SecretPaths) walk(path []string, def map[string]any) bool {
	if marked(def) {
		s.add(path)
		if def["encrypted"] == true {
			s.encrypted = append(s.encrypted, append([]string(nil), path...))
		}
		return true
	}
	found := false
	switch def["type"] {
	case "record":
		for _, f := range fieldList(def["fields"]) {
			for name, sub := range f {
				if subDef, ok := sub.(map[string]any); ok {
					found = s.walk(append(append([]string(nil), path...), name), subDef) || found
				}
			}
		}
	case "array", "set":
		if el, ok := def["elements"].(map[string]any); ok {
			var inner SecretPaths
			if inner.walk(nil, el) {
				s.add(path)
				if len(inner.encrypted) > 0 {
					s.encrypted = append(s.encrypted, append([]string(nil), path...))
				}
				found = true
			}
		}
	case "map":
		if vals, ok := def["values"].(map[string]any); ok {
			var inner SecretPaths
			if inner.walk(nil, vals) {
				s.add(append(append([]string(nil), path...), "*"))
				if len(inner.encrypted) > 0 {
					s.encrypted = append(s.encrypted, append(append([]string(nil), path...), "*"))
				}
				found = true
			}
		}
	}
	return found
}

func (s *SecretPaths) add(path []string) {
	s.paths = append(s.paths, append([]string(nil), path...))
}

// notSet stands for a key that one version of a JSON document does not have.
type notSet struct{}

// NotSetText is shown for a key that a version of a JSON document does not have.
const NotSetText = "(not set)"

// ExpandJSON turns one conflict on a JSON attribute into one conflict per changed key path,
// named "<attribute>.<key>.<key>": only the paths where the three-way table of Compare finds
// a conflict are listed. A path that isSecret reports (or a value shown whole that holds a
// secret somewhere inside) is marked Sensitive and never printed. When no single path
// conflicts (the documents differ only as wholes), the conflict is returned as it is,
// Sensitive when any of its versions holds a secret. A conflict on anything but JSON objects
// is returned as it is.
func ExpandJSON(c Conflict, isSecret func(path []string) bool) []Conflict {
	b, r, d := canonjson.Normalize(c.Base), canonjson.Normalize(c.Remote), canonjson.Normalize(c.Desired)
	bm, ok1 := b.(map[string]any)
	rm, ok2 := r.(map[string]any)
	dm, ok3 := d.(map[string]any)
	if !ok1 || !ok2 || !ok3 || c.Sensitive || c.Field.Sensitive {
		c.Sensitive = c.Sensitive || c.Field.Sensitive || holdsSecret(nil, b, isSecret) || holdsSecret(nil, r, isSecret) || holdsSecret(nil, d, isSecret)
		return []Conflict{c}
	}
	var out []Conflict
	expandObjects(c.Field.Name, nil, bm, rm, dm, isSecret, &out)
	for i := range out {
		out[i].Refreshed = c.Refreshed // the base column says where the value came from
		out[i].FirstSet = c.FirstSet
	}
	if len(out) == 0 {
		c.Sensitive = holdsSecret(nil, b, isSecret) || holdsSecret(nil, r, isSecret) || holdsSecret(nil, d, isSecret)
		return []Conflict{c}
	}
	return out
}

// treeConflicts reports that nested objects conflict at some member (expandObjects); values
// that are not all objects conflict as wholes.
func treeConflicts(f Field, b, r, d any) bool {
	bm, ok1 := canonjson.Normalize(b).(map[string]any)
	rm, ok2 := canonjson.Normalize(r).(map[string]any)
	dm, ok3 := canonjson.Normalize(d).(map[string]any)
	if !ok1 || !ok2 || !ok3 {
		return true
	}
	var out []Conflict
	expandObjects(f.Name, nil, bm, rm, dm, f.IsSecretLeaf, &out)
	return len(out) > 0
}

func expandObjects(name string, path []string, b, r, d map[string]any, isSecret func([]string) bool, out *[]Conflict) {
	keys := map[string]bool{}
	for _, m := range []map[string]any{b, r, d} {
		for k := range m {
			keys[k] = true
		}
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		p := append(append([]string(nil), path...), k)
		bv, rv, dv := get(b, k), get(r, k), get(d, k)
		_, unsetNow := dv.(notSet)
		_, unsetBefore := bv.(notSet)
		if (unsetNow && unsetBefore) || same(bv, rv) || same(dv, rv) {
			// Never set by configuration (it follows Konnect), or no conflict. A key removed
			// from configuration goes back to Konnect's default: a conflict when Konnect's
			// value moved away from the base, shown as planned "(not set)".
			continue
		}
		bo, ok1 := bv.(map[string]any)
		ro, ok2 := rv.(map[string]any)
		do, ok3 := dv.(map[string]any)
		if ok1 && ok2 && ok3 {
			// objects: their members say where the conflicts are; none at any member is no
			// conflict (the subtrees differ only where the plan follows Konnect)
			expandObjects(name, p, bo, ro, do, isSecret, out)
			continue
		}
		secret := holdsSecret(p, bv, isSecret) || holdsSecret(p, rv, isSecret) || holdsSecret(p, dv, isSecret)
		*out = append(*out, Conflict{
			Field: Field{Name: name + "." + strings.Join(p, "."), Sensitive: secret},
			Base:  bv, Remote: rv, Desired: dv, Sensitive: secret,
		})
	}
}

func get(m map[string]any, k string) any {
	if v, ok := m[k]; ok {
		return v
	}
	return notSet{}
}

func same(a, b any) bool {
	_, an := a.(notSet)
	_, bn := b.(notSet)
	if an || bn {
		return an && bn
	}
	return Equal(Field{}, a, b)
}

// holdsSecret reports whether the value at path, shown whole, would show a secret: the
// path is secret, or a key inside the value is. A boolean tells nothing worth hiding
// (hide_credentials = true), and a key that is not set holds nothing.
func holdsSecret(path []string, v any, isSecret func([]string) bool) bool {
	switch t := v.(type) {
	case notSet, bool:
		return false
	case map[string]any:
		if len(path) > 0 && isSecret(path) {
			return true
		}
		for k, e := range t {
			if holdsSecret(append(append([]string(nil), path...), k), e, isSecret) {
				return true
			}
		}
		return false
	case []any:
		if len(path) > 0 && isSecret(path) {
			return true
		}
		for _, e := range t {
			if holdsSecret(path, e, isSecret) {
				return true
			}
		}
		return false
	}
	return len(path) > 0 && isSecret(path)
}

// maxShown is the longest value a diagnostic prints whole; a longer one (a PEM, a script)
// is shown by its fingerprint.
const maxShown = 64

// Fingerprint names a long value by a hash of it and its length in characters, e.g.
// "sha256:ab12cd34… (1704 chars)". Never used for secrets: a hash of a short password can
// be reversed by guessing.
func Fingerprint(s string) string {
	sum := sha256.Sum256([]byte(s))
	return fmt.Sprintf("sha256:%s… (%d chars)", hex.EncodeToString(sum[:4]), utf8.RuneCountInString(s))
}

// shorten returns a rendered value as it is, or its fingerprint when it is long. A string
// is fingerprinted by its text, anything else by its canonical JSON.
func shorten(rendered string, v any) string {
	if utf8.RuneCountInString(rendered) <= maxShown {
		return rendered
	}
	if s, ok := v.(string); ok {
		return Fingerprint(s)
	}
	return Fingerprint(rendered)
}
