package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

const testToken = "kpat_acceptance_test_token_0123456789"

var protoV6Factories = map[string]func() (tfprotov6.ProviderServer, error){
	"konnect": func() (tfprotov6.ProviderServer, error) { return NewServer("test")(), nil },
}

// konnectEnv is one mock Konnect for one test, and a client to act on it out of band the
// way a UI user or another pipeline would.
type konnectEnv struct {
	t      *testing.T
	mock   *konnectmock.Server
	url    string
	client *konnect.Client

	reqMu sync.Mutex
	reqs  []string // "METHOD /path" of every request the mock served, for tests that need ids
}

// requests returns the requests served since the last resetRequests.
func (e *konnectEnv) requests() []string {
	e.reqMu.Lock()
	defer e.reqMu.Unlock()
	return append([]string(nil), e.reqs...)
}

func (e *konnectEnv) resetRequests() {
	e.reqMu.Lock()
	e.reqs = nil
	e.reqMu.Unlock()
}

func newKonnectEnv(t *testing.T, opts konnectmock.Options) *konnectEnv {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make testacc) to run it against the mock with a real CLI")
	}
	opts.Tokens = append(opts.Tokens, testToken)
	mock := konnectmock.New(opts)
	e := &konnectEnv{t: t, mock: mock}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.reqMu.Lock()
		e.reqs = append(e.reqs, r.Method+" "+r.URL.Path)
		e.reqMu.Unlock()
		mock.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	client, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	e.url, e.client = srv.URL, client
	return e
}

// providerBlock points the provider at this test's mock (no environment variables, so
// tests can run in parallel), optionally with a conflict policy.
func (e *konnectEnv) providerBlock(policy string) string {
	s := fmt.Sprintf("provider \"konnect\" {\n  server_url            = %q\n  personal_access_token = %q\n", e.url, testToken)
	if policy != "" {
		s += fmt.Sprintf("  conflict_policy       = %q\n", policy)
	}
	return s + "}\n"
}

func (e *konnectEnv) controlPlaneByName(name string) konnect.Object {
	e.t.Helper()
	cps, err := e.client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{Name: name})
	if err != nil {
		e.t.Fatalf("list control planes: %v", err)
	}
	for _, cp := range cps {
		if cp["name"] == name {
			return cp
		}
	}
	return nil
}

func (e *konnectEnv) cpID(name string) string {
	e.t.Helper()
	cp := e.controlPlaneByName(name)
	if cp == nil {
		e.t.Fatalf("control plane %q not found in Konnect", name)
	}
	return cp["id"].(string)
}

// Konnect, out of band: one set of helpers for every kind, keyed by the object's API path
// (an escaped path as konnect.CoreEntitiesPath or objectPath builds it; its last segment an
// id or, where Konnect allows it, a unique name).

// get returns the object at path as Konnect holds it, or nil when it does not exist.
func (e *konnectEnv) get(path string) konnect.Object {
	e.t.Helper()
	var obj konnect.Object
	var err error
	if strings.Contains(path, "/core-entities/") {
		// Through the client's reader: it returns a consumer group out of Konnect's wrapper.
		i := strings.LastIndex(path, "/")
		obj, _, err = e.client.GetEntity(context.Background(), path[:i], path[i+1:])
	} else {
		_, err = e.client.Do(context.Background(), http.MethodGet, path, nil, nil, &obj)
	}
	if strings.HasPrefix(path, "/v3/") && (konnect.IsNotFound(err) || isStatus(err, http.StatusMethodNotAllowed)) {
		// A link (a team's member) has no path of its own: it is in its parent's listing.
		i := strings.LastIndex(path, "/")
		for _, o := range e.list(path[:i]) {
			if o["id"] == path[i+1:] {
				return o
			}
		}
		return nil
	}
	if konnect.IsNotFound(err) {
		return nil
	}
	if err != nil {
		e.t.Fatalf("get %s: %v", path, err)
	}
	if item, ok := obj["item"].(map[string]any); ok && len(obj) == 1 {
		obj = item // platform collections that answer {"item": …}
	}
	return obj
}

// edit changes the object at path the way someone in the UI or another pipeline would:
// change edits a copy of the object as Konnect returned it; a control plane is PATCHed
// with the fields change touched, a core entity is PUT back whole.
func (e *konnectEnv) edit(path string, change func(body konnect.Object)) {
	e.t.Helper()
	obj := e.get(path)
	if obj == nil {
		e.t.Fatalf("out-of-band edit: %s not found", path)
	}
	body := konnect.Object{}
	for k, v := range obj {
		if k != "id" && k != "created_at" && k != "updated_at" {
			body[k] = v
		}
	}
	before, _ := json.Marshal(body) // change may edit nested values in place
	var was konnect.Object
	_ = json.Unmarshal(before, &was)
	change(body)
	if strings.HasPrefix(path, "/v3/apis/") && strings.Contains(path, "/publications/") {
		// a publication is PUT whole, with its writable fields only
		put := konnect.Object{}
		for _, k := range []string{"auth_strategy_ids", "auto_approve_registrations", "visibility"} {
			if v, ok := body[k]; ok {
				put[k] = v
			}
		}
		if _, err := e.client.Do(context.Background(), http.MethodPut, path, nil, put, nil); err != nil {
			e.t.Fatalf("out-of-band edit of %s: %v", path, err)
		}
		return
	}
	platform := strings.HasPrefix(path, "/v3/") || strings.HasPrefix(path, "/v2/application-auth-strategies/")
	if platform && !strings.Contains(path, "/assets/") { // the platform's objects are PATCHed, with what changes (a portal's image is PUT)
		for k, v := range body {
			if reflect.DeepEqual(v, was[k]) {
				delete(body, k)
			}
		}
		if _, err := e.client.Do(context.Background(), http.MethodPatch, path, nil, body, nil); err != nil {
			e.t.Fatalf("out-of-band edit of %s: %v", path, err)
		}
		return
	}
	collection := path[:strings.LastIndex(path, "/")]
	id, _ := obj["id"].(string)
	if id == "" {
		// addressed by a name or key (a custom plugin schema, a config store secret): PUT to
		// it, without that field
		id = path[strings.LastIndex(path, "/")+1:]
		for k, v := range body {
			if v == id {
				delete(body, k)
			}
		}
	}
	method := http.MethodPut
	if strings.Count(path, "/") == 3 && strings.HasPrefix(path, "/v2/control-planes/") { // a control plane is PATCHed
		method = http.MethodPatch
		for k, v := range body {
			if reflect.DeepEqual(v, was[k]) {
				delete(body, k)
			}
		}
	}
	if _, err := e.client.Do(context.Background(), method, collection+"/"+url.PathEscape(id), nil, body, nil); err != nil {
		e.t.Fatalf("out-of-band edit of %s: %v", path, err)
	}
}

// remove deletes the object at path, as someone in the UI would.
func (e *konnectEnv) remove(path string) {
	e.t.Helper()
	obj := e.get(path)
	if obj == nil {
		e.t.Fatalf("out-of-band delete: %s not found", path)
	}
	byID := path[:strings.LastIndex(path, "/")] + "/" + url.PathEscape(obj["id"].(string))
	if _, err := e.client.Do(context.Background(), http.MethodDelete, byID, nil, nil, nil); err != nil {
		e.t.Fatalf("out-of-band delete of %s: %v", path, err)
	}
}

// create adds an object to a collection with POST, as someone in the UI would.
func (e *konnectEnv) create(collection string, body konnect.Object) {
	e.t.Helper()
	if _, _, err := e.client.CreateEntity(context.Background(), collection, body); err != nil {
		e.t.Fatalf("out-of-band create in %s: %v", collection, err)
	}
}

// list returns the objects of a collection as Konnect holds them.
func (e *konnectEnv) list(collection string) []konnect.Object {
	e.t.Helper()
	list := func() ([]konnect.Object, error) { return e.client.ListEntities(context.Background(), collection, nil) }
	if strings.HasPrefix(collection, "/v3/") { // the platform's page[number] listings
		list = func() ([]konnect.Object, error) {
			return engine.ListPlatform(context.Background(), e.client, collection)
		}
	}
	all, err := list()
	if err != nil {
		e.t.Fatalf("list %s: %v", collection, err)
	}
	return all
}

// only returns the one object of a collection.
func (e *konnectEnv) only(collection string) konnect.Object {
	e.t.Helper()
	all := e.list(collection)
	if len(all) != 1 {
		e.t.Fatalf("%s holds %d objects, want 1", collection, len(all))
	}
	return all[0]
}

// set returns a change that sets one field; a dotted field (config.minute) sets a nested one.
func set(field string, value any) func(konnect.Object) {
	return func(b konnect.Object) {
		keys := strings.Split(field, ".")
		m := b
		for _, k := range keys[:len(keys)-1] {
			m = m[k].(map[string]any)
		}
		m[keys[len(keys)-1]] = value
	}
}

// setAll returns a change that sets every field of changes.
func setAll(changes konnect.Object) func(konnect.Object) {
	return func(b konnect.Object) {
		for k, v := range changes {
			b[k] = v
		}
	}
}

// cpPath is the API path of a control plane, by name.
func (e *konnectEnv) cpPath(name string) string { return "/v2/control-planes/" + e.cpID(name) }

// corePath is the API path of a core entity (or collection) in the named control plane.
func (e *konnectEnv) corePath(cpName string, segments ...string) string {
	e.t.Helper()
	return konnect.CoreEntitiesPath(e.cpID(cpName), segments...)
}

// field returns the value at a dotted field of an object (nil when absent).
func field(obj konnect.Object, dotted string) any {
	var v any = obj
	for _, k := range strings.Split(dotted, ".") {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// wantField fails the test unless Konnect holds want in field of obj.
func wantField(t *testing.T, what string, obj konnect.Object, field string, want any) {
	t.Helper()
	if obj == nil {
		t.Fatalf("%s: not in Konnect", what)
	}
	got := fmt.Sprint(obj[field])
	if got != fmt.Sprint(want) {
		t.Errorf("%s: Konnect holds %s = %s, want %v", what, field, got, want)
	}
}

// outOfBand is a plan check that acts on Konnect between `plan -out` and the apply of that
// plan file: the moment a stale plan is made.
type outOfBand func()

func (f outOfBand) CheckPlan(context.Context, plancheck.CheckPlanRequest, *plancheck.CheckPlanResponse) {
	f()
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// adopts is the plan check of a plan that adopts values changed in Konnect: an update
// whose only change is the revision, unknown until the apply has re-read the object.
func adopts(address string) []plancheck.PlanCheck {
	return []plancheck.PlanCheck{
		plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate),
		plancheck.ExpectUnknownValue(address, tfjsonpath.New("revision")),
	}
}

// writesSince returns the requests that changed Konnect (anything but GET) since the
// last resetRequests.
func (e *konnectEnv) writesSince() []string {
	var out []string
	for _, r := range e.requests() {
		if !strings.HasPrefix(r, "GET ") {
			out = append(out, r)
		}
	}
	return out
}

// adoptionStep is a step whose configuration takes over values changed in Konnect: the plan
// adopts them (an update that writes nothing), the apply writes nothing to Konnect, and the
// plan after it is empty.
func (e *konnectEnv) adoptionStep(config string, addresses ...string) resource.TestStep {
	var checks []plancheck.PlanCheck
	for _, a := range addresses {
		checks = append(checks, adopts(a)...)
	}
	return resource.TestStep{
		PreConfig:        e.resetRequests,
		Config:           config,
		ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: checks},
		Check: func(*terraform.State) error {
			if w := e.writesSince(); len(w) > 0 {
				return fmt.Errorf("adopting values wrote to Konnect: %v", w)
			}
			return nil
		},
	}
}

// post adds an object to a platform collection with POST, as someone in the UI would.
func (e *konnectEnv) post(collection string, body konnect.Object) {
	e.t.Helper()
	if _, err := e.client.Do(context.Background(), http.MethodPost, collection, nil, body, nil); err != nil {
		e.t.Fatalf("out-of-band create in %s: %v", collection, err)
	}
}

func isStatus(err error, status int) bool {
	var e *konnect.APIError
	return errors.As(err, &e) && e.StatusCode == status
}
