package guard

import (
	"maps"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Decide is the plan's one question to the guard: given what Terraform last wrote (the
// base), what the refresh found, what configuration says and what the plan would write, it
// returns everything the guard decides for one object: the resets, the adoptions, the
// conflicts (Guard 2) under the policy, for a destroy the changes that refuse it and the
// ones it only names, every diagnostic with its wording, and the log lines.
//
// Two steps of a plan are the engine's, and Decide asks for them when it needs them, so
// that they happen in the order the guard requires:
//
//   - Plan: the engine applies the resets to its plan (Terraform values, replacement) and
//     says whether the plan writes, with which operation, and what it would write;
//   - ReadLive: Guard 1, the live read compared with the revision the plan was made
//     against. Decide asks for it only when something would be written or adopted (a plan
//     that writes nothing and adopts nothing reads nothing), and decides nothing more when
//     the engine reports that the read failed (the engine has said why).

// Attribute is one managed attribute as Decide sees it.
type Attribute struct {
	Field
	// Resettable: configuration that stops setting it sends it back to Konnect's default
	// (an optional attribute Terraform writes and Konnect returns as written).
	Resettable bool
	// Default is Konnect's default, when known before the write (HasDefault; a known
	// default may be null).
	Default    any
	HasDefault bool
	// Overlay: a sensitive JSON document deep-merged into another one on every write
	// (config_secrets): every path of it is secret, and a leaf path configuration stops
	// setting goes back to Konnect's default.
	Overlay bool
}

// Setting is what configuration says of one attribute.
type Setting struct {
	Null  bool // left out of configuration
	Known bool // known at plan time (a null is known)
	// Value is the decoded JSON value, when known and not null; Decide reads it for JSON
	// documents only.
	Value any
}

// Reset is an attribute configuration stopped setting: it goes back to Konnect's default.
type Reset struct {
	Name       string
	Default    any  // Konnect's default, when known before the write (HasDefault)
	HasDefault bool // false: the planned value is unknown until Konnect applies it
}

// Resets is what a plan sends back to Konnect's default: attributes configuration stopped
// setting (in declaration order), and key paths of JSON documents it stopped setting (by
// attribute; a key removed whole is one path). A replacing write leaves the attributes out,
// a merging one sends their default; removed keys are sent as null.
type Resets struct {
	Attributes []Reset
	Paths      map[string][][]string
}

// Planned is the engine's plan after the resets: what Decide's Plan hook returns.
type Planned struct {
	// Writes: the plan writes to Konnect. A plan that writes nothing can only adopt.
	Writes bool
	Op     Operation // OpUpdate or OpReplace, when it writes
	// Desired are the managed values the plan would write (unknown ones left out). Decide
	// puts the default of each reset attribute in place (KonnectDefault when not known).
	Desired Values
	// Unsent names the hidden values (Base.Hidden) this plan does not send, a write-only
	// secret whose version stays: it cannot overwrite them, so a change of them in Konnect
	// is no conflict of this plan.
	Unsent []string
	// Refused: the engine refused the plan itself (a secret it cannot send) and has said
	// why; nothing is read and nothing more is decided.
	Refused bool
}

// Live is the object as Guard 1 just read it.
type Live struct {
	ID        string // the object's id, naming the context of its hidden values' digests
	UpdatedAt any    // Konnect's updated_at, as sent
	// Hidden are Konnect's renderings of the values it never returns as written, as keyed
	// digests (see Base.Hidden), of every such value.
	Hidden Values
}

// PlanInput is everything Decide needs about one object's plan.
type PlanInput struct {
	Object     Object
	Attributes []Attribute // the managed attributes, in declaration order
	Policy     ConflictPolicy
	// Base is the guard's record of the last write, adoption or import; nil when Terraform
	// wrote nothing yet (or the record cannot be read): then Guard 2 has nothing to compare.
	Base *Base
	Seen *Seen // the record of the last read or write (Seen.Before: what the read before it found)
	// Revision is the revision in prior state (for the log).
	Revision string
	// Prior are the managed values of the prior state: what the refresh found in Konnect.
	Prior Values
	// Destroy: the plan deletes the object. Config, Merged and Plan are not used then.
	Destroy bool
	// Config is what configuration says, by attribute name: every managed attribute, and
	// the other documents of a Merged group.
	Config map[string]Setting
	// Merged lists groups of attributes whose JSON documents are merged into one Konnect
	// document (config, config_secrets, config_secrets_wo): a path that moves from one to
	// another is written, not reset.
	Merged [][]string
	// DigestKey is the key of the keyed digests of hidden values (Base.Hidden): a base made
	// under another key, or by an older version, is brought to it before comparing.
	DigestKey *DigestKey

	Plan     func(Resets) Planned
	ReadLive func(Operation) (Live, bool)
	// SecretPaths gives the secret paths of a JSON document attribute (a plugin's config:
	// those its schema marks); called only when a conflict on it is shown. Nil, or a zero
	// SecretPaths: secret keys are recognized by name only.
	SecretPaths func(attribute string) SecretPaths
}

// Diagnostic is one diagnostic of the decision, attached to the resource.
type Diagnostic struct {
	Error   bool // false: a warning
	Summary string
	Detail  string
}

// LogEntry is one line of the guard's decision log ("konnect guard decision").
type LogEntry struct {
	Guard  string // remote_edit, remote_edit_destroy
	Result string
	Fields map[string]any
}

// Decision is the guard's whole answer for one object's plan.
type Decision struct {
	Resets  Resets  // not for a destroy
	Planned Planned // what the Plan hook returned (not for a destroy)
	// Read: Guard 1 read the object live, and the read passed.
	Read bool
	// Adoption names the values configuration now agrees with after a change in Konnect;
	// the apply records them in the base. WithUpdate false: the plan writes nothing, and
	// the engine plans an update that writes nothing so that the apply can record them.
	Adoption *AdoptionNotice
	// Conflict is Guard 2's conflict under Policy (a refused destroy when Destroy): nil
	// when there is none.
	Conflict *RemoteEditError
	// Followed names, for a destroy, the changes to attributes configuration never set:
	// they follow Konnect and never refuse the destroy.
	Followed *DestroyNotice
	// Fail: the plan must fail (a Guard 2 error is among Diagnostics).
	Fail        bool
	Diagnostics []Diagnostic // in the order they are shown
	Log         []LogEntry   // in the order they are logged
}

// Decide returns the guard's decision for one object's plan (see above).
func Decide(in PlanInput) Decision {
	var d Decision
	base := in.Base.clone() // brought to the current digest key here; the caller's record stays
	if in.Destroy {
		live, ok := in.ReadLive(OpDelete)
		if !ok {
			return d
		}
		d.Read = true
		if base == nil {
			return d
		}
		in.rekey(base, live)
		guarded, followed := SplitDestroyEdits(base, DestroyEdits(in.fields(), base, in.Prior, live.Hidden))
		if followed = in.expand(followed, true); len(followed) > 0 {
			d.Followed = &DestroyNotice{Object: in.Object, ChangedAt: FormatUpdatedAt(live.UpdatedAt), Followed: followed}
			d.log("remote_edit_destroy", "followed", map[string]any{"fields": len(followed)})
			if in.Policy != PolicyOverwrite {
				d.warn(d.Followed.Summary(), d.Followed.Detail())
			}
		}
		d.report(in, base, live, guarded, true)
		return d
	}

	d.Resets = in.Resets()
	d.Planned = in.Plan(d.Resets)
	if !d.Planned.Writes {
		// Nothing to write, but values to adopt: the engine plans an update that writes
		// nothing, so that the apply records them in the base (Guard 1 still applies).
		adopted := in.adoptions(base, in.Prior)
		if len(adopted) == 0 {
			return d
		}
		for i := range adopted {
			adopted[i].FirstSet = base.Follows(adopted[i].Field.Name)
		}
		if _, ok := in.ReadLive(OpUpdate); !ok {
			return d
		}
		d.Read = true
		d.Adoption = &AdoptionNotice{Object: in.Object, Adopted: adopted}
		d.log("remote_edit", "adopt", map[string]any{"fields": strings.Join(d.Adoption.Names(), ",")})
		d.warn(d.Adoption.Summary(), d.Adoption.Detail())
		return d
	}
	if d.Planned.Refused {
		return d
	}
	live, ok := in.ReadLive(d.Planned.Op)
	if !ok {
		return d
	}
	d.Read = true
	if base == nil {
		return d // nothing written by Terraform yet (state from an older provider)
	}
	desired := maps.Clone(d.Planned.Desired)
	if desired == nil {
		desired = Values{}
	}
	for _, r := range d.Resets.Attributes {
		if r.HasDefault {
			desired[r.Name] = r.Default
		} else {
			desired[r.Name] = KonnectDefault
		}
	}
	in.rekey(base, live)
	hidden := maps.Clone(live.Hidden)
	for _, name := range d.Planned.Unsent {
		delete(hidden, name)
	}
	d.report(in, base, live, RemoteEdits(in.fields(), base, in.Seen, in.Prior, desired, hidden), false)

	// Values someone changed in Konnect that configuration now sets to what Konnect holds
	// are adopted by the same update that writes the other changes.
	// (FirstSet is not marked here, unlike an adoption that writes nothing: as before.)
	if adopted := in.adoptions(base, desired); len(adopted) > 0 {
		d.Adoption = &AdoptionNotice{Object: in.Object, Adopted: adopted, WithUpdate: true}
		d.log("remote_edit", "adopt_with_update", map[string]any{"fields": strings.Join(d.Adoption.Names(), ",")})
		d.warn(d.Adoption.Summary(), d.Adoption.Detail())
	}
	return d
}

// report turns Guard 2's conflicts into what the policy says: an error, a warning, or a
// line in the log.
func (d *Decision) report(in PlanInput, base *Base, live Live, conflicts []Conflict, destroy bool) {
	g := "remote_edit"
	if destroy {
		g = "remote_edit_destroy"
	}
	conflicts = in.expand(conflicts, destroy) // per key path; secrets hidden
	if len(conflicts) == 0 {
		d.log(g, "ok", nil)
		return
	}
	e := &RemoteEditError{Object: in.Object, Conflicts: conflicts, Policy: in.Policy, ChangedAt: FormatUpdatedAt(live.UpdatedAt), Destroy: destroy}
	d.Conflict = e
	d.log(g, "conflict_"+string(in.Policy), map[string]any{
		"fields": strings.Join(e.Fields(), ","), "revision_base": base.Revision, "revision_now": in.Revision})
	switch in.Policy {
	case PolicyWarn:
		d.warn(e.Summary(), e.Detail())
	case PolicyOverwrite:
	default:
		d.Fail = true
		d.Diagnostics = append(d.Diagnostics, Diagnostic{Error: true, Summary: e.Summary(), Detail: e.Detail()})
	}
}

func (d *Decision) warn(summary, detail string) {
	d.Diagnostics = append(d.Diagnostics, Diagnostic{Summary: summary, Detail: detail})
}

func (d *Decision) log(g, result string, fields map[string]any) {
	d.Log = append(d.Log, LogEntry{Guard: g, Result: result, Fields: fields})
}

func (in PlanInput) fields() []Field {
	out := make([]Field, len(in.Attributes))
	for i, a := range in.Attributes {
		out[i] = a.Field
	}
	return out
}

func (in PlanInput) attribute(name string) (Attribute, bool) {
	for _, a := range in.Attributes {
		if a.Name == name {
			return a, true
		}
	}
	return Attribute{}, false
}

// adoptions are the values configuration sets to what Konnect holds (desired), where
// Konnect differs from the base (Adoptions).
func (in PlanInput) adoptions(base *Base, desired Values) []Adopted {
	if base == nil {
		return nil
	}
	set := func(name string) bool { s, ok := in.Config[name]; return ok && !s.Null }
	return Adoptions(in.fields(), set, base.Values, in.Prior, desired)
}

// rekey brings the base's hidden values to the current digest key and records how they
// compare with Konnect's now (RekeyHidden, CheckHidden).
func (in PlanInput) rekey(b *Base, live Live) {
	if b == nil || len(b.Hidden) == 0 || in.DigestKey == nil {
		return
	}
	at := FormatUpdatedAt(live.UpdatedAt)
	RekeyHidden(b, in.DigestKey, HiddenContext(live.ID), live.Hidden, at)
	CheckHidden(b, in.DigestKey, live.Hidden, at)
}

// HiddenContext names what a hidden value's keyed digest is of: which attribute of which
// object.
func HiddenContext(id string) func(name string) string {
	return func(name string) string { return "hidden\x00" + name + "\x00" + id }
}

// expand shows a conflict on a JSON document per changed key path, every secret path
// hidden (ExpandJSON); a conflict on config_secrets per path, every value hidden. A destroy
// plans nothing: the key paths that changed are those where Konnect moved from the base.
func (in PlanInput) expand(conflicts []Conflict, destroy bool) []Conflict {
	out := make([]Conflict, 0, len(conflicts))
	for _, c := range conflicts {
		if destroy {
			c.Desired = c.Base
		}
		a, ok := in.attribute(c.Field.Name)
		if ok && a.Tree {
			out = append(out, ExpandJSON(c, a.IsSecretLeaf)...)
			continue
		}
		if ok && a.TextDoc {
			out = append(out, expandTextDocs(c)...) // textdoc.go
			continue
		}
		if !ok || !a.Document {
			out = append(out, c)
			continue
		}
		if a.Overlay {
			out = append(out, expandOverlay(c)...)
			continue
		}
		var secret SecretPaths
		if in.SecretPaths != nil {
			secret = in.SecretPaths(a.Name)
		}
		out = append(out, ExpandJSON(c, secret.IsSecret)...)
	}
	return out
}

// expandOverlay shows a conflict on config_secrets per path, every value hidden.
func expandOverlay(c Conflict) []Conflict {
	c.Field.Sensitive, c.Sensitive = false, false
	out := ExpandJSON(c, func([]string) bool { return true })
	for i := range out {
		out[i].Sensitive, out[i].Field.Sensitive = true, true
	}
	return out
}

// Resets compares configuration with the base: an attribute configuration set at the last
// write (Base.Configured) and leaves unset now goes back to Konnect's default, and so does
// a key of a JSON document (at any depth; for an Overlay, a leaf path). Nothing is reset
// without a record of what configuration set (after an import, or a record from an older
// version). A path that another document of its Merged group sets now is moved, not reset.
func (in PlanInput) Resets() Resets {
	var p Resets
	b := in.Base
	if b == nil || b.Configured == nil || in.Config == nil {
		return p
	}
	addPaths := func(name string, paths [][]string) {
		if len(paths) == 0 {
			return
		}
		if p.Paths == nil {
			p.Paths = map[string][][]string{}
		}
		p.Paths[name] = paths
	}
	for _, a := range in.Attributes {
		s, ok := in.Config[a.Name]
		if !ok || !b.Configures(a.Name) {
			continue
		}
		if a.Overlay {
			addPaths(a.Name, removedLeaves(b.Values[a.Name], s))
			continue
		}
		if s.Null {
			if a.Resettable {
				p.Attributes = append(p.Attributes, Reset{Name: a.Name, Default: a.Default, HasDefault: a.HasDefault})
			}
			continue
		}
		if !a.Document || !s.Known {
			continue
		}
		addPaths(a.Name, RemovedPaths(b.Values[a.Name], s.Value))
	}
	in.keepMoved(&p)
	return p
}

// removedLeaves lists the leaf paths of a document in the base that configuration no longer
// sets (a path set to null counts as not set).
func removedLeaves(base any, s Setting) [][]string {
	bm, _ := canonjson.Normalize(base).(map[string]any)
	if bm == nil || !s.Known {
		return nil
	}
	desired := s.object()
	var out [][]string
	for _, p := range leafPaths(bm) {
		if valueAt(desired, p) == nil {
			out = append(out, p)
		}
	}
	return out
}

// keepMoved: a path that moves between the documents of a Merged group is removed from one
// and set in another; it is written, not reset.
func (in PlanInput) keepMoved(p *Resets) {
	for name, paths := range p.Paths {
		i := slices.IndexFunc(in.Merged, func(g []string) bool { return slices.Contains(g, name) })
		if i < 0 {
			continue
		}
		kept := paths[:0:0]
		for _, path := range paths {
			elsewhere := false
			for _, other := range in.Merged[i] {
				if doc := in.Config[other].object(); other != name && doc != nil && valueAt(doc, path) != nil {
					elsewhere = true
				}
			}
			if !elsewhere {
				kept = append(kept, path)
			}
		}
		if len(kept) == 0 {
			delete(p.Paths, name)
		} else {
			p.Paths[name] = kept
		}
	}
}

// object is the setting's JSON object; nil when it is not known, null or not an object.
func (s Setting) object() map[string]any {
	if !s.Known || s.Null {
		return nil
	}
	m, _ := s.Value.(map[string]any)
	return m
}

// leafPaths lists the paths of a JSON document's leaves (anything that is not a non-empty
// object), sorted.
func leafPaths(doc map[string]any) [][]string {
	var out [][]string
	var walk func(m map[string]any, at []string)
	walk = func(m map[string]any, at []string) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			p := append(slices.Clone(at), k)
			if sub, ok := m[k].(map[string]any); ok && len(sub) > 0 {
				walk(sub, p)
				continue
			}
			out = append(out, p)
		}
	}
	walk(doc, nil)
	return out
}

// valueAt is the value at a path of a JSON document; nil when there is none.
func valueAt(doc map[string]any, p []string) any {
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

// clone copies what Decide changes of a base (its hidden values and their last check).
func (b *Base) clone() *Base {
	if b == nil {
		return nil
	}
	c := *b
	c.Hidden = maps.Clone(b.Hidden)
	if b.Checked != nil {
		checked := *b.Checked
		checked.Changed = slices.Clone(b.Checked.Changed)
		c.Checked = &checked
	}
	return &c
}
