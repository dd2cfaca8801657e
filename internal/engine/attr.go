package engine

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// Validator is any framework validator (validator.String, validator.Float64, ...); which
// one an attribute takes follows its Type.
type Validator = validator.Describer

// PlanModifier is any framework plan modifier (planmodifier.String, ...); which one an
// attribute takes follows its Type.
type PlanModifier = planmodifier.Describer

// Mode says who sets an attribute.
type Mode int

const (
	// Optional attributes are sent to Konnect when configured; when configuration leaves
	// them unset they follow whatever Konnect holds (no perpetual diff).
	Optional Mode = iota
	// Required attributes must be configured.
	Required
	// Computed attributes are only ever read from Konnect.
	Computed
)

// Attr declares one attribute of an entity kind: its Terraform name, where it lives in
// Konnect's JSON, its type, and how plans and guards treat it.
type Attr struct {
	Name        string
	Description string
	Type        Type
	Mode        Mode

	// JSON is the field name in Konnect's request and response bodies (default: Name).
	JSON string
	// ReadFrom is a dotted path where responses carry the value when it differs from JSON
	// (control planes echo cluster_type under config.cluster_type).
	ReadFrom string
	// Parent marks a path parameter (control_plane_id, consumer_id, ...): part of the
	// object's address, never in a request body.
	Parent bool
	// Sensitive values are redacted in plans, logs and conflict diagnostics.
	Sensitive bool
	// TextDocument: a string holding a JSON or YAML document (an API's specification), on
	// a top-level attribute or a member of a top-level object attribute. The guard compares
	// it as a document and shows a conflict on it as the paths that changed (guard/textdoc.go).
	TextDocument bool
	// MergeLines: text (Markdown) that the portal editor also edits: the guard merges it by
	// lines with the edits made in Konnect, a conflict only where the planned text loses or
	// changes one of them (guard/textmerge.go).
	MergeLines bool
	// ForceNew: Konnect cannot change it in place, so a change plans a replace.
	ForceNew bool
	// ChangesOnWrite: Konnect may give it a new value whenever the object is written
	// (updated_at), or it may change without the object's revision changing (a
	// certificate's derived snis). Computed only. A plan that writes shows it as known
	// after apply, like the revision, so the value the write returns is never a surprise.
	ChangesOnWrite bool
	// NotReturned: Konnect never returns what was written (a password it stores hashed),
	// so state keeps the written value and Konnect's rendering of it is ignored. Inside an
	// object attribute (nested objects, not the elements of a collection) state keeps the
	// written value at the same path (keepNotReturned), and the guard's record leaves it out
	// (withoutNotReturned): Konnect shows nothing of it to compare.
	NotReturned bool
	// Same, when set, tells whether Konnect's value means the configured one when their
	// spellings differ (two RFC 3339 spellings of one time): state then keeps the configured
	// spelling, and no plan shows a difference.
	Same func(configured, remote any) bool
	// Canonical, when set, is the spelling state gives Konnect's value when there is no
	// configured spelling to keep (an import, a data source): the one configuration is
	// expected to use, so that an import plans no change.
	Canonical func(remote any) any
	// ShownOnce: a computed value Konnect returns in the create response only (a system
	// account's access token). State keeps it from the create; a read or an import, which
	// never sees it, leaves it as it was (null after an import); no revision covers it.
	ShownOnce bool
	// Default is the value Konnect applies when a write leaves the attribute out, as
	// decoded JSON (DefaultNull for null). When configuration stops setting an attribute
	// it set before, the plan shows this value; nil means Konnect's default is not known
	// here (the plan says "known after apply").
	Default any

	// Validators check configured values at plan time. Each is the framework validator of
	// the attribute's Type: validator.String for String and JSON, validator.Int64,
	// validator.Float64, validator.Bool, validator.List, validator.Set, validator.Map,
	// validator.Object; the schema builder refuses any other (checkDeclaration).
	Validators []Validator
	// WriteOnly: the value comes from configuration only and is never kept in plan or
	// state (Terraform 1.11+ and OpenTofu 1.11+). It is the write-only twin of a secret
	// attribute, with the same JSON field; declare both with writeOnlySecret (writeonly.go).
	WriteOnly bool
	// Versions, on a `<name>_wo_version` attribute, names the write-only attribute it
	// versions: the secret is sent when the object is created and when this value changes.
	// Kept in state, never sent to Konnect.
	Versions string
	// TwinOf, on a top-level write-only twin, is the attribute path of its classic secret
	// when that secret sits in a nested object (config.oidc_identity_provider_config.
	// client_secret): the framework refuses a write-only attribute inside a computed nested
	// attribute, so the twin lives at the top level, its JSON a dotted path (JSON) into the
	// body. Declare it with WriteOnlyTwinOf (writeonly.go).
	TwinOf []string
	// Local: the value is configuration's only, kept in state and never sent to Konnect
	// nor read from it (Kong's `force_destroy`, a DELETE query parameter: DeleteQuery). No
	// guard compares it; an import leaves it null.
	Local bool
	// KongDefault, on a Local string attribute: the value Kong's provider keeps in state
	// when configuration is silent (its schema default: a portal's force_destroy "false"),
	// which means what null means here. The attribute is then also computed, so that a state
	// written by Kong's provider keeps it and plans nothing after `state replace-provider`;
	// configuration silent over any other value plans null (planLocal, plan.go).
	KongDefault string

	// Inline, on an object attribute nested in an object, lays the object's attributes into
	// the parent's JSON object instead of under a field of its own: a flattened union in
	// Konnect (an identity provider's config is the OIDC object or the SAML object itself)
	// that Terraform names by branch (config.oidc_identity_provider_config). Written, its
	// fields join the parent's; read, it is present when the parent's JSON holds one of its
	// fields (their JSON names are its discriminating keys), and null otherwise. Its fields'
	// JSON names must differ from its siblings' and from those of the other inline siblings.
	Inline bool
	// Branch, on an Inline object, is the "field=value" that tells its branch apart when
	// the branches share fields (an autoscale's "kind=autopilot" and "kind=static"): the
	// branch is present when the parent's JSON field holds the value, and the field may be
	// declared in every branch.
	Branch string

	// Overlay: a JSON document laid over the attribute with the same JSON name on every
	// write (config_secrets over config); on read it keeps only its own paths, and they leave
	// the other attribute (config_secrets.go).
	Overlay bool

	// PatchMembers, on an object attribute of a kind whose updates are PATCHes: Konnect takes
	// the object's members one by one, so an update sends only the members that changed (a
	// custom domain's ssl: a new certificate without the verification method).
	PatchMembers bool
	// SentWith, on a member of a PatchMembers object, names the members (JSON names) that go
	// with it whenever it is sent (a certificate with its private key).
	SentWith []string

	// ClearedWith names an attribute whose reset to null clears this one in Konnect too
	// (a portal's OIDC scopes go with its issuer: without one Konnect shows no OIDC
	// settings at all). When a plan resets that attribute to null and configuration does
	// not set this one, the plan shows null here as well, not the value state had.
	ClearedWith string

	// PlanModifiers run after the engine's own (keep the state's value when unset, replace
	// on ForceNew); each is the framework plan modifier of the attribute's Type, as above.
	PlanModifiers []PlanModifier

	// inElement: the attribute belongs to the elements of a list, set or map of objects
	// (set by the schema builder): it keeps the state's value only while its element stays
	// the same (sameElementState).
	inElement bool
}

// DefaultNull declares that Konnect's default for an attribute is null (no value).
var DefaultNull = defaultNull{}

type defaultNull struct{}

// resetValue is the JSON value Konnect applies when a write leaves the attribute out, and
// whether it is known.
func (a Attr) ResetValue() (any, bool) {
	switch a.Default.(type) {
	case nil:
		return nil, false
	case defaultNull:
		return nil, true
	}
	return a.Default, true
}

// resettable reports whether removing the attribute from configuration resets it to
// Konnect's default: optional attributes Terraform writes, except values Konnect never
// returns (state keeps what was written; there is no default to show).
func (a Attr) resettable() bool { return a.Managed() && a.Mode == Optional && !a.NotReturned }

func (a Attr) JSONName() string {
	if a.JSON != "" {
		return a.JSON
	}
	return a.Name
}

// managed reports whether Terraform writes this attribute (and so Guard 2 compares it).
// Write-only attributes and their versions are written by their own rules (writeonly.go).
func (a Attr) Managed() bool { return a.Mode != Computed && !a.Parent && !a.configOnly() }

// configOnly: a write-only attribute or its version, which only configuration sets (not
// computed, nothing kept from state, nothing read from Konnect).
func (a Attr) configOnly() bool { return a.WriteOnly || a.Versions != "" || a.Local }

// Kind of value an attribute holds.
type Kind int

const (
	KString Kind = iota
	KInt64
	KFloat64
	KBool
	KJSON // a JSON document held as a normalized string (plugin config, vault config)
	KList
	KSet
	KMap
	KObject
)

// Type of an attribute. Collections carry Elem, objects carry Attrs.
type Type struct {
	Kind  Kind
	Elem  *Type
	Attrs []Attr
}

var (
	String  = Type{Kind: KString}
	Int64   = Type{Kind: KInt64}
	Float64 = Type{Kind: KFloat64}
	Bool    = Type{Kind: KBool}
	JSON    = Type{Kind: KJSON}
)

func ListOf(t Type) Type          { return Type{Kind: KList, Elem: &t} }
func SetOf(t Type) Type           { return Type{Kind: KSet, Elem: &t} }
func MapOf(t Type) Type           { return Type{Kind: KMap, Elem: &t} }
func ObjectOf(attrs ...Attr) Type { return Type{Kind: KObject, Attrs: attrs} }

// RefID is Kong's reference shape `{ id = "…" }` (service, route, certificate, …).
func RefID(description string) Type {
	return ObjectOf(Attr{Name: "id", Type: String, Mode: Required, Description: description})
}
