package engine

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// pluginSecrets knows which config paths of each plugin hold secrets, from the plugin's
// schema in Konnect (fields marked encrypted or referenceable). Each plugin's schema is
// read at most once per control plane and provider process (schemaReads, shared with the
// plan-time check of config), when a conflict on its config is shown; a schema that cannot
// be read (Konnect unreachable) leaves the key-name rule alone, and is not asked for again.
// The zero value is ready to use.
type PluginSecrets struct {
	mu      sync.Mutex
	byName  map[string]*pluginSecretEntry
	schemas schemaReads
}

type pluginSecretEntry struct {
	once  sync.Once
	paths guard.SecretPaths
}

// paths returns the secret paths of a plugin's config (relative to config).
func (p *PluginSecrets) Paths(ctx context.Context, client *konnect.Client, controlPlaneID, name string) guard.SecretPaths {
	p.mu.Lock()
	if p.byName == nil {
		p.byName = map[string]*pluginSecretEntry{}
	}
	key := controlPlaneID + "/" + name
	e, ok := p.byName[key]
	if !ok {
		e = &pluginSecretEntry{}
		p.byName[key] = e
	}
	p.mu.Unlock()
	e.once.Do(func() {
		schema, err := p.schemas.get(ctx, client, schemaOfPlugin, controlPlaneID, name)
		if err != nil {
			tflog.Debug(ctx, "plugin schema not read; secret config keys are recognized by name only", map[string]any{"plugin": name, "error": err.Error()})
			return
		}
		e.paths = guard.SecretPathsFromSchema(schema)
		tflog.Debug(ctx, "plugin schema read", map[string]any{"plugin": name, "secret_paths": strings.Join(e.paths.Paths(), ",")})
	})
	return e.paths
}

func (r *EntityResource) Attr(name string) (Attr, bool) {
	for _, a := range r.Kind.Attrs {
		if a.Name == name {
			return a, true
		}
	}
	return Attr{}, false
}

// withoutSecrets takes the secrets out of an object's JSON documents (those of the
// attributes in only, or all when only is nil): where no configuration says which keys
// are the user's (a list data source, an import), a secret must not reach plan output,
// state shown with `terraform show`, or an output. The rule is guard.SecretPaths.IsWithheld:
// the fields a plugin's schema in Konnect marks encrypted, its referenceable maps' values,
// and key names; a referenceable setting (a Redis host) is shown. A plugin written later keeps the
// secrets Konnect holds (pluginAPI lays configuration over Konnect's config).
func WithoutSecrets(ctx context.Context, data *ProviderData, kind EntityKind, attrs []Attr, v tftypes.Value, obj konnect.Object, controlPlaneID string, only map[string]bool) (tftypes.Value, error) {
	v, _, err := splitSecrets(ctx, data, kind, attrs, v, obj, controlPlaneID, only)
	return v, err
}

// splitSecrets is withoutSecrets that also returns what it took out: by attribute, the
// secret paths and the values Konnect holds there.
func splitSecrets(ctx context.Context, data *ProviderData, kind EntityKind, attrs []Attr, v tftypes.Value, obj konnect.Object, controlPlaneID string, only map[string]bool) (tftypes.Value, map[string][]SecretAt, error) {
	var taken map[string][]SecretAt
	var vals ObjectValues
	for _, a := range attrs {
		doc, ok := Lookup(obj, a).(map[string]any)
		if a.Type.Kind != KJSON || !ok || (only != nil && !only[a.Name]) {
			continue
		}
		var paths guard.SecretPaths
		if _, isPlugin := kind.API.(PluginAPI); isPlugin && a.Name == "config" && data != nil {
			name, _ := obj["name"].(string)
			paths = data.secrets.Paths(ctx, data.Client, controlPlaneID, name)
		}
		if vals == nil {
			var err error
			if vals, err = AsObject(v); err != nil {
				return v, nil, err
			}
		}
		norm, ok := canonjson.Normalize(doc).(map[string]any)
		if !ok {
			norm = doc
		}
		clean, err := a.Type.FromJSON(DropSecrets(nil, norm, paths.IsWithheld, func(p []string, val any) {
			if taken == nil {
				taken = map[string][]SecretAt{}
			}
			taken[a.Name] = append(taken[a.Name], SecretAt{Path: p, Value: val})
		}))
		if err != nil {
			return v, nil, err
		}
		vals[a.Name] = clean
	}
	if vals == nil {
		return v, nil, nil
	}
	return tftypes.NewValue(v.Type(), map[string]tftypes.Value(vals)), taken, nil
}

// secretAt is a secret's path in a JSON document and the value there.
type SecretAt struct {
	Path  []string
	Value any
}

// valueAt is the value at a path of a JSON document, or nil.
func ValueAt(doc map[string]any, p []string) any {
	var cur any = doc
	for _, k := range p {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[k]
	}
	return cur
}

// removeAt removes the value at a path of a JSON document (in place).
func removeAt(doc map[string]any, p []string) {
	for _, k := range p[:len(p)-1] {
		m, ok := doc[k].(map[string]any)
		if !ok {
			return
		}
		doc = m
	}
	delete(doc, p[len(p)-1])
}

// privateImportSecretsKey holds, after an import, a keyed digest of each secret that state
// does not keep (never the secret, never the key), so that configuration setting the same
// secret plans nothing: the plan compares its digest (plannedImportSecrets).
const PrivateImportSecretsKey = "import_secrets"

// importSecrets is that record: the id of the digest key (digest.go: derived from the
// provider's credential, never in state), and by attribute the digest at each path (the
// path as a JSON array). Records written before keyed digests kept a random key beside the
// digests, which let whoever held the state file test guesses: such a key is still read (to
// match configuration until the next read) and never written again.
type ImportSecrets struct {
	KeyID   string                       `json:"key_id,omitempty"`
	Legacy  string                       `json:"key,omitempty"`
	Digests map[string]map[string]string `json:"digests"`

	key *guard.DigestKey // the provider's; processKey when unset
}

func (s *ImportSecrets) digest(path []string, value any) string {
	p, _ := json.Marshal(path)
	c, _ := canonjson.Canonical(value)
	if s.Legacy != "" {
		mac := hmac.New(sha256.New, []byte(s.Legacy))
		mac.Write(p)
		mac.Write([]byte{0})
		mac.Write(c)
		return hex.EncodeToString(mac.Sum(nil))
	}
	k := s.key
	if k == nil {
		k = ProcessKey()
	}
	return k.Digest("import_secret\x00"+string(p), value)
}

// record replaces the digests with those of the secrets just taken out, under the
// provider's key, or removes the record when nothing was taken.
func (s *ImportSecrets) Record(ctx context.Context, p privateSetter, taken map[string][]SecretAt) diag.Diagnostics {
	if len(taken) == 0 {
		return p.SetKey(ctx, PrivateImportSecretsKey, nil)
	}
	if s.key == nil {
		s.key = ProcessKey()
	}
	s.Legacy, s.KeyID = "", s.key.ID()
	s.Digests = map[string]map[string]string{}
	for attr, list := range taken {
		s.Digests[attr] = map[string]string{}
		for _, at := range list {
			p, _ := json.Marshal(at.Path)
			s.Digests[attr][string(p)] = s.digest(at.Path, at.Value)
		}
	}
	raw, err := json.Marshal(s)
	if err != nil {
		var d diag.Diagnostics
		d.AddError("Internal error", err.Error())
		return d
	}
	return p.SetKey(ctx, PrivateImportSecretsKey, raw)
}

// loadImportSecrets reads the record, to be compared and written again with key k; nil when
// there is none.
func LoadImportSecrets(ctx context.Context, p privateGetter, k *guard.DigestKey) *ImportSecrets {
	raw, d := p.GetKey(ctx, PrivateImportSecretsKey)
	if d.HasError() || len(raw) == 0 {
		return nil
	}
	var s ImportSecrets
	if json.Unmarshal(raw, &s) != nil || (s.KeyID == "" && s.Legacy == "") {
		return nil
	}
	s.key = k
	return &s
}

// plannedImportSecrets keeps in a plan the state's JSON documents that configuration sets
// to what Konnect holds, secrets included: after an import, state holds no secret, and a
// configured secret whose digest matches the recorded one (under the same key) asks for
// nothing different. The rest is jsonSemanticEquality's rule.
func (r *EntityResource) plannedImportSecrets(ctx context.Context, p privateGetter, prior, planned ObjectValues) {
	s := LoadImportSecrets(ctx, p, r.Data.digestKey())
	if s == nil {
		return
	}
	for _, a := range r.Kind.Attrs {
		pv, sv := planned[a.Name], prior[a.Name]
		if a.Type.Kind != KJSON || !pv.IsKnown() || pv.IsNull() || !sv.IsKnown() || sv.IsNull() || pv.Equal(sv) {
			continue
		}
		pj, err1 := a.Type.ToJSON(pv)
		sj, err2 := a.Type.ToJSON(sv)
		pm, ok1 := pj.(map[string]any)
		sm, ok2 := sj.(map[string]any)
		if err1 != nil || err2 != nil || !ok1 || !ok2 {
			continue
		}
		want := s.Matching(a.Name, pm, sm)
		if guard.Equal(guard.Field{}, guard.ProjectKeys(sj, want, false), want) {
			planned[a.Name] = sv
		}
	}
}

// matching removes from a configured JSON document the secrets that state does not hold
// and whose digest matches the recorded one: configuration that says what Konnect holds.
func (s *ImportSecrets) Matching(attr string, configured, stated map[string]any) map[string]any {
	if s == nil || len(s.Digests[attr]) == 0 {
		return configured
	}
	out, ok := canonjson.Normalize(configured).(map[string]any) // a copy
	if !ok {
		return configured
	}
	for key, want := range s.Digests[attr] {
		var p []string
		if json.Unmarshal([]byte(key), &p) != nil || len(p) == 0 {
			continue
		}
		v := ValueAt(out, p)
		if v == nil || ValueAt(stated, p) != nil || s.digest(p, v) != want {
			continue
		}
		removeAt(out, p)
	}
	return out
}

// stillOutOfState lists the recorded secrets that state still does not hold, with the
// values Konnect holds now.
func (s *ImportSecrets) stillOutOfState(state tftypes.Value, obj konnect.Object, attrs []Attr) map[string][]SecretAt {
	m, err := AsObject(state)
	if err != nil {
		return nil
	}
	var out map[string][]SecretAt
	for _, a := range attrs {
		digests := s.Digests[a.Name]
		if len(digests) == 0 || a.Type.Kind != KJSON {
			continue
		}
		remote, _ := canonjson.Normalize(Lookup(obj, a)).(map[string]any)
		stated := map[string]any{}
		if j, err := a.Type.ToJSON(m[a.Name]); err == nil {
			stated, _ = j.(map[string]any)
		}
		for key := range digests {
			var p []string
			if json.Unmarshal([]byte(key), &p) != nil || len(p) == 0 {
				continue
			}
			v := ValueAt(remote, p)
			if v == nil || ValueAt(stated, p) != nil {
				continue
			}
			if out == nil {
				out = map[string][]SecretAt{}
			}
			out[a.Name] = append(out[a.Name], SecretAt{Path: p, Value: v})
		}
	}
	return out
}

// dropSecrets returns a copy of doc without the text at secret paths: strings and lists of
// strings; objects under a secret path lose their text the same way. A flag or a number
// (cors `credentials = false`) holds no secret, and a vault reference
// (`{vault://env/redis-password}`) names where a secret is, not the secret: they stay.
// taken (when not nil) is called with each path and value taken out, except inside lists of
// records, whose paths do not address one value.
func DropSecrets(path []string, doc map[string]any, isSecret func([]string) bool, taken func([]string, any)) map[string]any {
	out := make(map[string]any, len(doc))
	for k, val := range doc {
		p := append(append([]string(nil), path...), k)
		if isSecret(p) && holdsText(val) {
			if taken != nil {
				taken(p, val)
			}
			continue
		}
		switch t := val.(type) {
		case map[string]any:
			val = DropSecrets(p, t, isSecret, taken)
		case []any: // records in an array: the same path (holdsSecret's rule)
			elems := make([]any, len(t))
			for i, e := range t {
				if m, ok := e.(map[string]any); ok {
					e = DropSecrets(p, m, isSecret, nil)
				}
				elems[i] = e
			}
			val = elems
		}
		out[k] = val
	}
	return out
}

// isVaultReference tells whether a value is a vault reference, `{vault://<prefix>/<name>}`.
func isVaultReference(s string) bool {
	return strings.HasPrefix(s, "{vault://") && strings.HasSuffix(s, "}")
}

// holdsText tells whether a value at a secret path is text that may be a secret: a string
// other than a vault reference, or a list holding one.
func holdsText(v any) bool {
	switch t := v.(type) {
	case string:
		return !isVaultReference(t)
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok && !isVaultReference(s) {
				return true
			}
		}
	}
	return false
}
