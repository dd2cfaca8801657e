package provider

import (
	"encoding/json"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The acceptance harness is internal/acctest, shared with the tests of the other packages.
// What follows are this package's names for it, so the tests here read as they always have:
// each forwards to acctest, where the logic lives.

const testToken = acctest.TestToken

var protoV6Factories = acctest.Factories(NewServer("test"))

// konnectEnv is acctest.Env under this package's names: one mock Konnect for one test, and
// a client to act on it out of band. t, mock and client are the Env's T, Mock and Client
// (set once); the URL the provider is pointed at is the Env's URL.
type konnectEnv struct {
	*acctest.Env
	t      *testing.T
	mock   *konnectmock.Server
	client *konnect.Client
}

func newKonnectEnv(t *testing.T, opts konnectmock.Options) *konnectEnv {
	t.Helper()
	e := acctest.NewEnv(t, opts)
	return &konnectEnv{Env: e, t: e.T, mock: e.Mock, client: e.Client}
}

func (e *konnectEnv) requests() []string            { return e.Requests() }
func (e *konnectEnv) resetRequests()                { e.ResetRequests() }
func (e *konnectEnv) writesSince() []string         { return e.WritesSince() }
func (e *konnectEnv) providerBlock(p string) string { return e.ProviderBlock(p) }

func (e *konnectEnv) controlPlaneByName(name string) konnect.Object {
	e.t.Helper()
	return e.ControlPlaneByName(name)
}

func (e *konnectEnv) cpID(name string) string {
	e.t.Helper()
	return e.CPID(name)
}

func (e *konnectEnv) cpPath(name string) string {
	e.t.Helper()
	return e.CPPath(name)
}

func (e *konnectEnv) corePath(cpName string, segments ...string) string {
	e.t.Helper()
	return e.CorePath(cpName, segments...)
}

func (e *konnectEnv) get(path string) konnect.Object {
	e.t.Helper()
	return e.Get(path)
}

func (e *konnectEnv) edit(path string, change func(body konnect.Object)) {
	e.t.Helper()
	e.Edit(path, change)
}

func (e *konnectEnv) remove(path string) {
	e.t.Helper()
	e.Remove(path)
}

func (e *konnectEnv) post(collection string, body konnect.Object) {
	e.t.Helper()
	e.Post(collection, body)
}

func (e *konnectEnv) postObj(collection string, body konnect.Object) konnect.Object {
	e.t.Helper()
	return e.PostObj(collection, body)
}

func (e *konnectEnv) list(collection string) []konnect.Object {
	e.t.Helper()
	return e.List(collection)
}

func (e *konnectEnv) only(collection string) konnect.Object {
	e.t.Helper()
	return e.Only(collection)
}

func (e *konnectEnv) adoptionStep(config string, addresses ...string) resource.TestStep {
	return e.AdoptionStep(config, addresses...)
}

func set(field string, value any) func(konnect.Object)   { return acctest.Set(field, value) }
func setAll(changes konnect.Object) func(konnect.Object) { return acctest.SetAll(changes) }

func wantField(t *testing.T, what string, obj konnect.Object, field string, want any) {
	t.Helper()
	acctest.WantField(t, what, obj, field, want)
}

type outOfBand = acctest.OutOfBand

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// diagRecorder is acctest.DiagRecorder under this package's names, serving this package's
// provider (NewServer).
type diagRecorder struct{ acctest.DiagRecorder }

func (r *diagRecorder) factories() map[string]func() (tfprotov6.ProviderServer, error) {
	return r.Factories(NewServer("test"))
}

func (r *diagRecorder) reset() { r.Reset() }

func (r *diagRecorder) ofSeverity(sev tfprotov6.DiagnosticSeverity) []*tfprotov6.Diagnostic {
	return r.OfSeverity(sev)
}

func (r *diagRecorder) wantWarning(summary string, details ...string) error {
	return r.WantWarning(summary, details...)
}

// The cascade guard's diagnostics (acctest's cascade.go).

const uuidPattern = acctest.UUIDPattern

func importBlock(typeName, id string) string { return acctest.ImportBlock(typeName, id) }

// ordersSpec is a small OpenAPI document.
const ordersSpec = acctest.OrdersSpec
