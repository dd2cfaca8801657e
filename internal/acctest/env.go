package acctest

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

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Env is one mock Konnect for one test, and a client to act on it out of band the way a
// UI user or another pipeline would.
type Env struct {
	// T is the test the environment belongs to: the helpers fail it.
	T *testing.T
	// Mock is the mock Konnect itself, for tests that look inside it.
	Mock *konnectmock.Server
	// URL is the server URL ProviderBlock points the provider at: the mock's, or a front a
	// test puts before it.
	URL string
	// Client acts on the mock, out of band.
	Client *konnect.Client

	reqMu sync.Mutex
	reqs  []string // "METHOD /path" of every request the mock served, for tests that need ids
}

// NewEnv starts a mock Konnect for the test, with opts (TestToken is added to its tokens),
// and stops it when the test ends. Without TF_ACC the test is skipped: it is an acceptance
// test, run by make testacc with a real CLI.
func NewEnv(t *testing.T, opts konnectmock.Options) *Env {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make testacc) to run it against the mock with a real CLI")
	}
	opts.Tokens = append(opts.Tokens, TestToken)
	mock := konnectmock.New(opts)
	e := &Env{T: t, Mock: mock}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.reqMu.Lock()
		e.reqs = append(e.reqs, r.Method+" "+r.URL.Path)
		e.reqMu.Unlock()
		mock.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	client, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: TestToken})
	if err != nil {
		t.Fatal(err)
	}
	e.URL, e.Client = srv.URL, client
	return e
}

// Requests returns the requests ("METHOD /path") served since the last ResetRequests.
func (e *Env) Requests() []string {
	e.reqMu.Lock()
	defer e.reqMu.Unlock()
	return append([]string(nil), e.reqs...)
}

// Reads counts the GETs served so far of a collection's objects, by the collection's last
// path segment ("pages"): one by one (…/pages/{id}) and as listings (…/pages). A collection
// below an object of another (…/networks/{id}/private-dns) is not the other's.
func (e *Env) Reads(collection string) (direct, listings int) {
	for _, r := range e.Requests() {
		method, path, _ := strings.Cut(r, " ")
		path, _, _ = strings.Cut(path, "?")
		if method != "GET" {
			continue
		}
		segments := strings.Split(path, "/")
		switch n := len(segments); {
		case segments[n-1] == collection:
			listings++
		case n > 1 && segments[n-2] == collection:
			direct++
		}
	}
	return direct, listings
}

// WantListedOnce fails the test unless each collection (by its last path segment, as Reads
// counts) was listed exactly once and read one by one at most once since the last
// ResetRequests: a no-change plan that refreshes them from one listing each.
func (e *Env) WantListedOnce(collections ...string) {
	e.T.Helper()
	for _, c := range collections {
		if direct, listings := e.Reads(c); direct > 1 || listings != 1 {
			e.T.Errorf("the no-change plan read %d %s one by one and listed them %d times, want at most 1 and 1:\n%s",
				direct, c, listings, strings.Join(e.Requests(), "\n"))
		}
	}
}

// ResetRequests forgets the requests served so far.
func (e *Env) ResetRequests() {
	e.reqMu.Lock()
	e.reqs = nil
	e.reqMu.Unlock()
}

// ProviderBlock points the provider at this test's mock (no environment variables, so
// tests can run in parallel), optionally with a conflict policy.
func (e *Env) ProviderBlock(policy string) string {
	s := fmt.Sprintf("provider \"konnect\" {\n  server_url            = %q\n  personal_access_token = %q\n", e.URL, TestToken)
	if policy != "" {
		s += fmt.Sprintf("  conflict_policy       = %q\n", policy)
	}
	return s + "}\n"
}

// ControlPlaneByName returns the control plane of that name as Konnect holds it, or nil.
func (e *Env) ControlPlaneByName(name string) konnect.Object {
	e.T.Helper()
	cps, err := e.Client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{Name: name})
	if err != nil {
		e.T.Fatalf("list control planes: %v", err)
	}
	for _, cp := range cps {
		if cp["name"] == name {
			return cp
		}
	}
	return nil
}

// CPID returns the id of the control plane of that name, failing the test when Konnect
// has none.
func (e *Env) CPID(name string) string {
	e.T.Helper()
	cp := e.ControlPlaneByName(name)
	if cp == nil {
		e.T.Fatalf("control plane %q not found in Konnect", name)
	}
	return e.id(cp, "control plane "+name)
}

// id is an object's id, failing the test when it has none.
func (e *Env) id(obj konnect.Object, what string) string {
	e.T.Helper()
	id, ok := obj["id"].(string)
	if !ok {
		e.T.Fatalf("%s has no id: %v", what, obj)
	}
	return id
}

// Konnect, out of band: one set of helpers for every kind, keyed by the object's API path
// (an escaped path as konnect.CoreEntitiesPath builds it; its last segment an id or, where
// Konnect allows it, a unique name).

// Get returns the object at path as Konnect holds it, or nil when it does not exist.
func (e *Env) Get(path string) konnect.Object {
	e.T.Helper()
	var obj konnect.Object
	var err error
	if strings.Contains(path, "/core-entities/") {
		// Through the client's reader: it returns a consumer group out of Konnect's wrapper.
		i := strings.LastIndex(path, "/")
		obj, _, err = e.Client.GetEntity(context.Background(), path[:i], path[i+1:])
	} else {
		_, err = e.Client.Do(context.Background(), http.MethodGet, path, nil, nil, &obj)
	}
	if strings.HasPrefix(path, "/v3/") && (konnect.IsNotFound(err) || isStatus(err, http.StatusMethodNotAllowed)) {
		// A link (a team's member) has no path of its own: it is in its parent's listing.
		i := strings.LastIndex(path, "/")
		for _, o := range e.List(path[:i]) {
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
		e.T.Fatalf("get %s: %v", path, err)
	}
	if item, ok := obj["item"].(map[string]any); ok && len(obj) == 1 {
		obj = item // platform collections that answer {"item": …}
	}
	return obj
}

// Edit changes the object at path the way someone in the UI or another pipeline would:
// change edits a copy of the object as Konnect returned it; a control plane is PATCHed
// with the fields change touched, a core entity is PUT back whole.
func (e *Env) Edit(path string, change func(body konnect.Object)) {
	e.T.Helper()
	obj := e.Get(path)
	if obj == nil {
		e.T.Fatalf("out-of-band edit: %s not found", path)
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
		if _, err := e.Client.Do(context.Background(), http.MethodPut, path, nil, put, nil); err != nil {
			e.T.Fatalf("out-of-band edit of %s: %v", path, err)
		}
		return
	}
	if strings.HasPrefix(path, "/v2/cloud-gateways/configurations/") {
		// a configuration is PUT whole to its collection, its data-plane groups as last given
		put := konnect.Object{"dataplane_groups": body["dataplane_group_config"]}
		for _, k := range []string{"control_plane_id", "control_plane_geo", "kind", "version", "api_access"} {
			if v, ok := body[k]; ok && v != nil {
				put[k] = v
			}
		}
		if _, err := e.Client.Do(context.Background(), http.MethodPut, "/v2/cloud-gateways/configurations", nil, put, nil); err != nil {
			e.T.Fatalf("out-of-band edit of %s: %v", path, err)
		}
		return
	}
	platform := strings.HasPrefix(path, "/v3/") || strings.HasPrefix(path, "/v2/application-auth-strategies/") || strings.HasPrefix(path, "/v2/cloud-gateways/") ||
		strings.HasPrefix(path, "/v1/auth-servers/")
	platform = platform || strings.HasPrefix(path, "/v1/realms/") // realms and their consumers
	platform = platform || (strings.HasPrefix(path, "/v1/catalog-services/") || strings.HasPrefix(path, "/v1/integration-instances/")) && !instanceSingleton(path) ||
		strings.HasPrefix(path, "/v1/mesh/control-planes/")
	if platform && !strings.Contains(path, "/assets/") { // the platform's objects are PATCHed, with what changes (a portal's image is PUT)
		for k, v := range body {
			a, _ := json.Marshal(v) // (a number read as json.Number, and as float64 in was)
			b, _ := json.Marshal(was[k])
			if reflect.DeepEqual(v, was[k]) || string(a) == string(b) {
				delete(body, k)
			}
		}
		if _, err := e.Client.Do(context.Background(), http.MethodPatch, path, nil, body, nil); err != nil {
			e.T.Fatalf("out-of-band edit of %s: %v", path, err)
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
	if _, err := e.Client.Do(context.Background(), method, collection+"/"+url.PathEscape(id), nil, body, nil); err != nil {
		e.T.Fatalf("out-of-band edit of %s: %v", path, err)
	}
}

// instanceSingleton: an integration instance's auth config or credential, addressed by its
// path (Konnect writes the config with PUT; a credential's own id addresses nothing).
func instanceSingleton(path string) bool {
	return strings.HasSuffix(path, "/auth-config") || strings.HasSuffix(path, "/auth-credential")
}

// Remove deletes the object at path, as someone in the UI would.
func (e *Env) Remove(path string) {
	e.T.Helper()
	obj := e.Get(path)
	if obj == nil {
		e.T.Fatalf("out-of-band delete: %s not found", path)
	}
	byID := path // an object without an id is addressed by its path (a serverless cloud gateway, by its control plane)
	if _, ok := obj["id"]; ok && !instanceSingleton(path) {
		byID = path[:strings.LastIndex(path, "/")] + "/" + url.PathEscape(e.id(obj, path))
	}
	if _, err := e.Client.Do(context.Background(), http.MethodDelete, byID, nil, nil, nil); err != nil {
		e.T.Fatalf("out-of-band delete of %s: %v", path, err)
	}
}

// Create adds an object to a collection of core entities with POST, as someone in the UI
// would.
func (e *Env) Create(collection string, body konnect.Object) {
	e.T.Helper()
	if _, _, err := e.Client.CreateEntity(context.Background(), collection, body); err != nil {
		e.T.Fatalf("out-of-band create in %s: %v", collection, err)
	}
}

// Post adds an object to a platform collection with POST, as someone in the UI would.
func (e *Env) Post(collection string, body konnect.Object) {
	e.T.Helper()
	if _, err := e.Client.Do(context.Background(), http.MethodPost, collection, nil, body, nil); err != nil {
		e.T.Fatalf("out-of-band create in %s: %v", collection, err)
	}
}

// PostObj creates an object in a platform collection with POST, as someone in the UI
// would, and returns Konnect's answer.
func (e *Env) PostObj(collection string, body konnect.Object) konnect.Object {
	e.T.Helper()
	var out konnect.Object
	if _, err := e.Client.Do(context.Background(), http.MethodPost, collection, nil, body, &out); err != nil {
		e.T.Fatalf("out-of-band create in %s: %v", collection, err)
	}
	return out
}

// List returns the objects of a collection as Konnect holds them.
func (e *Env) List(collection string) []konnect.Object {
	e.T.Helper()
	list := func() ([]konnect.Object, error) { return e.Client.ListEntities(context.Background(), collection, nil) }
	if strings.HasPrefix(collection, "/v3/") { // the platform's page[number] listings
		list = func() ([]konnect.Object, error) {
			return engine.ListPlatform(context.Background(), e.Client, collection)
		}
	}
	all, err := list()
	if err != nil {
		e.T.Fatalf("list %s: %v", collection, err)
	}
	return all
}

// Only returns the one object of a collection, failing the test unless it holds exactly
// one.
func (e *Env) Only(collection string) konnect.Object {
	e.T.Helper()
	all := e.List(collection)
	if len(all) != 1 {
		e.T.Fatalf("%s holds %d objects, want 1", collection, len(all))
	}
	return all[0]
}

// WantGone fails the test unless the object at path is gone from Konnect.
func (e *Env) WantGone(what, path string) {
	e.T.Helper()
	var obj konnect.Object
	if _, err := e.Client.Do(context.Background(), http.MethodGet, path, nil, nil, &obj); !konnect.IsNotFound(err) {
		e.T.Errorf("%s: GET %s = %v, %v; want 404", what, path, obj, err)
	}
}

// CPPath is the API path of a control plane, by name.
func (e *Env) CPPath(name string) string { return "/v2/control-planes/" + e.CPID(name) }

// CorePath is the API path of a core entity (or collection) in the named control plane.
func (e *Env) CorePath(cpName string, segments ...string) string {
	e.T.Helper()
	return konnect.CoreEntitiesPath(e.CPID(cpName), segments...)
}

// WritesSince returns the requests that changed Konnect (anything but GET) since the
// last ResetRequests.
func (e *Env) WritesSince() []string {
	var out []string
	for _, r := range e.Requests() {
		if !strings.HasPrefix(r, "GET ") {
			out = append(out, r)
		}
	}
	return out
}

// isStatus reports whether err is Konnect's answer with this HTTP status.
func isStatus(err error, status int) bool {
	var e *konnect.APIError
	return errors.As(err, &e) && e.StatusCode == status
}
