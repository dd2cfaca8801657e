package mockcore

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

type row struct {
	name, created string
	on            bool
}

func rowField(r row, f string) (string, bool) {
	switch f {
	case "name":
		return r.name, true
	case "created_at":
		return r.created, true
	case "on":
		if r.on {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

// ListQuery pages, filters (text, boolean, time) and sorts; a bad parameter is answered by
// Invalid with the parameter as sent.
func TestListQuery(t *testing.T) {
	rows := []row{
		{"beta", "2026-01-02T00:00:00Z", true},
		{"alpha", "2026-01-03T00:00:00Z", false},
		{"gamma", "2026-01-01T00:00:00Z", true},
	}
	spec := QuerySpec{"name": TextField, "created_at": TimeField, "on": BoolField}
	var refused []InvalidParam
	run := func(raw string) (names []string, status int) {
		t.Helper()
		refused = nil
		v, _ := url.ParseQuery(raw)
		q := Query{Values: v, Invalid: func(p ...InvalidParam) Response {
			refused = p
			return NewProblem("/x", http.StatusBadRequest, "bad", p)
		}}
		resp := ListQuery(q, rows, spec, []string{"name", "created_at"}, rowField, func(r row) string { return r.name })
		if resp.Status != http.StatusOK {
			return nil, resp.Status
		}
		var out struct{ Data []string }
		if err := json.Unmarshal(resp.Body, &out); err != nil {
			t.Fatal(err)
		}
		return out.Data, resp.Status
	}
	for raw, want := range map[string]string{
		"":                                   "beta alpha gamma",
		"sort=name":                          "alpha beta gamma",
		"sort=-created_at":                   "alpha beta gamma",
		"sort=created_at desc":               "alpha beta gamma",
		"filter[on]=true&sort=name":          "beta gamma",
		"filter[name][contains]=a&sort=name": "alpha beta gamma",
		"filter[name][neq]=beta":             "alpha gamma",
		"filter[created_at][lt]=2026-01-02T12:00:00Z&sort=name": "beta gamma",
		"page[size]=2&page[number]=2&sort=name":                 "gamma",
	} {
		got, status := run(raw)
		if status != http.StatusOK || strings.Join(got, " ") != want {
			t.Errorf("%q: %d %v, want %s", raw, status, got, want)
		}
	}
	for raw, field := range map[string]string{
		"page[size]=0":                 "page[size]",
		"page[number]=x":               "page[number]",
		"filter[color]=red":            "filter[color]",
		"filter[on]=maybe":             "filter[on]",
		"filter[created_at][lt]=today": "filter[created_at][lt]",
		"sort=color":                   "sort",
	} {
		if _, status := run(raw); status != http.StatusBadRequest || len(refused) != 1 || refused[0].Field != field {
			t.Errorf("%q: status %d, refused %+v, want a 400 on %s", raw, status, refused, field)
		}
	}
}
