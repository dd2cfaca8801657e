package gateway

import (
	"sort"
	"strings"
	"testing"
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

// The plugin schemas carry Kong's secret marks where Kong's own schemas have them, and
// nowhere else.
func TestPluginSchemaSecretMarks(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("secret-marks")
	want := map[string][]string{
		"rate-limiting": {"config.redis.password:encrypted", "config.redis.password:referenceable", "config.redis.username:referenceable"},
		"http-log":      {"config.headers.*:referenceable", "config.http_endpoint:encrypted", "config.http_endpoint:referenceable"},
		"openid-connect": {"config.client_id:encrypted", "config.client_id[]:referenceable",
			"config.client_secret:encrypted", "config.client_secret[]:referenceable", "config.scopes[]:referenceable"},
	}
	for name := range pluginSchemas {
		r := c.do("GET", core(cp, "schemas/plugins/"+name), nil).expect(t, 200, ctJSON)
		var got []string
		marksOf(t, r.body["fields"].([]any), "", &got)
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want[name], " ") {
			t.Errorf("%s: marks %v, want %v", name, got, want[name])
		}
	}
	// A marked map still describes its keys, as Kong's do.
	r := c.do("GET", core(cp, "schemas/plugins/http-log"), nil).expect(t, 200, ctJSON)
	if !strings.Contains(string(r.raw), `"keys":{"type":"string"}`) {
		t.Errorf("http-log headers: %s", r.raw)
	}
}
