package pluginspec

// corrections are marks Kong's Lua schemas state that its published schemas lost; Load lays
// them over the generated data, so the mock and the provider both have them.
func corrections(s *Set) {
	// entity checks of Kong's Lua schemas (rate-limiting's schema.lua, acl's)
	limits := []any{"config.second", "config.minute", "config.hour", "config.day", "config.month", "config.year"}
	if p := s.Plugins["rate-limiting"]; p != nil {
		p.EntityChecks = []any{
			map[string]any{"at_least_one_of": limits},
			map[string]any{"conditional": map[string]any{"if_field": "config.policy", "if_match": map[string]any{"eq": "redis"},
				"then_field": "config.redis.host", "then_match": map[string]any{"required": true}}},
		}
	}
	if p := s.Plugins["acl"]; p != nil {
		p.EntityChecks = []any{
			map[string]any{"only_one_of": []any{"config.allow", "config.deny"}},
			map[string]any{"at_least_one_of": []any{"config.allow", "config.deny"}},
		}
	}
	// http-log's header values carry tokens: Kong marks them referenceable
	if p := s.Plugins["http-log"]; p != nil {
		if f := lookup(p.Config, "config.headers"); f != nil && f.Values != nil {
			f.Values.Referenceable = true
		}
	}
}
