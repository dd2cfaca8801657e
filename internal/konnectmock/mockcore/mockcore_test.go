package mockcore

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

func TestParsePage(t *testing.T) {
	for q, want := range map[string]string{
		"":                               "1/10 given=false bad=[]",
		"page[size]=3&page[number]=2":    "2/3 given=true bad=[]",
		"page[size]=&page[number]=":      "1/10 given=false bad=[]",
		"page[size]=101":                 "1/10 given=true bad=[page[size]]",
		"page[size]=x&page[number]=0":    "1/10 given=true bad=[page[size] page[number]]",
		"page[number]=-1&page[size]=100": "1/100 given=true bad=[page[number]]",
	} {
		v, _ := url.ParseQuery(q)
		p, bad := ParsePage(v, 10, 100)
		var fields []string
		for _, b := range bad {
			fields = append(fields, b.Field)
		}
		if got := fmt.Sprintf("%d/%d given=%v bad=%v", p.Number, p.Size, p.Given, fields); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
	items := []int{1, 2, 3, 4, 5}
	if got := PageOf(items, Page{Number: 2, Size: 2}); !reflect.DeepEqual(got, []int{3, 4}) {
		t.Errorf("page 2: %v", got)
	}
	if got := PageOf(items, Page{Number: 9, Size: 2}); got == nil || len(got) != 0 {
		t.Errorf("past the end: %#v", got)
	}
	for _, p := range []Page{{Number: 5, Size: 1 << 62}, {Number: 5, Size: 1<<62 + 1}, {Number: 1 << 40, Size: 1 << 40}} {
		if got := PageOf(items, p); len(got) != 0 {
			t.Errorf("page %d of size %d (an offset that overflows): %v", p.Number, p.Size, got)
		}
	}
	if got := PageOf(items, Page{Number: 1, Size: 1 << 62}); len(got) != 5 {
		t.Errorf("one huge page: %v", got)
	}
}

func TestParseFilters(t *testing.T) {
	spec := FilterSpec{"name": {"eq", "contains"}, "active": {"bool"}, "labels.*": {"eq", "exists"}}
	v, _ := url.ParseQuery("filter[name]=a&filter[active]=true&filter[labels.env][exists]=false&other=1")
	fs, bad := ParseFilters(v, spec)
	if len(bad) != 0 || fmt.Sprint(fs) != "[{active eq true} {labels.env exists false} {name eq a}]" {
		t.Fatalf("%v %v", fs, bad)
	}
	for q, want := range map[string]string{
		"filter[name][neq]=a":      "[filter][name][neq]: [neq] is not a supported filter operation",
		"filter[colour]=red":       "[filter][colour]: [colour] is not a supported filter field",
		"filter[active]=yes":       "[filter][active]: must be true or false",
		"filter[active][neq]=true": "[filter][active][neq]: [neq] is not a supported filter operation",
		"filter[name":              "filter[name: is not a valid filter",
		"filter[name][eq][x]=1":    "filter[name][eq][x]: is not a valid filter",
		"filter[labels.]=x":        "[filter][labels.]: [labels.] is not a supported filter field",
	} {
		v, _ := url.ParseQuery(q)
		_, bad := ParseFilters(v, spec)
		if len(bad) != 1 || bad[0].Field+": "+bad[0].Reason != want {
			t.Errorf("%q: %v, want %s", q, bad, want)
		}
	}
	for _, tc := range []struct {
		f       Filter
		v       string
		present bool
		want    bool
	}{
		{Filter{Op: "eq", Value: "a"}, "a", true, true},
		{Filter{Op: "eq", Value: "a"}, "a", false, false},
		{Filter{Op: "contains", Value: "b"}, "abc", true, true},
		{Filter{Op: "neq", Value: "a"}, "", false, true},
		{Filter{Op: "oeq", Value: "a,b"}, "b", true, true},
		{Filter{Op: "ocontains", Value: "x,bc"}, "abc", true, true},
		{Filter{Op: "ocontains", Value: "x,y"}, "abc", true, false},
		{Filter{Op: "exists", Value: "true"}, "", true, true},
		{Filter{Op: "exists", Value: "false"}, "", true, false},
	} {
		if got := tc.f.Match(tc.v, tc.present); got != tc.want {
			t.Errorf("%v on %q (present %v): %v", tc.f, tc.v, tc.present, got)
		}
	}
}

func TestBody(t *testing.T) {
	b, err := ParseBody([]byte(`{"name":"x","n":5,"flag":"no","when":"2026-01-01T00:00:00.5Z","id":"7F9FD312-A987-4628-B4C5-BB4F4FDDD5F7","cfg":{"k":1},"extra":null}`))
	if err != nil {
		t.Fatal(err)
	}
	b.Only("name", "n", "flag", "when", "id", "cfg")
	name := b.String("name", true, 2, 10)
	n := b.Int("n", true, 1, 3)
	flag := b.Bool("flag", false)
	when := b.Time("when", true)
	id := b.UUID("id", true)
	cfg := b.Nested("cfg", true)
	cfg.String("k", true, 0, 0)
	b.Merge(cfg)
	b.String("missing", true, 0, 0)
	var got []string
	for _, ip := range b.Bad {
		got = append(got, ip.Field+" "+ip.Rule)
	}
	want := []string{"extra unknown_property", "name min_length", "n max", "flag is_boolean", "cfg.k is_string", "missing required"}
	if !reflect.DeepEqual(got, want) || name != nil || n != nil || flag != nil || when == nil || id == nil || *id != strings.ToLower(*id) {
		t.Fatalf("problems %q", got)
	}
	for _, raw := range []string{``, `[]`, `{"a":1} x`, `{"a":`} {
		if _, err := ParseBody([]byte(raw)); err == nil {
			t.Errorf("%q accepted", raw)
		}
	}
	if _, err := DecodeObject([]byte(`{"a":1} x`)); err != nil {
		t.Errorf("DecodeObject reads only the first object, as the gateway always did: %v", err)
	}
}

func TestProblemAndResponse(t *testing.T) {
	rec := httptest.NewRecorder()
	NewProblem("konnect:trace:1", 404, "gone", nil).With("X-A", "b").Write(rec)
	if rec.Code != 404 || rec.Header().Get("Content-Type") != CTProblem || rec.Header().Get("X-A") != "b" ||
		rec.Body.String() != `{"status":404,"title":"Not Found","type":"https://httpstatuses.com/404","instance":"konnect:trace:1","detail":"gone"}`+"\n" {
		t.Fatalf("%d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	rec = httptest.NewRecorder()
	NewProblem("i", 401, "A valid token is required", nil).Write(rec)
	if strings.Contains(rec.Body.String(), `"type"`) {
		t.Fatalf("401 has a type: %s", rec.Body)
	}
	rec = httptest.NewRecorder()
	Empty(201).Write(rec)
	if rec.Code != 201 || rec.Body.Len() != 0 || rec.Header().Get("Content-Type") != "" {
		t.Fatalf("empty 201: %v %q", rec.Header(), rec.Body)
	}
	rec = httptest.NewRecorder()
	NewTitledProblem("i", 400, "Invalid Request", "Invalid Parameters", []InvalidParam{{Field: "a", Rule: "required", Reason: "\"a\" is required", Source: "body"}}).Write(rec)
	if rec.Body.String() != `{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","instance":"i","detail":"Invalid Parameters","invalid_parameters":[{"field":"a","rule":"required","reason":"\"a\" is required","source":"body"}]}`+"\n" {
		t.Fatalf("titled problem: %s", rec.Body)
	}
	tr := NewTracer()
	if a, b := tr.Next(), tr.Next(); a == b || !strings.HasPrefix(a, "konnect:trace:") || len(a) != len("konnect:trace:")+19 {
		t.Fatalf("trace ids %q %q", a, b)
	}
}

func TestBodyNotNull(t *testing.T) {
	b, err := ParseBody([]byte(`{"name":null,"description":null}`))
	if err != nil {
		t.Fatal(err)
	}
	b.NotNull("name")
	b.NotNull("absent")
	if len(b.Bad) != 1 || !reflect.DeepEqual(b.Bad[0], InvalidParam{Field: "name", Rule: "required", Reason: "cannot be null"}) {
		t.Fatalf("problems %+v", b.Bad)
	}
}

func TestLabels(t *testing.T) {
	b, _ := ParseBody([]byte(`{"labels":{"env":"prod","gone":null,"kong-x":"y","bad":"-x"}}`))
	out, ok := b.Labels(true)
	if ok || len(b.Bad) != 2 || b.Bad[0].Field != "labels.bad" || b.Bad[1].Field != "labels" || *out["env"] != "prod" || out["gone"] != nil {
		t.Fatalf("%v %v %v", out, ok, b.Bad)
	}
	b, _ = ParseBody([]byte(`{"labels":{"env":"prod","gone":null}}`))
	out, ok = b.Labels(false)
	dst := map[string]string{"old": "1"}
	ApplyLabels(dst, out)
	if !ok || len(out) != 1 || fmt.Sprint(dst) != "map[env:prod old:1]" {
		t.Fatalf("create labels: %v %v", out, dst)
	}
	b, _ = ParseBody([]byte(`{"x":1}`))
	if _, ok := b.Labels(true); ok || len(b.Bad) != 0 {
		t.Fatal("absent labels")
	}
}

func TestRoutesMatch(t *testing.T) {
	var rs Routes[string]
	rs.Add("v3/users/{userId}", map[string]string{"GET": "user"})
	rs.Add("v3/users/me", map[string]string{"GET": "me"})
	rs.Add("v3/users", map[string]string{"GET": "list"})
	for _, c := range []struct {
		path, want, param string
	}{
		{"v3/users/me", "me", ""},
		{"v3/users/42", "user", "42"},
		{"v3/users", "list", ""},
		{"v3/teams", "", ""},
		{"v3/users/42/roles", "", ""},
	} {
		rt, params := rs.Match(strings.Split(c.path, "/"))
		got := ""
		if rt != nil {
			got = rt.Methods["GET"]
			if rt.Path("/") != "/"+strings.Join(rt.Pattern, "/") {
				t.Errorf("%s: Path %q", c.path, rt.Path("/"))
			}
		}
		if got != c.want || params["userId"] != c.param {
			t.Errorf("%s: matched %q with userId %q, want %q with %q", c.path, got, params["userId"], c.want, c.param)
		}
	}
}
