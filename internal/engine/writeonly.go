package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Write-only secrets (Terraform 1.11+, OpenTofu 1.11+). A secret attribute `<x>` (a password,
// a key) has a write-only twin `<x>_wo`, set in configuration and sent to Konnect in the same
// JSON field, but never kept in plan or state, and `<x>_wo_version`, a number kept in state.
// The secret is sent when the object is created and when the version changes; changing only
// `<x>_wo` sends nothing (the provider cannot see it changed). While the twin is in use (its
// version is set) the classic attribute stays null in state, also when Konnect returns the
// secret in clear.
//
// Guard 2 sees a secret changed in Konnect through what Konnect returns of it: the base keeps
// a digest of Konnect's rendering right after Terraform wrote the secret (of the key itself,
// or of the hash Konnect returns for a password; when Konnect returns nothing of it, as for a
// config store secret's value, the object's updated_at as Konnect sent it, which moves
// whenever the secret is written: its value is all there is to write).
// A plan that sends the secret again (a version bump) over a rendering that changed is a
// conflict; a destroy over one deletes someone's change. Neither prints the secret. What the
// base keeps is the keyed digest (digest.go) of that rendering, never the rendering: a plain
// hash of a key, or Konnect's hash of a password, would let whoever holds the state file test
// guesses.

// writeOnlySecret declares a secret attribute with its write-only twin and that twin's
// version. A Required classic attribute becomes optional: exactly one of it and its twin must
// be set. The twin takes the classic attribute's validators.
func WriteOnlySecret(classic Attr) []Attr {
	wo := classic.Name + "_wo"
	version := wo + "_version"
	twin := Attr{Name: wo, Type: String, Mode: Optional, Sensitive: true, WriteOnly: true, JSON: classic.JSONName(),
		Description: fmt.Sprintf("Write-only alternative to `%s` (Terraform 1.11+, OpenTofu 1.11+): sent to Konnect, never kept in the plan or state. "+
			"Set together with `%s`; the value is sent when the object is created and whenever `%s` changes.", classic.Name, version, version),
		Validators: append([]Validator{stringvalidator.AlsoRequires(path.MatchRoot(version))}, classic.Validators...)}
	twin.Validators = append([]Validator{stringvalidator.ConflictsWith(path.MatchRoot(classic.Name))}, twin.Validators...)
	if classic.Mode == Required {
		classic.Mode = Optional
		classic.Validators = append([]Validator{requiredOrTwin{wo: wo}}, classic.Validators...)
		classic.Description += fmt.Sprintf(" Set this or `%s`.", wo)
	} else {
		classic.Description += fmt.Sprintf(" Conflicts with `%s`.", wo)
	}
	return []Attr{classic, twin, {Name: version, Type: Int64, Mode: Optional, Versions: wo,
		Description: fmt.Sprintf("Any number, kept in state: `%s` is sent to Konnect when the object is created and whenever this number changes. "+
			"Change it (for example increment it) to send a new value.", wo),
		Validators: []Validator{int64validator.AlsoRequires(path.MatchRoot(wo))}}}
}

// WriteOnlySecretReplacing is WriteOnlySecret for a kind Konnect has no update for: a new
// version of the twin replaces the object, which note (appended to the version's
// description) says.
func WriteOnlySecretReplacing(classic Attr, note string) []Attr {
	attrs := WriteOnlySecret(classic)
	for i := range attrs {
		if attrs[i].Versions != "" {
			attrs[i].ForceNew = true
			attrs[i].Description += " " + note
		}
	}
	return attrs
}

// WriteOnlyTwinOf declares, at the top level, the write-only twin named name (and its
// `<name>_version`) of a secret that sits in a nested object at the attribute path at
// (config.oidc_identity_provider_config.client_secret), sent in the request body at the
// dotted JSON path json (config.client_secret). The framework refuses a write-only attribute
// inside a computed nested attribute, and making every object on the path non-computed would
// change how they plan. The twin conflicts with the classic secret, and needs the object that
// holds it (its siblings say which variant the secret belongs to) and its version; validators
// are its own (the classic secret's, written for its nested path, would not apply). The
// classic secret must be one Konnect never returns (NotReturned): state keeps nothing of it
// while the twin is in use.
func WriteOnlyTwinOf(name string, at []string, json string, validators ...Validator) []Attr {
	version := name + "_version"
	classicPath, holder := path.MatchRoot(at[0]), path.MatchRoot(at[0])
	for i, step := range at[1:] {
		classicPath = classicPath.AtName(step)
		if i < len(at)-2 {
			holder = holder.AtName(step)
		}
	}
	shown := strings.Join(at, ".")
	twin := Attr{Name: name, Type: String, Mode: Optional, Sensitive: true, WriteOnly: true, JSON: json, TwinOf: at,
		Description: fmt.Sprintf("Write-only alternative to `%s` (Terraform 1.11+, OpenTofu 1.11+): sent to Konnect, never kept in the plan or state. "+
			"Set together with `%s` and `%s`; the value is sent when the object is created and whenever `%s` changes.",
			shown, strings.Join(at[:len(at)-1], "."), version, version),
		Validators: append([]Validator{stringvalidator.ConflictsWith(classicPath), stringvalidator.AlsoRequires(path.MatchRoot(version), holder)},
			validators...)}
	return []Attr{twin, {Name: version, Type: Int64, Mode: Optional, Versions: name,
		Description: fmt.Sprintf("Any number, kept in state: `%s` is sent to Konnect when the object is created and whenever this number changes. "+
			"Change it (for example increment it) to send a new value.", name),
		Validators: []Validator{int64validator.AlsoRequires(path.MatchRoot(name))}}}
}

// woSecret is one write-only twin with its version and its classic attribute; at is the
// classic attribute's path when it is nested (WriteOnlyTwinOf), nil at the top level.
type woSecret struct {
	wo, version, classic Attr
	at                   []string
}

// secrets lists the kind's write-only twins.
func (r *EntityResource) secrets() []woSecret {
	var out []woSecret
	for _, a := range r.Kind.Attrs {
		if !a.WriteOnly || a.Type.Kind == KJSON { // config_secrets_wo: config_secrets.go
			continue
		}
		s := woSecret{wo: a, at: a.TwinOf}
		if len(a.TwinOf) > 0 {
			s.classic = nestedAttr(r.Kind.Attrs, a.TwinOf)
		}
		for _, b := range r.Kind.Attrs {
			switch {
			case b.Versions == a.Name:
				s.version = b
			case len(a.TwinOf) == 0 && !b.configOnly() && b.JSONName() == a.JSONName():
				s.classic = b
			}
		}
		out = append(out, s)
	}
	return out
}

// nestedAttr finds the attribute at a path of attribute names (the zero Attr if none).
func nestedAttr(attrs []Attr, at []string) Attr {
	for _, a := range attrs {
		if a.Name != at[0] {
			continue
		}
		if len(at) == 1 {
			return a
		}
		return nestedAttr(a.Type.Attrs, at[1:])
	}
	return Attr{}
}

// classicValue is the classic secret's value in m (a plan, a state or configuration): null
// when an object on its path is null or not known.
func (s woSecret) classicValue(m ObjectValues) tftypes.Value {
	if len(s.at) == 0 {
		return m[s.classic.Name]
	}
	return valueAt(m, s.at)
}

// sibling is the path of the classic secret's sibling attribute name (nested secrets only).
func (s woSecret) sibling(name string) []string {
	return append(slices.Clone(s.at[:len(s.at)-1]), name)
}

// valueAt is the value at a path of attribute names in m: null when an object on the way is
// null or not known.
func valueAt(m ObjectValues, at []string) tftypes.Value {
	v, ok := m[at[0]]
	for _, step := range at[1:] {
		var fields map[string]tftypes.Value
		if !ok || !v.IsKnown() || v.IsNull() || v.As(&fields) != nil {
			return tftypes.NewValue(tftypes.String, nil)
		}
		v, ok = fields[step]
	}
	if !ok {
		return tftypes.NewValue(tftypes.String, nil)
	}
	return v
}

// setClassic sets the classic secret's value in m; a nested one only where every object on
// its path is known and not null (elsewhere it has no value to replace).
func (s woSecret) setClassic(m ObjectValues, v tftypes.Value) {
	if len(s.at) == 0 {
		m[s.classic.Name] = v
		return
	}
	if nv, ok := setIn(m[s.at[0]], s.at[1:], v); ok {
		m[s.at[0]] = nv
	}
}

func setIn(obj tftypes.Value, at []string, v tftypes.Value) (tftypes.Value, bool) {
	var fields map[string]tftypes.Value
	if !obj.IsKnown() || obj.IsNull() || obj.As(&fields) != nil {
		return obj, false
	}
	cur, ok := fields[at[0]]
	if !ok {
		return obj, false
	}
	if len(at) > 1 {
		if cur, ok = setIn(cur, at[1:], v); !ok {
			return obj, false
		}
	} else {
		cur = v
	}
	fields[at[0]] = cur
	return tftypes.NewValue(obj.Type(), fields), true
}

// classicOf is a null or unknown value (v) of the classic secret's type: a string, or for a
// top-level classic the type declared (a credential's object whose twin is its JSON document).
func (s woSecret) classicOf(v any) tftypes.Value {
	if len(s.at) == 0 && s.classic.Name != "" {
		return tftypes.NewValue(s.classic.Type.TFType(), v)
	}
	return tftypes.NewValue(tftypes.String, v)
}

// inUse: the values (a plan or a state) manage the secret through its twin.
func (s woSecret) inUse(m ObjectValues) bool {
	v, ok := m[s.version.Name]
	return ok && v.IsKnown() && !v.IsNull()
}

// versionChanged: a plan that sends the secret (prior nil: a create).
func (s woSecret) versionChanged(prior, planned ObjectValues) bool {
	if prior == nil {
		return s.inUse(planned)
	}
	return !planned[s.version.Name].Equal(prior[s.version.Name])
}

// keepWriteOnly fills keep (stateFromAPI) for the twins: the twin null, its version as
// planned or in state, and the classic attribute null while the twin is in use.
func (r *EntityResource) keepWriteOnly(previous ObjectValues, keep map[string]tftypes.Value) {
	for _, s := range r.secrets() {
		keep[s.wo.Name] = tftypes.NewValue(tftypes.String, nil)
		keep[s.version.Name] = tftypes.NewValue(tftypes.Number, nil)
		if v, ok := previous[s.version.Name]; ok && v.IsKnown() {
			keep[s.version.Name] = v
		}
		if s.inUse(previous) && len(s.at) == 0 { // a nested one is NotReturned: the plan's null stays
			keep[s.classic.Name] = s.classicOf(nil)
		}
	}
}

// writeSecrets adds to a request body the secrets this write sends, read from configuration
// (never from plan or state): every configured twin on a create (prior nil), on an update
// those whose version changed. An update that sends no new secret sends back what Konnect
// holds, where Konnect returns it in clear: a PUT replaces the whole object, and without it
// Konnect would generate a new key. It returns the twins it sent from configuration.
func (r *EntityResource) writeSecrets(body konnect.Object, cfg, prior, planned ObjectValues, live konnect.Object) []string {
	var sent []string
	for _, s := range r.secrets() {
		field := s.wo.JSONName()
		if v := cfg[s.wo.Name]; s.versionChanged(prior, planned) && v.IsKnown() && !v.IsNull() {
			putJSONPath(body, field, Str(v))
			// what Konnect takes only together with the secret (a custom domain's
			// certificate with its key), as planned
			for _, with := range s.classic.SentWith {
				if len(s.at) == 0 {
					break
				}
				if w := valueAt(planned, s.sibling(with)); w.IsKnown() && !w.IsNull() {
					putJSONPath(body, field[:strings.LastIndexByte(field, '.')+1]+with, Str(w))
				}
			}
			sent = append(sent, s.wo.Name)
			continue
		}
		if _, set := body[field]; set || prior == nil || s.classic.NotReturned || (!s.inUse(planned) && !s.inUse(prior)) {
			continue
		}
		if v := Lookup(live, s.wo); v != nil {
			body[field] = v
		}
	}
	return sent
}

// planSecrets adjusts a plan that writes, and refuses one it cannot carry out: a classic
// attribute is null while its twin is in use, and known after apply when the twin stops
// being used (Konnect's value comes back into state; null for one Konnect never returns); a secret Konnect never returns (a
// password) must be sent with every write that replaces the whole object (PUT), so such a
// write that keeps the version is refused, naming the version attribute.
func (r *EntityResource) planSecrets(prior, planned, cfg ObjectValues, diags *diag.Diagnostics) bool {
	ok := true
	patches := patches(r.Kind.API) // a PATCH leaves what it does not carry as it is
	for _, s := range r.secrets() {
		unset := s.classicValue(cfg).IsNull()
		switch {
		case s.inUse(planned) && unset:
			// from the classic attribute to the twin: the classic one leaves state
			s.setClassic(planned, s.classicOf(nil))
		case s.inUse(prior) && !s.inUse(planned) && unset && s.classic.NotReturned:
			// Konnect keeps the secret the twin sent and never shows it: nothing comes back
			s.setClassic(planned, s.classicOf(nil))
		case s.inUse(prior) && !s.inUse(planned) && unset:
			s.setClassic(planned, s.classicOf(tftypes.UnknownValue))
		}
		if s.inUse(planned) && prior != nil && !s.versionChanged(prior, planned) && len(s.at) > 0 {
			// a member Konnect takes only with the secret changes without it (a custom
			// domain's new certificate, whose key the twin holds)
			for _, with := range s.classic.SentWith {
				if w := s.sibling(with); !valueAt(planned, w).Equal(valueAt(prior, w)) {
					diags.AddAttributeError(path.Root(s.version.Name), "A new "+with+" is sent with its "+s.classic.Name,
						fmt.Sprintf("%s: Konnect takes %s only together with %s, which %s holds. This plan changes %s and keeps %s, so it would send no %s.\n\n"+
							"Change %s in the same change: the value of %s is then sent with the new %s.",
							r.Kind.TypeName, strings.Join(w, "."), s.classic.Name, s.wo.Name, strings.Join(w, "."), s.version.Name, s.classic.Name,
							s.version.Name, s.wo.Name, with))
					ok = false
				}
			}
		}
		if s.classic.NotReturned && !patches && s.inUse(planned) && !s.versionChanged(prior, planned) {
			diags.AddAttributeError(path.Root(s.version.Name), "Changing this object also writes "+s.classic.Name,
				fmt.Sprintf("%s: Konnect never returns %s, and every write of the object must send it. This plan writes the object and keeps %s, so it would send no %s.\n\n"+
					"Change %s in the same change: the value of %s is then sent.", r.Kind.TypeName, s.classic.Name, s.version.Name, s.classic.Name, s.version.Name, s.wo.Name))
			ok = false
		}
	}
	return ok
}

// putJSONPath sets a dotted JSON path in a request body, merging into the objects on the
// way (a PATCH of config.client_secret keeps the config fields the plan changes).
func putJSONPath(body map[string]any, dotted string, v any) {
	steps := strings.Split(dotted, ".")
	for _, step := range steps[:len(steps)-1] {
		next, ok := body[step].(map[string]any)
		if !ok {
			next = map[string]any{}
			body[step] = next
		}
		body = next
	}
	body[steps[len(steps)-1]] = v
}

// secretRendering is Konnect's copy of a secret as the guard renders it (see the top of this
// file); what the guard keeps of it is its keyed digest (keyedHidden), never this.
func secretRendering(obj konnect.Object, s woSecret) any {
	v := Lookup(obj, s.wo)
	if v == nil {
		// As Konnect wrote it: rendered to whole seconds, a change within the second of
		// Terraform's write would look the same.
		return fmt.Sprintf("updated_at %v", obj["updated_at"])
	}
	c, err := canonjson.Canonical(canonjson.Normalize(v))
	if err != nil {
		c = []byte(fmt.Sprint(v))
	}
	sum := sha256.Sum256([]byte(fmt.Sprint(obj["id"]) + "\x00" + string(c)))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// addRenderings adds Konnect's renderings of the write-only secrets to hidden values (all of
// them; the base has entries only for secrets in use).
func (r *EntityResource) addRenderings(obj konnect.Object, hidden guard.Values) {
	for _, s := range r.secrets() {
		hidden[s.wo.Name] = secretRendering(obj, s)
	}
}

// baseRenderings adds to the base's hidden values the renderings of the secrets in use.
func (r *EntityResource) baseRenderings(state ObjectValues, obj konnect.Object, hidden guard.Values) {
	for _, s := range r.secrets() {
		if s.inUse(state) {
			hidden[s.wo.Name] = secretRendering(obj, s)
		}
	}
}

// unsentSecrets names the write-only secrets a plan does not send: it cannot overwrite
// them, so a change of them in Konnect is no conflict of this plan (guard.Planned.Unsent).
func (r *EntityResource) unsentSecrets(prior, planned ObjectValues) []string {
	var out []string
	for _, s := range r.secrets() {
		if !s.versionChanged(prior, planned) {
			out = append(out, s.wo.Name)
		}
	}
	return out
}

// keepUnsentRenderings: after an update, the base keeps its rendering of each secret this
// write did not send, when Konnect's rendering right before the write (liveHidden, keyed as
// the base) differed from it. The base is what Terraform wrote: a secret someone changed in
// Konnect stays someone else's change (reported when a version bump would overwrite it, or a
// destroy delete it), even after Terraform wrote other attributes around it. A secret nobody
// changed takes the rendering this write left: one made of updated_at (a secret Konnect never
// returns, written by PATCH) moves with every write.
func (r *EntityResource) keepUnsentRenderings(ctx context.Context, p interface {
	privateGetter
	privateSetter
}, before *guard.Base, liveHidden guard.Values, sent []string, diags *diag.Diagnostics) {
	if before == nil || diags.HasError() || len(r.secrets()) == 0 {
		return
	}
	now, d := LoadBase(ctx, p)
	diags.Append(d...)
	if now == nil {
		return
	}
	changed := false
	for _, s := range r.secrets() {
		was, had := before.Hidden[s.wo.Name]
		if _, ok := now.Hidden[s.wo.Name]; !ok || !had || slices.Contains(sent, s.wo.Name) {
			continue
		}
		if seen, ok := liveHidden[s.wo.Name]; ok && guard.Equal(guard.Field{}, was, seen) {
			continue // unchanged in Konnect up to this write
		}
		if now.Checked != nil && !guard.Equal(guard.Field{}, was, now.Hidden[s.wo.Name]) && !slices.Contains(now.Checked.Changed, s.wo.Name) {
			// Konnect's rendering at this write differs from the one kept (digest.go).
			now.Checked.Changed = append(now.Checked.Changed, s.wo.Name)
			slices.Sort(now.Checked.Changed)
		}
		now.Hidden[s.wo.Name] = was
		changed = true
	}
	if !changed {
		return
	}
	b, err := guard.EncodeBase(*now)
	if err != nil {
		diags.AddError("Internal error", err.Error())
		return
	}
	diags.Append(p.SetKey(ctx, guard.PrivateBaseKey, b)...)
}

// alsoRequiresOneOf: when the attribute is set, at least one of the named sibling attributes
// must be set too (cert_alt needs key_alt or key_alt_wo).
func AlsoRequiresOneOf(names ...string) validator.String { return alsoRequiresOneOfValidator(names) }

type alsoRequiresOneOfValidator []string

func (v alsoRequiresOneOfValidator) Description(context.Context) string {
	return "when set, one of `" + strings.Join(v, "` or `") + "` must be set too"
}

func (v alsoRequiresOneOfValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v alsoRequiresOneOfValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() {
		return
	}
	for _, name := range v {
		var val types.String
		d := req.Config.GetAttribute(ctx, path.Root(name), &val)
		if d.HasError() || val.IsUnknown() || !val.IsNull() {
			return // set, or not known yet
		}
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Missing attribute configuration",
		fmt.Sprintf(`Attribute "%s" must be specified when %q is specified`, strings.Join(v, `" or "`), req.Path.String()))
}

// requiredOrTwin makes a secret that Konnect requires required unless its write-only twin is
// set, with the error Terraform gives a missing required argument, naming both.
type requiredOrTwin struct{ wo string }

func (v requiredOrTwin) Description(context.Context) string {
	return "required unless `" + v.wo + "` is set"
}

func (v requiredOrTwin) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v requiredOrTwin) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var twin types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(v.wo), &twin)...)
	if resp.Diagnostics.HasError() || !twin.IsNull() {
		return
	}
	name := req.Path.String()
	resp.Diagnostics.AddAttributeError(req.Path, "Missing required argument",
		fmt.Sprintf("The argument %q is required: set %q, or %q with %q to keep it out of state (Terraform 1.11+, OpenTofu 1.11+).",
			name, name, v.wo, v.wo+"_version"))
}
