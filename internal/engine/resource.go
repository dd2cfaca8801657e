package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

const (
	AttrID       = "id"
	attrRevision = "revision"
)

// entityResource is the one engine behind every resource type.
type EntityResource struct {
	resourceWithConfigure
	Kind   EntityKind
	Attrs  []Attr // id, the kind's attributes, revision
	Fields []guard.Field
	// attributes are the managed attributes as the guard decides on them (guard.Decide).
	attributes []guard.Attribute
}

var (
	_ resource.ResourceWithConfigure   = (*EntityResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*EntityResource)(nil)
	_ resource.ResourceWithImportState = (*EntityResource)(nil)
)

// newResource turns a declaration into a Terraform resource.
//
// The framework calls the returned function for every protocol call it answers (about
// three per object in every plan), so what a declaration derives (attributes, guard fields)
// is worked out once, on the first call, and shared: nothing writes to it afterwards.
func NewResource(k EntityKind) func() resource.Resource {
	var once sync.Once
	var proto *EntityResource
	return func() resource.Resource {
		once.Do(func() { proto = NewEntityResource(k) })
		return &EntityResource{Kind: proto.Kind, Attrs: proto.Attrs, Fields: proto.Fields, attributes: proto.attributes}
	}
}

// newEntityResource builds the resource for a declaration; its data sources share its attributes.
func NewEntityResource(k EntityKind) *EntityResource {
	all := []Attr{{Name: AttrID, Type: String, Mode: Computed, Description: "The object's id in Konnect."}}
	all = append(all, k.Attrs...)
	all = append(all, Attr{Name: attrRevision, Type: String, Mode: Computed,
		Description: "The revision of the object in Konnect that this state was read from. It changes whenever anything in the object changes, and the provider refuses to write when the revision in Konnect no longer matches the one a plan was made against."})
	r := &EntityResource{Kind: k, Attrs: all}
	for _, a := range k.Attrs {
		if a.Managed() {
			f := guard.Field{Name: a.Name, Set: a.Type.Kind == KSet, Sensitive: a.Sensitive, Document: a.Type.Kind == KJSON}
			f.TextDoc, f.TextDocAt = textDocument(a)
			if a.Type.Kind == KObject && !a.Sensitive && !f.TextDoc { // (a document inside is compared by its paths)
				f.Tree, f.SecretLeaves = true, strings.Join(sensitiveLeaves(a.Type.Attrs, ""), ",")
			}
			f.Lines = a.MergeLines
			r.Fields = append(r.Fields, f)
			def, known := a.ResetValue()
			r.attributes = append(r.attributes, guard.Attribute{Field: f, Resettable: a.resettable(), Default: def, HasDefault: known, Overlay: a.Overlay})
		}
	}
	return r
}

func (r *EntityResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = r.Kind.TypeName
}

func (r *EntityResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := resourceAttributes(r.Kind.Attrs)
	attrs[AttrID] = FrameworkAttribute(idAttr(r.Kind), forResource) // fields.go
	rev := r.Attrs[len(r.Attrs)-1]
	// No UseStateForUnknown: the revision is unknown whenever the plan writes.
	attrs[attrRevision] = schema.StringAttribute{Computed: true, Description: rev.Description, MarkdownDescription: rev.Description}
	resp.Schema = schema.Schema{Description: r.Kind.Description, MarkdownDescription: r.Kind.Description, Attributes: attrs}
}

// --- values -------------------------------------------------------------------------

type ObjectValues map[string]tftypes.Value

// asObject returns an object's attributes as a map of its own: tftypes hands out the
// value's map itself, and callers write to theirs.
func AsObject(v tftypes.Value) (ObjectValues, error) {
	var m map[string]tftypes.Value
	if err := v.As(&m); err != nil {
		return nil, err
	}
	return maps.Clone(m), nil
}

func Str(v tftypes.Value) string {
	if !v.IsKnown() || v.IsNull() {
		return ""
	}
	var s string
	_ = v.As(&s)
	return s
}

func (r *EntityResource) address(m ObjectValues) Address {
	a := Address{Parents: map[string]string{}, ID: Str(m[AttrID])}
	for _, at := range r.Kind.Attrs {
		if at.Parent {
			a.Parents[at.Name] = Str(m[at.Name])
		}
	}
	return a
}

func (r *EntityResource) object(a Address) guard.Object {
	return guard.Object{TypeName: r.Kind.TypeName, ID: a.ID, ControlPlaneID: a.Parents["control_plane_id"]}
}

// stateFromAPI is the only way state is written: from what Konnect returned, with path
// parameters carried over from the address. Where Konnect's value equals the previous
// value by meaning (null and [] for tags, set order, JSON key order), the previous
// spelling is kept so that no diff appears where nothing differs.
func (r *EntityResource) StateFromAPI(obj konnect.Object, parents map[string]string, previous ObjectValues) (tftypes.Value, string, error) {
	rev, err := r.revision(obj)
	if err != nil {
		return tftypes.Value{}, "", err
	}
	keep := map[string]tftypes.Value{attrRevision: tftypes.NewValue(tftypes.String, rev)}
	for name, v := range parents {
		keep[name] = tftypes.NewValue(tftypes.String, v)
	}
	for _, a := range r.Kind.Attrs {
		prev, ok := previous[a.Name]
		if a.Local {
			keep[a.Name] = tftypes.NewValue(a.Type.TFType(), nil) // never in Konnect: as configured
			if ok && prev.IsKnown() {
				keep[a.Name] = prev
			}
			continue
		}
		if a.ShownOnce {
			if ok && prev.IsKnown() && !prev.IsNull() {
				keep[a.Name] = prev // Konnect shows it once: the create's value stays
			}
			continue
		}
		if a.Type.holdsNotReturned() {
			// An object with a value Konnect never returns inside (an identity provider's
			// client secret): Konnect's object, with what was written at those paths.
			fresh, err := a.Type.FromJSON(Lookup(obj, a))
			if err != nil {
				return tftypes.Value{}, "", fmt.Errorf("%s: %w", a.Name, err)
			}
			if !ok {
				prev = tftypes.NewValue(a.Type.TFType(), nil)
			}
			if keep[a.Name], err = a.Type.keepNotReturned(fresh, prev); err != nil {
				return tftypes.Value{}, "", fmt.Errorf("%s: %w", a.Name, err)
			}
			continue
		}
		if a.NotReturned && (!ok || !prev.IsKnown()) {
			// What Konnect returns there is not the value (a password's hash, which must not
			// reach state either): nothing written, nothing known (an import, a data source).
			keep[a.Name] = tftypes.NewValue(a.Type.TFType(), nil)
			continue
		}
		if (!ok || !prev.IsKnown()) && a.Canonical != nil {
			if v, err := a.Type.FromJSON(a.Canonical(Lookup(obj, a))); err == nil {
				keep[a.Name] = v
			}
			continue
		}
		if !ok || !a.Managed() || !prev.IsKnown() {
			continue
		}
		if a.NotReturned {
			keep[a.Name] = prev
			continue
		}
		pj, err := a.Type.ToJSON(prev)
		if err != nil {
			continue
		}
		remote := Lookup(obj, a)
		if a.Type.Kind == KJSON && pj != nil {
			// Konnect fills defaults into JSON documents (plugin config): state holds the
			// keys that configuration manages, with Konnect's values.
			remote = guard.Project(canonjson.Normalize(remote), pj)
			if v, err := a.Type.FromJSON(remote); err == nil {
				keep[a.Name] = v
			}
		}
		if guard.Equal(guard.Field{Set: a.Type.Kind == KSet}, pj, remote) || (a.Same != nil && a.Same(pj, remote)) {
			keep[a.Name] = prev
		}
	}
	r.keepWriteOnly(previous, keep)          // writeonly.go: no secret of a write-only twin in state
	r.keepConfigSecrets(obj, previous, keep) // config_secrets.go
	val, err := ObjectFromJSON(r.Attrs, obj, keep)
	return val, rev, err
}

// body builds the request body from planned values: every managed attribute that is known
// and not null. Unknown values (unset, nothing in state yet) are left to Konnect's defaults.
func (r *EntityResource) Body(m ObjectValues) (konnect.Object, error) {
	out := konnect.Object{}
	for _, a := range r.Kind.Attrs {
		if !a.Managed() {
			continue
		}
		j, err := a.Type.BodyJSON(m[a.Name])
		if errors.Is(err, ErrUnknown) || (err == nil && j == nil) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Name, err)
		}
		if under, ok := out[a.JSONName()].(map[string]any); ok && a.Overlay {
			if over, ok := j.(map[string]any); ok {
				j = Overlay(under, over) // config_secrets.go: merged into config
			}
		}
		out[a.JSONName()] = j
	}
	return out, nil
}

// managedValues are the values Guard 2 compares; unknown ones are left out (inside a list
// of objects, only the unknown attribute: a partial linked by id is compared by its id
// while Konnect has yet to fill in its name).
func (r *EntityResource) ManagedValues(m ObjectValues) guard.Values {
	out := guard.Values{}
	for _, a := range r.Kind.Attrs {
		if !a.Managed() {
			continue
		}
		j, err := a.Type.BodyJSON(m[a.Name])
		if err != nil {
			continue
		}
		out[a.Name] = a.Type.withoutNotReturned(j) // convert.go: nothing Konnect never shows
	}
	r.digestSecrets(out, Str(m[AttrID]))
	return out
}

// digestSecrets replaces, in managed values, every secret (a sensitive attribute, or a
// sensitive attribute inside an object) with its keyed digest (guard.DigestKey): the guard
// compares secrets by digest, and its record in private state never holds one in plain text
// nor a plain hash of one. Digests already there stay. It reports whether it changed
// anything (a record written before secrets were digested).
func (r *EntityResource) digestSecrets(values guard.Values, id string) bool {
	k := r.Data.digestKey()
	changed := false
	for _, a := range r.Kind.Attrs {
		v, ok := values[a.Name]
		if !ok || v == nil || (!a.Sensitive && !holdsSensitive(a.Type)) {
			continue
		}
		if d := digestSecret(k, secretContext(id, a.Name), a, v); !sameJSON(d, v) {
			values[a.Name], changed = d, true
		}
	}
	return changed
}

// digestLeaves digests every value of a JSON document that is not an object, at its path.
func digestLeaves(k *guard.DigestKey, ctx string, v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		if _, keyed := guard.DigestKeyID(v); keyed || v == nil {
			return v
		}
		return k.Digest(ctx, v)
	}
	out := make(map[string]any, len(m))
	for key, x := range m {
		out[key] = digestLeaves(k, ctx+"."+key, x)
	}
	return out
}

// rekeySecrets replaces the digests made with another key (a rotated token) with the
// digests of now, the values Konnect holds: the caller knows Konnect has not written the
// object since they were made. It reports whether it changed anything.
func (r *EntityResource) rekeySecrets(values, now guard.Values) bool {
	id := r.Data.digestKey().ID()
	changed := false
	for _, a := range r.Kind.Attrs {
		if v, ok := values[a.Name]; ok && (a.Sensitive || holdsSensitive(a.Type)) && foreignDigest(v, id) {
			values[a.Name], changed = now[a.Name], true
		}
	}
	return changed
}

// foreignDigest reports whether v holds a keyed digest made with a key other than id.
func foreignDigest(v any, id string) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if foreignDigest(e, id) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if foreignDigest(e, id) {
				return true
			}
		}
	default:
		if k, keyed := guard.DigestKeyID(v); keyed && k != id {
			return true
		}
	}
	return false
}

// secretContext is what a secret's digest is made in: the object and the attribute path, so
// that two objects holding the same secret hold different digests.
func secretContext(id, path string) string { return "value\x00" + path + "\x00" + id }

func digestSecret(k *guard.DigestKey, ctx string, a Attr, v any) any {
	if v == nil {
		return nil
	}
	if a.Sensitive && a.Type.Kind == KJSON {
		return digestLeaves(k, ctx, v) // config_secrets: its paths are no secret, and resets need them
	}
	if a.Sensitive {
		if _, keyed := guard.DigestKeyID(v); keyed {
			return v
		}
		return k.Digest(ctx, v)
	}
	m, ok := v.(map[string]any)
	if a.Type.Kind != KObject || !ok {
		return v
	}
	out := maps.Clone(m)
	for _, inner := range a.Type.Attrs {
		if inner.Inline {
			continue
		}
		if x, ok := out[inner.JSONName()]; ok && (inner.Sensitive || holdsSensitive(inner.Type)) {
			out[inner.JSONName()] = digestSecret(k, ctx+"."+inner.Name, inner, x)
		}
	}
	return out
}

// --- the guard's record (private state) --------------------------------------------------

type privateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

type privateGetter interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// saveBase records what Terraform just wrote or adopted, and which attributes configuration
// set (nil after an import); it returns the values it recorded.
func (r *EntityResource) saveBase(ctx context.Context, p privateSetter, state tftypes.Value, obj konnect.Object, rev string, configured []string) (guard.Values, diag.Diagnostics) {
	var d diag.Diagnostics
	m, err := AsObject(state)
	if err != nil {
		d.AddError("Internal error", err.Error())
		return nil, d
	}
	hidden := guard.Values{}
	for _, a := range r.Kind.Attrs {
		if a.NotReturned {
			hidden[a.Name] = Lookup(obj, a)
		}
	}
	r.baseRenderings(m, obj, hidden) // writeonly.go
	r.keyedHidden(obj, hidden)       // digest.go: never a secret, nor a hash of one
	values := r.ManagedValues(m)
	base := guard.Base{Revision: rev, Values: values, Hidden: hidden, Configured: configured}
	r.rekeyBase(&base, r.Hidden(obj), obj["updated_at"], obj["id"]) // the check at this write
	b, err := guard.EncodeBase(base)
	if err != nil {
		d.AddError("Internal error", err.Error())
		return nil, d
	}
	return values, p.SetKey(ctx, guard.PrivateBaseKey, b)
}

// holdsValues reports whether a state holds any managed value (a state an import has not
// filled yet holds none).
func (r *EntityResource) holdsValues(m ObjectValues) bool {
	for _, a := range r.Kind.Attrs {
		if a.Managed() && !a.Parent && m[a.Name].IsKnown() && !m[a.Name].IsNull() {
			return true
		}
	}
	return false
}

// loadBase reads the base; nil when there is none (nothing written by Terraform yet) or it
// cannot be read (then a warning says the guard works without it).
func LoadBase(ctx context.Context, p privateGetter) (*guard.Base, diag.Diagnostics) {
	raw, diags := p.GetKey(ctx, guard.PrivateBaseKey)
	if diags.HasError() || len(raw) == 0 {
		return nil, diags
	}
	b, err := guard.DecodeBase(raw)
	if err != nil {
		diags.AddWarning("The guard's record of this object cannot be read", err.Error()+
			"\n\nThe stale-plan guard still applies, and the attributes in state stand in for the record: a change made in Konnect since they were written is still reported. "+
			"The next refresh writes a new record; `terraform apply -refresh-only` writes it now, or `terraform import` adopts the object again.")
		return nil, diags
	}
	return b, diags
}

// saveSeen records a read (before = what the previous read found) or a write (before nil).
func (r *EntityResource) saveSeen(ctx context.Context, p privateSetter, state tftypes.Value, rev string, obj konnect.Object, before, baseValues guard.Values) diag.Diagnostics {
	m, err := AsObject(state)
	if err != nil {
		var d diag.Diagnostics
		d.AddError("Internal error", err.Error())
		return d
	}
	seen := guard.NewSeen(rev, guard.FormatUpdatedAt(obj["updated_at"]), r.ManagedValues(m), before, baseValues)
	if again, key, err := r.keyedRevision(obj); err == nil && again == rev {
		seen.Key = key // the digest key of a keyed revision (digest.go)
	}
	b, _ := guard.EncodeSeen(seen)
	return p.SetKey(ctx, guard.PrivateSeenKey, b)
}

// loadSeen returns what the last read or write found, with values left out as equal to
// the base's filled back in.
func loadSeen(ctx context.Context, p privateGetter) *guard.Seen {
	s := DecodeSeen(ctx, p)
	if s != nil && s.Values == nil {
		if b, _ := LoadBase(ctx, p); b != nil {
			s.Values = b.Values
		}
	}
	return s
}

// decodeSeen is loadSeen without filling Values from the base when they were left out.
func DecodeSeen(ctx context.Context, p privateGetter) *guard.Seen {
	raw, diags := p.GetKey(ctx, guard.PrivateSeenKey)
	if diags.HasError() || len(raw) == 0 {
		return nil
	}
	s, err := guard.DecodeSeen(raw)
	if err != nil {
		return nil
	}
	return s
}

// plannedVersion is the version of the object a plan was made against: the revision in
// prior state, with its updated_at when known.
func plannedVersion(ctx context.Context, prior ObjectValues, p privateGetter) guard.Version {
	return versionAt(prior, loadSeen(ctx, p))
}

// versionAt is plannedVersion from the record of the last read or write.
func versionAt(prior ObjectValues, s *guard.Seen) guard.Version {
	v := guard.Version{Revision: Str(prior[attrRevision])}
	if s != nil && guard.SameRevision(s.Revision, v.Revision) {
		v.UpdatedAt, v.Key = s.UpdatedAt, s.Key
	}
	return v
}

// --- CRUD -------------------------------------------------------------------------------

func (r *EntityResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer r.schemaUploaded(req.Plan.Raw, &resp.State) // schema_uploads.go
	m, err := AsObject(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := r.address(m)
	name := ""
	if r.Kind.NameAttr != "" {
		name = Str(m[r.Kind.NameAttr])
	}
	body, err := r.Body(m)
	if err != nil {
		resp.Diagnostics.AddError("Invalid configuration", err.Error())
		return
	}
	if name != "" && r.checkNameFirst() { // else Konnect refuses a taken name: create.go
		existing, err := r.findByName(ctx, addr.Parents, name, body)
		if err != nil {
			r.apiError(&resp.Diagnostics, "Could not check whether the name is taken", err)
			return
		}
		if existing != nil {
			e := r.nameExists(addr, name, existing)
			r.logDecision(ctx, "create_exists", "conflict", addr, map[string]any{"existing_id": e.ExistingID})
			resp.Diagnostics.AddError(e.Summary(), e.Detail())
			return
		}
		r.logDecision(ctx, "create_exists", "ok", addr, nil)
		if named := r.freeNameTest(name, body); named != nil {
			ctx = WithNameFree(ctx, named)
		}
	}
	cfg, _ := AsObject(req.Config.Raw)
	r.writeSecrets(body, cfg, nil, m, nil)         // writeonly.go: from configuration only
	r.writeConfigSecretsWO(body, cfg, nil, m, nil) // config_secrets.go
	id := chosenID(m, body)
	if id != "" && !r.checkChosenID(ctx, addr, id, &resp.Diagnostics) {
		return
	}
	if !r.waitNeeds(ctx, m, addr.Parents, body, &resp.Diagnostics) { // provisioning.go
		return
	}
	generated := ""
	if c, ok := r.Kind.API.(ChoosesID); id == "" && ok && c.CreatesWithChosenID() {
		// The id is chosen here, not in the API call, so that a create whose outcome is
		// unknown can be read back by it (readBack).
		generated = uuid.NewString()
		body[AttrID] = generated
	}
	obj, _, err := r.Kind.API.Create(ctx, r.Data.Client, addr.Parents, body)
	r.wrote(addr)
	if err != nil && generated != "" && OutcomeUnknown(err) && r.readBack(ctx, addr, generated, m, body, err, req.Config.Raw, &resp.State.Raw, resp.Private, &resp.Diagnostics) {
		return
	}
	if err != nil && r.takenName(ctx, addr, name, body, err, &resp.Diagnostics) {
		return
	}
	if err != nil {
		r.apiError(&resp.Diagnostics, "Could not create "+r.Kind.TypeName, err)
		return
	}
	r.finishWrite(ctx, obj, addr.Parents, m, r.configured(req.Config.Raw), &resp.State.Raw, resp.Private, &resp.Diagnostics)
	if r.Kind.Provisioning != nil && !resp.Diagnostics.HasError() {
		// provisioning.go: in state already, so that a failed provisioning leaves it tainted
		r.waitCreated(ctx, "create", obj, addr.Parents, m, r.configured(req.Config.Raw), &resp.State.Raw, resp.Private, &resp.Diagnostics)
	}
}

// ChoosesID is an EntityAPI whose Create writes the object under the id in the body
// (CoreEntityAPI: PUT …/{id}); CreatesWithChosenID is false for one that embeds it and
// posts instead (an mTLS credential).
type ChoosesID interface{ CreatesWithChosenID() bool }

// OutcomeUnknown: the request may have been applied (a 5xx, a lost connection, a timeout, or
// a cancel such as Ctrl-C after it was sent).
func OutcomeUnknown(err error) bool {
	return Ambiguous(err) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// readBack resolves a create whose outcome is unknown by reading the id it chose: when
// Konnect holds the object, it goes into state, so nothing is left in Konnect that Terraform
// does not know (an orphan whose next create is refused as taken). When it holds what the
// create sent, the create succeeded and a warning says the answer was lost; otherwise an
// error says so and Terraform keeps the object tainted (replaced at the next apply). It
// reports false when the object is not there (or cannot be read): the create failed.
func (r *EntityResource) readBack(ctx context.Context, addr Address, id string, planned ObjectValues, body konnect.Object, cause error,
	config tftypes.Value, state *tftypes.Value, p privateSetter, diags *diag.Diagnostics) bool {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second) // also after Ctrl-C
	defer cancel()
	got, _, err := r.Kind.API.Get(rctx, r.Data.Client, Address{Parents: addr.Parents, ID: id})
	if err != nil {
		r.logDecision(ctx, "create_unknown", "not_found", addr, map[string]any{"id": id, "read_error": err.Error()})
		return false
	}
	sent := maps.Clone(body)
	delete(sent, AttrID)
	ok := r.holds(got, sent)
	r.logDecision(ctx, "create_unknown", map[bool]string{true: "created", false: "created_differs"}[ok], addr, map[string]any{"id": id})
	r.finishWrite(rctx, got, addr.Parents, planned, r.configured(config), state, p, diags)
	what := fmt.Sprintf("%s (id %s): Konnect's answer to the create was lost (%v), and reading the id this create chose found the object in Konnect.", r.Kind.TypeName, id, cause)
	if ok {
		diags.AddWarning("Konnect object created; its answer was lost", what+" It holds what the plan wrote, and it is in state: nothing is left outside Terraform.")
		return true
	}
	diags.AddError("Konnect object created, but not as planned", what+" It does not hold everything the plan wrote (another writer, or a partial write), so it is in state as tainted: the next apply replaces it. Nothing is left outside Terraform.")
	return true
}

func (r *EntityResource) nameExists(addr Address, name string, existing konnect.Object) *guard.NameExistsError {
	id, _ := existing["id"].(string)
	importID := id
	if ps := r.Parents(); len(ps) > 0 && r.keyParent() == "" { // keyed by its parent: that id alone
		parts := make([]string, 0, len(ps)+1)
		for _, p := range ps {
			parts = append(parts, addr.Parents[p])
		}
		importID = strings.Join(append(parts, id), "/")
	}
	return &guard.NameExistsError{TypeName: r.Kind.TypeName, NameField: r.Kind.NameAttr, Name: name,
		ExistingID: id, CreatedAt: guard.FormatUpdatedAt(existing["created_at"]), ImportID: importID}
}

func (r *EntityResource) finishWrite(ctx context.Context, obj konnect.Object, parents map[string]string, planned ObjectValues, configured []string, state *tftypes.Value, p privateSetter, diags *diag.Diagnostics) {
	val, rev, err := r.StateFromAPI(obj, parents, planned)
	var taken map[string][]SecretAt
	if err == nil {
		val, taken, err = r.UnshapedWithoutSecrets(ctx, val, obj, Address{Parents: parents}, planned)
	}
	if err != nil {
		diags.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	// secrets.go: digests of the secrets an import left out of state; a write replaces them
	diags.Append((&ImportSecrets{key: r.Data.digestKey()}).Record(ctx, p, taken)...)
	*state = val
	values, d := r.saveBase(ctx, p, val, obj, rev, configured)
	diags.Append(d...)
	diags.Append(r.saveSeen(ctx, p, val, rev, obj, nil, values)...)
	r.saveDetector(ctx, p, obj, rev) // detector.go: what Konnect answered the write
}

func (r *EntityResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state, diags := r.ReadState(ctx, req.State.Raw, req.Private, resp.Private)
	resp.Diagnostics.Append(diags...)
	resp.State.Raw = state
}

// ReadState refreshes one object: it returns the new state (the current one when the read
// failed, null when the object is gone from Konnect) and records the read in private
// state.
func (r *EntityResource) ReadState(ctx context.Context, current tftypes.Value, private privateGetter, newPrivate privateSetter) (tftypes.Value, diag.Diagnostics) {
	var diags diag.Diagnostics
	m, err := AsObject(current)
	if err != nil {
		diags.AddError("Internal error", err.Error())
		return current, diags
	}
	addr := r.address(m)
	if addr.ID == "" {
		addr.ID = kongKey(m, r.Kind.KongKey) // a state switched from Kong's provider (kind.go)
	}
	if r.Data != nil {
		r.Data.walk.markRead(r.Kind.TypeName, addr.ID) // cascade_plan.go
	}
	if r.unchangedSinceRead(ctx, addr, m, private, newPrivate) { // detector.go
		return current, diags
	}
	obj, err := r.refreshRead(ctx, addr)
	if p := r.Kind.Provisioning; err == nil && p != nil && slices.Contains(p.Gone, p.stateOf(obj)) {
		err = &konnect.APIError{StatusCode: 404, Message: "terminated"} // torn down: as good as deleted
	}
	expired := ""
	if err == nil && r.Kind.Expired != nil {
		if expired = r.Kind.Expired(obj); expired != "" {
			diags.AddWarning("Konnect object no longer usable",
				fmt.Sprintf("%s %s. The plan replaces it if the configuration still declares it.", r.object(addr), expired))
		}
	}
	diags.Append(newPrivate.SetKey(ctx, privateExpiredKey, expiredMark(expired))...) // expired.go
	if err == nil && r.Kind.Notice != nil {
		if notice := r.Kind.Notice(obj); notice != "" {
			diags.AddWarning("Konnect object changed outside Terraform", fmt.Sprintf("%s %s", r.object(addr), notice))
		}
	}
	if konnect.IsNotFound(err) {
		if where, gone := r.confirmGone(ctx, addr); !gone {
			diags.AddError("Could not read "+r.Kind.TypeName,
				fmt.Sprintf("Konnect answered 404 for %s, and 404 for %s: the control plane it lives in is not found either. "+
					"Nothing was removed from state: without its control plane, a 404 is no proof that this object was deleted.\n\n"+
					"If server_url names another region than the one the control plane was made in, point it at that region. "+
					"If the control plane was deleted in Konnect (with everything in it), remove its objects from state "+
					"(`terraform state rm`) and plan again: the configuration then creates them anew.", r.object(addr), where))
			return current, diags
		}
		diags.AddWarning("Konnect object deleted outside Terraform",
			fmt.Sprintf("%s no longer exists in Konnect. It was removed from the state; the plan will create it again if the configuration still declares it.", r.object(addr)))
		return tftypes.NewValue(current.Type(), nil), diags
	}
	if err != nil {
		r.apiError(&diags, "Could not read "+r.Kind.TypeName, err)
		return current, diags
	}
	val, rev, err := r.StateFromAPI(obj, addr.Parents, m)
	var taken map[string][]SecretAt
	if err == nil {
		val, taken, err = r.UnshapedWithoutSecrets(ctx, val, obj, addr, m)
	}
	if err != nil {
		diags.AddError("Unexpected response from Konnect", err.Error())
		return current, diags
	}
	if s := LoadImportSecrets(ctx, private, r.Data.digestKey()); taken != nil || s != nil {
		// secrets.go: the digests follow what Konnect holds now (under the current key)
		if taken == nil {
			taken = s.stillOutOfState(val, obj, r.Kind.Attrs)
		}
		if s == nil {
			s = &ImportSecrets{key: r.Data.digestKey()}
		}
		diags.Append(s.Record(ctx, newPrivate, taken)...)
	}
	var before, baseValues guard.Values
	prev := DecodeSeen(ctx, private)
	if b, _ := LoadBase(ctx, private); b != nil {
		baseValues = b.Values
		rekeyed := r.rekeyBase(b, r.Hidden(obj), obj["updated_at"], obj["id"]) // digest.go
		// Secrets a record of an older version held in plain text, digested; digests of a
		// rotated key made again when Konnect has not written the object since the last read.
		digested := r.digestSecrets(b.Values, addr.ID)
		if prev != nil && prev.UpdatedAt != "" && prev.UpdatedAt == guard.FormatUpdatedAt(obj["updated_at"]) {
			if now, err := AsObject(val); err == nil && r.rekeySecrets(b.Values, r.ManagedValues(now)) {
				digested = true
			}
		}
		if rekeyed || digested || b.Format < guard.RecordFormat {
			// Hidden values of an older record, or of another key, brought to this key; a
			// record of an older format written in this one.
			if raw, err := guard.EncodeBase(*b); err == nil {
				diags.Append(newPrivate.SetKey(ctx, guard.PrivateBaseKey, raw)...)
			}
		}
	} else {
		// No record, or one that cannot be read (removed from the state file by hand, written
		// by a version that is gone, or an object moved from another type or provider). The
		// state's own attributes still say what was last applied or read: they become the
		// base, so an edit made in Konnect since is still a change someone else made (a
		// conflict when configuration would undo it), never silently the new base. An import
		// has no attributes yet, and a state switched from Kong's provider has no revision
		// (its values are Kong's shapes): what Konnect holds becomes the base.
		from := val
		if r.holdsValues(m) && Str(m[attrRevision]) != "" {
			from = current
		}
		baseValues, diags = r.establishBase(ctx, newPrivate, from, obj, rev, diags)
	}
	if prev != nil {
		before = prev.Values
		if before == nil {
			before = baseValues
		}
		r.digestSecrets(before, addr.ID)
	}
	diags.Append(r.saveSeen(ctx, newPrivate, val, rev, obj, before, baseValues)...)
	r.saveRefreshMark(ctx, newPrivate, obj, rev)
	r.saveDetector(ctx, newPrivate, obj, rev)
	return val, diags
}

// unshapedWithoutSecrets drops the secrets from the JSON documents that state held no keys
// of (an import, or a create that set none): with no configuration saying which keys are the user's, state would
// otherwise hold Konnect's whole document, and the plan that imports it would print them.
// Configuration that sets a secret key to what Konnect holds plans nothing (the digests of
// importSecrets); keys it leaves out keep what Konnect holds.
func (r *EntityResource) UnshapedWithoutSecrets(ctx context.Context, val tftypes.Value, obj konnect.Object, addr Address, prior ObjectValues) (tftypes.Value, map[string][]SecretAt, error) {
	var unshaped map[string]bool
	for _, a := range r.Kind.Attrs {
		if p, ok := prior[a.Name]; a.Type.Kind == KJSON && !a.Overlay && !a.configOnly() && (!ok || p.IsNull()) {
			if unshaped == nil {
				unshaped = map[string]bool{}
			}
			unshaped[a.Name] = true
		}
	}
	var taken map[string][]SecretAt
	if unshaped != nil {
		var err error
		if val, taken, err = splitSecrets(ctx, r.Data, r.Kind, r.Attrs, val, obj, addr.Parents["control_plane_id"], unshaped); err != nil {
			return val, nil, err
		}
	}
	val, err := r.withoutOverlaidPaths(val) // config_secrets.go: its paths never in config
	return val, taken, err
}

// refreshRead reads an object for refresh: from this run's snapshot of its collection when
// there is one, otherwise (and to confirm an object missing from the snapshot) directly.
func (r *EntityResource) refreshRead(ctx context.Context, addr Address) (konnect.Object, error) {
	if col, list, ok := r.snapshotOf(addr); ok && r.Data.Snapshots != nil { // snapshot_platform.go
		if obj, ok := r.Data.Snapshots.LookupListed(ctx, col, addr.ID, list); ok {
			return maps.Clone(obj), nil
		}
	}
	obj, _, err := r.Kind.API.Get(ctx, r.Data.Client, addr)
	return obj, err
}

// wrote drops the snapshot of a collection this run has just written to, and those of the
// collections above it.
func (r *EntityResource) wrote(addr Address) {
	if col, ok := r.writtenCollection(addr); ok && r.Data.Snapshots != nil {
		r.Data.Snapshots.Invalidate(col)
	}
}

func (r *EntityResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer r.schemaUploaded(req.Plan.Raw, &resp.State) // schema_uploads.go
	prior, err := AsObject(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := r.address(prior)
	atPlan := plannedVersion(ctx, prior, req.Private)
	live, etag, ok := r.checkLive(ctx, addr, atPlan, guard.OpUpdate, &resp.Diagnostics)
	if !ok {
		return
	}
	configured := r.configured(req.Config.Raw)
	b, _ := LoadBase(ctx, req.Private)
	liveHidden := r.Hidden(live)
	r.rekeyBase(b, liveHidden, live["updated_at"], live["id"]) // digest.go: the values kept below are this key's
	if r.sameExceptWritten(planned, prior) {
		// An adoption: configuration agrees with what Konnect holds. Nothing is written;
		// the object just read live (Guard 1 passed) becomes the base.
		r.logDecision(ctx, "remote_edit", "adopted", addr, nil)
		r.finishWrite(ctx, live, addr.Parents, planned, configured, &resp.State.Raw, resp.Private, &resp.Diagnostics)
		r.keepUnsentRenderings(ctx, resp.Private, b, liveHidden, nil, &resp.Diagnostics)
		return
	}
	cfg, _ := AsObject(req.Config.Raw)
	resets := r.resetsFor(cfg, b)
	body, err := r.Body(planned)
	if err != nil {
		resp.Diagnostics.AddError("Invalid configuration", err.Error())
		return
	}
	resets.apply(r, body)
	if patches(r.Kind.API) { // api_v3.go: what the plan changes, nothing else
		if before, berr := r.Body(prior); berr == nil {
			body = onlyChanges(before, body, resets.names(r), r.mapFields())
			r.patchMembers(before, body) // api_v3.go: objects Konnect patches member by member
		}
	} else {
		r.keepUndeclared(body, live) // a PUT replaces the object: what this kind does not model stays
	}
	sent := r.writeSecrets(body, cfg, prior, planned, live) // writeonly.go: from configuration only
	r.writeConfigSecretsWO(body, cfg, prior, planned, live) // config_secrets.go
	var obj konnect.Object
	if u, ok := r.Kind.API.(UpdatesFromPrior); ok {
		before, _ := r.Body(prior)
		obj, _, err = u.UpdateFrom(ctx, r.Data.Client, addr, body, before, live, etag)
	} else {
		obj, _, err = r.Kind.API.Update(ctx, r.Data.Client, addr, body, live, etag)
	}
	r.wrote(addr)
	if konnect.IsPreconditionFailed(err) {
		// A retried write can be refused because its first attempt landed and changed the
		// ETag. If Konnect holds exactly what this apply wrote, the write succeeded.
		if now, _, gerr := r.Kind.API.Get(ctx, r.Data.Client, addr); gerr == nil && r.holds(now, body) {
			r.logDecision(ctx, "stale_plan", "412_own_write", addr, nil)
			r.finishWrite(ctx, now, addr.Parents, planned, configured, &resp.State.Raw, resp.Private, &resp.Diagnostics)
			r.keepUnsentRenderings(ctx, resp.Private, b, liveHidden, sent, &resp.Diagnostics)
			return
		}
		r.raced(ctx, addr, atPlan, guard.OpUpdate, &resp.Diagnostics)
		return
	}
	if err != nil {
		r.apiError(&resp.Diagnostics, "Could not update "+r.Kind.TypeName, err)
		return
	}
	if patches(r.Kind.API) {
		obj = r.keepUnpatched(obj, body, planned) // api_v3.go
	}
	r.finishWrite(ctx, obj, addr.Parents, planned, configured, &resp.State.Raw, resp.Private, &resp.Diagnostics)
	r.keepUnsentRenderings(ctx, resp.Private, b, liveHidden, sent, &resp.Diagnostics)
	if r.Kind.Provisioning != nil && !resp.Diagnostics.HasError() {
		// provisioning.go: an update Konnect reprovisions for (a new data-plane group) waits
		// like a create
		r.waitCreated(ctx, "update", obj, addr.Parents, planned, configured, &resp.State.Raw, resp.Private, &resp.Diagnostics)
	}
}

func (r *EntityResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	prior, err := AsObject(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := r.address(prior)
	addr.Query = r.deleteQuery(prior)
	atPlan := plannedVersion(ctx, prior, req.Private)
	_, etag, ok := r.checkLive(ctx, addr, atPlan, guard.OpDelete, &resp.Diagnostics)
	if !ok || !r.checkCascade(ctx, addr, prior, &resp.Diagnostics) {
		return
	}
	_, err = r.Kind.API.Delete(ctx, r.Data.Client, addr, etag)
	r.wrote(addr)
	if (err == nil || konnect.IsNotFound(err)) && r.keyParent() == "" { // (a portal's settings' id is the portal's)
		r.Data.Snapshots.Deleted(addr.ID) // cascade_snapshot.go
	}
	if konnect.IsPreconditionFailed(err) {
		// Refused because an earlier attempt of this delete landed? Then it is done.
		if _, _, gerr := r.Kind.API.Get(ctx, r.Data.Client, addr); konnect.IsNotFound(gerr) {
			return
		}
	}
	switch {
	case konnect.IsPreconditionFailed(err):
		r.raced(ctx, addr, atPlan, guard.OpDelete, &resp.Diagnostics)
	case konnect.IsNotFound(err):
		r.warnAlreadyGone(&resp.Diagnostics, addr)
	case err != nil:
		r.apiError(&resp.Diagnostics, "Could not delete "+r.Kind.TypeName, err)
	case r.Kind.Provisioning != nil:
		r.waitDeleted(ctx, addr, prior, &resp.Diagnostics) // provisioning.go
	}
}

// holds reports whether the live object carries every value of a request body (Konnect's
// filled-in defaults in JSON documents aside): guard.OwnWrite over the values Konnect
// returns as written.
func (r *EntityResource) holds(live, body konnect.Object) bool {
	wrote, now := guard.Values{}, guard.Values{}
	for _, a := range r.Kind.Attrs {
		want, ok := body[a.JSONName()]
		if !ok || !a.Managed() || a.NotReturned {
			continue
		}
		wrote[a.Name], now[a.Name] = a.Type.withoutNotReturned(want), Lookup(live, a)
	}
	return guard.OwnWrite(r.Fields, wrote, now)
}

// checkLive is Guard 1, at plan time and again right before a write: read the object live
// (never from a refresh snapshot) and compare its revision with the one the plan was made
// against. ok is true when the operation may go on; it returns the live object and its
// ETag. A delete of an object already gone is a success with a warning (ok=false, no
// error).
func (r *EntityResource) checkLive(ctx context.Context, addr Address, atPlan guard.Version, op guard.Operation, diags *diag.Diagnostics) (konnect.Object, string, bool) {
	planned := atPlan.Revision
	live, resp, err := r.Kind.API.Get(ctx, r.Data.Client, addr)
	if konnect.IsNotFound(err) {
		if op == guard.OpDelete {
			r.logDecision(ctx, "stale_plan", "gone", addr, map[string]any{"revision_at_plan": planned})
			r.warnAlreadyGone(diags, addr)
			return nil, "", false
		}
		e := guard.Gone(r.object(addr), op, atPlan)
		r.logDecision(ctx, "stale_plan", "gone", addr, map[string]any{"revision_at_plan": planned})
		diags.AddError(e.Summary(), e.Detail())
		return nil, "", false
	}
	if err != nil {
		r.apiError(diags, "Could not read "+r.Kind.TypeName+" to check it is unchanged", err)
		return nil, "", false
	}
	now, key, err := r.keyedRevision(live)
	if err != nil {
		diags.AddError("Unexpected response from Konnect", err.Error())
		return nil, "", false
	}
	if e := guard.CheckStale(r.object(addr), op, atPlan, guard.Version{Revision: now, UpdatedAt: guard.FormatUpdatedAt(live["updated_at"]), Key: key}); e != nil {
		r.logDecision(ctx, "stale_plan", "conflict", addr, map[string]any{"revision_at_plan": planned, "revision_now": now})
		diags.AddError(e.Summary(), e.Detail())
		return nil, "", false
	}
	r.logDecision(ctx, "stale_plan", "ok", addr, map[string]any{"revision_at_plan": planned, "revision_now": now})
	etag := ""
	if resp != nil {
		etag = resp.ETag
	}
	return live, etag, true
}

// raced reports a write that Konnect refused with 412: someone wrote between our re-read
// and our write. It is the same conflict as a stale plan.
func (r *EntityResource) raced(ctx context.Context, addr Address, atPlan guard.Version, op guard.Operation, diags *diag.Diagnostics) {
	planned := atPlan.Revision
	now := guard.Version{Revision: "(changed while this apply was writing: Konnect answered 412 Precondition Failed)"}
	if live, _, err := r.Kind.API.Get(ctx, r.Data.Client, addr); err == nil {
		if rev, err := r.revision(live); err == nil {
			now = guard.Version{Revision: rev, UpdatedAt: guard.FormatUpdatedAt(live["updated_at"])}
		}
	}
	r.logDecision(ctx, "stale_plan", "conflict_412", addr, map[string]any{"revision_at_plan": planned, "revision_now": now.Revision})
	e := &guard.StalePlanError{Object: r.object(addr), Operation: op, AtPlan: atPlan, Now: now}
	diags.AddError(e.Summary(), e.Detail())
}

func (r *EntityResource) warnAlreadyGone(diags *diag.Diagnostics, addr Address) {
	diags.AddWarning("Konnect object already deleted",
		fmt.Sprintf("%s was already deleted in Konnect; there was nothing left to delete.", r.object(addr)))
}

func (r *EntityResource) logDecision(ctx context.Context, g, result string, addr Address, extra map[string]any) {
	fields := map[string]any{"guard": g, "result": result, "resource_type": r.Kind.TypeName, "id": addr.ID}
	for k, v := range extra {
		fields[k] = v
	}
	tflog.Info(ctx, "konnect guard decision", fields)
}

// apiError turns a Konnect error into diagnostics, on the attribute that caused it when
// Konnect names one.
func (r *EntityResource) apiError(diags *diag.Diagnostics, summary string, err error) {
	var apiErr *konnect.APIError
	if errors.As(err, &apiErr) && len(apiErr.FieldErrors) > 0 {
		attached := false
		for _, fe := range apiErr.FieldErrors {
			msg := strings.Join(fe.Messages, "; ")
			if msg == "" {
				msg = fe.Reason
			}
			if a, ok := r.attrForField(fe.Field); ok {
				diags.AddAttributeError(path.Root(a), summary, fmt.Sprintf("Konnect rejected %s: %s\n\n%s", r.rejectedAt(a, fe.Field), msg, requestLine(apiErr)))
				attached = true
			}
		}
		if attached {
			return
		}
	}
	diags.AddError(summary, err.Error())
}

// requestLine says which call Konnect answered, for support: status, call and trace id.
func requestLine(e *konnect.APIError) string {
	what := e.Title
	if what == "" {
		what = e.Message
	}
	s := fmt.Sprintf("Konnect answered %d %s to %s %s", e.StatusCode, what, e.Method, e.Path)
	if e.TraceID != "" {
		s += " (trace " + e.TraceID + ")"
	}
	return s + "."
}

func (r *EntityResource) attrForField(field string) (string, bool) {
	top := strings.SplitN(field, ".", 2)[0]
	for _, a := range r.Kind.Attrs {
		if a.JSONName() == top || a.Name == top {
			return a.Name, true
		}
	}
	return "", false
}

// deleteQuery is the query of a DELETE: each of the kind's DeleteQuery parameters with the
// value its attribute holds in state (Kong's force_destroy as ?force=), left out when null.
func (r *EntityResource) deleteQuery(prior ObjectValues) url.Values {
	if len(r.Kind.DeleteQuery) == 0 {
		return nil
	}
	q := url.Values{}
	for param, attr := range r.Kind.DeleteQuery {
		if v, ok := prior[attr]; ok && v.IsKnown() && !v.IsNull() {
			q.Set(param, Str(v))
		}
	}
	return q
}

// textDocument says where an attribute holds a document as text (Attr.TextDocument): the
// attribute itself, or one member of its object.
func textDocument(a Attr) (bool, string) {
	if a.TextDocument {
		return true, ""
	}
	if a.Type.Kind == KObject {
		for _, m := range a.Type.Attrs {
			if m.TextDocument {
				return true, m.JSONName()
			}
		}
	}
	return false, ""
}

// confirmGone reports whether a 404 for addr proves the object was deleted. For an object
// in a control plane, Konnect must still know the control plane: a 404 for it too (deleted
// with everything in it, or server_url naming another region than the one it was made in)
// proves nothing about the object; where names the read that failed then. Other kinds take
// the 404 as it is.
func (r *EntityResource) confirmGone(ctx context.Context, addr Address) (where string, gone bool) {
	cp := addr.Parents["control_plane_id"]
	if cp == "" {
		return "", true
	}
	_, _, err := r.Data.Client.GetControlPlane(ctx, cp)
	if konnect.IsNotFound(err) {
		return "GET /v2/control-planes/" + cp, false
	}
	return "", true // Konnect knows the control plane (or another error, which the next call reports): the 404 stands
}

// sensitiveLeaves lists the dotted paths of the sensitive members of a nested object's
// attributes, at any depth of nested objects.
func sensitiveLeaves(attrs []Attr, prefix string) []string {
	var out []string
	for _, a := range attrs {
		switch {
		case a.Sensitive:
			out = append(out, prefix+a.Name)
		case a.Type.Kind == KObject:
			out = append(out, sensitiveLeaves(a.Type.Attrs, prefix+a.Name+".")...)
		}
	}
	return out
}
