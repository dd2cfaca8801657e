package portal

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// fixture is the family on its own behind a loopback server, with a test clock.
type fixture struct {
	t     *testing.T
	f     *Family
	clock *mocktest.Clock
	base  string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clk := mocktest.NewClock(time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.UTC))
	f := New(mockcore.Env{Now: clk.Now})
	f.SetDestinations(knownDestinations{auditDestination: true, missing: true})
	hs := httptest.NewServer(f)
	t.Cleanup(hs.Close)
	return &fixture{t: t, f: f, clock: clk, base: hs.URL}
}

type result struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

// do sends body (a string raw, anything else as JSON).
func (fx *fixture) do(method, path string, body any) result {
	fx.t.Helper()
	a, err := mocktest.Send(fx.t, http.DefaultClient, method, fx.base+path, body, http.Header{"Authorization": {"Bearer kpat_test"}})
	if err != nil {
		fx.t.Fatal(err)
	}
	res := result{status: a.Status, header: a.Header, raw: a.Raw}
	if len(a.Raw) > 0 && strings.Contains(a.Header.Get("Content-Type"), "json") {
		v, err := mocktest.Decode(a.Raw)
		if err != nil {
			fx.t.Fatalf("%s %s: body is not JSON: %s", method, path, a.Raw)
		}
		res.body, _ = v.(map[string]any)
	}
	return res
}

// ok sends and expects status with a JSON body (or, for 204 and bodiless 201s, none).
func (fx *fixture) ok(method, path string, body any, status int) result {
	fx.t.Helper()
	ct := mockcore.CTJSON
	if status == http.StatusNoContent {
		ct = ""
	}
	return fx.do(method, path, body).expect(fx.t, status, ct)
}

// portal creates a portal named name and returns its id.
func (fx *fixture) portal(name string) string {
	fx.t.Helper()
	return fx.ok("POST", "/v3/portals", map[string]any{"name": name}, 201).str("id")
}

// expect checks the status and content type ("" means no body at all).
func (r result) expect(t *testing.T, status int, ctype string) result {
	t.Helper()
	mocktest.Answer{Status: r.status, Header: r.header, Raw: r.raw}.Expect(t, status, ctype)
	return r
}

func (r result) str(key string) string { s, _ := r.body[key].(string); return s }

// data is a list's "data" as objects.
func (r result) data(t *testing.T) []map[string]any {
	t.Helper()
	arr, ok := r.body["data"].([]any)
	if !ok {
		t.Fatalf("no data array: %s", r.raw)
	}
	out := make([]map[string]any, len(arr))
	for i, it := range arr {
		out[i] = it.(map[string]any)
	}
	return out
}

// names lists one field of every item of a list.
func (r result) names(t *testing.T, field string) []string {
	t.Helper()
	out := []string{}
	for _, it := range r.data(t) {
		out = append(out, fmt.Sprint(it[field]))
	}
	return out
}

// meta is the list's meta.page as "number/size/total".
func (r result) meta(t *testing.T) string {
	t.Helper()
	p, ok := r.body["meta"].(map[string]any)["page"].(map[string]any)
	if !ok {
		t.Fatalf("no meta.page: %s", r.raw)
	}
	return fmt.Sprintf("%v/%v/%v", p["number"], p["size"], p["total"])
}

func (r result) jsonEq(t *testing.T, want string, ignore ...string) {
	t.Helper()
	mocktest.JSONEq(t, r.raw, want, ignore...)
}

// problem checks a problem+json answer: status, title, type, a trace
// instance, the detail, and the invalid parameters as "field: reason" lines.
func (r result) problem(t *testing.T, status int, title, detail string, params ...string) {
	t.Helper()
	r.expect(t, status, mockcore.CTProblem)
	if fmt.Sprint(r.body["status"]) != fmt.Sprint(status) || r.str("title") != title ||
		r.str("type") != fmt.Sprintf("https://httpstatuses.com/%d", status) || !strings.HasPrefix(r.str("instance"), "konnect:trace:") {
		t.Fatalf("problem header: %s", r.raw)
	}
	if r.str("detail") != detail {
		t.Fatalf("detail %q, want %q: %s", r.str("detail"), detail, r.raw)
	}
	var got []string
	ips, _ := r.body["invalid_parameters"].([]any)
	for _, ip := range ips {
		m := ip.(map[string]any)
		got = append(got, fmt.Sprintf("%v: %v", m["field"], m["reason"]))
	}
	if len(params) == 0 && len(got) == 0 {
		return
	}
	if !reflect.DeepEqual(got, params) {
		t.Fatalf("invalid_parameters\n got: %q\nwant: %q", got, params)
	}
}

// invalid checks the portal API's 400 for invalid parameters.
func (r result) invalid(t *testing.T, params ...string) {
	t.Helper()
	r.problem(t, 400, "Invalid Request", "Invalid Parameters", params...)
}

func (r result) notFound(t *testing.T) { t.Helper(); r.problem(t, 404, "Not Found", "Not Found") }

func (r result) conflict(t *testing.T, detail string) {
	t.Helper()
	r.problem(t, 409, "Conflict", detail)
}

var millis = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

// stamps checks created_at and updated_at are RFC 3339 with milliseconds.
func stamps(t *testing.T, obj map[string]any) {
	t.Helper()
	for _, k := range []string{"created_at", "updated_at"} {
		if s, _ := obj[k].(string); !millis.MatchString(s) {
			t.Fatalf("%s %q is not RFC 3339 with milliseconds: %v", k, obj[k], obj)
		}
	}
}

const missing = "7f9fd312-a987-4628-b4c5-bb4f4fddd5f7"

// auditDestination is an audit log destination the organization has (knownDestinations).
const auditDestination = "9cb77dc2-ff99-4d47-84ab-7c5c1b3ef939"

// knownDestinations stands for the organization family's audit log destinations.
type knownDestinations map[string]bool

func (d knownDestinations) DestinationExists(id string) bool { return d[id] }
