package konnect

import (
	"regexp"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

var (
	// jsonStringMember matches `"key": "value"` in a JSON text, even a cut one.
	jsonStringMember = regexp.MustCompile(`"((?:[^"\\]|\\.){1,200})"(\s*:\s*)"(?:[^"\\]|\\.)*"`)
	// jsonArrayMember matches `"key": [ … ]` without nested arrays.
	jsonArrayMember = regexp.MustCompile(`"((?:[^"\\]|\\.){1,200})"(\s*:\s*)\[[^\[\]]*\]`)
	// jsonCutMember matches a string member cut off at the end of a truncated text.
	jsonCutMember = regexp.MustCompile(`"((?:[^"\\]|\\.){1,200})"(\s*:\s*)"(?:[^"\\]|\\.)*\\?$`)
	// jsonQuotedMember matches `\"key\": \"value\"`: a member of JSON quoted inside a JSON
	// string (a detail that quotes the request). Inside, \\\" is a quote of the value and
	// \\\\ a backslash; \" ends the value.
	jsonQuotedMember = regexp.MustCompile(`\\"((?:[^"\\]|\\[^"\\]){1,200})\\"(\s*:\s*)\\"(?:[^"\\]|\\\\\\"|\\\\\\\\|\\\\[^"\\]|\\[^"\\])*\\"`)
)

// redactSecretValues replaces, in a JSON text that reaches an error message or a log (an
// error body echoing a request, say), the values of keys that name secrets (password,
// client_secret, api_key, Authorization, …: guard.SecretName) with [REDACTED], also in
// JSON quoted inside a JSON string. Plugin config and credentials carry secrets under such
// keys.
func redactSecretValues(s string) string {
	for _, re := range []*regexp.Regexp{jsonStringMember, jsonArrayMember, jsonCutMember} {
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			sub := re.FindStringSubmatch(m)
			if !guard.SecretName(sub[1]) {
				return m
			}
			return `"` + sub[1] + `"` + sub[2] + `"` + redacted + `"`
		})
	}
	return jsonQuotedMember.ReplaceAllStringFunc(s, func(m string) string {
		sub := jsonQuotedMember.FindStringSubmatch(m)
		if !guard.SecretName(sub[1]) {
			return m
		}
		return `\"` + sub[1] + `\"` + sub[2] + `\"` + redacted + `\"`
	})
}
