package pluginspec

import (
	"encoding/json"
	"slices"
	"strings"
)

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
	// Kong's records are required unless marked nullable (NullableRecords); the published
	// schemas keep a record in a required list only when one of its own fields is required,
	// so they cannot tell config.redis (required: Kong fills it) from
	// config.redis.cloud_authentication (nullable: null until given).
	for name, p := range s.Plugins {
		requireRecords(p.Config, "", NullableRecords[name])
	}
	for typ, fields := range s.Partials {
		src := partialSources[typ]
		var nullable []string
		for _, at := range NullableRecords[src[0]] {
			if rest, ok := strings.CutPrefix("config."+at, src[1]+"."); ok {
				nullable = append(nullable, rest)
			}
		}
		requireRecords(fields, "", nullable)
	}
	// key-auth's realms default to the control plane's own consumers, the list Kong's Lua
	// schema states and Konnect returns for a plugin created without them
	// ([{"id":null,"region":null,"scope":"cp"}] once stored)
	if p := s.Plugins["key-auth"]; p != nil {
		if f := lookup(p.Config, "config.identity_realms"); f != nil && len(f.Default) == 0 {
			f.Default = json.RawMessage(`[{"scope":"cp"}]`)
		}
	}
}

// requireRecords marks required the records under fields (paths relative to config; a[] is
// each element of array a) that are not nullable. A record the data leaves optional because
// one of its fields is required stays so: Kong would refuse it absent, where the mock has
// always let it be null (no data says which of those Kong's Lua marks nullable).
func requireRecords(fields []*Field, prefix string, nullable []string) {
	for _, f := range fields {
		at := prefix + f.Name
		switch {
		case f.Type == "record":
			if !slices.Contains(nullable, at) && !slices.ContainsFunc(f.Fields, func(s *Field) bool { return s.Required }) {
				f.Required = true
			}
			requireRecords(f.Fields, at+".", nullable)
		case f.Type == "array" && f.Elements != nil && f.Elements.Type == "record":
			requireRecords(f.Elements.Fields, at+"[].", nullable)
		}
	}
}

// Filled reports whether Kong stores an absent record as its fields' defaults: a record the
// schema requires, unless it needs a value only the user can give (a required field with no
// default that is not itself Filled). Any other record without a default stays null until a
// configuration sets it.
func Filled(f *Field) bool {
	return f.Type == "record" && f.Required && !slices.ContainsFunc(f.Fields, func(s *Field) bool {
		return s.Required && len(s.Default) == 0 && !Filled(s)
	})
}
