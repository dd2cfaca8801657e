package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Attributes every kind shares, and the engine's handling of them: Konnect's timestamps,
// a client-chosen id, and values that change whenever an object is written.

// coreTimestamps are created_at and updated_at of a gateway core entity: integer Unix
// seconds (targets: seconds with a millisecond fraction, see targetTimestamps).
var CoreTimestamps = timestamps(Int64, "Unix seconds")

// targetTimestamps: Konnect gives targets' timestamps a millisecond fraction.
var TargetTimestamps = timestamps(Float64, "Unix seconds, with a millisecond fraction")

// PlatformTimestamps: control planes and every platform object (teams, portals, …) carry RFC 3339 times, with milliseconds.
var PlatformTimestamps = timestamps(String, "an RFC 3339 time")

func timestamps(t Type, unit string) [2]Attr {
	return [2]Attr{
		{Name: "created_at", Type: t, Mode: Computed, Description: "When the object was created in Konnect, as " + unit + "."},
		{Name: "updated_at", Type: t, Mode: Computed, ChangesOnWrite: true,
			Description: "When the object was last written in Konnect, as " + unit + "."},
	}
}

// choosesID is implemented by APIs that create an object under an id the client chooses
// (PUT …/{id}): configuration may set the id.
type choosesID interface{ createsWithID() }

func (CoreEntityAPI) createsWithID() {}

// DeclaresID is an API whose objects' ids configuration chooses among the few Konnect
// lists (a CMEK's "default"): it declares the id attribute itself (Name AttrID), which
// Create finds in the body as a chosen id (chosenID), checked like one (checkChosenID).
type DeclaresID interface{ IDAttr() Attr }

// idAttr is the engine's id attribute of a kind as the resource schema declares it:
// computed, or where Konnect takes a client-chosen id, optional (teams moving from decK
// files keep their ids). Changing a chosen id replaces the object; removing it from
// configuration keeps the object and its id (the state's value is kept when unset).
func idAttr(k EntityKind) Attr {
	if d, ok := k.API.(DeclaresID); ok {
		return d.IDAttr()
	}
	a := Attr{Name: AttrID, Type: String, Mode: Computed, Description: "The object's id in Konnect."}
	if _, ok := k.API.(choosesID); ok {
		a.Mode, a.ForceNew = Optional, true
		a.Description = "The object's id in Konnect, a UUID. Unset, Konnect's object gets a random one; set, the object is created with this id (for example to keep the ids of a decK file). Removing it from the configuration keeps the object and its id."
		a.Validators = []Validator{stringvalidator.RegexMatches(UUIDRE, "must be a UUID")}
	}
	return a
}

// chosenID is the id configuration chose for an object to create ("" for none), and
// writes it into the request body, where coreEntityAPI.Create takes it from.
func chosenID(planned ObjectValues, body konnect.Object) string {
	id := Str(planned[AttrID])
	if id != "" {
		body[AttrID] = id
	}
	return id
}

// checkChosenID is the creation guard for a chosen id: creating with PUT under an id
// that an object already has would replace that object, so the create stops instead,
// naming the object and the import block that adopts it. ok is false when it stopped.
func (r *EntityResource) checkChosenID(ctx context.Context, addr Address, id string, diags *diag.Diagnostics) bool {
	existing, _, err := r.Kind.API.Get(ctx, r.Data.Client, Address{Parents: addr.Parents, ID: id})
	if konnect.IsNotFound(err) {
		r.logDecision(ctx, "create_exists", "ok", addr, map[string]any{"chosen_id": id})
		return true
	}
	if err != nil {
		r.apiError(diags, "Could not check whether the id is taken", err)
		return false
	}
	e := r.nameExists(addr, id, existing)
	r.logDecision(ctx, "create_exists", "conflict", addr, map[string]any{"existing_id": e.ExistingID})
	detail := fmt.Sprintf("%s with id %s already exists in Konnect", r.Kind.TypeName, e.ExistingID)
	if e.CreatedAt != "" {
		detail += ", created_at " + e.CreatedAt
	}
	detail += ".\nWriting under this id would replace that object: nothing was written and it was not adopted. Terraform has no record of creating it, but an interrupted apply " +
		"(Ctrl-C, a lost connection) may have created it before it could record it in state.\n\n" +
		"To manage the existing object with this configuration, add an import block and plan again:\n\n" +
		fmt.Sprintf("  import {\n    to = %s.<name>\n    id = %q\n  }\n\n", r.Kind.TypeName, e.ImportID) +
		"Or choose another id."
	diags.AddAttributeError(path.Root(AttrID), "A Konnect object with this id already exists", detail)
	return false
}

// unknownAfterWrite marks in a plan that writes what the write gives a new value: the
// revision, and the attributes declared ChangesOnWrite.
func (r *EntityResource) unknownAfterWrite(planned ObjectValues) {
	planned[attrRevision] = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	for _, a := range r.Kind.Attrs {
		if a.ChangesOnWrite {
			planned[a.Name] = tftypes.NewValue(a.Type.TFType(), tftypes.UnknownValue)
		}
	}
}

// keepWritten keeps in a plan that writes nothing the prior state's values of what
// unknownAfterWrite would mark (the framework marks them unknown when configuration
// changed only in spelling, a JSON document's key order).
func (r *EntityResource) keepWritten(planned, prior ObjectValues) {
	planned[attrRevision] = prior[attrRevision]
	for _, a := range r.Kind.Attrs {
		if a.ChangesOnWrite {
			planned[a.Name] = prior[a.Name]
		}
	}
}

// sameExceptWritten reports whether a plan writes nothing: the planned values equal the
// prior state's but for what unknownAfterWrite marks.
func (r *EntityResource) sameExceptWritten(planned, prior ObjectValues) bool {
	skip := map[string]bool{attrRevision: true}
	for _, a := range r.Kind.Attrs {
		if a.ChangesOnWrite {
			skip[a.Name] = true
		}
	}
	for k, v := range planned {
		if !skip[k] && !v.Equal(prior[k]) {
			return false
		}
	}
	return true
}

// revision is the revision of an object as Konnect returned it, without the fields its
// API declares Derived (computed from other objects: writing those never changes this
// one's revision). Fields that hold secrets count through their keyed digest only
// (guard.KeyedRevision, secretFields), so that the revision in state cannot be used to test
// a guess of a secret.
func (r *EntityResource) revision(obj konnect.Object) (string, error) {
	rev, _, err := r.keyedRevision(obj)
	return rev, err
}

// keyedRevision is revision, and the id of the digest key when the revision is keyed ("" when
// the object holds no secret field).
func (r *EntityResource) keyedRevision(obj konnect.Object) (string, string, error) {
	if l, ok := r.Kind.API.(Listable); ok && len(l.Listing().Derived) > 0 {
		c := l.Listing()
		obj = maps.Clone(obj)
		for _, f := range c.Derived {
			delete(obj, f)
		}
	}
	if len(r.Kind.Derived) > 0 {
		obj = withoutDerived(obj, r.Kind.Derived)
	}
	for _, a := range r.Kind.Attrs {
		if a.ShownOnce { // in the create response only: a revision that covered it would change at the first read
			obj = maps.Clone(obj)
			delete(obj, a.JSONName())
		}
	}
	k := r.Data.digestKey()
	rev, keyed, err := guard.KeyedRevision(obj, secretFields(r.Kind.Attrs), k)
	if !keyed {
		return rev, "", err
	}
	return rev, k.ID(), err
}

// secretFields are the top-level JSON fields of a kind that may hold a secret: sensitive
// attributes (and objects with a sensitive attribute inside) and JSON documents (a plugin's,
// partial's or vault's config, whose secrets the provider recognizes by schema and name;
// the whole document counts through its keyed digest, which needs no network to decide).
func secretFields(attrs []Attr) []string {
	var out []string
	for _, a := range attrs {
		if a.Parent || (!a.Sensitive && a.Type.Kind != KJSON && !holdsSensitive(a.Type)) {
			continue
		}
		f := strings.SplitN(a.JSONName(), ".", 2)[0]
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

func holdsSensitive(t Type) bool {
	for _, a := range t.Attrs {
		if a.Sensitive || holdsSensitive(a.Type) {
			return true
		}
	}
	return t.Elem != nil && holdsSensitive(*t.Elem)
}

// withoutDerived is obj without the Derived fields, each a JSON name or a dotted path into
// nested objects (a strategy's key_auth.active); the maps on a path are copied, obj is not
// changed.
func withoutDerived(obj konnect.Object, fields []string) konnect.Object {
	out := maps.Clone(obj)
	for _, f := range fields {
		parts := strings.Split(f, ".")
		m := out
		for _, p := range parts[:len(parts)-1] {
			next, ok := m[p].(map[string]any)
			if !ok {
				m = nil
				break
			}
			next = maps.Clone(next)
			m[p] = next
			m = next
		}
		if m != nil {
			delete(m, parts[len(parts)-1])
		}
	}
	return out
}
