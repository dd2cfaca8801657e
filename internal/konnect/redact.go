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

// snippet returns a short, single-line, redacted excerpt of a body.
func (c *Client) snippet(data []byte) string {
	const maxLen = 200
	s := string(data)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	s = strings.Join(strings.Fields(s), " ")
	s = c.redact(s)
	if len(s) > maxLen {
		cut := maxLen
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}
