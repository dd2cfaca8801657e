package kongschema

import (
	"encoding/json"
	"strings"
	"testing"
)

// Kong's rate-limiting and acl entity checks, as Kong serves them.
const entitySchema = `{"entity_checks": [
  {"at_least_one_of": ["config.second", "config.minute", "config.hour", "config.day", "config.month", "config.year"]},
  {"conditional": {"if_field": "config.policy", "if_match": {"eq": "redis"}, "then_field": "config.redis.host", "then_match": {"required": true}}},
  {"only_one_of": ["config.allow", "config.deny"]}
]}`

func TestCheckEntity(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal([]byte(entitySchema), &schema); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		config string
		opts   Options
		want   []string
	}{
		{"no limit", `{}`, Options{}, []string{"`config`: at least one of these fields must be non-empty: 'config.second', 'config.minute', 'config.hour', 'config.day', 'config.month', 'config.year'"}},
		{"a limit", `{"minute": 5}`, Options{}, nil},
		{"no limit, on an update", `{}`, Options{SkipRequired: true}, nil},
		{"redis without its host", `{"minute": 5, "policy": "redis", "redis": {"port": 6379}}`, Options{}, []string{"`config.redis.host`: failed conditional validation given value of field 'config.policy'"}},
		{"redis with its host", `{"minute": 5, "policy": "redis", "redis": {"host": "r"}}`, Options{}, nil},
		{"redis from a linked partial", `{"minute": 5, "policy": "redis"}`, Options{SkipRequiredUnder: []string{"config.redis"}}, nil},
		{"the host in secrets set apart", `{"minute": 5, "policy": "redis"}`, Options{Also: map[string]any{"redis": map[string]any{"host": "x"}}}, nil},
		{"local policy", `{"minute": 5, "policy": "local"}`, Options{}, nil},
		{"allow and deny", `{"minute": 5, "allow": ["a"], "deny": ["b"]}`, Options{}, []string{"`config`: only one of these fields must be non-empty: 'config.allow', 'config.deny'"}},
	} {
		var cfg map[string]any
		if err := json.Unmarshal([]byte(c.config), &cfg); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range CheckEntity(schema, cfg, c.opts) {
			got = append(got, p.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// A document of secrets (config_secrets) is checked for its paths and types, and no problem
// quotes what was given: not an enumeration's refused value, a number out of range, or a
// text's length.
func TestCheckConfigSecretQuotesNothing(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal([]byte(`{"fields": [{"config": {"type": "record", "fields": [
	  {"mode": {"type": "string", "one_of": ["a", "b"]}},
	  {"port": {"type": "integer", "between": [1, 10]}},
	  {"token": {"type": "string", "len_min": 20}},
	  {"password": {"type": "string"}}]}}]}`), &schema); err != nil {
		t.Fatal(err)
	}
	secrets := map[string]any{"mode": "hunter2-mode", "port": 4242.0, "token": "short-secret", "passwrd": "hunter2", "password": 7.0}
	var got []string
	for _, p := range CheckConfig(schema, secrets, Options{SkipRequired: true, Secret: true}) {
		got = append(got, p.String())
	}
	all := strings.Join(got, "\n")
	for _, leak := range []string{"hunter2", "4242", "short-secret", "12 character"} {
		if strings.Contains(all, leak) {
			t.Errorf("a problem quotes %q:\n%s", leak, all)
		}
	}
	for _, want := range []string{"`config.mode`: the value given is not allowed", "`config.port`: the value given is out of range",
		"`config.token`: the value given is too short", "`config.passwrd`: unknown field; did you mean `password`?", "`config.password`: a number was given: expected a string"} {
		if !strings.Contains(all, want) {
			t.Errorf("no problem %q in:\n%s", want, all)
		}
	}
}
