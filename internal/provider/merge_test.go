package provider

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

// project: state holds, of a JSON document from Konnect, the keys configuration sets.
func TestProject(t *testing.T) {
	remote := map[string]any{
		"minute": 30, "hour": 1000, "policy": "local",
		"redis": map[string]any{"host": "r.internal", "port": 6379, "timeout": 2000},
		"limit": []any{map[string]any{"a": 1, "b": 2}},
	}
	cases := []struct {
		name          string
		remote, shape any
		want          string
	}{
		{"configured keys only", remote, map[string]any{"minute": 10, "policy": "cluster"}, `{"minute":30,"policy":"local"}`},
		{"nested objects by their keys", remote, map[string]any{"redis": map[string]any{"host": "x"}}, `{"redis":{"host":"r.internal"}}`},
		{"arrays whole", remote, map[string]any{"limit": []any{map[string]any{"a": 0}}}, `{"limit":[{"a":1,"b":2}]}`},
		{"a configured key Konnect lacks is left out", remote, map[string]any{"second": 1, "minute": 1}, `{"minute":30}`},
		{"an object where configuration has a scalar", remote, map[string]any{"redis": "r"}, `{"redis":{"host":"r.internal","port":6379,"timeout":2000}}`},
		{"a scalar where configuration has an object", remote, map[string]any{"minute": map[string]any{"x": 1}}, `{"minute":30}`},
		{"empty shape", remote, map[string]any{}, `{}`},
		{"remote not an object", "text", map[string]any{"a": 1}, `"text"`},
		{"shape not an object", remote, []any{1}, canonical(t, remote)},
		{"null remote", nil, map[string]any{"a": 1}, `null`},
	}
	for _, c := range cases {
		if got := canonical(t, guard.Project(c.remote, c.shape)); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
	if got := canonical(t, remote); got != `{"hour":1000,"limit":[{"a":1,"b":2}],"minute":30,"policy":"local","redis":{"host":"r.internal","port":6379,"timeout":2000}}` {
		t.Errorf("project changed its input: %s", got)
	}
}

// overlay: a plugin update sends Konnect's config with the configured keys laid over it,
// so keys configuration does not set (someone's edit, Konnect's defaults) survive.
func TestOverlay(t *testing.T) {
	base := map[string]any{
		"minute": 30, "hour": 1000,
		"redis":   map[string]any{"host": "r.internal", "port": 6379},
		"headers": []any{"a", "b"},
		"limit":   "consumer",
	}
	over := map[string]any{
		"minute":  10,
		"redis":   map[string]any{"port": 6380, "ssl": true},
		"headers": []any{"c"},
		"limit":   nil,
		"new":     map[string]any{"x": 1},
	}
	got := engine.Overlay(base, over)
	want := `{"headers":["c"],"hour":1000,"limit":null,"minute":10,"new":{"x":1},"redis":{"host":"r.internal","port":6380,"ssl":true}}`
	if c := canonical(t, got); c != want {
		t.Errorf("overlay: %s\nwant %s", c, want)
	}
	// Neither input is changed: base is what Konnect holds (and may be read again).
	if c := canonical(t, base); c != `{"headers":["a","b"],"hour":1000,"limit":"consumer","minute":30,"redis":{"host":"r.internal","port":6379}}` {
		t.Errorf("overlay changed base: %s", c)
	}
	if c := canonical(t, over); c != `{"headers":["c"],"limit":null,"minute":10,"new":{"x":1},"redis":{"port":6380,"ssl":true}}` {
		t.Errorf("overlay changed over: %s", c)
	}
	// An object replaces a scalar and the other way round.
	if c := canonical(t, engine.Overlay(map[string]any{"a": 1, "b": map[string]any{"x": 1}}, map[string]any{"a": map[string]any{"y": 2}, "b": 3})); c != `{"a":{"y":2},"b":3}` {
		t.Errorf("overlay across shapes: %s", c)
	}
	if c := canonical(t, engine.Overlay(nil, map[string]any{"a": 1})); c != `{"a":1}` {
		t.Errorf("overlay on nothing: %s", c)
	}
}

// What a plugin update writes, read back through project, is what configuration said: the
// two functions agree on which keys configuration manages.
func TestOverlayThenProjectIsConfiguration(t *testing.T) {
	have := map[string]any{"minute": 30, "hour": 1000, "redis": map[string]any{"host": "r", "port": 6379}}
	want := map[string]any{"minute": 10, "redis": map[string]any{"port": 6380}}
	if got, w := canonical(t, guard.Project(engine.Overlay(have, want), want)), canonical(t, want); got != w {
		t.Errorf("guard.Project(overlay(have, want), want) = %s, want %s", got, w)
	}
}
