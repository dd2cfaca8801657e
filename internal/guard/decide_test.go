package guard

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The scenarios of guards.md, asked of Decide as the plan asks it: once per object, with
// the engine's two steps (applying the resets to its plan, Guard 1's live read) as stubs
// that record how they were called.

const (
	svcText    = "konnect_gateway_service (id s1, control plane cp1)"
	pluginText = "konnect_gateway_plugin (id p1, control plane cp1)"
	changedAt  = "2025-12-04T09:20:41Z" // liveUpdatedAt, as FormatUpdatedAt renders it

	overwriteHint = "Overwrite them: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\")."
	destroyHint   = "\nRunning terraform destroy? It plans the configuration first and stops here: destroying deletes these changes too. " +
		"To destroy anyway, run it with KONNECT_CONFLICT_POLICY=overwrite."
	adoptNoWrite = "\nApplying this plan writes nothing to Konnect: it re-reads the object and records these values as managed by this configuration, " +
		"so that a later change of them in Konnect is reported instead of silently reverted."
	adoptWithUpdate = "\nApplying this plan writes the other changes and records these values as managed by this configuration, " +
		"so that a later change of them in Konnect is reported instead of silently reverted."
)

var (
	svc           = Object{TypeName: "konnect_gateway_service", ID: "s1", ControlPlaneID: "cp1"}
	plugin        = Object{TypeName: "konnect_gateway_plugin", ID: "p1", ControlPlaneID: "cp1"}
	liveUpdatedAt = json.Number("1764840041")
	testKey       = NewDigestKey("decide test")

	svcAttrs = []Attribute{
		{Field: Field{Name: "name"}},
		{Field: Field{Name: "retries"}, Resettable: true, Default: 5, HasDefault: true},
		{Field: Field{Name: "read_timeout"}, Resettable: true, Default: 60000, HasDefault: true},
		{Field: Field{Name: "path"}, Resettable: true}, // a default not known before the write
		{Field: Field{Name: "password", Sensitive: true}},
	}
	pluginAttrs = []Attribute{
		{Field: Field{Name: "name"}},
		{Field: Field{Name: "config", Document: true}, Resettable: true, HasDefault: true},
		{Field: Field{Name: "config_secrets", Document: true, Sensitive: true}, Overlay: true},
	}
	pluginMerged = [][]string{{"config", "config_secrets", "config_secrets_wo"}}
)

func set(v any) Setting { return Setting{Known: true, Value: v} }

var unset = Setting{Null: true, Known: true}

// digest is the keyed digest of s1's hidden password, as the engine keeps it.
func digest(v any) string { return testKey.Digest(HiddenContext("s1")("password"), v) }

// svcInput is a service Terraform wrote with name "orders", retries 5 and read_timeout
// 60000 (all three configured), and that the refresh found with prior's values over those.
func svcInput(policy ConflictPolicy, prior Values, config map[string]Setting) PlanInput {
	values := Values{"name": "orders", "retries": 5, "read_timeout": 60000}
	p := Values{"name": "orders", "retries": 5, "read_timeout": 60000}
	for k, v := range prior {
		p[k] = v
	}
	c := map[string]Setting{"name": set("orders"), "retries": set(5), "read_timeout": set(60000), "path": unset, "password": unset}
	for k, v := range config {
		c[k] = v
	}
	return PlanInput{
		Object: svc, Attributes: svcAttrs, Policy: policy, Revision: "sha256:now", DigestKey: testKey,
		Base:  &Base{Revision: "sha256:base", Values: values, Configured: []string{"name", "retries", "read_timeout"}},
		Prior: p, Config: c,
	}
}

// stubs records how Decide called the engine's steps.
type stubs struct {
	planned  Planned
	live     Live
	liveFail bool

	gotResets  *Resets
	readOps    []Operation
	secretAsks []string
}

func (s *stubs) wire(in PlanInput) PlanInput {
	in.Plan = func(r Resets) Planned { s.gotResets = &r; return s.planned }
	in.ReadLive = func(op Operation) (Live, bool) {
		s.readOps = append(s.readOps, op)
		return s.live, !s.liveFail
	}
	if in.SecretPaths == nil {
		in.SecretPaths = func(name string) SecretPaths { s.secretAsks = append(s.secretAsks, name); return SecretPaths{} }
	}
	return in
}

func liveSvc(hidden Values) Live { return Live{ID: "s1", UpdatedAt: liveUpdatedAt, Hidden: hidden} }

func writes(op Operation, desired Values) Planned {
	return Planned{Writes: true, Op: op, Desired: desired}
}

func TestDecide(t *testing.T) {
	svcWant := func(v Values) Values {
		out := Values{"name": "orders", "retries": 5, "read_timeout": 60000}
		for k, x := range v {
			out[k] = x
		}
		return out
	}
	conflictRows := "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
		"    retries        last applied: 5   in Konnect now: 2   planned: 5\n" +
		"    read_timeout   last applied: 60000   in Konnect now: 120000   planned: 60000\n\n"
	conflictLog := []LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
		"fields": "retries,read_timeout", "revision_base": "sha256:base", "revision_now": "sha256:now"}}}

	tests := []struct {
		name  string
		in    PlanInput
		stubs stubs

		wantReads    []Operation
		wantResets   Resets
		wantDiags    []Diagnostic
		wantFail     bool
		wantLog      []LogEntry
		wantConflict []string // field names of Decision.Conflict
		wantAdopted  []string
		wantSecrets  []string // SecretPaths asked for
	}{
		{
			name:  "no change: nothing read, nothing said",
			in:    svcInput(PolicyFail, nil, nil),
			stubs: stubs{planned: Planned{}},
		},
		{
			// retries is not configured and never was: it follows Konnect (the plan keeps
			// Konnect's value, so it writes nothing), and there is nothing to adopt.
			name: "remote edit of an attribute configuration never set: follows Konnect",
			in: func() PlanInput {
				in := svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"retries": unset})
				in.Base.Configured = []string{"name", "read_timeout"}
				return in
			}(),
			stubs: stubs{planned: Planned{}},
		},
		{
			name:      "remote edit of configured attributes, policy fail: conflict, the plan fails",
			in:        svcInput(PolicyFail, Values{"retries": 2, "read_timeout": 120000}, nil),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(nil)), live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect",
				Detail: conflictRows + "Keep the Konnect values: set them in configuration.\n" + overwriteHint + destroyHint}},
			wantFail: true, wantLog: conflictLog, wantConflict: []string{"retries", "read_timeout"},
		},
		{
			name:      "remote edit of configured attributes, policy warn: a warning, the plan proceeds",
			in:        svcInput(PolicyWarn, Values{"retries": 2, "read_timeout": 120000}, nil),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(nil)), live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Summary: "This plan overwrites changes made in Konnect",
				Detail: conflictRows + "conflict_policy is \"warn\": applying this plan overwrites the values in Konnect.\n" +
					"Keep the Konnect values: set them in configuration.\n" + overwriteHint}},
			wantLog:      []LogEntry{{Guard: "remote_edit", Result: "conflict_warn", Fields: conflictLog[0].Fields}},
			wantConflict: []string{"retries", "read_timeout"},
		},
		{
			name:         "remote edit of configured attributes, policy overwrite: silent, logged",
			in:           svcInput(PolicyOverwrite, Values{"retries": 2, "read_timeout": 120000}, nil),
			stubs:        stubs{planned: writes(OpUpdate, svcWant(nil)), live: liveSvc(nil)},
			wantReads:    []Operation{OpUpdate},
			wantLog:      []LogEntry{{Guard: "remote_edit", Result: "conflict_overwrite", Fields: conflictLog[0].Fields}},
			wantConflict: []string{"retries", "read_timeout"},
		},
		{
			name:      "replace over a remote edit: Guard 1 reads for the replace, Guard 2 conflicts",
			in:        svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"name": set("orders-v2")}),
			stubs:     stubs{planned: writes(OpReplace, svcWant(Values{"name": "orders-v2"})), live: liveSvc(nil)},
			wantReads: []Operation{OpReplace},
			wantDiags: []Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
					"    retries   last applied: 5   in Konnect now: 2   planned: 5\n\n" +
					"Keep the Konnect values: set them in configuration.\n" + overwriteHint + destroyHint}},
			wantFail: true,
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields": "retries", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			wantConflict: []string{"retries"},
		},
		{
			name:  "a write with nothing changed in Konnect: ok",
			in:    svcInput(PolicyFail, nil, map[string]Setting{"retries": set(7)}),
			stubs: stubs{planned: writes(OpUpdate, svcWant(Values{"retries": 7})), live: liveSvc(nil)}, wantReads: []Operation{OpUpdate},
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "ok"}},
		},
		{
			name:      "configuration agrees with a remote edit: adopted by an update that writes nothing",
			in:        svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"retries": set(2)}),
			stubs:     stubs{planned: Planned{}, live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Summary: "Adopting changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform, and the configuration now agrees:\n" +
					"    retries   last applied: 5   in Konnect and configuration: 2\n" + adoptNoWrite}},
			wantLog:     []LogEntry{{Guard: "remote_edit", Result: "adopt", Fields: map[string]any{"fields": "retries"}}},
			wantAdopted: []string{"retries"},
		},
		{
			name: "configuration sets, for the first time, what Konnect holds: adopted, not shown as last applied",
			in: func() PlanInput {
				in := svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"retries": set(2)})
				in.Base.Configured = []string{"name", "read_timeout"}
				return in
			}(),
			stubs:     stubs{planned: Planned{}, live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Summary: "Adopting changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform, and the configuration now agrees:\n" +
					"    retries   not set by configuration before   in Konnect and configuration: 2\n" + adoptNoWrite}},
			wantLog:     []LogEntry{{Guard: "remote_edit", Result: "adopt", Fields: map[string]any{"fields": "retries"}}},
			wantAdopted: []string{"retries"},
		},
		{
			name: "configuration sets, for the first time, another value than Konnect's: conflict, shown as what Konnect held",
			in: func() PlanInput {
				in := svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"retries": set(3)})
				in.Base.Configured = []string{"name", "read_timeout"}
				return in
			}(),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(Values{"retries": 3})), live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
					"    retries   Konnect held: 5   in Konnect now: 2   planned: 3\n\n" +
					"Keep the Konnect values: set them in configuration.\n" + overwriteHint + destroyHint}},
			wantFail: true,
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields": "retries", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			wantConflict: []string{"retries"},
		},
		{
			// The notice of an adoption folded into an update does not mark FirstSet (as
			// the plan did before Decide): retries shows the base as "last applied".
			name:      "adoption folded into an update that writes other changes",
			in:        svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"retries": set(2), "read_timeout": set(90000)}),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(Values{"retries": 2, "read_timeout": 90000})), live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Summary: "Adopting changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform, and the configuration now agrees:\n" +
					"    retries   last applied: 5   in Konnect and configuration: 2\n" + adoptWithUpdate}},
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "ok"},
				{Guard: "remote_edit", Result: "adopt_with_update", Fields: map[string]any{"fields": "retries"}}},
			wantAdopted: []string{"retries"},
		},
		{
			name: "an attribute removed from configuration goes back to Konnect's default",
			in: func() PlanInput {
				in := svcInput(PolicyFail, Values{"retries": 3}, map[string]Setting{"retries": unset})
				in.Base.Values["retries"] = 3
				return in
			}(),
			stubs:      stubs{planned: writes(OpUpdate, svcWant(Values{"retries": 3})), live: liveSvc(nil)},
			wantReads:  []Operation{OpUpdate},
			wantResets: Resets{Attributes: []Reset{{Name: "retries", Default: 5, HasDefault: true}}},
			wantLog:    []LogEntry{{Guard: "remote_edit", Result: "ok"}},
		},
		{
			// Konnect moved away from the base since: the three-way table with desired = the
			// default (known, or "(Konnect's default)").
			name: "a removed attribute over a change in Konnect: conflict with the default as planned",
			in: func() PlanInput {
				in := svcInput(PolicyFail, Values{"retries": 4, "path": "/b"}, map[string]Setting{"retries": unset})
				in.Base.Values["retries"], in.Base.Values["path"] = 3, "/a"
				in.Base.Configured = append(in.Base.Configured, "path")
				return in
			}(),
			stubs:      stubs{planned: writes(OpUpdate, svcWant(Values{"retries": 4, "path": "/b"})), live: liveSvc(nil)},
			wantReads:  []Operation{OpUpdate},
			wantResets: Resets{Attributes: []Reset{{Name: "retries", Default: 5, HasDefault: true}, {Name: "path"}}},
			wantDiags: []Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
					"    retries   last applied: 3   in Konnect now: 4   planned: 5\n" +
					"    path      last applied: \"/a\"   in Konnect now: \"/b\"   planned: (Konnect's default)\n\n" +
					"Keep the Konnect values: set them in configuration.\n" + overwriteHint + destroyHint}},
			wantFail: true,
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields": "retries,path", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			wantConflict: []string{"retries", "path"},
		},
		{
			// After an import the base does not say what configuration set: nothing is reset.
			name: "after an import nothing is reset",
			in: func() PlanInput {
				in := svcInput(PolicyFail, nil, map[string]Setting{"retries": unset})
				in.Base.Configured = nil
				return in
			}(),
			stubs: stubs{planned: Planned{}},
		},
		{
			name:     "a write the engine refuses: nothing read, nothing decided",
			in:       svcInput(PolicyFail, Values{"retries": 2}, nil),
			stubs:    stubs{planned: Planned{Writes: true, Op: OpUpdate, Refused: true, Desired: svcWant(nil)}},
			wantLog:  nil,
			wantFail: false,
		},
		{
			name:      "Guard 1 fails: the engine has said why, Guard 2 decides nothing",
			in:        svcInput(PolicyFail, Values{"retries": 2}, nil),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(nil)), liveFail: true},
			wantReads: []Operation{OpUpdate},
		},
		{
			name:  "an adoption whose live read fails adopts nothing",
			in:    svcInput(PolicyFail, Values{"retries": 2}, map[string]Setting{"retries": set(2)}),
			stubs: stubs{planned: Planned{}, liveFail: true}, wantReads: []Operation{OpUpdate},
		},
		{
			name: "no base (nothing written by Terraform yet): Guard 1 only",
			in: func() PlanInput {
				in := svcInput(PolicyFail, Values{"retries": 2}, nil)
				in.Base = nil
				return in
			}(),
			stubs: stubs{planned: writes(OpUpdate, svcWant(nil)), live: liveSvc(nil)}, wantReads: []Operation{OpUpdate},
		},
		{
			// The previous refresh found 7, Konnect holds 5 (the base) again: someone moved it.
			name: "a field that moved since the previous read conflicts as last refreshed",
			in: func() PlanInput {
				in := svcInput(PolicyFail, nil, map[string]Setting{"retries": set(3)})
				in.Seen = &Seen{Revision: "sha256:now", Before: Values{"name": "orders", "retries": 7, "read_timeout": 60000}}
				return in
			}(),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(Values{"retries": 3})), live: liveSvc(nil)},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
					"    retries   last refreshed: 7   in Konnect now: 5   planned: 3\n\n" +
					"Keep the Konnect values: set them in configuration.\n" + overwriteHint + destroyHint}},
			wantFail: true,
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields": "retries", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			wantConflict: []string{"retries"},
		},
		{
			name: "a secret changed in Konnect that the write sends: conflict, never printed",
			in: func() PlanInput {
				in := svcInput(PolicyFail, nil, nil)
				in.Base.Hidden = Values{"password": digest("hash-1")}
				return in
			}(),
			stubs:     stubs{planned: writes(OpUpdate, svcWant(Values{"read_timeout": 61000})), live: liveSvc(Values{"password": digest("hash-2")})},
			wantReads: []Operation{OpUpdate},
			wantDiags: []Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
					"    password   last applied: (a secret)   in Konnect now: (a different secret)   planned: (the secret in configuration, sent again)\n\n" +
					"password was changed in Konnect: the secret is not shown, and no one who does not know the new value can set it in configuration.\n" +
					"Replace it with yours: set the secret to use (`password`, or `password_wo` with a bumped `password_wo_version`) and overwrite, as below.\n" +
					"Keep the one set in Konnect: plan no write that sends it. `password_wo` is sent only when `password_wo_version` changes; `password` with every write of this object, and so is a secret Konnect needs on every write (a basic-auth password).\n" +
					overwriteHint + destroyHint}},
			wantFail: true,
			wantLog: []LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields": "password", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			wantConflict: []string{"password"},
		},
		{
			name: "a secret changed in Konnect that the write does not send: no conflict",
			in: func() PlanInput {
				in := svcInput(PolicyFail, nil, nil)
				in.Base.Hidden = Values{"password": digest("hash-1")}
				return in
			}(),
			stubs: stubs{planned: Planned{Writes: true, Op: OpUpdate, Desired: svcWant(Values{"read_timeout": 61000}), Unsent: []string{"password"}},
				live: liveSvc(Values{"password": digest("hash-2")})},
			wantReads: []Operation{OpUpdate},
			wantLog:   []LogEntry{{Guard: "remote_edit", Result: "ok"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.stubs
			d := Decide(s.wire(tt.in))
			check(t, d, &s, tt.wantReads, tt.wantDiags, tt.wantFail, tt.wantLog, tt.wantConflict, tt.wantAdopted, tt.wantSecrets)
			if s.gotResets == nil {
				t.Fatal("Decide did not ask the engine to plan")
			}
			if !reflect.DeepEqual(*s.gotResets, tt.wantResets) || !reflect.DeepEqual(d.Resets, tt.wantResets) {
				t.Errorf("resets: planned with %+v, decided %+v; want %+v", *s.gotResets, d.Resets, tt.wantResets)
			}
			if !reflect.DeepEqual(d.Planned, tt.stubs.planned) {
				t.Errorf("Decision.Planned = %+v, want what the engine planned %+v", d.Planned, tt.stubs.planned)
			}
		})
	}
}

func check(t *testing.T, d Decision, s *stubs, reads []Operation, diags []Diagnostic, fail bool, log []LogEntry, conflict, adopted, secrets []string) {
	t.Helper()
	if !slices.Equal(s.readOps, reads) {
		t.Errorf("live reads %v, want %v", s.readOps, reads)
	}
	if want := len(reads) > 0 && !s.liveFail; d.Read != want {
		t.Errorf("Decision.Read = %v, want %v", d.Read, want)
	}
	if len(d.Diagnostics) != len(diags) {
		t.Errorf("%d diagnostics, want %d:\n%s", len(d.Diagnostics), len(diags), showDiags(d.Diagnostics))
	}
	for i := range min(len(d.Diagnostics), len(diags)) {
		if got, want := d.Diagnostics[i], diags[i]; got != want {
			t.Errorf("diagnostic %d:\n got: error=%v %q\n%s\nwant: error=%v %q\n%s", i, got.Error, got.Summary, got.Detail, want.Error, want.Summary, want.Detail)
		}
	}
	if d.Fail != fail {
		t.Errorf("Fail = %v, want %v", d.Fail, fail)
	}
	if !reflect.DeepEqual(d.Log, log) {
		t.Errorf("log = %+v\nwant  %+v", d.Log, log)
	}
	var gotConflict, gotAdopted []string
	if d.Conflict != nil {
		gotConflict = d.Conflict.Fields()
	}
	if d.Adoption != nil {
		gotAdopted = d.Adoption.Names()
	}
	if !slices.Equal(gotConflict, conflict) {
		t.Errorf("conflict fields %v, want %v", gotConflict, conflict)
	}
	if !slices.Equal(gotAdopted, adopted) {
		t.Errorf("adopted %v, want %v", gotAdopted, adopted)
	}
	if !slices.Equal(s.secretAsks, secrets) {
		t.Errorf("secret paths asked for %v, want %v", s.secretAsks, secrets)
	}
}

func showDiags(ds []Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Summary + "\n" + d.Detail + "\n---\n")
	}
	return b.String()
}

// Destroy: refused over a change to what configuration set or adopted, or to a secret
// Terraform wrote; a change to what it never set is only named.
func TestDecideDestroy(t *testing.T) {
	// name and read_timeout configured; retries never set; the password a secret Terraform wrote.
	in := func(policy ConflictPolicy, prior Values, hidden Values) PlanInput {
		i := svcInput(policy, prior, nil)
		i.Destroy, i.Config = true, nil
		i.Base.Configured = []string{"name", "read_timeout"}
		i.Base.Hidden = hidden
		return i
	}
	pw := Values{"password": digest("hash-1")}
	livePW := Values{"password": digest("hash-2")}
	followedNotice := Diagnostic{Summary: "Destroying an object that was changed in Konnect",
		Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ", in attributes this configuration does not set:\n" +
			"    retries   in Konnect now: 2\n\n" +
			"They follow Konnect, so they do not stop the destroy: the object is deleted with them.\n" +
			"To keep a record of them, set them in configuration and apply before destroying."}
	refusedRows := "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
		"    read_timeout   last applied: 60000   in Konnect now: 120000\n" +
		"    password       last applied: (a secret)   in Konnect now: (a different secret)\n\n"
	refusedHints := "Keep a record of them first: set them in configuration, apply (Terraform adopts them), then destroy.\n" +
		"password: a secret is not shown, and no one who does not know the new value can set it in configuration.\n" +
		"Delete anyway: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\")."
	followedLog := LogEntry{Guard: "remote_edit_destroy", Result: "followed", Fields: map[string]any{"fields": 1}}
	conflictFields := map[string]any{"fields": "read_timeout,password", "revision_base": "sha256:base", "revision_now": "sha256:now"}
	changed := Values{"retries": 2, "read_timeout": 120000}

	tests := []struct {
		name         string
		in           PlanInput
		stubs        stubs
		wantReads    []Operation
		wantDiags    []Diagnostic
		wantFail     bool
		wantLog      []LogEntry
		wantConflict []string
		wantFollowed bool
	}{
		{
			name: "nothing changed in Konnect: ok", in: in(PolicyFail, nil, pw), stubs: stubs{live: liveSvc(pw)},
			wantReads: []Operation{OpDelete}, wantLog: []LogEntry{{Guard: "remote_edit_destroy", Result: "ok"}},
		},
		{
			name: "only an attribute configuration never set changed: a warning, the destroy proceeds",
			in:   in(PolicyFail, Values{"retries": 2}, pw), stubs: stubs{live: liveSvc(pw)},
			wantReads: []Operation{OpDelete}, wantDiags: []Diagnostic{followedNotice},
			wantLog:      []LogEntry{followedLog, {Guard: "remote_edit_destroy", Result: "ok"}},
			wantFollowed: true,
		},
		{
			name: "a configured attribute and a secret changed, policy fail: refused",
			in:   in(PolicyFail, changed, pw), stubs: stubs{live: liveSvc(livePW)},
			wantReads: []Operation{OpDelete},
			wantDiags: []Diagnostic{followedNotice, {Error: true, Summary: "Destroying this object would delete changes made in Konnect",
				Detail: refusedRows + "Destroying it deletes these changes too, and nothing was deleted.\n" + refusedHints}},
			wantFail:     true,
			wantLog:      []LogEntry{followedLog, {Guard: "remote_edit_destroy", Result: "conflict_fail", Fields: conflictFields}},
			wantConflict: []string{"read_timeout", "password"}, wantFollowed: true,
		},
		{
			name: "the same under warn: both warnings, the destroy proceeds",
			in:   in(PolicyWarn, changed, pw), stubs: stubs{live: liveSvc(livePW)},
			wantReads: []Operation{OpDelete},
			wantDiags: []Diagnostic{followedNotice, {Summary: "This plan deletes changes made in Konnect",
				Detail: refusedRows + "conflict_policy is \"warn\": applying this plan deletes the object with these changes.\n" + refusedHints}},
			wantLog:      []LogEntry{followedLog, {Guard: "remote_edit_destroy", Result: "conflict_warn", Fields: conflictFields}},
			wantConflict: []string{"read_timeout", "password"}, wantFollowed: true,
		},
		{
			name: "the same under overwrite: silent, logged",
			in:   in(PolicyOverwrite, changed, pw), stubs: stubs{live: liveSvc(livePW)},
			wantReads:    []Operation{OpDelete},
			wantLog:      []LogEntry{followedLog, {Guard: "remote_edit_destroy", Result: "conflict_overwrite", Fields: conflictFields}},
			wantConflict: []string{"read_timeout", "password"}, wantFollowed: true,
		},
		{
			// An adopted value is in the base and configured: a change of it refuses too.
			name: "after an import every change is guarded",
			in: func() PlanInput {
				i := in(PolicyFail, Values{"retries": 2}, nil)
				i.Base.Configured = nil
				return i
			}(),
			stubs:     stubs{live: liveSvc(nil)},
			wantReads: []Operation{OpDelete},
			wantDiags: []Diagnostic{{Error: true, Summary: "Destroying this object would delete changes made in Konnect",
				Detail: "  " + svcText + " was changed outside Terraform at " + changedAt + ".\n" +
					"    retries   last applied: 5   in Konnect now: 2\n\n" +
					"Destroying it deletes these changes too, and nothing was deleted.\n" +
					"Keep a record of them first: set them in configuration, apply (Terraform adopts them), then destroy.\n" +
					"Delete anyway: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\")."}},
			wantFail: true,
			wantLog: []LogEntry{{Guard: "remote_edit_destroy", Result: "conflict_fail", Fields: map[string]any{
				"fields": "retries", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			wantConflict: []string{"retries"},
		},
		{
			name: "no base: Guard 1 only", in: func() PlanInput { i := in(PolicyFail, changed, nil); i.Base = nil; return i }(),
			stubs: stubs{live: liveSvc(nil)}, wantReads: []Operation{OpDelete},
		},
		{
			name: "Guard 1 fails (or the object is gone): nothing decided", in: in(PolicyFail, changed, pw),
			stubs: stubs{liveFail: true}, wantReads: []Operation{OpDelete},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.stubs
			d := Decide(s.wire(tt.in))
			check(t, d, &s, tt.wantReads, tt.wantDiags, tt.wantFail, tt.wantLog, tt.wantConflict, nil, nil)
			if s.gotResets != nil {
				t.Error("a destroy asked the engine to plan")
			}
			if (d.Followed != nil) != tt.wantFollowed {
				t.Errorf("Followed = %+v, want one: %v", d.Followed, tt.wantFollowed)
			}
		})
	}
}

// JSON documents: removed keys are reset, a key moved between config and config_secrets is
// written, and conflicts are shown per key path with every secret hidden.
func TestDecideDocuments(t *testing.T) {
	base := func() *Base {
		return &Base{Revision: "sha256:base", Configured: []string{"name", "config", "config_secrets"}, Values: Values{
			"name":           "rate-limiting",
			"config":         map[string]any{"minute": 10, "hour": 100, "redis": map[string]any{"host": "h1", "database": 0}},
			"config_secrets": map[string]any{"redis": map[string]any{"password": "a", "username": "u"}},
		}}
	}
	input := func(policy ConflictPolicy, prior Values, config map[string]Setting) PlanInput {
		b := base()
		p := maps2(b.Values, prior)
		c := map[string]Setting{"name": set("rate-limiting"), "config": set(b.Values["config"]), "config_secrets": set(b.Values["config_secrets"]), "config_secrets_wo": unset}
		for k, v := range config {
			c[k] = v
		}
		return PlanInput{Object: plugin, Attributes: pluginAttrs, Policy: policy, Base: b, Revision: "sha256:now", Prior: p, Config: c, Merged: pluginMerged, DigestKey: testKey}
	}
	livePlugin := Live{ID: "p1", UpdatedAt: liveUpdatedAt}

	t.Run("removed keys are reset; a key moved to another document of its group is not", func(t *testing.T) {
		in := input(PolicyFail, nil, map[string]Setting{
			"config":            set(map[string]any{"minute": 10, "redis": map[string]any{"host": "h1"}}),
			"config_secrets":    set(map[string]any{"redis": map[string]any{"password": "a"}}),
			"config_secrets_wo": set(map[string]any{"redis": map[string]any{"database": 0}}), // moved out of config
		})
		want := Resets{Paths: map[string][][]string{"config": {{"hour"}}, "config_secrets": {{"redis", "username"}}}}
		if got := in.Resets(); !reflect.DeepEqual(got, want) {
			t.Errorf("Resets() = %+v, want %+v", got, want)
		}
		// config_secrets left out whole: each of its leaf paths is reset, unless config sets it.
		in = input(PolicyFail, nil, map[string]Setting{
			"config":         set(map[string]any{"minute": 10, "hour": 100, "redis": map[string]any{"host": "h1", "database": 0, "username": "u"}}),
			"config_secrets": unset,
		})
		want = Resets{Paths: map[string][][]string{"config_secrets": {{"redis", "password"}}}}
		if got := in.Resets(); !reflect.DeepEqual(got, want) {
			t.Errorf("config_secrets unset: Resets() = %+v, want %+v", got, want)
		}
		// config unknown at plan time: nothing can be compared, nothing reset.
		in = input(PolicyFail, nil, map[string]Setting{"config": {}})
		if got := in.Resets(); got.Paths != nil || got.Attributes != nil {
			t.Errorf("config unknown: Resets() = %+v, want none", got)
		}
	})

	t.Run("a conflict inside config is shown per key path, secrets hidden", func(t *testing.T) {
		s := stubs{live: livePlugin}
		in := input(PolicyFail, Values{
			"config":         map[string]any{"minute": 10, "hour": 100, "redis": map[string]any{"host": "h2", "database": 3}},
			"config_secrets": map[string]any{"redis": map[string]any{"password": "b", "username": "u"}},
		}, nil)
		// The plugin's schema marks redis.database secret (its name does not say so).
		in.SecretPaths = func(name string) SecretPaths {
			s.secretAsks = append(s.secretAsks, name)
			return SecretPaths{paths: [][]string{{"redis", "database"}}}
		}
		s.planned = writes(OpUpdate, maps2(base().Values, nil))
		d := Decide(s.wire(in))
		detail := "  " + pluginText + " was changed outside Terraform at " + changedAt + ".\n" +
			"    config.redis.database           last applied: (a secret)   in Konnect now: (a different secret)   planned: (the same secret as before)\n" +
			"    config.redis.host               last applied: \"h1\"   in Konnect now: \"h2\"   planned: \"h1\"\n" +
			"    config_secrets.redis.password   last applied: (a secret)   in Konnect now: (a different secret)   planned: (the same secret as before)\n\n" +
			"Keep the Konnect values: set them in configuration.\n" +
			"config.redis.database, config_secrets.redis.password: the secret in Konnect differs from the one last applied (someone changed it there); it is not shown.\n" +
			"Keep theirs: set the new value at the same path in `config_secrets` (ask whoever changed it), and plan again.\n" +
			"Put yours back: overwrite, as below.\n" + overwriteHint + destroyHint
		check(t, d, &s, []Operation{OpUpdate},
			[]Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect", Detail: detail}}, true,
			[]LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields":        "config.redis.database,config.redis.host,config_secrets.redis.password",
				"revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			[]string{"config.redis.database", "config.redis.host", "config_secrets.redis.password"}, nil, []string{"config"})
	})

	t.Run("a removed key over a change in Konnect conflicts, planned (not set)", func(t *testing.T) {
		s := stubs{live: livePlugin}
		cfg := map[string]any{"minute": 10, "redis": map[string]any{"host": "h1", "database": 0}}
		in := input(PolicyFail, Values{"config": map[string]any{"minute": 10, "hour": 200, "redis": map[string]any{"host": "h1", "database": 0}}},
			map[string]Setting{"config": set(cfg)})
		s.planned = writes(OpUpdate, maps2(base().Values, Values{"config": cfg}))
		d := Decide(s.wire(in))
		detail := "  " + pluginText + " was changed outside Terraform at " + changedAt + ".\n" +
			"    config.hour   last applied: 100   in Konnect now: 200   planned: (not set)\n\n" +
			"Keep the Konnect values: set them in configuration.\n" + overwriteHint + destroyHint
		check(t, d, &s, []Operation{OpUpdate},
			[]Diagnostic{{Error: true, Summary: "Applying this plan would overwrite changes made in Konnect", Detail: detail}}, true,
			[]LogEntry{{Guard: "remote_edit", Result: "conflict_fail", Fields: map[string]any{
				"fields": "config.hour", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			[]string{"config.hour"}, nil, []string{"config"})
		if want := (Resets{Paths: map[string][][]string{"config": {{"hour"}}}}); !reflect.DeepEqual(d.Resets, want) {
			t.Errorf("resets %+v, want %+v", d.Resets, want)
		}
	})

	t.Run("a destroy over a changed secret key of config_secrets is refused, the value hidden", func(t *testing.T) {
		s := stubs{live: livePlugin}
		in := input(PolicyFail, Values{"config_secrets": map[string]any{"redis": map[string]any{"password": "b", "username": "u"}}}, nil)
		in.Destroy, in.Config = true, nil
		d := Decide(s.wire(in))
		detail := "  " + pluginText + " was changed outside Terraform at " + changedAt + ".\n" +
			"    config_secrets.redis.password   last applied: (a secret)   in Konnect now: (a different secret)\n\n" +
			"Destroying it deletes these changes too, and nothing was deleted.\n" +
			"config_secrets.redis.password: a secret is not shown, and no one who does not know the new value can set it in configuration.\n" +
			"Delete anyway: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\")."
		check(t, d, &s, []Operation{OpDelete},
			[]Diagnostic{{Error: true, Summary: "Destroying this object would delete changes made in Konnect", Detail: detail}}, true,
			[]LogEntry{{Guard: "remote_edit_destroy", Result: "conflict_fail", Fields: map[string]any{
				"fields": "config_secrets.redis.password", "revision_base": "sha256:base", "revision_now": "sha256:now"}}},
			[]string{"config_secrets.redis.password"}, nil, nil)
	})
}

// Decide brings the base's hidden values to the current key on its own copy: the caller's
// record is what private state holds, and only a write changes that.
func TestDecideLeavesTheBaseAlone(t *testing.T) {
	in := svcInput(PolicyFail, nil, nil)
	in.Destroy = true
	in.Base.Hidden = Values{"password": digest("hash-1")}
	before, _ := EncodeBase(*in.Base)
	s := stubs{live: liveSvc(Values{"password": digest("hash-1")})}
	d := Decide(s.wire(in))
	if after, _ := EncodeBase(*in.Base); string(after) != string(before) {
		t.Errorf("Decide changed the caller's base:\n%s\n%s", before, after)
	}
	if d.Conflict != nil || len(d.Diagnostics) != 0 {
		t.Errorf("an unchanged secret: %+v", d)
	}
}

func TestHiddenContext(t *testing.T) {
	// The context is part of every keyed digest kept in users' state: it must not change.
	if got := HiddenContext("s1")("password"); got != "hidden\x00password\x00s1" {
		t.Errorf("HiddenContext = %q", got)
	}
}

func maps2(a, b Values) Values {
	out := Values{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// A base written by an older version keeps a secret's rendering undigested: Decide brings it
// to the current key before comparing, so an unchanged secret is no change (for a write and
// for a destroy), and a changed one still is.
func TestDecideRekeysAnOlderBase(t *testing.T) {
	for _, destroy := range []bool{false, true} {
		for _, rendering := range []string{"hash-1", "hash-2"} {
			in := svcInput(PolicyFail, nil, nil)
			in.Destroy = destroy
			in.Base.Hidden = Values{"password": "hash-1"} // as an older version kept it
			s := stubs{planned: writes(OpUpdate, maps2(in.Prior, Values{"read_timeout": 61000})),
				live: liveSvc(Values{"password": digest(rendering)})}
			d := Decide(s.wire(in))
			var got []string
			if d.Conflict != nil {
				got = d.Conflict.Fields()
			}
			var want []string
			if rendering != "hash-1" {
				want = []string{"password"}
			}
			if !slices.Equal(got, want) {
				t.Errorf("destroy=%v, Konnect renders %s: conflicts %v, want %v", destroy, rendering, got, want)
			}
		}
	}
}

// removedLeaves: what config_secrets no longer sets goes back to Konnect's default, and
// only that (moved from the provider's TestConfigSecretsRemovedPaths).
func TestRemovedLeaves(t *testing.T) {
	base := map[string]any{"redis": map[string]any{"password": "p", "username": "u"}}
	if got, want := removedLeaves(base, set(map[string]any{"redis": map[string]any{"password": "p2"}})), [][]string{{"redis", "username"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("removedLeaves = %v, want %v", got, want)
	}
	if got, want := removedLeaves(base, unset), [][]string{{"redis", "password"}, {"redis", "username"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("config_secrets removed: removedLeaves = %v, want %v", got, want)
	}
	if got := removedLeaves(base, Setting{}); got != nil {
		t.Errorf("config_secrets unknown: removedLeaves = %v, want none", got)
	}
}
