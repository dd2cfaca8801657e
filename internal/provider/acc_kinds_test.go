package provider

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// The guard scenarios that hold for every resource kind (guards.md, "What must be proven
// by tests", rows 1, 3 and 5), run for each kind from one small row declared next to the
// kind (kind_<name>_test.go). One resource.Test per kind, its own mock and control plane:
//
//  1. create;
//  2. row 1: `plan -out` a change of the row's attribute, someone edits it in Konnect, the
//     apply of the saved plan fails naming the type, and Konnect keeps the edit;
//  3. row 5: `plan -destroy -out`, someone edits the object, the apply fails, the object is
//     intact in Konnect and keeps the edit;
//  4. row 3, policy fail: that edit, which the configuration would revert, fails the plan
//     with the field's line, and Konnect keeps it;
//  5. row 3, policy warn: the same plan applies with a warning naming the field, and Konnect
//     holds the configured value;
//  6. row 3, policy overwrite: the same, silently;
//  7. row 9: an attribute configuration sets and then stops setting goes back to Konnect's
//     default (the plan shows it, Konnect holds it); edited in Konnect once configuration no
//     longer sets it, it is no diff.

// kindRow is how one kind takes part in the scenarios.
type kindRow struct {
	// deps is HCL for the objects the kind needs besides konnect_gateway_control_plane.cp.
	deps func(f *kindFixture) string
	// block is the body of `resource "<type>" "this"` (control_plane_id aside), with one %s
	// where the updated attribute's value goes.
	block string
	// update is the attribute changed in place; nil for a kind that has none, with noUpdate
	// saying why and steps testing what does apply to it.
	update   *kindUpdate
	noUpdate string
	steps    func(f *kindFixture) []resource.TestStep
	// removal is the attribute scenario 9 removes from configuration (default: tags, which
	// every kind but two has); noRemoval says why a kind has none.
	removal   *kindRemoval
	noRemoval string
	// kept is a field configuration never sets that someone sets in Konnect before the
	// policy-warn update: the update must keep it (a PUT carries the whole object, a PATCH
	// only what the plan changes). Default: tags, or labels, when the kind has them and the
	// block does not set them; noKept says why a kind has none.
	kept   *kindKept
	noKept string
}

// kindKept is a field someone else sets in Konnect and configuration never mentions.
type kindKept struct {
	field string // where Konnect holds it (its JSON name)
	ui    any    // what someone sets there
}

// keptField is the row's kept field, or nil when the kind has none (noKept says why).
func (f *kindFixture) keptField() *kindKept {
	if f.row.kept != nil || f.row.noKept != "" {
		return f.row.kept
	}
	for _, k := range []kindKept{{"tags", []any{"kept-by-ui"}}, {"labels", map[string]any{"kept": "by-ui"}}} {
		if hasAttr(f.kind, k.field) && !strings.Contains(f.row.block, k.field+" ") {
			return &k
		}
	}
	return nil
}

// kindUpdate is one attribute that Konnect changes in place.
type kindUpdate struct {
	attr   string // the Terraform attribute, as diagnostics name it
	field  string // where Konnect holds it (dotted for nested JSON); default: the attribute's JSON name
	line   string // the conflict line's name when it is none of those (a path in a text document)
	hcl    string // format of its HCL value (default: %q for strings, %v otherwise)
	values [2]any // configured at create, and in the plan made stale
	ui     any    // what someone sets in Konnect
	also   map[string]any
}

// kindRemoval declares an attribute to remove from configuration (scenario 9): the HCL value
// configuration sets first, and what someone sets in Konnect once configuration no longer
// sets it. Konnect's default is the attribute's declared Default.
type kindRemoval struct {
	attr string
	hcl  string
	ui   any
}

// tagsRemoval is scenario 9 on tags, whose default is none.
var tagsRemoval = &kindRemoval{attr: "tags", hcl: `["t9"]`, ui: []any{"ui"}}

func (f *kindFixture) removal() *kindRemoval {
	if f.row.removal != nil {
		return f.row.removal
	}
	if f.row.noRemoval != "" {
		return nil
	}
	return tagsRemoval
}

// removalSteps is scenario 9: configuration sets the attribute, then stops setting it: the
// plan shows Konnect's default, the apply leaves the value out and Konnect applies its
// default, the next plan is empty; then someone sets it in Konnect, and since configuration
// no longer sets it, that is no diff.
func (f *kindFixture) removalSteps(withBody, withoutBody string) []resource.TestStep {
	rm := f.removal()
	var a engine.Attr
	for _, x := range f.kind.Attrs {
		if x.Name == rm.attr {
			a = x
		}
	}
	def, known := a.ResetValue()
	if !known {
		f.t.Fatalf("%s.%s has no declared Konnect default: scenario 9 needs one", f.kind.TypeName, a.Name)
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
		f.t.Helper()
		got := field(f.env.get(f.path), a.JSONName())
		if (isEmpty(got) && isEmpty(want)) || fmt.Sprint(got) == fmt.Sprint(want) {
			return
		}
		f.t.Errorf("%s: Konnect holds %s = %v, want %v", what, a.JSONName(), got, want)
	}
	with := f.withBlock("", withBody)
	without := f.withBlock("", withoutBody)
	empty := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	return []resource.TestStep{
		{Config: with},
		{
			Config: without,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionUpdate),
			}},
			Check: func(*terraform.State) error {
				konnectHolds("after removing "+rm.attr, def)
				return nil
			},
		},
		{Config: without, ConfigPlanChecks: empty},
		{
			PreConfig: func() { f.env.edit(f.path, set(a.JSONName(), rm.ui)) },
			Config:    without, ConfigPlanChecks: empty,
		},
		// Teardown: the destroy would delete that Konnect change; overwrite lets it.
		{Config: f.withBlock("overwrite", withoutBody), PlanOnly: true},
	}
}

// kindFixture is one kind's test: its mock, its row, and what the first apply created.
type kindFixture struct {
	t    *testing.T
	env  *konnectEnv
	kind engine.EntityKind
	row  kindRow
	rec  *diagRecorder
	path string // API path of the object under test, known after the first apply

	keptWas any // the kept field's value before someone set it

	pemOnce sync.Once
	pem     tlsPair
}

const kindCP = "kinds"

// pair is a key pair and certificate generated once per test, for kinds that need one.
func (f *kindFixture) pair() tlsPair {
	f.pemOnce.Do(func() {
		f.pem = tlsTestPEM(f.t, "kinds.example.com", f.kind.TypeName == gateway.CACertificateKind.TypeName)
	})
	return f.pem
}

func (f *kindFixture) address() string { return f.kind.TypeName + ".this" }

// config is the whole configuration with value i (0 or 1) of the row's attribute.
func (f *kindFixture) config(policy string, i int) string {
	var value string
	if u := f.row.update; u != nil {
		value = u.render(u.values[i])
	}
	return f.withBlock(policy, fmt.Sprintf(f.row.block, value))
}

// withBlock is the configuration with this body for the object under test.
func (f *kindFixture) withBlock(policy, body string) string {
	cfg := f.env.providerBlock(policy)
	inCP := hasAttr(f.kind, "control_plane_id") // a gateway kind; the platform's kinds live outside control planes
	if inCP || f.kind.TypeName == gateway.ControlPlaneKind.TypeName {
		cfg += fmt.Sprintf("\nresource \"konnect_gateway_control_plane\" \"cp\" {\n  name = %q\n}\n", kindCP)
	}
	if f.row.deps != nil {
		cfg += f.row.deps(f)
	}
	cfg += fmt.Sprintf("\nresource %q \"this\" {\n", f.kind.TypeName)
	if inCP {
		cfg += "  control_plane_id = konnect_gateway_control_plane.cp.id\n"
	}
	return cfg + "  " + body + "\n}\n"
}

func (u *kindUpdate) render(v any) string {
	if u.hcl != "" {
		return fmt.Sprintf(u.hcl, v)
	}
	b, _ := json.Marshal(v) // numbers, bools and lists of strings are HCL as they are JSON
	return string(b)
}

// remember records the object's path after the first apply.
func (f *kindFixture) remember(s *terraform.State) error {
	rs, ok := s.RootModule().Resources[f.address()]
	if !ok {
		return fmt.Errorf("%s not in state", f.address())
	}
	f.path = objectPath(f.kind, rs.Primary.Attributes)
	return nil
}

// noSecretInRecords fails the test when a guard record the provider returned (private
// state) holds, in plain text, a secret the state holds in a sensitive attribute (issue
// 33, part 1): the record keeps keyed digests of secrets only.
func (f *kindFixture) noSecretInRecords(s *terraform.State) error {
	rs, ok := s.RootModule().Resources[f.address()]
	if !ok {
		return fmt.Errorf("%s not in state", f.address())
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
	collect(f.kind.Attrs)
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
	if found := f.rec.secretInRecords(secrets); found != "" {
		f.t.Errorf("%s: %s", f.kind.TypeName, found)
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

// edit sets the row's attribute to v in Konnect, as someone in the UI would.
func (f *kindFixture) edit(v any) {
	u := f.row.update
	f.env.edit(f.path, func(body map[string]any) {
		set(u.konnectField(f.kind), v)(body)
		for k, x := range u.also {
			body[k] = x
		}
	})
}

// holds fails the test unless Konnect holds v in the row's attribute.
func (f *kindFixture) holds(what string, v any) {
	f.t.Helper()
	obj := f.env.get(f.path)
	if obj == nil {
		f.t.Fatalf("%s: %s is not in Konnect", what, f.address())
	}
	at := f.row.update.konnectField(f.kind)
	if got := field(obj, at); fmt.Sprint(got) != fmt.Sprint(v) {
		f.t.Errorf("%s: Konnect holds %s = %v, want %v", what, at, got, v)
	}
}

// conflictLine is the name Guard 2's line gives the field: a key of a JSON document is named
// by its path (config.minute), anything else by the attribute.
func (u *kindUpdate) conflictLine() string {
	if u.line != "" {
		return u.line
	}
	if strings.HasPrefix(u.field, u.attr+".") {
		return u.field
	}
	return u.attr
}

func (u *kindUpdate) konnectField(k engine.EntityKind) string {
	if u.field != "" {
		return u.field
	}
	for _, a := range k.Attrs {
		if a.Name == u.attr {
			return a.JSONName()
		}
	}
	return u.attr
}

// kindIDRE is an object's id in a diagnostic: a UUID, or the name or key that addresses a kind
// without one (a custom plugin schema, a config store secret).
const kindIDRE = `(?:[0-9a-f-]{36}|[a-z0-9_-]+)`

// kindStaleDiag is Guard 1's error for a type and operation.
func kindStaleDiag(typeName, op string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*` + typeName + ` \(id ` + kindIDRE +
		`.*revision now:\s+sha256:[0-9a-f]{64}.*Nothing was written: the planned ` + op)
}

// kindConflictDiag is Guard 2's error: its summary, the object, and the field's line.
func kindConflictDiag(typeName, attr string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` + typeName + ` \(id ` + kindIDRE +
		`.*\n[\s│]*` + regexp.QuoteMeta(attr) + `\s+last applied: [^\n]*in Konnect now: [^\n]*planned: `)
}

func (f *kindFixture) updateSteps() []resource.TestStep {
	u, typeName := f.row.update, f.kind.TypeName
	action := func(a plancheck.ResourceActionType) plancheck.PlanCheck {
		return plancheck.ExpectResourceAction(f.address(), a)
	}
	return []resource.TestStep{
		{
			Config: f.config("", 0),
			Check: func(s *terraform.State) error {
				if err := f.remember(s); err != nil {
					return err
				}
				f.holds("after create", u.values[0])
				return nil
			},
		},
		{
			// Row 1: a saved plan goes stale.
			Config: f.config("", 1),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				action(plancheck.ResourceActionUpdate), outOfBand(func() { f.edit(u.ui) }),
			}},
			ExpectError: kindStaleDiag(typeName, "update"),
		},
		{
			// Row 5: someone sets the value back, a saved destroy plan is made, and someone
			// edits the object again before it is applied.
			PreConfig: func() {
				f.holds("after the refused apply", u.ui)
				f.edit(u.values[0])
			},
			Config:  f.config("", 0),
			Destroy: true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				action(plancheck.ResourceActionDestroy), outOfBand(func() { f.edit(u.ui) }),
			}},
			ExpectError: kindStaleDiag(typeName, "delete"),
		},
		{
			// Row 3, policy fail: the plan would revert the edit made in Konnect.
			PreConfig:   func() { f.holds("after the refused destroy", u.ui) },
			Config:      f.config("fail", 0),
			ExpectError: kindConflictDiag(typeName, u.conflictLine()),
		},
		{
			// Row 3, policy warn; and someone else's setting of a field configuration never
			// mentions (kept) survives the update.
			PreConfig: func() {
				f.holds("after the refused plan", u.ui)
				if k := f.keptField(); k != nil {
					f.keptWas = field(f.env.get(f.path), k.field)
					f.env.edit(f.path, set(k.field, k.ui))
				}
				f.rec.reset()
			},
			Config:           f.config("warn", 0),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate)}},
			Check: func(s *terraform.State) error {
				f.holds("policy warn", u.values[0])
				_ = f.noSecretInRecords(s) // after a create, refreshes, a refused apply and an update
				if k := f.keptField(); k != nil {
					if got := field(f.env.get(f.path), k.field); fmt.Sprint(got) != fmt.Sprint(k.ui) {
						f.t.Errorf("the update dropped %s, set in Konnect by someone else: Konnect holds %v, want %v", k.field, got, k.ui)
					}
				}
				return f.rec.wantWarning("This plan overwrites changes made in Konnect", typeName, u.conflictLine()+" ")
			},
		},
		{
			// Row 3, policy overwrite: silent. Someone puts the kept field back as it was
			// (configuration never set it: no diff), for the scenarios after this one.
			PreConfig: func() {
				f.edit(u.ui)
				if k := f.keptField(); k != nil && f.keptWas != nil { // (Konnect takes no null for some: a page's description)
					f.env.edit(f.path, set(k.field, f.keptWas))
				}
				f.rec.reset()
			},
			Config:           f.config("overwrite", 0),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{action(plancheck.ResourceActionUpdate)}},
			Check: func(*terraform.State) error {
				f.holds("policy overwrite", u.values[0])
				return f.rec.wantNoWarnings()
			},
		},
	}
}

// TestAccKinds runs the scenarios for every kind in Kinds.
func TestAccKinds(t *testing.T) {
	for _, k := range Kinds {
		t.Run(strings.TrimPrefix(k.TypeName, "konnect_gateway_"), func(t *testing.T) {
			row, ok := kindRows[k.TypeName]
			if !ok {
				t.Fatalf("%s has no row in kindRows", k.TypeName)
			}
			f := &kindFixture{t: t, env: newKonnectEnv(t, konnectmock.Options{}), kind: k, row: row, rec: &diagRecorder{}}
			steps := []resource.TestStep{}
			if row.update != nil {
				steps = f.updateSteps()
			}
			if row.steps != nil {
				steps = append(steps, row.steps(f)...)
			}
			if rm := f.removal(); rm != nil {
				with, without := row.block+"\n  "+rm.attr+" = "+rm.hcl, row.block
				switch {
				case row.update != nil && row.update.attr == rm.attr:
					// The row's own attribute: the line that sets it goes.
					with = fmt.Sprintf(row.block, row.update.render(row.update.values[0]))
					without = dropLine(row.block, "%s")
				case row.update != nil:
					v := row.update.render(row.update.values[0])
					with, without = fmt.Sprintf(with, v), fmt.Sprintf(without, v)
				}
				steps = append(steps, f.removalSteps(with, without)...)
			}
			steps = append(steps, f.importSteps()...)
			resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: f.rec.factories(), Steps: steps})
		})
	}
}

// importSteps import the object the row left, by id (Kong's JSON form: its path parameters
// and id) and, for a kind with a unique name, by name (`<parents>/<name>`); the imported state
// equals the state Terraform had, except what an import cannot know: values Konnect never
// returns (a password, a client secret), shows once (a token), and what only configuration
// holds (write-only versions, config_secrets).
func (f *kindFixture) importSteps() []resource.TestStep {
	attrs := func(s *terraform.State) (map[string]string, error) {
		rs, ok := s.RootModule().Resources[f.address()]
		if !ok {
			return nil, fmt.Errorf("%s not in state", f.address())
		}
		return rs.Primary.Attributes, nil
	}
	var parents []string
	for _, a := range f.kind.Attrs {
		if a.Parent {
			parents = append(parents, a.Name)
		}
	}
	ignore := notImported("", f.kind.Attrs)
	steps := []resource.TestStep{{
		ResourceName: f.address(), ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore,
		ImportStateIdFunc: func(s *terraform.State) (string, error) {
			a, err := attrs(s)
			if err != nil {
				return "", err
			}
			id := map[string]string{"id": a["id"]}
			for _, p := range parents {
				id[p] = a[p]
			}
			b, err := json.Marshal(id)
			return string(b), err
		},
	}}
	if f.kind.NameAttr == "" || !hasAttr(f.kind, f.kind.NameAttr) || !strings.Contains(f.row.block, f.kind.NameAttr+" ") {
		return steps // no name, or the row's object has none (a route without a name)
	}
	return append(steps, resource.TestStep{
		ResourceName: f.address(), ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: ignore,
		ImportStateIdFunc: func(s *terraform.State) (string, error) {
			a, err := attrs(s)
			if err != nil {
				return "", err
			}
			var parts []string
			for _, p := range parents {
				parts = append(parts, a[p])
			}
			return strings.Join(append(parts, a[f.kind.NameAttr]), "/"), nil
		},
	})
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

// Every kind has a row, and a row without an attribute updated in place says why and tests
// something else.
func TestKindRowsCoverEveryKind(t *testing.T) {
	for _, k := range Kinds {
		row, ok := kindRows[k.TypeName]
		switch {
		case !ok:
			t.Errorf("%s: no row in kindRows (kind_*_test.go)", k.TypeName)
		case row.update == nil && (row.noUpdate == "" || row.steps == nil):
			t.Errorf("%s: a row without an update needs noUpdate (why) and steps (what does apply)", k.TypeName)
		case row.removal == nil && row.noRemoval == "" && !hasAttr(k, "tags"):
			t.Errorf("%s: no tags: a row needs a removal attribute for scenario 9, or noRemoval (why)", k.TypeName)
		case row.update != nil && row.kept == nil && row.noKept == "" && (&kindFixture{kind: k, row: row}).keptField() == nil:
			t.Errorf("%s: no tags or labels configuration leaves unset: a row needs kept (a field someone else sets) or noKept (why)", k.TypeName)
		case row.update != nil && !strings.Contains(row.block, "%s"):
			t.Errorf("%s: the row's block has no %%s for %s", k.TypeName, row.update.attr)
		}
	}
	if len(kindRows) != len(Kinds) {
		t.Errorf("kindRows has %d rows for %d kinds", len(kindRows), len(Kinds))
	}
}

// goneBeforeSavedDestroy is row 5 for a kind with nothing to edit in Konnect: a saved destroy
// plan, and someone deletes the object first; the apply warns that it is already deleted and
// writes nothing. (Asserted in the next step: a destroy step with a Check refreshes and plans
// again before applying, which is not the saved plan.) The next step recreates it with config
// and check.
func (f *kindFixture) goneBeforeSavedDestroy(config string, check resource.TestCheckFunc) []resource.TestStep {
	return []resource.TestStep{
		{
			PreConfig: func() {
				f.rec.reset()
				f.env.resetRequests()
			},
			Config:  config,
			Destroy: true,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(f.address(), plancheck.ResourceActionDestroy),
				outOfBand(func() { f.env.remove(f.path) }),
			}},
		},
		{
			PreConfig: func() {
				for _, r := range f.env.requests() {
					if strings.HasPrefix(r, "POST ") || strings.HasPrefix(r, "PUT ") || strings.HasPrefix(r, "PATCH ") {
						f.t.Errorf("the destroy wrote to Konnect: %s", r)
					}
				}
				if err := f.rec.wantWarning("Konnect object already deleted", f.kind.TypeName); err != nil {
					f.t.Error(err)
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

func hasAttr(k engine.EntityKind, name string) bool {
	for _, a := range k.Attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

// kindRows: one row per kind, declared in kind_<name>_test.go.
var kindRows = map[string]kindRow{
	gateway.ControlPlaneKind.TypeName:        controlPlaneRow,
	gateway.ServiceKind.TypeName:             serviceRow,
	gateway.RouteKind.TypeName:               routeRow,
	gateway.PluginKind.TypeName:              pluginRow,
	gateway.ConsumerKind.TypeName:            consumerRow,
	gateway.ConsumerGroupKind.TypeName:       consumerGroupRow,
	gateway.ConsumerGroupMemberKind.TypeName: consumerGroupMemberRow,
	gateway.KeyAuthKind.TypeName:             keyAuthRow,
	gateway.BasicAuthKind.TypeName:           basicAuthRow,
	gateway.ACLKind.TypeName:                 aclRow,
	gateway.JWTKind.TypeName:                 jwtRow,
	gateway.HMACAuthKind.TypeName:            hmacAuthRow,
	gateway.UpstreamKind.TypeName:            upstreamRow,
	gateway.TargetKind.TypeName:              targetRow,
	gateway.CertificateKind.TypeName:         certificateRow,
	gateway.CACertificateKind.TypeName:       caCertificateRow,
	gateway.SNIKind.TypeName:                 sniRow,
	gateway.VaultKind.TypeName:               vaultRow,
	gateway.KeySetKind.TypeName:              keySetRow,
	gateway.KeyKind.TypeName:                 keyRow,
	// issue 12 #3 (kinds7)
	gateway.PartialKind.TypeName:                    partialRow,
	gateway.CustomPluginSchemaKind.TypeName:         customPluginSchemaRow,
	gateway.MTLSAuthKind.TypeName:                   mtlsAuthRow,
	gateway.DataPlaneClientCertificateKind.TypeName: dataPlaneClientCertificateRow,
	gateway.ConfigStoreKind.TypeName:                configStoreRow,
	gateway.ConfigStoreSecretKind.TypeName:          configStoreSecretRow,
	gateway.ControlPlaneMembershipKind.TypeName:     controlPlaneMembershipRow,
	// the access family (kind_access_test.go)
	access.TeamKind.TypeName:                     teamRow,
	access.TeamUserKind.TypeName:                 teamUserRow,
	access.TeamRoleKind.TypeName:                 teamRoleRow,
	access.SystemAccountKind.TypeName:            systemAccountRow,
	access.SystemAccountTeamKind.TypeName:        systemAccountTeamRow,
	access.SystemAccountRoleKind.TypeName:        systemAccountRoleRow,
	access.SystemAccountAccessTokenKind.TypeName: systemAccountAccessTokenRow,
	access.AuthenticationSettingsKind.TypeName:   authenticationSettingsRow,
	// single sign-on (kind_identity_provider_test.go)
	access.IdentityProviderKind.TypeName:                 identityProviderRow,
	access.IdentityProviderTeamGroupMappingKind.TypeName: identityProviderTeamGroupMappingRow,
	// the portal family (kind_portal_test.go)
	portal.PortalKind.TypeName:   portalRow,
	portal.TeamKind.TypeName:     portalTeamRow,
	portal.TeamRoleKind.TypeName: portalTeamRoleRow,
	// the Dev Portal's content (kind_portal_page_test.go)
	portal.PageKind.TypeName:    pageRow,
	portal.SnippetKind.TypeName: snippetRow,
	// who may reach a portal (kind_portal_ip_allow_list_test.go)
	portal.IPAllowListKind.TypeName: ipAllowListRow,
	// where a portal's audit logs go (kind_portal_audit_log_webhook_test.go)
	portal.AuditLogWebhookKind.TypeName: auditLogWebhookRow,
	// the API catalog (kind_catalog_test.go)
	catalog.APIKind.TypeName:            apiRow,
	catalog.VersionKind.TypeName:        apiVersionRow,
	catalog.SpecificationKind.TypeName:  apiSpecificationRow,
	catalog.DocumentKind.TypeName:       apiDocumentRow,
	catalog.PublicationKind.TypeName:    apiPublicationRow,
	catalog.ImplementationKind.TypeName: apiImplementationRow,
	// a portal's settings (kind_portal_settings_test.go)
	portal.AuthKind.TypeName:          portalAuthRow,
	portal.CustomizationKind.TypeName: portalCustomizationRow,
	portal.CustomDomainKind.TypeName:  portalCustomDomainRow,
	portal.LogoKind.TypeName:          portalImageRow,
	portal.FaviconKind.TypeName:       portalImageRow,
	// application auth strategies (kind_portal_settings_test.go)
	portal.ApplicationAuthStrategyKind.TypeName: applicationAuthStrategyRow,
}

// Objects that rows depend on.
func consumerDep(*kindFixture) string {
	return "\nresource \"konnect_gateway_consumer\" \"alice\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  username = \"alice\"\n}\n"
}

func upstreamDep(*kindFixture) string {
	return "\nresource \"konnect_gateway_upstream\" \"u\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"orders.upstream\"\n}\n"
}

// pemDep is the test's key pair as locals (cert, key).
func pemDep(f *kindFixture) string {
	return fmt.Sprintf("\nlocals {\n  cert = %q\n  key  = %q\n}\n", f.pair().Cert, f.pair().Key)
}

func certificateDep(f *kindFixture) string {
	return pemDep(f) + "\nresource \"konnect_gateway_certificate\" \"c\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  cert = local.cert\n  key = local.key\n}\n"
}

func serviceDep(*kindFixture) string {
	return "\nresource \"konnect_gateway_service\" \"orders\" {\n  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"orders\"\n  host = \"orders.internal\"\n}\n"
}
