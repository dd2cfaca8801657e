package konnect

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

const redacted = "[REDACTED]"

var (
	// tokenLikeRe matches Konnect personal and system-account access tokens.
	tokenLikeRe = regexp.MustCompile(`(kpat|spat)_[A-Za-z0-9_\-]+`)
	// bearerRe matches an Authorization bearer credential echoed back.
	bearerRe = regexp.MustCompile(`(?i)(bearer\s+)[^\s"',;]+`)
)

// redactString removes the given token and anything that looks like a
// Konnect token or a bearer credential from s.
func redactString(s, token string) string {
	if token != "" && strings.Contains(s, token) {
		s = strings.ReplaceAll(s, token, redacted)
	}
	s = tokenLikeRe.ReplaceAllString(s, "${1}_"+redacted)
	s = bearerRe.ReplaceAllString(s, "${1}"+redacted)
	return s
}

// redact removes the client's token, token-like strings and the values of secret-named
// JSON keys from s.
func (c *Client) redact(s string) string {
	return redactSecretValues(redactString(s, c.token))
}

// redactBody is the one redaction of a response body that may reach an error or a log
// (every error body, and a success body that is not JSON): the token, token-like strings,
// bearer credentials and the values of secret-named JSON keys, also in JSON quoted inside a
// JSON string. It runs once, before the body is decoded; what is decoded from its result
// (an *APIError's fields, a snippet) is not redacted again.
func (c *Client) redactBody(data []byte) string {
	s := string(data)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	return c.redact(s)
}

// snippet returns a short, single-line excerpt of an already redacted body.
func snippet(s string) string {
	const maxLen = 200
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxLen {
		cut := maxLen
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
