package guard

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// ConflictPolicy says what a Guard 2 conflict does to a plan.
type ConflictPolicy string

const (
	PolicyFail      ConflictPolicy = "fail"
	PolicyWarn      ConflictPolicy = "warn"
	PolicyOverwrite ConflictPolicy = "overwrite"

	// PolicyEnv is read when the provider's conflict_policy attribute is unset.
	PolicyEnv = "KONNECT_CONFLICT_POLICY"
)

// Policies lists the allowed values, in the order they are documented.
var Policies = []string{string(PolicyFail), string(PolicyWarn), string(PolicyOverwrite)}

// ParsePolicy turns a configured value into a policy; "" means the default, fail.
func ParsePolicy(s string) (ConflictPolicy, error) {
	switch ConflictPolicy(strings.TrimSpace(s)) {
	case "", PolicyFail:
		return PolicyFail, nil
	case PolicyWarn:
		return PolicyWarn, nil
	case PolicyOverwrite:
		return PolicyOverwrite, nil
	}
	return "", fmt.Errorf("conflict policy %q is not one of %s", s, strings.Join(Policies, ", "))
}

// PolicyFromEnv resolves the policy when the attribute is unset.
func PolicyFromEnv() (ConflictPolicy, error) {
	return ParsePolicy(os.Getenv(PolicyEnv))
}

// Object names one remote object in diagnostics.
type Object struct {
	TypeName       string // Terraform resource type, e.g. konnect_gateway_service
	ID             string
	ControlPlaneID string // empty for control planes
}

func (o Object) String() string {
	s := fmt.Sprintf("%s (id %s", o.TypeName, o.ID)
	if o.ControlPlaneID != "" {
		s += ", control plane " + o.ControlPlaneID
	}
	return s + ")"
}

// Version is one observed version of a remote object.
type Version struct {
	Revision  string
	UpdatedAt string // as rendered by FormatUpdatedAt; "" when unknown
	// Key is the id of the digest key of a keyed revision (KeyedRevision), "" for a plain
	// one or when unknown.
	Key string
}

// maxUnixSeconds bounds the timestamps FormatUpdatedAt renders as dates (year 9999);
// anything larger is shown as the number it is.
const maxUnixSeconds = 253402300799

// FormatUpdatedAt renders Konnect's updated_at (Unix seconds, possibly fractional, for
// core entities; RFC 3339 for control planes) as RFC 3339 UTC.
func FormatUpdatedAt(v any) string {
	switch t := canonjson.Normalize(v).(type) {
	case string:
		if ts, err := time.Parse(time.RFC3339Nano, t); err == nil {
			return ts.UTC().Format(time.RFC3339)
		}
		// Unix seconds sent as a string.
		if _, ok := canonjson.Number(json.Number(t)); ok {
			return FormatUpdatedAt(json.Number(t))
		}
		return t
	case nil:
		return ""
	default:
		n, ok := canonjson.Number(t)
		if !ok {
			return fmt.Sprint(t)
		}
		f, err := strconv.ParseFloat(n, 64)
		if err != nil || math.Abs(f) > maxUnixSeconds {
			return n
		}
		// Whole seconds, rounded down (also before 1970).
		return time.Unix(int64(math.Floor(f)), 0).UTC().Format(time.RFC3339)
	}
}

// Operation is what a plan does to an existing object.
type Operation string

const (
	OpUpdate  Operation = "update"
	OpReplace Operation = "replace"
	OpDelete  Operation = "delete"
)

// StalePlanError is Guard 1: the object changed (or vanished) after the plan was made.
type StalePlanError struct {
	Object    Object
	Operation Operation
	AtPlan    Version
	Now       Version
	Gone      bool // the object no longer exists in Konnect
}

// CheckStale returns a StalePlanError when the live revision differs from the planned one.
// A keyed revision (KeyedRevision) made with another digest key than the live one is
// compared by updated_at instead.
func CheckStale(obj Object, operation Operation, atPlan, now Version) *StalePlanError {
	if atPlan.Revision == "" || atPlan.Revision == now.Revision {
		return nil
	}
	if now.Key != "" && atPlan.Key != now.Key && atPlan.UpdatedAt != "" && atPlan.UpdatedAt == now.UpdatedAt {
		// A keyed revision made with another digest key (the provider's credential changed)
		// cannot be compared: the object is unchanged when Konnect's updated_at is.
		return nil
	}
	return &StalePlanError{Object: obj, Operation: operation, AtPlan: atPlan, Now: now}
}

// Gone reports Guard 1 for an object deleted in Konnect after the plan was made.
func Gone(obj Object, operation Operation, atPlan Version) *StalePlanError {
	return &StalePlanError{Object: obj, Operation: operation, AtPlan: atPlan, Gone: true}
}

func (e *StalePlanError) Error() string { return e.Summary() + ": " + e.Detail() }

func (e *StalePlanError) Summary() string {
	if e.Gone {
		return "Konnect object deleted since this plan was made"
	}
	return "Konnect object changed since this plan was made"
}

func (e *StalePlanError) Detail() string {
	var b strings.Builder
	// Indented lines are shown as they are (Terraform does not re-wrap them).
	fmt.Fprintf(&b, "  %s\n", e.Object)
	fmt.Fprintf(&b, "  revision at plan:  %s%s\n", e.AtPlan.Revision, at(e.AtPlan.UpdatedAt))
	if e.Gone {
		b.WriteString("  revision now:      (object no longer exists in Konnect)\n\n")
		fmt.Fprintf(&b, "Nothing was written: this plan would %s an object that someone deleted in Konnect, and it is not recreated blindly. ", e.Operation)
	} else {
		fmt.Fprintf(&b, "  revision now:      %s%s\n\n", e.Now.Revision, at(e.Now.UpdatedAt))
		fmt.Fprintf(&b, "Nothing was written: the planned %s was made against an older version of this object. ", e.Operation)
	}
	b.WriteString("Run `terraform plan` again to see the current state and re-decide.")
	return b.String()
}

func at(updated string) string {
	if updated == "" {
		return ""
	}
	return "   (updated_at " + updated + ")"
}

// Field describes one managed attribute for the three-way comparison.
type Field struct {
	Name      string // attribute name shown to the user
	Set       bool   // a collection whose order Konnect ignores (tags, methods, hosts, ...)
	Sensitive bool   // never printed
	Document  bool   // a JSON document (plugin config) whose keys Konnect fills in
	// TextDoc: the value holds a JSON or YAML document as text, itself or (TextDocAt) in
	// that member of an object value: compared as a document (textdoc.go).
	TextDoc   bool
	TextDocAt string
	// Tree: a nested object (a theme, an OIDC configuration) compared and reported leaf by
	// leaf: a member someone changed in Konnect conflicts only when the plan sets that member
	// to another value; SecretLeaves lists its sensitive members, dotted, comma-separated.
	Tree         bool
	SecretLeaves string
	// Lines: text merged by lines (a page's content): a conflict only where the planned
	// text loses or changes lines edited in Konnect (textmerge.go).
	Lines bool
}

// IsSecretLeaf reports a path of a Tree field that holds a secret: a sensitive member, or
// one whose name says it is one.
func (f Field) IsSecretLeaf(path []string) bool {
	if (SecretPaths{}).IsSecret(path) {
		return true
	}
	dotted := strings.Join(path, ".")
	for _, s := range strings.Split(f.SecretLeaves, ",") {
		if s != "" && (dotted == s || strings.HasPrefix(dotted, s+".")) {
			return true
		}
	}
	return false
}

// Values holds decoded JSON values of managed attributes keyed by Field.Name.
// A key that is absent means "not known" (for desired: computed later; skip).
type Values map[string]any

// Conflict is one field that someone changed in Konnect and that the plan would set back.
type Conflict struct {
	Field     Field
	Base      any
	Remote    any
	Desired   any
	Sensitive bool
	// Refreshed: Base is what the previous refresh found, not what Terraform wrote; the
	// field moved in Konnect since then (back to what Terraform last wrote, for example).
	Refreshed bool
	// FirstSet: configuration never set the field before (Base.Follows): Base is what Konnect
	// held at Terraform's last write, never written by Terraform, so it is not shown as
	// "last applied".
	FirstSet bool
	// Sent: a value Konnect never returns as written (Base.Hidden), which the planned write
	// sends again from configuration; Desired is not known to the guard.
	Sent bool
}

// Compare applies the three-way table of guards.md to every field:
//
//	base vs remote | desired vs remote | result
//	equal          | any               | no conflict (nothing, or an ordinary update)
//	differs        | equal             | no conflict (configuration already agrees)
//	differs        | differs           | conflict
//
// A field missing from base (never written by Terraform) or from desired (unknown until
// apply, or left to Konnect) cannot conflict.
func Compare(fields []Field, base, remote, desired Values) []Conflict {
	var out []Conflict
	for _, f := range fields {
		b, hasBase := base[f.Name]
		d, hasDesired := desired[f.Name]
		if !hasBase || !hasDesired {
			continue
		}
		r := remote[f.Name]
		if Equal(f, b, r) || Equal(f, d, r) {
			continue
		}
		if f.Tree && !treeConflicts(f, b, r, d) {
			continue // no member conflicts: the objects differ where the plan follows Konnect
		}
		if f.TextDoc && !treeConflicts(f, docView(f, b), docView(f, r), docView(f, d)) {
			continue // a document: no path the plan sets back (textdoc.go)
		}
		if f.Lines && LinesKept(b, r, d) {
			continue // text: the plan holds every line edited in Konnect (textmerge.go)
		}
		out = append(out, Conflict{Field: f, Base: b, Remote: r, Desired: d, Sensitive: f.Sensitive})
	}
	return out
}

// Equal compares two decoded JSON values of a field by value: numbers by value, object
// keys in any order, Set fields in any order, and null equal to an empty collection.
func Equal(f Field, a, b any) bool {
	a, b = docView(f, canonjson.Normalize(a)), docView(f, canonjson.Normalize(b))
	if f.Set {
		a, b = sortedSet(a), sortedSet(b)
	}
	if isEmpty(a) && isEmpty(b) {
		return true
	}
	ca, errA := canonjson.Canonical(a)
	cb, errB := canonjson.Canonical(b)
	return errA == nil && errB == nil && string(ca) == string(cb)
}

func isEmpty(v any) bool {
	switch t := v.(type) {
	case nil:
		return true
	case []any:
		return len(t) == 0
	case map[string]any:
		return len(t) == 0
	}
	return false
}

func sortedSet(v any) any {
	arr, ok := v.([]any)
	if !ok {
		return v
	}
	keyed := make([]string, len(arr))
	for i, e := range arr {
		c, _ := canonjson.Canonical(e)
		keyed[i] = string(c)
	}
	idx := make([]int, len(arr))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return keyed[idx[i]] < keyed[idx[j]] })
	out := make([]any, 0, len(arr))
	seen := map[string]bool{}
	for _, i := range idx {
		if seen[keyed[i]] {
			continue
		}
		seen[keyed[i]] = true
		out = append(out, arr[i])
	}
	return out
}

// SensitiveText replaces sensitive values wherever a conflict is shown.
const SensitiveText = "(sensitive value changed)"

// Show renders a value for a diagnostic.
// A value longer than maxShown characters is shown by its fingerprint.
func Show(f Field, v any) string {
	if _, ok := v.(konnectDefault); ok {
		return "(Konnect's default)"
	}
	if _, ok := v.(Unverifiable); ok {
		return UnverifiableText
	}
	if f.Sensitive {
		return SensitiveText
	}
	if _, ok := v.(notSet); ok {
		return NotSetText
	}
	v = canonjson.Normalize(v)
	if f.Set {
		v = sortedSet(v)
	}
	if s, ok := v.(string); ok {
		return shorten(fmt.Sprintf("%q", s), s)
	}
	c, err := canonjson.Canonical(v)
	if err != nil {
		return shorten(fmt.Sprint(v), v)
	}
	return shorten(string(c), v)
}

// RemoteEditError is Guard 2: the plan would undo changes made in Konnect.
type RemoteEditError struct {
	Object    Object
	ChangedAt string
	Conflicts []Conflict
	Policy    ConflictPolicy
	// Destroy: the plan deletes the object, and with it the changes made in Konnect.
	Destroy bool
}

func (e *RemoteEditError) Error() string { return e.Summary() + ": " + e.Detail() }

func (e *RemoteEditError) Summary() string {
	if e.Destroy {
		if e.Policy == PolicyWarn {
			return "This plan deletes changes made in Konnect"
		}
		return "Destroying this object would delete changes made in Konnect"
	}
	if e.Policy == PolicyWarn {
		return "This plan overwrites changes made in Konnect"
	}
	return "Applying this plan would overwrite changes made in Konnect"
}

// Fields lists the conflicting field names, for logs.
func (e *RemoteEditError) Fields() []string {
	names := make([]string, len(e.Conflicts))
	for i, c := range e.Conflicts {
		names[i] = c.Field.Name
	}
	return names
}

func (e *RemoteEditError) Detail() string {
	var b strings.Builder
	when := ""
	if e.ChangedAt != "" {
		when = " at " + e.ChangedAt
	}
	fmt.Fprintf(&b, "  %s was changed outside Terraform%s.\n", e.Object, when)
	width := 0
	for _, c := range e.Conflicts {
		width = max(width, len(c.Field.Name))
	}
	for _, c := range e.Conflicts {
		// A conflict marked sensitive is never printed, whichever of its two flags says so.
		f := c.Field
		f.Sensitive = f.Sensitive || c.Sensitive
		was := "last applied"
		if c.Refreshed {
			was = "last refreshed"
		}
		if c.FirstSet {
			was = "Konnect held"
		}
		if f.Sensitive {
			// A secret is never shown: say what can be said without it.
			s := secretSides(f, c, e.Destroy)
			if e.Destroy {
				fmt.Fprintf(&b, "    %-*s   %s: %s   in Konnect now: %s\n", width, f.Name, was, s[0], s[1])
			} else {
				fmt.Fprintf(&b, "    %-*s   %s: %s   in Konnect now: %s   planned: %s\n", width, f.Name, was, s[0], s[1], s[2])
			}
			continue
		}
		if e.Destroy {
			s := ShowSides(f, c.Base, c.Remote) // collections.go: alike, by count when long
			fmt.Fprintf(&b, "    %-*s   %s: %s   in Konnect now: %s\n", width, f.Name, was, s[0], s[1])
			if collectionRow(f, c.Base, c.Remote) {
				elementLines(&b, "      ", c.Base, c.Remote, nil, false)
			}
			if textRow(f, c.Base, c.Remote) {
				textLines(&b, "      ", c.Base, c.Remote, nil, false)
			}
			continue
		}
		s := ShowSides(f, c.Base, c.Remote, c.Desired)
		fmt.Fprintf(&b, "    %-*s   %s: %s   in Konnect now: %s   planned: %s\n",
			width, f.Name, was, s[0], s[1], s[2])
		if collectionRow(f, c.Base, c.Remote, c.Desired) {
			elementLines(&b, "      ", c.Base, c.Remote, c.Desired, true)
		}
		if textRow(f, c.Base, c.Remote, c.Desired) {
			textLines(&b, "      ", c.Base, c.Remote, c.Desired, true)
		}
	}
	b.WriteString("\n")
	if e.Destroy {
		if e.Policy == PolicyWarn {
			b.WriteString("conflict_policy is \"warn\": applying this plan deletes the object with these changes.\n")
		} else {
			b.WriteString("Destroying it deletes these changes too, and nothing was deleted.\n")
		}
		secrets, keys, others := e.secretNames()
		if others > 0 {
			b.WriteString("Keep a record of them first: set them in configuration, apply (Terraform adopts them), then destroy.\n")
		}
		if all := append(append([]string(nil), secrets...), keys...); len(all) > 0 {
			fmt.Fprintf(&b, "%s: a secret is not shown, and no one who does not know the new value can set it in configuration.\n", strings.Join(all, ", "))
		}
		b.WriteString("Delete anyway: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\").")
		return b.String()
	}
	if e.Policy == PolicyWarn {
		b.WriteString("conflict_policy is \"warn\": applying this plan overwrites the values in Konnect.\n")
	}
	secrets, keys, others := e.secretNames()
	if others > 0 {
		b.WriteString("Keep the Konnect values: set them in configuration.\n")
	}
	if len(keys) > 0 {
		// A secret key of a JSON document (config_secrets, or a key of config the plugin's
		// schema marks secret): it cannot be shown, only replaced by whoever knows it.
		fmt.Fprintf(&b, "%s: the secret in Konnect differs from the one last applied (someone changed it there); it is not shown.\n", strings.Join(keys, ", "))
		b.WriteString("Keep theirs: set the new value at the same path in `config_secrets` (ask whoever changed it), and plan again.\n")
		b.WriteString("Put yours back: overwrite, as below.\n")
	}
	for _, name := range secrets {
		// A secret no one here knows cannot be "set in configuration": say what can be done.
		twin := strings.TrimSuffix(name, "_wo") + "_wo"
		classic := strings.TrimSuffix(name, "_wo")
		fmt.Fprintf(&b, "%s was changed in Konnect: the secret is not shown, and no one who does not know the new value can set it in configuration.\n", name)
		fmt.Fprintf(&b, "Replace it with yours: set the secret to use (`%s`, or `%s` with a bumped `%s_version`) and overwrite, as below.\n", classic, twin, twin)
		fmt.Fprintf(&b, "Keep the one set in Konnect: plan no write that sends it. `%s` is sent only when `%s_version` changes; `%s` with every write of this object, and so is a secret Konnect needs on every write (a basic-auth password).\n", twin, twin, classic)
	}
	b.WriteString("Overwrite them: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\").")
	if e.Policy == PolicyWarn {
		return b.String()
	}
	// terraform destroy plans the configuration before it plans the destroy, and that plan
	// is indistinguishable from any other here: say what it means for a destroy too.
	b.WriteString("\nRunning terraform destroy? It plans the configuration first and stops here: destroying deletes these changes too. ")
	b.WriteString("To destroy anyway, run it with KONNECT_CONFLICT_POLICY=overwrite.")
	return b.String()
}

// secretNames lists the conflicts on secret attributes (a password, a write-only twin: not a
// key inside a JSON document), and counts the others.
func (e *RemoteEditError) secretNames() (names, keys []string, others int) {
	for _, c := range e.Conflicts {
		switch {
		case (c.Sensitive || c.Field.Sensitive) && !strings.Contains(c.Field.Name, "."):
			names = append(names, c.Field.Name)
		case c.Sensitive || c.Field.Sensitive:
			keys = append(keys, c.Field.Name)
		default:
			others++
		}
	}
	return names, keys, others
}

// What a conflict row says of a secret, which it never shows.
const (
	SecretText        = "(a secret)"
	SecretChangedText = "(a different secret)"
	SecretSameText    = "(the same secret as before)"
	SecretOtherText   = "(another secret)"
	SecretNoneText    = "(none)"
	SecretSentText    = "(the secret in configuration, sent again)"
)

// secretSides renders the sides of a conflict on a secret: last applied, in Konnect now and
// (unless destroy) planned, each as what can be said without the value: whether there is
// one, and whether the planned one is the one last applied.
func secretSides(f Field, c Conflict, destroy bool) []string {
	side := func(v any, text string) string {
		switch v.(type) {
		case konnectDefault, Unverifiable, notSet: // markers that carry no value
			return Show(Field{Name: f.Name}, v)
		}
		if isEmpty(v) {
			return SecretNoneText
		}
		return text
	}
	out := []string{side(c.Base, SecretText), side(c.Remote, SecretChangedText)}
	switch {
	case destroy:
	case c.Sent:
		out = append(out, SecretSentText)
	default:
		planned := SecretOtherText
		if Equal(f, c.Desired, c.Base) {
			planned = SecretSameText
		}
		out = append(out, side(c.Desired, planned))
	}
	return out
}

// NameExistsError is the creation guard: an object with this unique name already exists.
type NameExistsError struct {
	TypeName   string
	NameField  string
	Name       string
	ExistingID string
	CreatedAt  string
	ImportID   string // the id to put in the import block
	// Scope, for a kind unique on a name within a scope (a plugin), says which scope
	// ("on service 1f0c…"); empty for a kind whose name alone is unique.
	Scope string
}

func (e *NameExistsError) Error() string { return e.Summary() + ": " + e.Detail() }

func (e *NameExistsError) Summary() string {
	return "A Konnect object with this name already exists"
}

func (e *NameExistsError) Detail() string {
	var b strings.Builder
	scope := ""
	if e.Scope != "" {
		scope = " " + e.Scope
	}
	fmt.Fprintf(&b, "%s with %s %q%s already exists in Konnect: id %s", e.TypeName, e.NameField, e.Name, scope, e.ExistingID)
	if e.CreatedAt != "" {
		fmt.Fprintf(&b, ", created_at %s", e.CreatedAt)
	}
	b.WriteString(".\nNothing was written and it was not adopted. Terraform has no record of creating it, but an interrupted apply " +
		"(Ctrl-C, a lost connection) may have created it before it could record it in state.\n\n")
	b.WriteString("To manage the existing object with this configuration, add an import block and plan again:\n\n")
	fmt.Fprintf(&b, "  import {\n    to = %s.<name>\n    id = %q\n  }\n\n", e.TypeName, e.ImportID)
	if e.Scope != "" {
		b.WriteString("Konnect holds one plugin of a name per scope: or change the existing one, or scope this one elsewhere.")
	} else {
		b.WriteString("Or choose another name.")
	}
	return b.String()
}
