package kongschema

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestWithoutDefaults(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal([]byte(`{"fields": [{"protocols": {"type": "set"}}, {"config": {"type": "record", "fields": [
		{"minute": {"type": "number"}},
		{"policy": {"type": "string", "default": "local"}},
		{"fault_tolerant": {"type": "boolean", "default": true}},
		{"limits": {"type": "array", "default": [1, 2]}},
		{"redis": {"type": "record", "fields": [
			{"host": {"type": "string"}},
			{"port": {"type": "integer", "default": 6379}},
			{"ssl": {"type": "boolean", "default": false}}]}},
		{"tls": {"type": "record", "fields": [{"verify": {"type": "boolean", "default": true}}]}}]}}]}`), &schema); err != nil {
		t.Fatal(err)
	}
	config := map[string]any{
		"minute": json.Number("10"), "policy": "redis", "fault_tolerant": true, "limits": []any{json.Number("1"), json.Number("2.0")},
		"redis": map[string]any{"host": "redis.internal", "port": json.Number("6379"), "ssl": true},
		"tls":   map[string]any{"verify": true}, // all defaults: the record goes
		"extra": "kept",                         // not in the schema: kept
	}
	want := map[string]any{"minute": json.Number("10"), "policy": "redis",
		"redis": map[string]any{"host": "redis.internal", "ssl": true}, "extra": "kept"}
	if got := WithoutDefaults(schema, config); !reflect.DeepEqual(got, want) {
		t.Errorf("WithoutDefaults = %v, want %v", got, want)
	}
}
