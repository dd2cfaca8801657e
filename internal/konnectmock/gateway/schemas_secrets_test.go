package gateway

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// marksOf lists "path:mark" for every secret mark in a plugin schema's config, in Kong's
// format: on a field, on an array's elements ("path[]"), on a map's values ("path.*").
func marksOf(t *testing.T, fields []any, prefix string, out *[]string) {
	t.Helper()
	for _, f := range fields {
		for name, raw := range f.(map[string]any) {
			d := raw.(map[string]any)
			p := prefix + name
			for _, m := range []string{"encrypted", "referenceable"} {
				if d[m] == true {
					*out = append(*out, p+":"+m)
				}
			}
			if el, ok := d["elements"].(map[string]any); ok && el["referenceable"] == true {
				*out = append(*out, p+"[]:referenceable")
			}
			if v, ok := d["values"].(map[string]any); ok && v["referenceable"] == true {
				*out = append(*out, p+".*:referenceable")
			}
			if sub, ok := d["fields"].([]any); ok {
				marksOf(t, sub, p+".", out)
			}
		}
	}
}

// specMarks lists "path:mark" for every secret mark of a plugin in the generated data
// (Kong's x-encrypted / x-referenceable), in marksOf's notation.
func specMarks(fields []*pluginspec.Field, prefix string, out *[]string) {
	for _, f := range fields {
		p := prefix + f.Name
		if f.Encrypted {
			*out = append(*out, p+":encrypted")
		}
		if f.Referenceable {
			*out = append(*out, p+":referenceable")
		}
		if f.Elements != nil && f.Elements.Referenceable {
			*out = append(*out, p+"[]:referenceable")
		}
		if f.Values != nil && f.Values.Referenceable {
			*out = append(*out, p+".*:referenceable")
		}
		specMarks(f.Fields, p+".", out)
	}
}

// The plugin schemas carry Kong's secret marks where Kong's published schemas have them,
// and nowhere else.
func TestPluginSchemaSecretMarks(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("secret-marks")
	set, err := pluginspec.Load()
	if err != nil {
		t.Fatal(err)
	}
	// a few of them, as Kong's schemas state them
	some := map[string][]string{
		"rate-limiting":  {"config.redis.password:encrypted", "config.redis.password:referenceable", "config.redis.username:referenceable"},
		"http-log":       {"config.headers.*:referenceable", "config.http_endpoint:encrypted", "config.http_endpoint:referenceable"},
		"openid-connect": {"config.client_id:encrypted", "config.client_id[]:referenceable", "config.client_secret:encrypted", "config.session_secret:encrypted"},
		"loggly":         {"config.key:encrypted", "config.key:referenceable"},
	}
	marked := 0
	for name, p := range set.Plugins {
		r := c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON)
		var got, want []string
		marksOf(t, r.body["fields"].([]any), "", &got)
		specMarks(p.Config, "config.", &want)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: marks %v, want %v", name, got, want)
		}
		for _, m := range some[name] {
			if !slices.Contains(got, m) {
				t.Errorf("%s: no %s in %v", name, m, got)
			}
		}
		if len(got) > 0 {
			marked++
		}
	}
	if marked < 50 {
		t.Errorf("only %d plugins have a secret mark", marked)
	}
	// A marked map still describes its keys, as Kong's do.
	r := c.do("GET", core(cp, "schemas/plugins/http-log"), nil).expect(t, 200, ctJSON)
	if !strings.Contains(string(r.raw), `"keys":{"type":"string"}`) {
		t.Errorf("http-log headers: %s", r.raw)
	}
}
