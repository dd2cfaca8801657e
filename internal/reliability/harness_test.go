package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tflogtest"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// testToken is the only token the mocks accept. It is long and distinctive so that a
// leak anywhere (logs, diagnostics, state) is found by a plain substring search.
const testToken = "kpat_reliabilitySECRET7f3a9c1e5b2d4f60a8c7e6d5b4a39281"

const (
	typeCP      = "konnect_gateway_control_plane"
	typeService = "konnect_gateway_service"

	writerAgent = "reliability-oob-writer"
	oobHeader   = "X-Reliability-Oob-Write"
)

// Summaries of the guard diagnostics, taken from the guard package so that rewording a
// message does not silently turn every conflict into an "other error".
var (
	summaryStale      = (&guard.StalePlanError{}).Summary()
	summaryGone       = (&guard.StalePlanError{Gone: true}).Summary()
	summaryRemoteFail = (&guard.RemoteEditError{}).Summary()
	summaryRemoteWarn = (&guard.RemoteEditError{Policy: guard.PolicyWarn}).Summary()
	summaryNameExists = (&guard.NameExistsError{}).Summary()
)

func isStale(d *tfprotov6.Diagnostic) bool {
	return d.Severity == tfprotov6.DiagnosticSeverityError && (d.Summary == summaryStale || d.Summary == summaryGone)
}

func isRemoteEdit(d *tfprotov6.Diagnostic) bool {
	return d.Summary == summaryRemoteFail || d.Summary == summaryRemoteWarn
}

func isNameExists(d *tfprotov6.Diagnostic) bool {
	return d.Severity == tfprotov6.DiagnosticSeverityError && d.Summary == summaryNameExists
}

func isConflict(d *tfprotov6.Diagnostic) bool { return isStale(d) || isRemoteEdit(d) }

func hasError(diags []*tfprotov6.Diagnostic) bool {
	for _, d := range diags {
		if d.Severity == tfprotov6.DiagnosticSeverityError {
			return true
		}
	}
	return false
}

func diagText(diags []*tfprotov6.Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "%s: %s\n%s\n", d.Severity, d.Summary, d.Detail)
	}
	return b.String()
}

// importHintRE finds the id in the import block the creation guard prints.
var importHintRE = regexp.MustCompile(`import \{\s+to = \S+\s+id = "([^"]+)"`)

// importHint returns the import id of a NameExists diagnostic, "" when it has none.
func importHint(d *tfprotov6.Diagnostic) string {
	if m := importHintRE.FindStringSubmatch(d.Detail); m != nil {
		return m[1]
	}
	return ""
}

// --- environment: one mock, one recorder, one HTTP server per test ----------------------

type env struct {
	t    testing.TB
	mock *konnectmock.Server
	rec  *recorder
	srv  *httptest.Server
	logs *logSink
	ctx  context.Context // carries the provider root logger (into logs)
	ops  atomic.Int64    // protocol calls (read, plan, apply, import) of every run
}

type envOptions struct {
	etags bool
	rec   func(*recorder) // installs recorder hooks before the server starts
}

// newEnv starts a mock without faults (set them with setFaults once the setup is done),
// behind a recorder, on an httptest server on a free loopback port.
func newEnv(t testing.TB, o envOptions) *env {
	t.Helper()
	mock, err := konnectmock.Open(konnectmock.Options{Tokens: []string{testToken}, ETags: o.etags})
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecorder(mock)
	if o.rec != nil {
		o.rec(rec)
	}
	srv := httptest.NewServer(rec)
	t.Cleanup(srv.Close)
	logs := &logSink{}
	return &env{t: t, mock: mock, rec: rec, srv: srv, logs: logs,
		ctx: tflogtest.RootLogger(context.Background(), logs)}
}

// control calls a /_mock/ endpoint in process (never faulted, never counted).
func (e *env) control(method, path string, body any) []byte {
	e.t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "application/json")
	rr := httptest.NewRecorder()
	e.mock.ServeHTTP(rr, req)
	if rr.Code/100 != 2 {
		e.t.Fatalf("%s %s: %d %s", method, path, rr.Code, rr.Body.String())
	}
	return rr.Body.Bytes()
}

// setFaults replaces the mock's fault settings (a non-zero seed restarts its sequence).
func (e *env) setFaults(f konnectmock.Faults) { e.control(http.MethodPut, "/_mock/faults", f) }

// faultCounts returns the injected faults by kind, and their total.
func (e *env) faultCounts() (map[string]int, int) {
	out := map[string]int{}
	total := 0
	for k, v := range e.mock.Counts() {
		if strings.HasPrefix(k, "fault ") {
			out[strings.TrimPrefix(k, "fault ")] = v
			total += v
		}
	}
	return out, total
}

// requestCount is the number of API requests the mock served (faulted ones included).
func (e *env) requestCount() int {
	n := 0
	for k, v := range e.mock.Counts() {
		if !strings.HasPrefix(k, "fault ") {
			n += v
		}
	}
	return n
}

// client is a Konnect client that is not the provider's: setup and out-of-band writes.
func (e *env) client(agent string) *konnect.Client {
	e.t.Helper()
	c, err := konnect.New(konnect.Config{ServerURL: e.srv.URL, Token: testToken, UserAgent: agent,
		RetryWaitMin: 5 * time.Millisecond, RetryWaitMax: 50 * time.Millisecond})
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// --- mock state -----------------------------------------------------------------------

type mockState struct {
	ControlPlanes []mockCP `json:"control_planes"`
}

type mockCP struct {
	ID       string                  `json:"id"`
	Name     string                  `json:"name"`
	Entities map[string][]mockEntity `json:"entities"`
}

type mockEntity struct {
	Seq    uint64         `json:"seq"`
	Rev    uint64         `json:"rev"`
	Object map[string]any `json:"object"`
}

func (e *env) dump() *mockState {
	e.t.Helper()
	st, err := decodeState(e.control(http.MethodGet, "/_mock/dump", nil))
	if err != nil {
		e.t.Fatal(err)
	}
	return st
}

func decodeState(b []byte) (*mockState, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var st mockState
	if err := dec.Decode(&st); err != nil {
		return nil, err
	}
	return &st, nil
}

// services returns the services of every control plane by id.
func (s *mockState) services() map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, cp := range s.ControlPlanes {
		for _, ent := range cp.Entities["services"] {
			out[ent.Object["id"].(string)] = ent.Object
		}
	}
	return out
}

// --- log sink -------------------------------------------------------------------------

// logSink receives the provider's JSON log lines (tflogtest root logger at TRACE). It counts
// the client's attempts ("Konnect API request", one line per attempt) and keeps the text
// when asked to.
type logSink struct {
	mu       sync.Mutex
	keep     bool
	text     bytes.Buffer
	partial  []byte
	lines    int
	attempts int
	retries  int // attempts beyond the first of their call
}

func (s *logSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keep {
		s.text.Write(p)
	}
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		line := s.partial[:i]
		s.partial = s.partial[i+1:]
		s.lines++
		if !bytes.Contains(line, []byte("Konnect API request")) {
			continue
		}
		var m map[string]any
		if json.Unmarshal(line, &m) != nil || m["@message"] != "Konnect API request" {
			continue
		}
		s.attempts++
		if a, ok := m["attempt"].(float64); ok && a > 1 {
			s.retries++
		}
	}
	return len(p), nil
}

func (s *logSink) counts() (attempts, retries int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attempts, s.retries
}

// --- one provider process ---------------------------------------------------------------

// tfRun is one provider process, as Terraform starts for one command: configured once,
// then used for every refresh, plan and apply of that command. A new run starts with fresh
// refresh snapshots, exactly as a new `terraform apply` does.
type tfRun struct {
	e       *env
	version string
	srv     tfprotov6.ProviderServer
	types   map[string]tftypes.Object
}

// newRun configures a provider with the given policy. version ends up in the client's
// User-Agent ("terraform-provider-konnect/<version>"), so the recorder can tell which run
// sent a request.
func (e *env) newRun(version, policy string) (*tfRun, error) {
	srv := provider.NewServer(version)()
	ctx := e.ctx
	sch, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		return nil, err
	}
	if hasError(sch.Diagnostics) {
		return nil, errors.New(diagText(sch.Diagnostics))
	}
	r := &tfRun{e: e, version: version, srv: srv, types: map[string]tftypes.Object{}}
	for name, s := range sch.ResourceSchemas {
		r.types[name] = s.ValueType().(tftypes.Object)
	}
	pt := sch.Provider.ValueType().(tftypes.Object)
	cfg, err := objectValue(pt, map[string]any{"server_url": e.srv.URL, "personal_access_token": testToken, "conflict_policy": policy})
	if err != nil {
		return nil, err
	}
	dv, err := tfprotov6.NewDynamicValue(pt, cfg)
	if err != nil {
		return nil, err
	}
	v, err := srv.ValidateProviderConfig(ctx, &tfprotov6.ValidateProviderConfigRequest{Config: &dv})
	if err != nil {
		return nil, err
	}
	if hasError(v.Diagnostics) {
		return nil, errors.New(diagText(v.Diagnostics))
	}
	resp, err := srv.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: &dv})
	if err != nil {
		return nil, err
	}
	if hasError(resp.Diagnostics) {
		return nil, errors.New(diagText(resp.Diagnostics))
	}
	return r, nil
}

// call counts a protocol call and starts a new recorder epoch for its requests.
func (e *env) call() {
	e.ops.Add(1)
	e.rec.epoch.Add(1)
}

func (e *env) mustRun(version, policy string) *tfRun {
	e.t.Helper()
	r, err := e.newRun(version, policy)
	if err != nil {
		e.t.Fatalf("configure provider: %v", err)
	}
	return r
}

// inst is one resource instance: its configuration (Go values by attribute name) and what
// Terraform keeps for it (state and private).
type inst struct {
	typ     string
	key     string // a label for messages
	cfg     map[string]any
	state   tftypes.Value // typed null when the instance has no state
	private []byte
}

func newInst(typ, key string, cfg map[string]any) *inst {
	return &inst{typ: typ, key: key, cfg: cfg}
}

func (in *inst) hasState() bool { return in.state.Type() != nil && !in.state.IsNull() }

// attr returns a state attribute as a Go value (nil when there is no state).
func (in *inst) attr(name string) any {
	if !in.hasState() {
		return nil
	}
	m := map[string]tftypes.Value{}
	if err := in.state.As(&m); err != nil {
		return nil
	}
	return fromValue(m[name])
}

func (in *inst) id() string { s, _ := in.attr("id").(string); return s }

func (r *tfRun) typ(in *inst) tftypes.Object {
	t, ok := r.types[in.typ]
	if !ok {
		panic("no schema for " + in.typ)
	}
	return t
}

func (r *tfRun) null(in *inst) tftypes.Value { return tftypes.NewValue(r.typ(in), nil) }

func (r *tfRun) dyn(v tftypes.Value) (*tfprotov6.DynamicValue, error) {
	dv, err := tfprotov6.NewDynamicValue(v.Type(), v)
	return &dv, err
}

func (r *tfRun) prior(in *inst) tftypes.Value {
	if in.hasState() {
		return in.state
	}
	return r.null(in)
}

// read refreshes the instance as Terraform does before planning. A response without state
// (deleted outside Terraform) removes it; an error keeps the state as it was.
func (r *tfRun) read(ctx context.Context, in *inst) ([]*tfprotov6.Diagnostic, error) {
	if !in.hasState() {
		return nil, nil
	}
	r.e.call()
	cur, err := r.dyn(in.state)
	if err != nil {
		return nil, err
	}
	resp, err := r.srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: in.typ, CurrentState: cur, Private: in.private})
	if err != nil {
		return nil, err
	}
	if hasError(resp.Diagnostics) {
		return resp.Diagnostics, nil
	}
	st, err := resp.NewState.Unmarshal(r.typ(in))
	if err != nil {
		return nil, err
	}
	in.state, in.private = st, resp.Private
	return resp.Diagnostics, nil
}

// planned is one PlanResourceChange answer.
type planned struct {
	state   tftypes.Value
	private []byte
	diags   []*tfprotov6.Diagnostic
	noop    bool // nothing to apply
	replace bool
	destroy bool
}

// proposed merges configuration over prior state the way Terraform's ProposedNewState does
// for top-level attributes: what configuration sets wins, the rest (computed, or optional
// and computed and left unset) keeps the prior value.
func proposed(config, prior tftypes.Value) (tftypes.Value, error) {
	if prior.IsNull() {
		return config, nil
	}
	c := map[string]tftypes.Value{}
	p := map[string]tftypes.Value{}
	if err := config.As(&c); err != nil {
		return tftypes.Value{}, err
	}
	if err := prior.As(&p); err != nil {
		return tftypes.Value{}, err
	}
	// As shares the value's own map: build a new one, or configuration would change too.
	out := make(map[string]tftypes.Value, len(c))
	for k, v := range c {
		if v.IsNull() {
			v = p[k]
		}
		out[k] = v
	}
	return tftypes.NewValue(config.Type(), out), nil
}

// plan validates the configuration and plans the instance towards it (destroy: towards
// nothing).
func (r *tfRun) plan(ctx context.Context, in *inst, destroy bool) (*planned, error) {
	r.e.call()
	prior := r.prior(in)
	config := r.null(in)
	prop := r.null(in)
	if !destroy {
		var err error
		if config, err = objectValue(r.typ(in), in.cfg); err != nil {
			return nil, err
		}
		cdv, err := r.dyn(config)
		if err != nil {
			return nil, err
		}
		vr, err := r.srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: in.typ, Config: cdv})
		if err != nil {
			return nil, err
		}
		if hasError(vr.Diagnostics) {
			return &planned{diags: vr.Diagnostics}, nil
		}
		if prop, err = proposed(config, prior); err != nil {
			return nil, err
		}
	}
	pdv, err := r.dyn(prior)
	if err != nil {
		return nil, err
	}
	ndv, err := r.dyn(prop)
	if err != nil {
		return nil, err
	}
	cdv, err := r.dyn(config)
	if err != nil {
		return nil, err
	}
	resp, err := r.srv.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: in.typ,
		PriorState: pdv, ProposedNewState: ndv, Config: cdv, PriorPrivate: in.private})
	if err != nil {
		return nil, err
	}
	p := &planned{private: resp.PlannedPrivate, diags: resp.Diagnostics, replace: len(resp.RequiresReplace) > 0, destroy: destroy}
	if hasError(resp.Diagnostics) {
		return p, nil
	}
	if p.state, err = resp.PlannedState.Unmarshal(r.typ(in)); err != nil {
		return nil, err
	}
	p.noop = p.state.Equal(prior)
	return p, nil
}

// apply applies a plan. Like Terraform, it keeps whatever state and private the provider
// returns, also with errors (for this provider: nothing after a failed create, the prior
// state after a failed update or delete).
func (r *tfRun) apply(ctx context.Context, in *inst, p *planned) ([]*tfprotov6.Diagnostic, error) {
	if p.replace {
		return nil, fmt.Errorf("%s: unexpected replace plan", in.key)
	}
	r.e.call()
	config := r.null(in)
	if !p.destroy {
		var err error
		if config, err = objectValue(r.typ(in), in.cfg); err != nil {
			return nil, err
		}
	}
	pdv, err := r.dyn(r.prior(in))
	if err != nil {
		return nil, err
	}
	sdv, err := r.dyn(p.state)
	if err != nil {
		return nil, err
	}
	cdv, err := r.dyn(config)
	if err != nil {
		return nil, err
	}
	resp, err := r.srv.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: in.typ,
		PriorState: pdv, PlannedState: sdv, Config: cdv, PlannedPrivate: p.private})
	if err != nil {
		return nil, err
	}
	st := r.null(in)
	if resp.NewState != nil {
		if st, err = resp.NewState.Unmarshal(r.typ(in)); err != nil {
			return nil, err
		}
	}
	if !st.IsNull() && !st.IsFullyKnown() {
		return resp.Diagnostics, fmt.Errorf("%s: apply returned a state with unknown values: %s", in.key, st)
	}
	in.state, in.private = st, resp.Private
	if st.IsNull() {
		in.private = nil
	}
	return resp.Diagnostics, nil
}

// importState imports an object into the instance and refreshes it, as `terraform import`
// (or an import block) does.
func (r *tfRun) importState(ctx context.Context, in *inst, id string) ([]*tfprotov6.Diagnostic, error) {
	r.e.call()
	resp, err := r.srv.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: in.typ, ID: id})
	if err != nil {
		return nil, err
	}
	if hasError(resp.Diagnostics) {
		return resp.Diagnostics, nil
	}
	if len(resp.ImportedResources) != 1 {
		return resp.Diagnostics, fmt.Errorf("import %s: %d imported resources", id, len(resp.ImportedResources))
	}
	st, err := resp.ImportedResources[0].State.Unmarshal(r.typ(in))
	if err != nil {
		return nil, err
	}
	in.state, in.private = st, resp.ImportedResources[0].Private
	d, err := r.read(ctx, in)
	return append(resp.Diagnostics, d...), err
}

// converge runs refresh, plan and apply for the instance (one `terraform apply` of it) and
// returns every diagnostic seen.
func (r *tfRun) converge(ctx context.Context, in *inst) (diags []*tfprotov6.Diagnostic, applied bool, err error) {
	d, err := r.read(ctx, in)
	diags = append(diags, d...)
	if err != nil || hasError(d) {
		return diags, false, err
	}
	p, err := r.plan(ctx, in, false)
	if err != nil {
		return diags, false, err
	}
	diags = append(diags, p.diags...)
	if hasError(p.diags) || p.noop {
		return diags, false, nil
	}
	d, err = r.apply(ctx, in, p)
	return append(diags, d...), true, err
}

// --- values ---------------------------------------------------------------------------

// objectValue builds an object of type t from Go values by attribute name; attributes
// that vals leaves out are null.
func objectValue(t tftypes.Object, vals map[string]any) (tftypes.Value, error) {
	out := make(map[string]tftypes.Value, len(t.AttributeTypes))
	for name, at := range t.AttributeTypes {
		v, err := toValue(at, vals[name])
		if err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = v
	}
	for name := range vals {
		if _, ok := t.AttributeTypes[name]; !ok {
			return tftypes.Value{}, fmt.Errorf("no attribute %q", name)
		}
	}
	return tftypes.NewValue(t, out), nil
}

// toValue converts a Go value (string, integers, float64, json.Number, bool, []string,
// []any, map[string]string, map[string]any, nil) to a value of type t.
func toValue(t tftypes.Type, v any) (tftypes.Value, error) {
	if v == nil {
		return tftypes.NewValue(t, nil), nil
	}
	switch tt := t.(type) {
	case tftypes.List, tftypes.Set:
		var elem tftypes.Type
		if l, ok := tt.(tftypes.List); ok {
			elem = l.ElementType
		} else {
			elem = tt.(tftypes.Set).ElementType
		}
		var items []any
		switch s := v.(type) {
		case []string:
			for _, x := range s {
				items = append(items, x)
			}
		case []any:
			items = s
		default:
			return tftypes.Value{}, fmt.Errorf("want a list, got %T", v)
		}
		vals := make([]tftypes.Value, 0, len(items))
		for _, x := range items {
			ev, err := toValue(elem, x)
			if err != nil {
				return tftypes.Value{}, err
			}
			vals = append(vals, ev)
		}
		return tftypes.NewValue(t, vals), nil
	case tftypes.Map:
		vals := map[string]tftypes.Value{}
		switch m := v.(type) {
		case map[string]string:
			for k, x := range m {
				vals[k] = tftypes.NewValue(tt.ElementType, x)
			}
		case map[string]any:
			for k, x := range m {
				ev, err := toValue(tt.ElementType, x)
				if err != nil {
					return tftypes.Value{}, err
				}
				vals[k] = ev
			}
		default:
			return tftypes.Value{}, fmt.Errorf("want a map, got %T", v)
		}
		return tftypes.NewValue(t, vals), nil
	case tftypes.Object:
		m, ok := v.(map[string]any)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want an object, got %T", v)
		}
		return objectValue(tt, m)
	}
	switch {
	case t.Equal(tftypes.String):
		s, ok := v.(string)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want a string, got %T", v)
		}
		return tftypes.NewValue(t, s), nil
	case t.Equal(tftypes.Bool):
		b, ok := v.(bool)
		if !ok {
			return tftypes.Value{}, fmt.Errorf("want a bool, got %T", v)
		}
		return tftypes.NewValue(t, b), nil
	case t.Equal(tftypes.Number):
		switch n := v.(type) {
		case int:
			return tftypes.NewValue(t, big.NewFloat(float64(n))), nil
		case int64:
			return tftypes.NewValue(t, new(big.Float).SetInt64(n)), nil
		case float64:
			return tftypes.NewValue(t, big.NewFloat(n)), nil
		case json.Number:
			f, _, err := big.ParseFloat(n.String(), 10, 512, big.ToNearestEven)
			if err != nil {
				return tftypes.Value{}, err
			}
			return tftypes.NewValue(t, f), nil
		}
		return tftypes.Value{}, fmt.Errorf("want a number, got %T", v)
	}
	return tftypes.Value{}, fmt.Errorf("unsupported type %s", t)
}

// unknown stands for an unknown value in fromValue's result.
type unknown struct{}

// fromValue converts a value to Go: string, int64 (or float64), bool, []any (sets sorted by
// their JSON), map[string]any, nil, or unknown{}.
func fromValue(v tftypes.Value) any {
	if !v.IsKnown() {
		return unknown{}
	}
	if v.IsNull() {
		return nil
	}
	switch v.Type().(type) {
	case tftypes.List, tftypes.Set, tftypes.Tuple:
		var items []tftypes.Value
		_ = v.As(&items)
		out := make([]any, len(items))
		for i, x := range items {
			out[i] = fromValue(x)
		}
		if _, ok := v.Type().(tftypes.Set); ok {
			sort.Slice(out, func(i, j int) bool { return jsonString(out[i]) < jsonString(out[j]) })
		}
		return out
	case tftypes.Map, tftypes.Object:
		m := map[string]tftypes.Value{}
		_ = v.As(&m)
		out := make(map[string]any, len(m))
		for k, x := range m {
			out[k] = fromValue(x)
		}
		return out
	}
	switch {
	case v.Type().Equal(tftypes.String):
		var s string
		_ = v.As(&s)
		return s
	case v.Type().Equal(tftypes.Bool):
		var b bool
		_ = v.As(&b)
		return b
	case v.Type().Equal(tftypes.Number):
		var f big.Float
		_ = v.As(&f)
		if f.IsInt() {
			i, _ := f.Int64()
			return i
		}
		x, _ := f.Float64()
		return x
	}
	return fmt.Sprint(v)
}

// canon renders a Go or decoded-JSON value canonically, for comparing values of one field
// across the state, the mock and the out-of-band writer (sets compare in any order).
func canon(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case []any:
		if len(t) == 0 {
			return "null" // Konnect and the provider treat [] and null alike
		}
		items := make([]string, len(t))
		for i, x := range t {
			items[i] = canon(x)
		}
		sort.Strings(items)
		return "[" + strings.Join(items, ",") + "]"
	case []string:
		items := make([]any, len(t))
		for i, x := range t {
			items[i] = x
		}
		return canon(items)
	}
	c, err := canonjson.Canonical(canonjson.Normalize(v))
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(c)
}

func jsonString(v any) string { b, _ := json.Marshal(v); return string(b) }

// --- scale ----------------------------------------------------------------------------

// long reports whether the long (chaos) version runs: RELIABILITY_LONG=1.
func long() bool { return os.Getenv("RELIABILITY_LONG") == "1" }

// seeds are the fault and scheduling seeds: one fixed seed in the short suite.
func seeds() []int64 {
	if long() {
		return []int64{1, 2, 3, 4}
	}
	return []int64{1}
}

// pick returns short or, in the long version, long.
func pick[T any](short, longer T) T {
	if long() {
		return longer
	}
	return short
}
