package acctest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The guard scenarios that hold for every resource kind (guards.md, "What must be proven
// by tests", rows 1, 3, 5 and 9), run for each kind from one small row declared next to the
// kind (kind_*_test.go of its family's package, whose TestAccKinds calls RunKinds). One
// resource.Test per kind, its own mock and control plane:
//
//  1. create, with the attribute of row 9 set (Konnect holds the row's value and that
//     attribute, state a revision);
//  2. row 9: tags in another order plan nothing; configuration stops setting the attribute:
//     the plan shows Konnect's default, the apply leaves it out and Konnect applies its
//     default; edited in Konnect once configuration no longer sets it, it is no diff;
//  3. row 1: `plan -out` a change of the row's attribute, someone edits it in Konnect, the
//     apply of the saved plan fails naming the type (and the control plane of an object in
//     one), and Konnect keeps the edit;
//  4. row 5: `plan -destroy -out`, someone edits the object, the apply fails, the object is
//     intact in Konnect and keeps the edit;
//  5. row 3, policy fail: that edit, which the configuration would revert, fails the plan
//     with the field's line, and Konnect keeps it;
//  6. row 3, policy overwrite: the same plan, with no warning (for the kinds of
//     KindsBothCLIs, one per API style: the policy is decided once for every kind);
//  7. row 3, policy warn: the same plan applies with a warning naming the field, Konnect
//     holds the configured value, and a field someone set in Konnect that configuration
//     never mentions is kept.
// Row 9 comes last instead when it removes the row's own attribute (rows 1 to 3 start from
// a value Terraform applied), and after the Steps of a row without an update, which create
// the object. The object is imported by both id forms (importSteps): through the plugin
// protocol in step 7's Check, or through the CLI after the other steps for the kinds of
// KindsBothCLIs and rows without an update.
//
// Each CLI call costs about 0.2 s of CPU on the build machine (#34): a row runs through
// RunSteps (steps.go), which drives the CLI itself with one `apply` and one refreshed plan per
// applied step where terraform-plugin-testing makes up to nine calls, so that a row is about 15
// calls (37 through terraform-plugin-testing, 61 before this layout); and a step here is one that
// proves something of its own. Row 9's last edit is made before row 1's plan (keepsRemoved)
// rather than in a plan of its own when rows 1 to 3 follow, and what Konnect holds after an
// apply is checked before the next step rather than from a state read of its own.

// KindRow is how one kind takes part in the scenarios.
type KindRow struct {
	// Deps is HCL for the objects the kind needs besides konnect_gateway_control_plane.cp.
	Deps func(f *KindFixture) string
	// Block is the body of `resource "<type>" "this"` (control_plane_id aside), with one %s
	// where the updated attribute's value goes.
	Block string
	// Update is the attribute changed in place; nil for a kind that has none, with NoUpdate
	// saying why and Steps testing what does apply to it.
	Update   *KindUpdate
	NoUpdate string
	Steps    func(f *KindFixture) []resource.TestStep
	// Removal is the attribute scenario 9 removes from configuration (default: tags, which
	// every kind but two has); NoRemoval says why a kind has none.
	Removal   *KindRemoval
	NoRemoval string
	// Kept is a field configuration never sets that someone sets in Konnect before the
	// policy-warn update: the update must keep it (a PUT carries the whole object, a PATCH
	// only what the plan changes). Default: tags, or labels, when the kind has them and the
	// block does not set them; NoKept says why a kind has none.
	Kept   *KindKept
	NoKept string
	// UpdatedAt: Konnect's updated_at is RFC 3339 and the diagnostics show it: after each
	// revision of row 1's and row 5's stale plan, and as "changed outside Terraform at" in
	// row 3's conflict (a control plane, whose updated_at takes another path than a gateway
	// entity's Unix seconds).
	UpdatedAt bool
}

// KindKept is a field someone else sets in Konnect and configuration never mentions.
type KindKept struct {
	Field string // where Konnect holds it (its JSON name)
	UI    any    // what someone sets there
}

// keptField is the row's kept field, or nil when the kind has none (noKept says why).
func (f *KindFixture) keptField() *KindKept {
	if f.Row.Kept != nil || f.Row.NoKept != "" {
		return f.Row.Kept
	}
	for _, k := range []KindKept{{"tags", []any{"kept-by-ui"}}, {"labels", map[string]any{"kept": "by-ui"}}} {
		if HasAttr(f.Kind, k.Field) && !strings.Contains(f.Row.Block, k.Field+" ") {
			return &k
		}
	}
	return nil
}

// KindUpdate is one attribute that Konnect changes in place.
type KindUpdate struct {
	Attr   string         // the Terraform attribute, as diagnostics name it
	Field  string         // where Konnect holds it (dotted for nested JSON); default: the attribute's JSON name
	Line   string         // the conflict line's name when it is none of those (a path in a text document)
	HCL    string         // format of its HCL value (default: %q for strings, %v otherwise)
	Values [2]any         // configured at create, and in the plan made stale
	UI     any            // what someone sets in Konnect
	Also   map[string]any // other fields someone's edit sets with it (a password the UI writes back)
}

// KindRemoval declares an attribute to remove from configuration (scenario 9): the HCL value
// configuration sets first, and what someone sets in Konnect once configuration no longer
// sets it. Konnect's default is the attribute's declared Default.
type KindRemoval struct {
	Attr string // the Terraform attribute
	HCL  string // its value while configuration sets it
	UI   any    // what someone sets in Konnect once configuration no longer does
}

// tagsRemoval is scenario 9 on tags, whose default is none.
// Two tags: configuration that lists them in another order plans nothing (a set).
var tagsRemoval = &KindRemoval{Attr: "tags", HCL: `["t8", "t9"]`, UI: []any{"ui"}}

// TagsOrderKinds are the kinds whose row plans their tags in another order (one per API
// style that has tags): every kind's tags are the engine's set of strings, which
// TestKindTagsAreSets (internal/provider) checks for every kind.
var TagsOrderKinds = map[string]bool{
	gateway.ServiceKind.TypeName: true, gateway.PluginKind.TypeName: true, gateway.KeyAuthKind.TypeName: true,
}

// tagsReordered is tagsRemoval's tags in another order.
const tagsReordered = `["t9", "t8"]`

func (f *KindFixture) removal() *KindRemoval {
	if f.Row.Removal != nil {
		return f.Row.Removal
	}
	if f.Row.NoRemoval != "" {
		return nil
	}
	return tagsRemoval
}

// removalSteps is scenario 9: configuration sets the attribute, then stops setting it: the
// plan shows Konnect's default, the apply leaves the value out and Konnect applies its
// default, the next plan is empty; then someone sets it in Konnect, and since configuration
// no longer sets it, that is no diff.
//
// first: the object does not exist yet, and the step that sets the attribute creates it
// (createStep); the steps after these start from the configuration without it.
func (f *KindFixture) removalSteps(withBody, withoutBody string, first bool) []resource.TestStep {
	rm := f.removal()
	var a engine.Attr
	for _, x := range f.Kind.Attrs {
		if x.Name == rm.Attr {
			a = x
		}
	}
	def, known := a.ResetValue()
	if !known {
		f.T.Fatalf("%s.%s has no declared Konnect default: scenario 9 needs one", f.Kind.TypeName, a.Name)
	}
	isEmpty := func(v any) bool {
		switch x := v.(type) {
		case nil:
			return true
		case []any:
			return len(x) == 0
		case map[string]any:
			return len(x) == 0
		}
		return false
	}
	konnectHolds := func(what string, want any) {
		f.T.Helper()
		obj := f.Env.Get(f.Path)
		if obj == nil {
			f.T.Fatalf("%s: %s is not in Konnect at %s", what, f.Address(), f.Path)
		}
		got := Field(obj, a.JSONName())
		if (isEmpty(got) && isEmpty(want)) || fmt.Sprint(got) == fmt.Sprint(want) {
			return
		}
		f.T.Errorf("%s: Konnect holds %s = %v, want %v", what, a.JSONName(), got, want)
	}
	with := f.WithBlock("", withBody)
	without := f.WithBlock("", withoutBody)
	var holdsSet func()
	var reordered []resource.TestStep
	if strings.Contains(withBody, rm.Attr+" = "+rm.HCL) {
		// Konnect holds the value configuration sets (when its HCL is also JSON: a list of
		// strings, a string).
		var want any
		if json.Unmarshal([]byte(rm.HCL), &want) == nil {
			holdsSet = func() { konnectHolds("while configuration sets "+rm.Attr, want) }
		}
		if rm == tagsRemoval && TagsOrderKinds[f.Kind.TypeName] {
			// The same tags in another order: nothing to do.
			reordered = append(reordered, resource.TestStep{
				Config: f.WithBlock("", strings.Replace(withBody, rm.Attr+" = "+rm.HCL, rm.Attr+" = "+tagsReordered, 1)), PlanOnly: true,
			})
		}
	}
	set := f.createStep(with, holdsSet)
	if !first {
		set = resource.TestStep{Config: with, Check: func(*terraform.State) error {
			if holdsSet != nil {
				holdsSet()
			}
			return nil
		}}
	}
	steps := append(append([]resource.TestStep{set}, reordered...), []resource.TestStep{
		{
			// An update: Konnect holds the default once it is applied (checked before the
			// next step's edit, setRemoved, so that this step needs no state of its own; a
			// replacement would have left no object at f.Path).
			Config: without,
		},
		// (The plan right after that apply is empty: RunSteps fails any applied step whose
		// next plan, refreshed, is not.)
	}...)
	f.afterRemoval = func() { konnectHolds("after removing "+rm.Attr, def) }
	if first {
		// Rows 1, 5 and 3 follow: row 1's plan is the one after someone set the attribute in
		// Konnect (setRemoved), and keepsRemoved checks it keeps it.
		f.removed = &a
		return steps
	}
	return append(steps, f.konnectSetsRemoved(a, withoutBody))
}

// konnectSetsRemoved is the last step of row 9 when the imports follow: someone sets the
// removed attribute in Konnect; configuration no longer sets it, so no diff (a plan that
// writes nothing consults no policy), refreshed or not; applied (writing nothing), so that
// state holds what is imported; the policy is overwrite for the teardown: the destroy deletes
// that Konnect change, which overwrite lets it do.
func (f *KindFixture) konnectSetsRemoved(a engine.Attr, withoutBody string) resource.TestStep {
	return resource.TestStep{
		PreConfig:        func() { f.setRemoved(a) },
		Config:           f.WithBlock("overwrite", withoutBody),
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
	}
}

// setRemoved is someone setting the removed attribute in Konnect, once Konnect is seen to
// hold its default (afterRemoval).
func (f *KindFixture) setRemoved(a engine.Attr) {
	f.T.Helper()
	f.afterRemoval()
	f.Env.Edit(f.Path, func(body map[string]any) {
		Set(a.JSONName(), f.removal().UI)(body)
		if u := f.Row.Update; u != nil {
			for k, x := range u.Also { // what the UI writes back with any edit
				body[k] = x
			}
		}
	})
}

// keepsRemoved is the check of row 1's plan when row 9 came first: someone set the removed
// attribute in Konnect before it (setRemoved), and configuration no longer sets it, so the
// plan keeps Konnect's value: the attribute is no diff.
func (f *KindFixture) keepsRemoved(a engine.Attr) plancheck.PlanCheck {
	return planFunc(func(req plancheck.CheckPlanRequest) error {
		for _, rc := range req.Plan.ResourceChanges {
			if rc.Address != f.Address() || rc.Change == nil {
				continue
			}
			before, _ := rc.Change.Before.(map[string]any)
			after, _ := rc.Change.After.(map[string]any)
			want := f.removal().UI
			if fmt.Sprint(before[a.Name]) != fmt.Sprint(want) || fmt.Sprint(after[a.Name]) != fmt.Sprint(want) {
				return fmt.Errorf("%s was set in Konnect to %v after configuration stopped setting it: the plan takes it from %v to %v, want no diff",
					a.Name, want, before[a.Name], after[a.Name])
			}
			return nil
		}
		return fmt.Errorf("%s is not in the plan", f.Address())
	})
}

// KindFixture is one kind's test: its mock, its row, and what the first apply created.
type KindFixture struct {
	T    *testing.T
	Env  *Env
	Kind engine.EntityKind
	Row  KindRow
	Rec  *DiagRecorder
	Path string // API path of the object under test, known after the first apply
	kept any    // what Konnect held in the kept field once someone set it

	newServer func() tfprotov6.ProviderServer // the provider under test, for protocol calls of its own
	removed   *engine.Attr                    // row 9's attribute, for row 1's plan to find set in Konnect (row 9 first)
	// afterRemoval checks that Konnect holds row 9's default once the attribute was removed.
	afterRemoval func()
	// importCheck imports the object by both forms through the plugin protocol (importSteps),
	// for the warn step's Check; nil when the CLI imports it.
	importCheck func(*terraform.State) error

	pemOnce sync.Once
	pem     TLSPair
}

const kindCP = "kinds"

// Pair is a key pair and certificate generated once per test, for kinds that need one.
func (f *KindFixture) Pair() TLSPair {
	f.pemOnce.Do(func() {
		f.pem = TLSTestPEM(f.T, "kinds.example.com", f.Kind.TypeName == gateway.CACertificateKind.TypeName)
	})
	return f.pem
}

// Address is the object under test's address in configuration and state.
func (f *KindFixture) Address() string { return f.Kind.TypeName + ".this" }

// Config is the whole configuration with value i (0 or 1) of the row's attribute.
func (f *KindFixture) Config(policy string, i int) string {
	var value string
	if u := f.Row.Update; u != nil {
		value = u.render(u.Values[i])
	}
	return f.WithBlock(policy, fmt.Sprintf(f.Row.Block, value))
}

// Body is the row's block with value i (0 or 1) of the row's attribute.
func (f *KindFixture) Body(i int) string {
	u := f.Row.Update
	return fmt.Sprintf(f.Row.Block, u.render(u.Values[i]))
}

// WithBlock is the configuration with this body for the object under test.
func (f *KindFixture) WithBlock(policy, body string) string {
	cfg := f.Env.ProviderBlock(policy)
	inCP := HasAttr(f.Kind, "control_plane_id") // a gateway kind; the platform's kinds live outside control planes
	if inCP || f.Kind.TypeName == gateway.ControlPlaneKind.TypeName {
		cfg += fmt.Sprintf("\nresource \"konnect_gateway_control_plane\" \"cp\" {\n  name = %q\n}\n", kindCP)
	}
	if f.Row.Deps != nil {
		cfg += f.Row.Deps(f)
	}
	cfg += fmt.Sprintf("\nresource %q \"this\" {\n", f.Kind.TypeName)
	if inCP {
		cfg += "  control_plane_id = konnect_gateway_control_plane.cp.id\n"
	}
	return cfg + "  " + body + "\n}\n"
}

func (u *KindUpdate) render(v any) string {
	if u.HCL != "" {
		return fmt.Sprintf(u.HCL, v)
	}
	b, _ := json.Marshal(v) // numbers, bools and lists of strings are HCL as they are JSON
	return string(b)
}

// Remember records the object's path after the first apply.
func (f *KindFixture) Remember(s *terraform.State) error {
	rs, ok := s.RootModule().Resources[f.Address()]
	if !ok {
		return fmt.Errorf("%s not in state", f.Address())
	}
	f.Path = ObjectPath(f.Kind, rs.Primary.Attributes)
	return nil
}

// noSecretInRecords fails the test when a guard record the provider returned (private
// state) holds, in plain text, a secret the state holds in a sensitive attribute (issue
// 33, part 1): the record keeps keyed digests of secrets only.
func (f *KindFixture) noSecretInRecords(s *terraform.State) error {
	rs, ok := s.RootModule().Resources[f.Address()]
	if !ok {
		return fmt.Errorf("%s not in state", f.Address())
	}
	names := map[string]bool{}
	var collect func([]engine.Attr)
	collect = func(attrs []engine.Attr) {
		for _, a := range attrs {
			if a.Sensitive {
				names[a.Name] = true
			}
			collect(a.Type.Attrs)
		}
	}
	collect(f.Kind.Attrs)
	var secrets []string
	for key, v := range rs.Primary.Attributes {
		last := key[strings.LastIndex(key, ".")+1:]
		if !names[last] || len(v) < 6 {
			continue
		}
		var doc map[string]any
		if json.Unmarshal([]byte(v), &doc) == nil { // config_secrets: its string leaves
			for _, leaf := range stringLeaves(doc) {
				if len(leaf) >= 6 {
					secrets = append(secrets, leaf)
				}
			}
			continue
		}
		secrets = append(secrets, v)
	}
	if found := f.Rec.SecretInRecords(secrets); found != "" {
		f.T.Errorf("%s: %s", f.Kind.TypeName, found)
	}
	return nil
}

func stringLeaves(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, stringLeaves(e)...)
		}
		return out
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, stringLeaves(e)...)
		}
		return out
	}
	return nil
}

// Edit sets the row's attribute to v in Konnect, as someone in the UI would.
func (f *KindFixture) Edit(v any) {
	u := f.Row.Update
	f.Env.Edit(f.Path, func(body map[string]any) {
		Set(u.konnectField(f.Kind), v)(body)
		for k, x := range u.Also {
			body[k] = x
		}
	})
}

// Holds fails the test unless Konnect holds v in the row's attribute.
func (f *KindFixture) Holds(what string, v any) {
	f.T.Helper()
	obj := f.Env.Get(f.Path)
	if obj == nil {
		f.T.Fatalf("%s: %s is not in Konnect", what, f.Address())
	}
	at := f.Row.Update.konnectField(f.Kind)
	if got := Field(obj, at); fmt.Sprint(got) != fmt.Sprint(v) {
		f.T.Errorf("%s: Konnect holds %s = %v, want %v", what, at, got, v)
	}
}

// conflictLine is the name Guard 2's line gives the field: a key of a JSON document is named
// by its path (config.minute), anything else by the attribute.
func (u *KindUpdate) conflictLine() string {
	if u.Line != "" {
		return u.Line
	}
	if strings.HasPrefix(u.Field, u.Attr+".") {
		return u.Field
	}
	return u.Attr
}

func (u *KindUpdate) konnectField(k engine.EntityKind) string {
	if u.Field != "" {
		return u.Field
	}
	for _, a := range k.Attrs {
		if a.Name == u.Attr {
			return a.JSONName()
		}
	}
	return u.Attr
}

// revisionRE is a revision as state holds it.
var revisionRE = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// kindIDRE is an object's id in a diagnostic: a UUID, or the name or key that addresses a kind
// without one (a custom plugin schema, a config store secret), or an id of its own (a Kong Identity client: letters of both cases).
const kindIDRE = `(?:[0-9a-f-]{36}|[A-Za-z0-9_-]+)`

// KindStaleDiag is Guard 1's error for a type and operation.
func KindStaleDiag(typeName, op string) *regexp.Regexp { return staleDiag(typeName, "", "", op) }

// updatedAtRE is Konnect's updated_at as a diagnostic shows it (RFC 3339).
const updatedAtRE = `\d{4}-\d\d-\d\dT[0-9:]+Z`

// staleDiag is Guard 1's error, with what follows the object's id (object) when it is given,
// and the updated_at after each revision when at is.
func staleDiag(typeName, object, at, op string) *regexp.Regexp {
	atPlan := ""
	if at != "" {
		atPlan = `.*revision at plan:\s+sha256:[0-9a-f]{64}` + at
	}
	return regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*` + typeName + ` \(id ` + kindIDRE + object +
		atPlan + `.*revision now:\s+sha256:[0-9a-f]{64}` + at + `.*Nothing was written: the planned ` + op)
}

// staleDiag is Guard 1's error for the object under test: KindStaleDiag, and for an object in
// a control plane (a parent control_plane_id) the diagnostic says which control plane:
// `<type> (id <id>, control plane <uuid>)`.
// With the row's UpdatedAt, each revision is followed by `(updated_at <RFC 3339>)`.
func (f *KindFixture) staleDiag(op string) *regexp.Regexp {
	at := ""
	if f.Row.UpdatedAt {
		at = `\s+\(updated_at ` + updatedAtRE + `\)`
	}
	for _, a := range f.Kind.Attrs {
		if a.Parent && a.Name == "control_plane_id" {
			return staleDiag(f.Kind.TypeName, `,\s+control\s+plane\s+[0-9a-f-]{36}\)`, at, op)
		}
	}
	return staleDiag(f.Kind.TypeName, "", at, op)
}

// KindConflictDiag is Guard 2's error: its summary, the object, and the field's line.
func KindConflictDiag(typeName, attr string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` + typeName + ` \(id ` + kindIDRE +
		`.*\n[\s│]*` + regexp.QuoteMeta(attr) + `\s+last applied: [^\n]*in Konnect now: [^\n]*planned: `)
}

// conflictDiag is KindConflictDiag for the object under test; with the row's UpdatedAt, the
// object's line says when it was changed: `<type> (id <id>) was changed outside Terraform at
// <RFC 3339>`.
func (f *KindFixture) conflictDiag() *regexp.Regexp {
	line := f.Row.Update.conflictLine()
	if !f.Row.UpdatedAt {
		return KindConflictDiag(f.Kind.TypeName, line)
	}
	return regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` + f.Kind.TypeName + ` \(id ` + kindIDRE +
		`[^\n]*\) was changed outside Terraform at ` + updatedAtRE + `.*\n[\s│]*` + regexp.QuoteMeta(line) + `\s+last applied: [^\n]*in Konnect now: [^\n]*planned: `)
}

// createStep creates the object from config: Konnect holds the row's value, and state a
// revision.
func (f *KindFixture) createStep(config string, also func()) resource.TestStep {
	return resource.TestStep{
		Config: config,
		Check: func(s *terraform.State) error {
			if err := f.Remember(s); err != nil {
				return err
			}
			if u := f.Row.Update; u != nil {
				f.Holds("after create", u.Values[0])
			}
			if also != nil {
				also()
			}
			// The revision in state is the digest of what Konnect returned.
			return resource.TestMatchResourceAttr(f.Address(), "revision", revisionRE)(s)
		},
	}
}

// updateSteps are rows 1, 5 and 3 on the row's attribute, from an object created with value 0.
func (f *KindFixture) updateSteps() []resource.TestStep {
	u, typeName := f.Row.Update, f.Kind.TypeName
	action := func(a plancheck.ResourceActionType) plancheck.PlanCheck {
		return plancheck.ExpectResourceAction(f.Address(), a)
	}
	steps := []resource.TestStep{
		{
			// Row 1: a saved plan goes stale.
			Config: f.Config("", 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				action(plancheck.ResourceActionUpdate), OutOfBand(func() { f.Edit(u.UI) }),
			}},
			ExpectError: f.staleDiag("update"),
		},
		{
			// Row 5: someone sets the value back, a saved destroy plan is made, and someone
			// edits the object again before it is applied.
			PreConfig: func() {
				f.Holds("after the refused apply", u.UI)
				f.Edit(u.Values[0])
			},
			Config:  f.Config("", 0),
			Destroy: true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				action(plancheck.ResourceActionDestroy), OutOfBand(func() { f.Edit(u.UI) }),
			}},
			ExpectError: f.staleDiag("delete"),
		},
		{
			// Row 3, policy fail: the plan would revert the edit made in Konnect.
			PreConfig:   func() { f.Holds("after the refused destroy", u.UI) },
			Config:      f.Config("fail", 0),
			ExpectError: f.conflictDiag(),
		},
		{
			// Row 3, policy warn; and someone else's setting of a field configuration never
			// mentions (kept) survives the update.
			PreConfig: func() {
				f.Holds("before the warn plan", u.UI)
				if k := f.keptField(); k != nil {
					f.Env.Edit(f.Path, Set(k.Field, k.UI))
					f.kept = Field(f.Env.Get(f.Path), k.Field) // (labels merge with what row 9 left)
				}
				f.Rec.Reset()
			},
			// An update (Konnect holds the configured value at the same path: a replacement
			// would have left none there, and a no-op the edit).
			Config: f.Config("warn", 0),
			Check: func(s *terraform.State) error {
				f.Holds("policy warn", u.Values[0])
				_ = f.noSecretInRecords(s) // after a create, refreshes, a refused apply and an update
				if f.importCheck != nil {
					if err := f.importCheck(s); err != nil {
						return err
					}
				}
				if k := f.keptField(); k != nil {
					if got := Field(f.Env.Get(f.Path), k.Field); fmt.Sprint(got) != fmt.Sprint(f.kept) {
						f.T.Errorf("the update dropped %s, set in Konnect by someone else: Konnect holds %v, want %v", k.Field, got, f.kept)
					}
				}
				return f.Rec.WantWarning("This plan overwrites changes made in Konnect", typeName, u.conflictLine()+" ")
			},
		},
	}
	if a := f.removed; a != nil {
		// Row 9 came first: someone sets its attribute in Konnect before row 1's plan, which
		// keeps it (the last step of row 9 otherwise, a plan of its own).
		steps[0].PreConfig = func() { f.setRemoved(*a) }
		steps[0].ConfigPlanChecks.PreApply = append([]plancheck.PlanCheck{f.keepsRemoved(*a)}, steps[0].ConfigPlanChecks.PreApply...)
	}
	if slices.Contains(KindsBothCLIs, typeName) {
		// Row 3, policy overwrite, for one kind per API style: the policy is decided once, at
		// plan, for every kind (guard.Decide: TestDecide), and overwrite only silences the
		// conflict the fail step just proved for this kind; the protocol tests
		// (TestProtocolRemoteEditPolicies, internal/provider) hold the same for a service.
		steps = slices.Insert(steps, len(steps)-1, resource.TestStep{
			// Row 3, policy overwrite: the same plan, silent. Planned, not applied: the policy
			// is decided at plan (guard.Decide), and the apply that follows is the warn step's,
			// the same update whatever the policy.
			PreConfig: func() {
				f.Holds("after the refused plan", u.UI)
				f.Rec.Reset()
			},
			Config:             f.Config("overwrite", 0),
			PlanOnly:           true,
			ExpectNonEmptyPlan: true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{
				action(plancheck.ResourceActionUpdate),
				PlanCheck(func() error { return f.Rec.WantNoWarnings() }),
			}},
		})
	}
	return steps
}

// RunKinds runs the scenarios for each of kinds (a family's, in its package's TestAccKinds)
// but those in KindsBothCLIs (RunKindsBothCLIs),
// one subtest per kind named by its type without konnect_gateway_, from the kind's row in
// rows, against the provider newServer makes. It first checks the rows (CheckKindRows): every
// kind has exactly one row and rows has no other, so a kind is never silently left out.
func RunKinds(t *testing.T, kinds []engine.EntityKind, rows map[string]KindRow, newServer func() tfprotov6.ProviderServer) {
	t.Helper()
	CheckKindRows(t, kinds, rows)
	runKinds(t, kinds, rows, newServer, false)
}

// KindsBothCLIs are the kinds whose rows OpenTofu runs too, one per API style: a kind shares
// the engine with twenty others, so the other rows run with Terraform only (GNUmakefile,
// BOTH_CLIS_RUN): a gateway core entity, a plugin, a credential under its consumer, a global
// platform object, a portal page, a catalog object written whole with PUT. Their rows run in
// their family's TestAccKindsBothCLIs (RunKindsBothCLIs), not in TestAccKinds, so that the
// OpenTofu run selects them by test name beside its other tests.
var KindsBothCLIs = []string{"konnect_gateway_service", "konnect_gateway_plugin", "konnect_gateway_key_auth",
	"konnect_team", "konnect_portal_page", "konnect_api_publication"}

// RunKindsBothCLIs runs the rows of the family's kinds in KindsBothCLIs: its
// TestAccKindsBothCLIs, which every family holding such a kind has (TestAcceptanceMatrix).
func RunKindsBothCLIs(t *testing.T, kinds []engine.EntityKind, rows map[string]KindRow, newServer func() tfprotov6.ProviderServer) {
	t.Helper()
	runKinds(t, kinds, rows, newServer, true)
}

func runKinds(t *testing.T, kinds []engine.EntityKind, rows map[string]KindRow, newServer func() tfprotov6.ProviderServer, bothCLIs bool) {
	t.Helper()
	// Beside the package's other tests: a serial TestAccKinds would hold them back until its
	// last row ends, with one core idle while that row runs alone.
	t.Parallel()
	for _, k := range kinds {
		if slices.Contains(KindsBothCLIs, k.TypeName) != bothCLIs {
			continue
		}
		t.Run(KindSubtest(k), func(t *testing.T) {
			row, ok := rows[k.TypeName]
			if !ok {
				t.Fatalf("%s has no row", k.TypeName)
			}
			f := &KindFixture{T: t, Env: NewEnv(t, konnectmock.Options{}), Kind: k, Row: row, Rec: &DiagRecorder{}, newServer: newServer}
			// With an update of another attribute than row 9's, the object is created by
			// row 9's first step, then rows 1, 5 and 3 run. Otherwise row 9 comes last: after
			// the object was created alone and rows 1, 5 and 3 (the row's own attribute: they
			// must start from a value Terraform applied), or after the Steps of a row without
			// an update, which create it.
			var removal []resource.TestStep
			first := false
			if rm := f.removal(); rm != nil {
				first = row.Update != nil && row.Update.Attr != rm.Attr
				with, without := row.Block+"\n  "+rm.Attr+" = "+rm.HCL, row.Block
				switch {
				case row.Update != nil && row.Update.Attr == rm.Attr:
					// The row's own attribute: the line that sets it goes.
					with = fmt.Sprintf(row.Block, row.Update.render(row.Update.Values[0]))
					without = dropLine(row.Block, "%s")
				case row.Update != nil:
					v := row.Update.render(row.Update.Values[0])
					with, without = fmt.Sprintf(with, v), fmt.Sprintf(without, v)
				}
				removal = f.removalSteps(with, without, first)
			}
			var steps []resource.TestStep
			switch {
			case first:
				steps = append(removal, f.updateSteps()...)
			case row.Update != nil:
				steps = append([]resource.TestStep{f.createStep(f.Config("", 0), nil)}, f.updateSteps()...)
			}
			if row.Steps != nil {
				steps = append(steps, row.Steps(f)...)
			}
			if !first {
				steps = append(steps, removal...)
			}
			last := ""
			for _, st := range steps {
				if st.Config != "" && st.ExpectError == nil && !st.Destroy && !st.PlanOnly {
					last = st.Config // the configuration the object was last applied with
				}
			}
			steps = append(steps, f.importSteps(last)...)
			// The CLI directly (RunSteps), with fewer calls than terraform-plugin-testing's.
			t.Parallel()
			RunSteps(t, f.Rec.Factories(newServer), steps)
		})
	}
}

// KindSubtest is the name of a kind's subtest of TestAccKinds: its type name without
// konnect_gateway_ (service, konnect_team).
func KindSubtest(k engine.EntityKind) string {
	return strings.TrimPrefix(k.TypeName, "konnect_gateway_")
}

// importSteps import the object the row left by the form the docs give first
// (`<parents>/<id>`), through the CLI; the imported state equals the state Terraform had, except
// what an import cannot know: values Konnect never returns (a password, a client secret),
// shows once (a token), and what only configuration holds (write-only versions,
// config_secrets). The row's second form is imported through the plugin protocol before that
// step (importsAlike), and every attribute it reads compared with the state: by name
// (`<parents>/<name>`) for a kind with a unique name, otherwise Kong's JSON form; for the kinds
// of KindsBothCLIs, through the CLI as well.
func (f *KindFixture) importSteps(lastConfig string) []resource.TestStep {
	attrs := func(s *terraform.State) (map[string]string, error) {
		rs, ok := s.RootModule().Resources[f.Address()]
		if !ok {
			return nil, fmt.Errorf("%s not in state", f.Address())
		}
		return rs.Primary.Attributes, nil
	}
	var parents []string
	for _, a := range f.Kind.Attrs {
		if a.Parent {
			parents = append(parents, a.Name)
		}
	}
	ignore := notImported("", f.Kind.Attrs)
	byName := f.Kind.NameAttr != "" && HasAttr(f.Kind, f.Kind.NameAttr) && strings.Contains(f.Row.Block, f.Kind.NameAttr+" ")
	// The second form: by name, or (no name, or the row's object has none: a route without
	// a name) Kong's JSON form.
	second := func(a map[string]string) (string, error) {
		if byName {
			var parts []string
			for _, p := range parents {
				parts = append(parts, a[p])
			}
			return strings.Join(append(parts, a[f.Kind.NameAttr]), "/"), nil
		}
		id := map[string]string{"id": a["id"]}
		for _, p := range parents {
			id[p] = a[p]
		}
		b, err := json.Marshal(id)
		return string(b), err
	}
	// The form the docs give first (ImportFormat: <control_plane_id>/<id>, a portal's
	// settings by <portal_id>), every part from state.
	// With nothing an import cannot know, through an import block, and the plan must be empty
	// (ImportBlockWithID: a no-op import), as a user adopting the object sees it.
	format, _, _ := strings.Cut(engine.NewEntityResource(f.Kind).ImportFormat(), " or ")
	documentedID := func(a map[string]string) (string, error) {
		id := format
		for name, v := range a {
			id = strings.ReplaceAll(id, "<"+name+">", v)
		}
		if strings.Contains(id, "<") {
			return "", fmt.Errorf("import form %s: %s has a part state lacks", format, id)
		}
		return id, nil
	}
	if f.Row.Update != nil && !slices.Contains(KindsBothCLIs, f.Kind.TypeName) {
		// A kind that shares the engine's import with the others: both forms through the
		// plugin protocol, once the warn step has applied (its Check calls importCheck).
		// The CLI imports the kinds of KindsBothCLIs below with both CLIs, and the export's
		// folder (TestAccExport) objects of every family with import blocks.
		f.importCheck = func(s *terraform.State) error {
			a, err := attrs(s)
			if err != nil {
				return err
			}
			for _, form := range []func(map[string]string) (string, error){documentedID, second} {
				id, err := form(a)
				if err != nil {
					return err
				}
				if err := f.importsAlike(s, id, ignore); err != nil {
					return err
				}
			}
			return nil
		}
		return nil
	}
	documented := resource.TestStep{
		ResourceName: f.Address(), ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore,
		ImportStateIdFunc: func(s *terraform.State) (string, error) {
			a, err := attrs(s)
			if err != nil {
				return "", err
			}
			id, err := documentedID(a)
			if err != nil {
				return "", err
			}
			other, err := second(a)
			if err != nil {
				return "", err
			}
			if err := f.importsAlike(s, other, ignore); err != nil {
				return "", err
			}
			return id, nil
		},
	}
	if len(ignore) == 0 && lastConfig != "" {
		documented.ImportStateKind, documented.ImportStateVerify = resource.ImportBlockWithID, false
		documented.Config = lastConfig
	}
	steps := []resource.TestStep{documented}
	if slices.Contains(KindsBothCLIs, f.Kind.TypeName) {
		// For one kind per API style, the second form through the CLI too, every attribute
		// compared (ImportStateVerify): an import by name as a user types it.
		steps = append(steps, resource.TestStep{
			ResourceName: f.Address(), ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				a, err := attrs(s)
				if err != nil {
					return "", err
				}
				return second(a)
			},
		})
	}
	return steps
}

// notImported are the state paths (flatmap prefixes) an import cannot fill.
func notImported(prefix string, attrs []engine.Attr) []string {
	var out []string
	for _, a := range attrs {
		switch {
		case a.NotReturned || a.ShownOnce || a.WriteOnly || a.Versions != "" || a.Overlay || a.Local:
			out = append(out, prefix+a.Name)
		case a.Type.Kind == engine.KJSON:
			// after a write, the keys configuration manages; after an import, Konnect's whole
			// document (configuration that agrees with either plans nothing: TestAccKinds' rows)
			out = append(out, prefix+a.Name)
		case len(a.Type.Attrs) > 0:
			out = append(out, notImported(prefix+a.Name+".", a.Type.Attrs)...)
		}
	}
	return out
}

// CheckKindRows fails the test unless rows holds exactly one row for each of kinds and no
// other, and each row is whole: a row without an attribute updated in place says why and tests
// something else; one without tags names its removal attribute or says why it has none; one
// with an update names a kept field or says why it has none.
func CheckKindRows(t *testing.T, kinds []engine.EntityKind, rows map[string]KindRow) {
	t.Helper()
	seen := map[string]bool{}
	for _, k := range kinds {
		if seen[k.TypeName] {
			t.Errorf("%s: listed twice", k.TypeName)
		}
		seen[k.TypeName] = true
		row, ok := rows[k.TypeName]
		switch {
		case !ok:
			t.Errorf("%s: no row (kind_*_test.go)", k.TypeName)
		case row.Update == nil && (row.NoUpdate == "" || row.Steps == nil):
			t.Errorf("%s: a row without an update needs NoUpdate (why) and Steps (what does apply)", k.TypeName)
		case row.Removal == nil && row.NoRemoval == "" && !HasAttr(k, "tags"):
			t.Errorf("%s: no tags: a row needs a Removal attribute for scenario 9, or NoRemoval (why)", k.TypeName)
		case row.Update != nil && row.Kept == nil && row.NoKept == "" && (&KindFixture{Kind: k, Row: row}).keptField() == nil:
			t.Errorf("%s: no tags or labels configuration leaves unset: a row needs Kept (a field someone else sets) or NoKept (why)", k.TypeName)
		case row.Update != nil && !strings.Contains(row.Block, "%s"):
			t.Errorf("%s: the row's block has no %%s for %s", k.TypeName, row.Update.Attr)
		}
	}
	for typeName := range rows {
		if !seen[typeName] {
			t.Errorf("%s: a row for no kind of this family", typeName)
		}
	}
}

// GoneBeforeSavedDestroy is row 5 for a kind with nothing to edit in Konnect: a saved destroy
// plan, and someone deletes the object first; the apply warns that it is already deleted and
// writes nothing. (Asserted in the next step: a destroy step with a Check refreshes and plans
// again before applying, which is not the saved plan.) The next step recreates it with config
// and check.
func (f *KindFixture) GoneBeforeSavedDestroy(config string, check resource.TestCheckFunc) []resource.TestStep {
	return []resource.TestStep{
		{
			PreConfig: func() {
				f.Rec.Reset()
				f.Env.ResetRequests()
			},
			Config:  config,
			Destroy: true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.Address(), plancheck.ResourceActionDestroy),
				OutOfBand(func() { f.Env.Remove(f.Path) }),
			}},
		},
		{
			PreConfig: func() {
				for _, r := range f.Env.Requests() {
					if strings.HasPrefix(r, "POST ") || strings.HasPrefix(r, "PUT ") || strings.HasPrefix(r, "PATCH ") {
						f.T.Errorf("the destroy wrote to Konnect: %s", r)
					}
				}
				if err := f.Rec.WantWarning("Konnect object already deleted", f.Kind.TypeName); err != nil {
					f.T.Error(err)
				}
			},
			Config: config,
			Check:  check,
		},
	}
}

// dropLine removes the lines of s that contain sub.
func dropLine(s, sub string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.Contains(l, sub) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// HasAttr reports whether the kind has an attribute of that name.
func HasAttr(k engine.EntityKind, name string) bool {
	for _, a := range k.Attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

// AdoptionSteps is guards.md scenario 4 on the row's attribute, for a row's Steps: someone sets
// it in Konnect, and configuration takes the same value: the plan adopts it (an update of the
// revision only), the apply writes nothing to Konnect, and Konnect keeps the value. The steps
// after it change the attribute back as an ordinary update.
func (f *KindFixture) AdoptionSteps() []resource.TestStep {
	u := f.Row.Update
	s := f.Env.AdoptionStep(f.WithBlock("", fmt.Sprintf(f.Row.Block, u.render(u.UI))), f.Address())
	s.PreConfig = func() {
		f.Edit(u.UI)
		f.Env.ResetRequests()
	}
	noWrites := s.Check
	s.Check = func(st *terraform.State) error {
		f.Holds("after adopting", u.UI)
		return noWrites(st)
	}
	return []resource.TestStep{s}
}

// KonnectSetsStep is the step where someone sets, in Konnect, a field that configuration never
// sets (JSON name field, to value): the plan under config is empty and state follows Konnect
// (followed: the state check of the new value).
func (f *KindFixture) KonnectSetsStep(config, field string, value any, followed statecheck.StateCheck) resource.TestStep {
	return resource.TestStep{
		PreConfig:         func() { f.Env.Edit(f.Path, Set(field, value)) },
		Config:            config,
		ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
		ConfigStateChecks: []statecheck.StateCheck{followed},
	}
}
