package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

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

// service returns the service by id or name as Konnect holds it, or nil when absent.
func (e *konnectEnv) service(cpName, idOrName string) konnect.Object {
	e.t.Helper()
	obj, _, err := e.client.GetService(context.Background(), e.cpID(cpName), idOrName)
	if konnect.IsNotFound(err) {
		return nil
	}
	if err != nil {
		e.t.Fatalf("get service %s: %v", idOrName, err)
	}
	return obj
}

// editService changes fields of a service through the API, as someone in the UI would.
func (e *konnectEnv) editService(cpName, name string, changes konnect.Object) {
	e.t.Helper()
	obj := e.service(cpName, name)
	if obj == nil {
		e.t.Fatalf("service %q not found", name)
	}
	body := konnect.Object{}
	for k, v := range obj {
		if k != "created_at" && k != "updated_at" && k != "id" {
			body[k] = v
		}
	}
	for k, v := range changes {
		body[k] = v
	}
	if _, _, err := e.client.PutService(context.Background(), e.cpID(cpName), obj["id"].(string), body, ""); err != nil {
		e.t.Fatalf("out-of-band edit of service %q: %v", name, err)
	}
}

func (e *konnectEnv) deleteService(cpName, name string) {
	e.t.Helper()
	obj := e.service(cpName, name)
	if obj == nil {
		e.t.Fatalf("service %q not found", name)
	}
	if _, err := e.client.DeleteEntity(context.Background(), konnect.CoreEntitiesPath(e.cpID(cpName), "services"), obj["id"].(string), ""); err != nil {
		e.t.Fatalf("out-of-band delete of service %q: %v", name, err)
	}
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
