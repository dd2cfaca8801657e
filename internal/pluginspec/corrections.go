package pluginspec

// corrections are marks Kong's Lua schemas state that its published schemas lost; Load lays
// them over the generated data, so the mock and the provider both have them.
func corrections(s *Set) {
	// http-log's header values carry tokens: Kong marks them referenceable
	if p := s.Plugins["http-log"]; p != nil {
		if f := lookup(p.Config, "config.headers"); f != nil && f.Values != nil {
			f.Values.Referenceable = true
		}
	}
}
