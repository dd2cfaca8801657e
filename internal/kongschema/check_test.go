package kongschema

import (
	"encoding/json"
	"strings"
	"testing"
)

// schemaDoc is a plugin schema in Kong's format, shaped like the one Konnect serves for
// rate-limiting, with one field of each kind this package knows.
const schemaDoc = `{"fields": [
  {"consumer": {"type": "foreign", "reference": "consumers", "default": null}},
  {"protocols": {"type": "set", "elements": {"type": "string", "one_of": ["http", "https"]}, "required": true}},
  {"config": {"type": "record", "required": true, "fields": [
    {"minute": {"type": "number", "gt": 0}},
    {"hour": {"type": "number"}},
    {"policy": {"type": "string", "default": "local", "one_of": ["local", "cluster", "redis"]}},
    {"fault_tolerant": {"type": "boolean", "default": true}},
    {"issuer": {"type": "string", "required": true}},
    {"limit_by": {"type": "string", "required": true, "default": "consumer"}},
    {"header_name": {"type": "string", "len_min": 2, "len_max": 5}},
    {"error_code": {"type": "integer", "between": [400, 599]}},
    {"redis": {"type": "record", "required": true, "fields": [
      {"host": {"type": "string"}},
      {"port": {"type": "integer", "default": 6379, "between": [0, 65535]}},
      {"password": {"type": "string", "encrypted": true, "referenceable": true}},
      {"mode": {"type": "string", "encrypted": true, "one_of": ["a", "b"]}},
      {"database": {"type": "integer", "required": true}}
    ]}},
    {"tls": {"type": "record", "fields": [{"cert": {"type": "string", "required": true}}]}},
    {"key_names": {"type": "array", "len_min": 1, "elements": {"type": "string"}}},
    {"methods": {"type": "set", "elements": {"type": "string", "one_of": ["GET", "POST"]}}},
    {"ports": {"type": "array", "elements": {"type": "integer", "between": [1, 65535]}}},
    {"refs": {"type": "array", "elements": {"type": "string", "referenceable": true}}},
    {"headers": {"type": "map", "keys": {"type": "string"}, "values": {"type": "array", "elements": {"type": "string"}}}},
    {"labels": {"type": "map", "keys": {"type": "string", "len_min": 1}, "values": {"type": "string", "referenceable": true}}},
    {"upstreams": {"type": "array", "elements": {"type": "record", "fields": [
      {"name": {"type": "string", "required": true}},
      {"weight": {"type": "integer", "between": [0, 100]}}
    ]}}},
    {"extra": {"type": "record", "open": true, "fields": [{"a": {"type": "string"}}]}},
    {"hook": {"type": "function"}}
  ]}}
]}`

func schema(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	d := json.NewDecoder(strings.NewReader(schemaDoc))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

func doc(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// valid sets every required field: each case adds one problem to it.
const valid = `"issuer": "x", "redis": {"database": 0}`

func TestCheckConfig(t *testing.T) {
	tests := []struct {
		name   string
		config string
		opts   Options
		want   []string // each problem as `path`: message
	}{
		{name: "valid", config: `{"minute": 5, ` + valid + `}`},
		{name: "every kind valid", config: `{"minute": 5.5, "policy": "redis", "fault_tolerant": false, "header_name": "ab",
			"error_code": 429, "key_names": ["apikey"], "methods": ["GET"], "ports": [80, 443], "refs": ["{vault://env/a}"],
			"headers": {"x": ["1"]}, "labels": {"a": "{vault://env/b}"}, "upstreams": [{"name": "a", "weight": 1}],
			"extra": {"anything": {"goes": 1}}, "hook": "whatever", "tls": {"cert": "c"},
			"redis": {"host": "h", "port": 6380, "password": "{vault://env/redis}", "database": 1}, "issuer": "x"}`},
		{name: "nulls are not given", config: `{"minute": null, "policy": null, "redis": {"host": null, "database": 0}, "issuer": "x"}`},
		{name: "unknown key, close to a known one", config: `{"minuet": 5, ` + valid + `}`,
			want: []string{"`config.minuet`: unknown field; did you mean `minute`?"}},
		{name: "unknown key, nothing close", config: `{"zzzzzzzzzz": 5, "extra": {"b": 1}, ` + valid + `}`,
			want: []string{"`config.zzzzzzzzzz`: unknown field; known fields: `error_code`, `extra`, `fault_tolerant`, `header_name`, `headers`, `hook`, `hour`, `issuer`, `key_names`, `labels`, `limit_by`, `methods`, `minute`, `policy`, `ports`, `redis`, `refs`, `tls`, `upstreams`"}},
		{name: "unknown key in a nested record", config: `{"redis": {"hots": "h", "database": 0}, "issuer": "x"}`,
			want: []string{"`config.redis.hots`: unknown field; did you mean `host`?"}},
		{name: "enum", config: `{"policy": "locl", ` + valid + `}`,
			want: []string{"`config.policy`: \"locl\" is not allowed: expected one of \"local\", \"cluster\", \"redis\"; did you mean `local`?"}},
		{name: "enum far from every value", config: `{"policy": "memcached", ` + valid + `}`,
			want: []string{"`config.policy`: \"memcached\" is not allowed: expected one of \"local\", \"cluster\", \"redis\""}},
		{name: "enum of set elements", config: `{"methods": ["GET", "PUT"], ` + valid + `}`,
			want: []string{"`config.methods[1]`: \"PUT\" is not allowed: expected one of \"GET\", \"POST\""}},
		{name: "wrong types", config: `{"minute": "5", "fault_tolerant": "yes", "key_names": "apikey", "headers": [], "redis": 1, "issuer": 2}`,
			want: []string{
				"`config.minute`: a string was given: expected a number",
				"`config.fault_tolerant`: a string was given: expected a boolean (true or false)",
				"`config.issuer`: a number was given: expected a string",
				"`config.redis`: a number was given: expected an object",
				"`config.key_names`: a string was given: expected a list",
				"`config.headers`: a list was given: expected an object (a map)",
			}},
		{name: "integer", config: `{"error_code": 429.5, ` + valid + `}`,
			want: []string{"`config.error_code`: 429.5 is not an integer: expected an integer"}},
		{name: "between", config: `{"error_code": 200, "redis": {"port": 70000, "database": 0}, "issuer": "x"}`,
			want: []string{
				"`config.error_code`: 200 is out of range: expected a value between 400 and 599",
				"`config.redis.port`: 70000 is out of range: expected a value between 0 and 65535",
			}},
		{name: "gt", config: `{"minute": 0, ` + valid + `}`,
			want: []string{"`config.minute`: 0 is out of range: expected a value greater than 0"}},
		{name: "between on elements", config: `{"ports": [80, 0], ` + valid + `}`,
			want: []string{"`config.ports[1]`: 0 is out of range: expected a value between 1 and 65535"}},
		{name: "string length, the text never quoted", config: `{"header_name": "s3cr3t-value", ` + valid + `}`,
			want: []string{"`config.header_name`: a text of 12 character(s) is too long: expected at most 5"}},
		{name: "string too short", config: `{"header_name": "a", ` + valid + `}`,
			want: []string{"`config.header_name`: a text of 1 character(s) is too short: expected at least 2"}},
		{name: "list too short", config: `{"key_names": [], ` + valid + `}`,
			want: []string{"`config.key_names`: a list of 0 element(s) is too short: expected at least 1"}},
		{name: "wrong element type and null element", config: `{"key_names": [1, null], ` + valid + `}`,
			want: []string{"`config.key_names[0]`: a number was given: expected a string", "`config.key_names[1]`: null is not allowed in a list"}},
		{name: "map keys and values", config: `{"headers": {"x": "1"}, "labels": {"": "a", "b": 2}, ` + valid + `}`,
			want: []string{
				"`config.headers.x`: a string was given: expected a list",
				"`config.labels. (key)`: a text of 0 character(s) is too short: expected at least 1",
				"`config.labels.b`: a number was given: expected a string",
			}},
		{name: "records in a list", config: `{"upstreams": [{"name": "a"}, {"weight": 200, "naem": "b"}], ` + valid + `}`,
			want: []string{
				"`config.upstreams[1].naem`: unknown field; did you mean `name`?",
				"`config.upstreams[1].name`: missing required field: expected a string",
				"`config.upstreams[1].weight`: 200 is out of range: expected a value between 0 and 100",
			}},
		{name: "missing required keys, at the top and in a required record filled from defaults", config: `{}`,
			want: []string{
				"`config.issuer`: missing required field: expected a string",
				"`config.redis.database`: missing required field: expected an integer",
			}},
		{name: "required inside an optional record is asked only when the record is given", config: `{"tls": {}, ` + valid + `}`,
			want: []string{"`config.tls.cert`: missing required field: expected a string"}},
		{name: "a null required key is missing", config: `{"issuer": null, "redis": {"database": 0}}`,
			want: []string{"`config.issuer`: missing required field: expected a string"}},
		{name: "skip required", config: `{"minuet": 1}`, opts: Options{SkipRequired: true},
			want: []string{"`config.minuet`: unknown field; did you mean `minute`?"}},
		{name: "skip required under a partial's path", config: `{"issuer": "x"}`, opts: Options{SkipRequiredUnder: []string{"config.redis"}}},
		{name: "required keys given apart", config: `{"redis": {}}`,
			opts: Options{Also: map[string]any{"issuer": "secret", "redis": map[string]any{"database": json.Number("1")}}}},
		{name: "enum of an encrypted field, the value never quoted", config: `{"redis": {"mode": "secret-ish", "database": 0}, "issuer": "x"}`,
			want: []string{"`config.redis.mode`: the value given is not allowed: expected one of \"a\", \"b\""}},
		{name: "vault reference where referenceable", config: `{"redis": {"password": "{vault://env/p}", "database": 0}, "refs": ["{vault://aws/x}"], "issuer": "x"}`},
		{name: "vault reference where not referenceable", config: `{"redis": {"host": "{vault://env/host}", "database": 0}, "error_code": "{vault://env/c}", "issuer": "{vault://env/i}"}`,
			want: []string{
				"`config.issuer`: a vault reference is not allowed here: this field is not referenceable; give the value itself",
				"`config.error_code`: a vault reference is not allowed here: this field is not referenceable; give the value itself",
				"`config.redis.host`: a vault reference is not allowed here: this field is not referenceable; give the value itself",
			}},
		{name: "vault reference in a list of plain strings", config: `{"key_names": ["{vault://env/k}"], ` + valid + `}`,
			want: []string{"`config.key_names[0]`: a vault reference is not allowed here: this field is not referenceable; give the value itself"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckConfig(schema(t), doc(t, tt.config), tt.opts)
			var gs []string
			for _, p := range got {
				gs = append(gs, p.String())
			}
			if strings.Join(gs, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(gs, "\n"), strings.Join(tt.want, "\n"))
			}
			for _, g := range gs {
				if strings.Contains(g, "s3cr3t") || strings.Contains(g, "secret") {
					t.Errorf("a problem quotes a given text: %s", g)
				}
			}
		})
	}
}

func TestCheckConfigWithoutConfigField(t *testing.T) {
	if got := CheckConfig(map[string]any{"fields": []any{}}, map[string]any{"x": 1}, Options{}); got != nil {
		t.Errorf("problems without a config field: %v", got)
	}
}

func TestClosest(t *testing.T) {
	names := []string{"second", "minute", "hour", "day", "month", "year", "policy", "limit_by"}
	for word, want := range map[string]string{
		"minuet": "minute", "minutes": "minute", "Minute": "minute", "polcy": "policy", "limitby": "limit_by",
		"hours": "hour", "dy": "", "x": "", "redis": "", "zzzzzz": "",
	} {
		if got := Closest(word, names); got != want {
			t.Errorf("Closest(%q) = %q, want %q", word, got, want)
		}
	}
	for _, c := range []struct {
		a, b string
		d    int
	}{{"minuet", "minute", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"ab", "ba", 1}, {"same", "same", 0}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
