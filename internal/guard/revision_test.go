package guard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

var revisionPattern = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

func mustParse(t testing.TB, s string) any {
	t.Helper()
	v, err := canonjson.ParseJSON(s)
	if err != nil {
		t.Fatalf("canonjson.ParseJSON(%q): %v", s, err)
	}
	return v
}

func mustObject(t testing.TB, s string) map[string]any {
	t.Helper()
	m, ok := mustParse(t, s).(map[string]any)
	if !ok {
		t.Fatalf("canonjson.ParseJSON(%q) is not an object", s)
	}
	return m
}

func mustRevision(t testing.TB, obj map[string]any) string {
	t.Helper()
	rev, err := Revision(obj)
	if err != nil {
		t.Fatalf("Revision: %v", err)
	}
	if !revisionPattern.MatchString(rev) {
		t.Fatalf("Revision = %q, want sha256: followed by 64 lowercase hex digits", rev)
	}
	return rev
}

// service is a gateway service as Konnect returns it, in the plain decoded form the
// client produces (json.Number numbers).
func service() map[string]any {
	return map[string]any{
		"id":           "5b1c0000-0000-4000-8000-000000000001",
		"name":         "orders",
		"host":         "orders.internal",
		"port":         json.Number("8080"),
		"read_timeout": json.Number("60000"),
		"retries":      json.Number("5"),
		"enabled":      true,
		"tags":         []any{"team-a", "prod"},
		"tls_verify":   nil,
		"client_certificate": map[string]any{
			"id": "cc-1",
		},
		"config": map[string]any{
			"limits": map[string]any{"minute": json.Number("10"), "hour": json.Number("100")},
			"paths":  []any{"/a", "/b"},
		},
		"created_at": json.Number("1796202843"),
		"updated_at": json.Number("1796203241"),
	}
}

func TestRevisionFormat(t *testing.T) {
	rev := mustRevision(t, service())
	if !strings.HasPrefix(rev, RevisionPrefix) {
		t.Errorf("Revision = %q, want prefix %q", rev, RevisionPrefix)
	}
	// The revision is the SHA-256 of the canonical JSON, nothing else.
	sum := sha256.Sum256([]byte("{}"))
	if got, want := mustRevision(t, map[string]any{}), RevisionPrefix+hex.EncodeToString(sum[:]); got != want {
		t.Errorf("Revision({}) = %s, want %s", got, want)
	}
	canon, err := canonjson.Canonical(service())
	if err != nil {
		t.Fatal(err)
	}
	sum = sha256.Sum256(canon)
	if got, want := rev, RevisionPrefix+hex.EncodeToString(sum[:]); got != want {
		t.Errorf("Revision = %s, want %s (sha256 of Canonical)", got, want)
	}
	if got := mustRevision(t, nil); got != mustRevision(t, map[string]any{}) {
		t.Errorf("Revision(nil) = %s, want the revision of {}", got)
	}
}

func TestRevisionStable(t *testing.T) {
	want := mustRevision(t, service())
	if again := mustRevision(t, service()); again != want {
		t.Fatalf("two revisions of the same object differ: %s, %s", want, again)
	}

	// The same object decoded from JSON spelled differently: key order, whitespace,
	// number spelling, escapes.
	docs := []string{
		`{"id":"5b1c0000-0000-4000-8000-000000000001","name":"orders","host":"orders.internal","port":8080,"read_timeout":60000,"retries":5,"enabled":true,"tags":["team-a","prod"],"tls_verify":null,"client_certificate":{"id":"cc-1"},"config":{"limits":{"minute":10,"hour":100},"paths":["/a","/b"]},"created_at":1796202843,"updated_at":1796203241}`,
		`{
		  "updated_at": 1796203241.0, "created_at": 1.796202843e9,
		  "config": {"paths": ["/a", "/b"], "limits": {"hour": 1e2, "minute": 10.000}},
		  "client_certificate": {"id": "cc-1"}, "tls_verify": null,
		  "tags": ["team-a", "prod"], "enabled": true, "retries": 5E0, "read_timeout": 6e+4,
		  "port": 80.80e2, "host": "orders.internal", "name": "\u006frders",
		  "id": "5b1c0000-0000-4000-8000-000000000001"
		}`,
	}
	for i, doc := range docs {
		if got := mustRevision(t, mustObject(t, doc)); got != want {
			t.Errorf("doc %d: revision %s, want %s", i, got, want)
		}
	}

	// One number in every Go spelling the decoders and converters produce.
	spellings := []any{
		json.Number("1"), json.Number("1.0"), json.Number("1.000"), json.Number("1e0"),
		json.Number("10e-1"), json.Number("0.1e1"), json.Number("1E+0"),
		float64(1), float32(1), int(1), int8(1), int16(1), int32(1), int64(1),
		uint(1), uint8(1), uint16(1), uint32(1), uint64(1),
		big.NewInt(1), big.NewFloat(1),
	}
	base := mustRevision(t, map[string]any{"retries": json.Number("1"), "nested": map[string]any{"n": json.Number("1")}})
	for _, n := range spellings {
		got := mustRevision(t, map[string]any{"retries": n, "nested": map[string]any{"n": n}})
		if got != base {
			t.Errorf("number %T(%v): revision %s, want %s", n, n, got, base)
		}
	}

	// Fractions: the decimal a user writes and the float64 that holds it are one number.
	fraction := mustRevision(t, map[string]any{"weight": json.Number("0.1")})
	for _, n := range []any{0.1, float32(0.1), json.Number("0.10"), json.Number("1e-1"), mustBigFloat("0.1")} {
		if got := mustRevision(t, map[string]any{"weight": n}); got != fraction {
			t.Errorf("fraction %T(%v): revision %s, want %s", n, n, got, fraction)
		}
	}
}

func TestRevisionChanges(t *testing.T) {
	base := mustRevision(t, service())
	mutations := map[string]func(m map[string]any){
		"scalar string":       func(m map[string]any) { m["host"] = "orders.internal2" },
		"scalar number":       func(m map[string]any) { m["read_timeout"] = json.Number("60001") },
		"number to string":    func(m map[string]any) { m["port"] = "8080" },
		"bool":                func(m map[string]any) { m["enabled"] = false },
		"updated_at only":     func(m map[string]any) { m["updated_at"] = json.Number("1796203242") },
		"updated_at fraction": func(m map[string]any) { m["updated_at"] = json.Number("1796203241.5") },
		"null to value":       func(m map[string]any) { m["tls_verify"] = true },
		"null to missing":     func(m map[string]any) { delete(m, "tls_verify") },
		"field added":         func(m map[string]any) { m["path"] = "/orders" },
		"field removed":       func(m map[string]any) { delete(m, "retries") },
		"list element":        func(m map[string]any) { m["tags"] = []any{"team-a", "dev"} },
		"list order":          func(m map[string]any) { m["tags"] = []any{"prod", "team-a"} },
		"list appended":       func(m map[string]any) { m["tags"] = []any{"team-a", "prod", "x"} },
		"list to null":        func(m map[string]any) { m["tags"] = nil },
		"list to empty":       func(m map[string]any) { m["tags"] = []any{} },
		"nested object value": func(m map[string]any) { m["client_certificate"] = map[string]any{"id": "cc-2"} },
		"deeply nested value": func(m map[string]any) {
			m["config"].(map[string]any)["limits"].(map[string]any)["hour"] = json.Number("101")
		},
		"deeply nested key": func(m map[string]any) {
			m["config"].(map[string]any)["limits"].(map[string]any)["Hour"] = json.Number("100")
		},
		"nested list":           func(m map[string]any) { m["config"].(map[string]any)["paths"] = []any{"/a"} },
		"key case":              func(m map[string]any) { m["Name"] = m["name"]; delete(m, "name") },
		"string whitespace":     func(m map[string]any) { m["name"] = "orders " },
		"string unicode":        func(m map[string]any) { m["name"] = "ordérs" },
		"empty object to null":  func(m map[string]any) { m["client_certificate"] = nil },
		"large int last digit":  func(m map[string]any) { m["id"] = json.Number("9007199254740993") },
		"large int off by one":  func(m map[string]any) { m["id"] = json.Number("9007199254740992") },
		"fraction last digit":   func(m map[string]any) { m["port"] = json.Number("8080.0000000000000001") },
		"negative":              func(m map[string]any) { m["retries"] = json.Number("-5") },
		"structure swap":        func(m map[string]any) { m["tags"] = map[string]any{"team-a": "prod"} },
		"string with null byte": func(m map[string]any) { m["name"] = "orders\x00" },
	}
	seen := map[string]string{base: "original"}
	for name, mutate := range mutations {
		m := service()
		mutate(m)
		got := mustRevision(t, m)
		if other, dup := seen[got]; dup {
			t.Errorf("%s: revision %s equals that of %s", name, got, other)
		}
		seen[got] = name
	}
}

func TestRevisionUnsupported(t *testing.T) {
	for _, v := range []any{struct{}{}, map[string]string{"a": "b"}, math.NaN(), math.Inf(1), json.Number("abc"), make(chan int)} {
		if rev, err := Revision(map[string]any{"x": v}); err == nil {
			t.Errorf("Revision with %T = %q, want an error", v, rev)
		}
	}
}

func mustBigFloat(s string) *big.Float {
	f, ok := new(big.Float).SetPrec(512).SetString(s)
	if !ok {
		panic(s)
	}
	return f
}
