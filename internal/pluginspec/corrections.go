package pluginspec

import (
	"encoding/json"
	"slices"
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
	// The published schemas put no record in a required list unless one of its own fields
	// is required, so they cannot tell config.redis (required: Kong fills it) from
	// config.redis.cloud_authentication (nullable: null until given).
	for name, paths := range RequiredRecords {
		p := s.Plugins[name]
		if p == nil {
			continue
		}
		for _, at := range paths {
			if f := lookup(p.Config, at); f != nil && f.Type == "record" {
				f.Required = true
			}
		}
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

// RequiredRecords are, per plugin, the records without a default that Kong's Lua schemas
// declare `required = true` (Kong's own Terraform provider, generated from those schemas,
// has them as the only records that are not nullable). Kong fills such a record from its
// fields' defaults when it is absent; every other record without a default stays null until
// a configuration sets it (Filled). A test holds each path to a record of the data.
var RequiredRecords = map[string][]string{
	"ai-a2a-proxy":                  {"config.logging"},
	"ai-custom-guardrail":           {"config.metrics", "config.request.auth"},
	"ai-mcp-proxy":                  {"config.logging"},
	"ai-semantic-response-guard":    {"config.vectordb.redis"},
	"basic-auth":                    {"config.brute_force_protection", "config.brute_force_protection.redis"},
	"confluent":                     {"config.schema_registry", "config.security"},
	"datadog":                       {"config.queue"},
	"kafka-consume":                 {"config.authentication", "config.schema_registry", "config.security", "config.topics[].schema_registry"},
	"kafka-upstream":                {"config.authentication", "config.schema_registry", "config.security"},
	"metering-and-billing":          {"config.queue", "config.subject"},
	"openid-connect":                {"config.cluster_cache_redis", "config.redis"},
	"opentelemetry":                 {"config.access_logs", "config.metrics"},
	"proxy-cache":                   {"config.memory", "config.response_headers"},
	"rate-limiting":                 {"config.redis"},
	"rate-limiting-advanced":        {"config.redis"},
	"request-callout":               {"config.cache", "config.cache.memory", "config.cache.redis", "config.upstream", "config.upstream.body", "config.upstream.headers", "config.upstream.query"},
	"request-transformer":           {"config.add", "config.append", "config.remove", "config.rename", "config.replace"},
	"request-transformer-advanced":  {"config.add", "config.allow", "config.append", "config.remove", "config.rename", "config.replace"},
	"response-transformer":          {"config.add", "config.append", "config.remove", "config.rename", "config.replace"},
	"response-transformer-advanced": {"config.add", "config.allow", "config.append", "config.remove", "config.rename", "config.replace", "config.transform"},
	"solace-consume":                {"config.polling", "config.websocket"},
	"statsd":                        {"config.queue"},
	"upstream-oauth":                {"config.cache", "config.cache.memory", "config.cache.redis", "config.client"},
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
