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

// A twin may also sit in a nested object (an identity provider's
// config.oidc_identity_provider_config.client_secret_wo), beside its version and its classic
// attribute: every object on its path is then optional and not computed (Attr.WriteOnly), the
// engine finds it by its attribute path (woSecret.at) and sends it at its JSON path
// (woSecret.json), and the guard names it by its dotted path.

// writeOnlySecret declares a secret attribute with its write-only twin and that twin's
// version, all three siblings (among a kind's attributes or in a nested object). A Required
// classic attribute becomes optional: exactly one of it and its twin must be set. The twin
// takes the classic attribute's validators.
func WriteOnlySecret(classic Attr) []Attr {
	wo := classic.Name + "_wo"
	version := wo + "_version"
	twin := Attr{Name: wo, Type: String, Mode: Optional, Sensitive: true, WriteOnly: true, JSON: classic.JSONName(),
		Description: fmt.Sprintf("Write-only alternative to `%s` (Terraform 1.11+, OpenTofu 1.11+): sent to Konnect, never kept in the plan or state. "+
			"Set together with `%s`; the value is sent when the object is created and whenever `%s` changes.", classic.Name, version, version),
		Validators: append([]Validator{stringvalidator.AlsoRequires(sibling(version))}, classic.Validators...)}
	twin.Validators = append([]Validator{stringvalidator.ConflictsWith(sibling(classic.Name))}, twin.Validators...)
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
		Validators: []Validator{int64validator.AlsoRequires(sibling(wo))}}}
}

// sibling is the attribute of that name beside the validated one: a root attribute at the
// top, a field of the same object in a nested one.
func sibling(name string) path.Expression { return path.MatchRelative().AtParent().AtName(name) }

// woSecret is one write-only twin with its version and its classic attribute. at is the
// attribute path of the object holding them (empty for a kind's own attributes), json the
// JSON path of that object in Konnect's (an Inline object adds nothing to it).
type woSecret struct {
	wo, version, classic Attr
	at, json             []string
}

// path is the attribute path of one of the three.
func (s woSecret) path(a Attr) []string { return append(slices.Clone(s.at), a.Name) }

// name is the twin's attribute path, dotted: its name in the guard's record.
func (s woSecret) name() string { return strings.Join(s.path(s.wo), ".") }

// attrPath is the framework path of one of the three, for diagnostics.
func (s woSecret) attrPath(a Attr) path.Path {
	p := s.path(a)
	out := path.Root(p[0])
	for _, n := range p[1:] {
		out = out.AtName(n)
	}
	return out
}

// secrets lists the kind's write-only twins, at the top and in nested objects.
func (r *EntityResource) secrets() []woSecret { return woSecrets(r.Kind.Attrs, nil, nil) }

func woSecrets(attrs []Attr, at, json []string) []woSecret {
	var out []woSecret
	for _, a := range attrs {
		if a.Type.holdsWriteOnly() {
			j := json
			if !a.Inline {
				j = append(slices.Clone(json), strings.Split(a.JSONName(), ".")...)
			}
			out = append(out, woSecrets(a.Type.Attrs, append(slices.Clone(at), a.Name), j)...)
			continue
		}
		if !a.WriteOnly || a.Type.Kind == KJSON { // config_secrets_wo: config_secrets.go
			continue
		}
		s := woSecret{wo: a, at: at, json: json}
		for _, b := range attrs {
			switch {
			case b.Versions == a.Name:
				s.version = b
			case !b.configOnly() && b.JSONName() == a.JSONName():
				s.classic = b
			}
		}
		out = append(out, s)
	}
	return out
}

// valueAt is the value at an attribute path of object values; ok is false when the path is
// not there (an object on the way null or unknown).
func valueAt(m ObjectValues, p []string) (tftypes.Value, bool) {
	v, ok := m[p[0]]
	for _, name := range p[1:] {
		if !ok || !v.IsKnown() || v.IsNull() {
			return tftypes.Value{}, false
		}
		var fields map[string]tftypes.Value
		if v.As(&fields) != nil {
			return tftypes.Value{}, false
		}
		v, ok = fields[name]
	}
	return v, ok
}

// setValueAt sets the value at an attribute path of object values, when every object on the way
// is there, known and not null; it reports whether it did.
func setValueAt(m ObjectValues, p []string, v tftypes.Value) bool {
	if len(p) == 1 {
		m[p[0]] = v
		return true
	}
	parent, ok := m[p[0]]
	if !ok || !parent.IsKnown() || parent.IsNull() {
		return false
	}
	fields, err := AsObject(parent)
	if err != nil || !setValueAt(fields, p[1:], v) {
		return false
	}
	m[p[0]] = tftypes.NewValue(parent.Type(), map[string]tftypes.Value(fields))
	return true
}

// valueOf is the value of one of the three in values; null when the path is not there.
func (s woSecret) valueOf(m ObjectValues, a Attr) tftypes.Value {
	if v, ok := valueAt(m, s.path(a)); ok {
		return v
	}
	return tftypes.NewValue(a.Type.TFType(), nil)
}

// inUse: the values (a plan or a state) manage the secret through its twin.
func (s woSecret) inUse(m ObjectValues) bool {
	v := s.valueOf(m, s.version)
	return v.IsKnown() && !v.IsNull()
}

// versionChanged: a plan that sends the secret (prior nil: a create).
func (s woSecret) versionChanged(prior, planned ObjectValues) bool {
	if prior == nil {
		return s.inUse(planned)
	}
	return !s.valueOf(planned, s.version).Equal(s.valueOf(prior, s.version))
}

// keepWriteOnly fills keep (stateFromAPI) for the kind's own twins: the twin null, its
// version as planned or in state, and the classic attribute null while the twin is in use.
// Those of nested objects: keepNestedWriteOnly.
func (r *EntityResource) keepWriteOnly(previous ObjectValues, keep map[string]tftypes.Value) {
	for _, s := range r.secrets() {
		if len(s.at) > 0 {
			continue
		}
		keep[s.wo.Name] = tftypes.NewValue(tftypes.String, nil)
		keep[s.version.Name] = tftypes.NewValue(tftypes.Number, nil)
		if v, ok := previous[s.version.Name]; ok && v.IsKnown() {
			keep[s.version.Name] = v
		}
		if s.inUse(previous) {
			keep[s.classic.Name] = tftypes.NewValue(tftypes.String, nil)
		}
	}
}

// keepNestedWriteOnly is keepWriteOnly for the objects that hold a twin, on a state built
// from Konnect's object: such an object that the previous values (plan or state) hold null
// stays null (it is not computed: state holds what configuration set), and in each one
// there the twin is null, its version as planned or in state, and the classic attribute
// null while the twin is in use. After an import (previous nil) the objects are Konnect's.
func (r *EntityResource) keepNestedWriteOnly(previous ObjectValues, val tftypes.Value) (tftypes.Value, error) {
	if len(previous) == 0 || !val.IsKnown() || val.IsNull() || !r.Kind.holdsNestedWriteOnly() {
		return val, nil
	}
	m, err := AsObject(val)
	if err != nil {
		return val, err
	}
	keepUnsetObjects(r.Kind.Attrs, nil, previous, m)
	for _, s := range r.secrets() {
		if len(s.at) == 0 {
			continue
		}
		setValueAt(m, s.path(s.wo), tftypes.NewValue(s.wo.Type.TFType(), nil))
		v, ok := valueAt(previous, s.path(s.version))
		if !ok || !v.IsKnown() {
			v = tftypes.NewValue(s.version.Type.TFType(), nil)
		}
		setValueAt(m, s.path(s.version), v)
		if s.inUse(previous) {
			setValueAt(m, s.path(s.classic), tftypes.NewValue(s.classic.Type.TFType(), nil))
		}
	}
	return tftypes.NewValue(val.Type(), map[string]tftypes.Value(m)), nil
}

// keepUnsetObjects nulls in m each object holding a twin that previous holds null.
func keepUnsetObjects(attrs []Attr, at []string, previous, m ObjectValues) {
	for _, a := range attrs {
		if !a.Type.holdsWriteOnly() {
			continue
		}
		p := append(slices.Clone(at), a.Name)
		if v, ok := valueAt(previous, p); ok && v.IsKnown() && v.IsNull() {
			setValueAt(m, p, tftypes.NewValue(a.Type.TFType(), nil))
			continue
		}
		keepUnsetObjects(a.Type.Attrs, p, previous, m)
	}
}

// holdsNestedWriteOnly: a kind with an object that holds a write-only twin.
func (k EntityKind) holdsNestedWriteOnly() bool {
	return slices.ContainsFunc(k.Attrs, func(a Attr) bool { return a.Type.holdsWriteOnly() })
}

// objectAt is the JSON object of body at a JSON path (body itself for the empty path), nil
// when body has none there. With whole (the whole planned body), a path the body leaves out
// (a PATCH of other fields) is filled from it: the object as planned, which the secret joins.
func objectAt(body konnect.Object, p []string, whole func() konnect.Object) map[string]any {
	cur := map[string]any(body)
	for i, k := range p {
		next, ok := cur[k].(map[string]any)
		if !ok && whole != nil && i == 0 {
			next, ok = whole()[k].(map[string]any)
		}
		if !ok && whole != nil {
			next, ok = map[string]any{}, true
		}
		if !ok {
			return nil
		}
		cur[k] = next
		cur = next
	}
	return cur
}

// writeSecrets adds to a request body the secrets this write sends, read from configuration
// (never from plan or state): every configured twin on a create (prior nil), on an update
// those whose version changed. An update that sends no new secret sends back what Konnect
// holds, where Konnect returns it in clear: a PUT replaces the whole object, and without it
// Konnect would generate a new key. It returns the twins it sent from configuration.
//
// A nested twin goes into its object in the body; when the body leaves that object out (a
// PATCH of other fields), the object goes in as planned, with the secret. Konnect's copy is
// sent back only into an object the body holds.
func (r *EntityResource) writeSecrets(body konnect.Object, cfg, prior, planned ObjectValues, live konnect.Object) []string {
	var sent []string
	var whole konnect.Object
	planBody := func() konnect.Object {
		if whole == nil {
			whole, _ = r.Body(planned)
		}
		return whole
	}
	for _, s := range r.secrets() {
		field := s.wo.JSONName()
		if v := s.valueOf(cfg, s.wo); s.versionChanged(prior, planned) && v.IsKnown() && !v.IsNull() {
			objectAt(body, s.json, planBody)[field] = Str(v)
			sent = append(sent, s.name())
			continue
		}
		obj := objectAt(body, s.json, nil)
		if obj == nil {
			continue
		}
		if _, set := obj[field]; set || prior == nil || s.classic.NotReturned || (!s.inUse(planned) && !s.inUse(prior)) {
			continue
		}
		if v := Lookup(objectAt(live, s.json, nil), s.wo); v != nil {
			obj[field] = v
		}
	}
	return sent
}

// planSecrets adjusts a plan that writes, and refuses one it cannot carry out: a classic
// attribute is null while its twin is in use, and known after apply when the twin stops
// being used (Konnect's value comes back into state); a secret Konnect never returns (a password) must be sent with every write, so
// a write that keeps the version is refused, naming the version attribute. An API that
// updates by PATCH (changesOnly) keeps what a write leaves out, the secret with it: no
// refusal there.
func (r *EntityResource) planSecrets(prior, planned, cfg ObjectValues, diags *diag.Diagnostics) bool {
	ok := true
	_, patches := r.Kind.API.(changesOnly)
	for _, s := range r.secrets() {
		unset := s.valueOf(cfg, s.classic).IsNull()
		switch {
		case s.inUse(planned) && unset:
			// from the classic attribute to the twin: the classic one leaves state
			setValueAt(planned, s.path(s.classic), tftypes.NewValue(s.classic.Type.TFType(), nil))
		case s.inUse(prior) && !s.inUse(planned) && unset:
			setValueAt(planned, s.path(s.classic), tftypes.NewValue(s.classic.Type.TFType(), tftypes.UnknownValue))
		}
		if s.classic.NotReturned && s.inUse(planned) && !s.versionChanged(prior, planned) && !patches {
			diags.AddAttributeError(s.attrPath(s.version), "Changing this object also writes "+s.classic.Name,
				fmt.Sprintf("%s: Konnect never returns %s, and every write of the object must send it. This plan writes the object and keeps %s, so it would send no %s.\n\n"+
					"Change %s in the same change: the value of %s is then sent.", r.Kind.TypeName, s.classic.Name, s.version.Name, s.classic.Name, s.version.Name, s.wo.Name))
			ok = false
		}
	}
	return ok
}

// secretRendering is Konnect's copy of a secret as the guard renders it (see the top of this
// file); what the guard keeps of it is its keyed digest (keyedHidden), never this.
func secretRendering(obj konnect.Object, s woSecret) any {
	v := Lookup(objectAt(obj, s.json, nil), s.wo)
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
		hidden[s.name()] = secretRendering(obj, s)
	}
}

// baseRenderings adds to the base's hidden values the renderings of the secrets in use.
func (r *EntityResource) baseRenderings(state ObjectValues, obj konnect.Object, hidden guard.Values) {
	for _, s := range r.secrets() {
		if s.inUse(state) {
			hidden[s.name()] = secretRendering(obj, s)
		}
	}
}

// unsentSecrets names the write-only secrets a plan does not send: it cannot overwrite
// them, so a change of them in Konnect is no conflict of this plan (guard.Planned.Unsent).
// A nested twin whose object the plan holds null is not sent either.
func (r *EntityResource) unsentSecrets(prior, planned ObjectValues) []string {
	var out []string
	for _, s := range r.secrets() {
		if _, there := valueAt(planned, s.path(s.version)); !there || !s.versionChanged(prior, planned) {
			out = append(out, s.name())
		}
	}
	return out
}

// keepUnsentRenderings: after an update, the base keeps its rendering of each secret this
// write did not send. The base is what Terraform wrote: a secret someone changed in Konnect
// stays someone else's change (reported when a version bump would overwrite it, or a destroy
// delete it), even after Terraform wrote other attributes around it. When Konnect's rendering
// right before this write was the base's (before.Checked, made against the object read
// live), the write's rendering stands instead: only this write can have moved it (the
// updated_at rendering of a secret Konnect never returns moves with any write, a PATCH of
// other fields too).
func (r *EntityResource) keepUnsentRenderings(ctx context.Context, p interface {
	privateGetter
	privateSetter
}, before *guard.Base, sent []string, diags *diag.Diagnostics) {
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
		name := s.name()
		was, had := before.Hidden[name]
		if _, ok := now.Hidden[name]; !ok || !had || slices.Contains(sent, name) {
			continue
		}
		if c := before.Checked; c != nil && c.Key == r.Data.digestKey().ID() && !slices.Contains(c.Changed, name) {
			continue // unchanged in Konnect up to this write
		}
		if now.Checked != nil && !guard.Equal(guard.Field{}, was, now.Hidden[name]) && !slices.Contains(now.Checked.Changed, name) {
			// Konnect's rendering at this write differs from the one kept (digest.go).
			now.Checked.Changed = append(now.Checked.Changed, name)
			slices.Sort(now.Checked.Changed)
		}
		now.Hidden[name] = was
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
		d := req.Config.GetAttribute(ctx, req.Path.ParentPath().AtName(name), &val)
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
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, req.Path.ParentPath().AtName(v.wo), &twin)...)
	if resp.Diagnostics.HasError() || !twin.IsNull() {
		return
	}
	name := req.Path.String()
	resp.Diagnostics.AddAttributeError(req.Path, "Missing required argument",
		fmt.Sprintf("The argument %q is required: set %q, or %q with %q to keep it out of state (Terraform 1.11+, OpenTofu 1.11+).",
			name, name, v.wo, v.wo+"_version"))
}
