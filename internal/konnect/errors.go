package konnect

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// FieldError is one field-level problem reported by Konnect: an entry of
// invalid_parameters (platform API) or of details (Kong-style errors).
type FieldError struct {
	Field    string
	Rule     string   // platform "rule" (min_length, enum, …) or Kong detail "type"
	Reason   string   // platform "reason"; for Kong style, the messages joined
	Messages []string // Kong-style "messages"
	Choices  []string // platform "choices" (enum rule)
}

func (f FieldError) String() string {
	reason := f.Reason
	if reason == "" {
		reason = strings.Join(f.Messages, "; ")
	}
	if reason == "" {
		reason = f.Rule
	}
	if len(f.Choices) > 0 {
		reason += " (one of: " + strings.Join(f.Choices, ", ") + ")"
	}
	if f.Field == "" {
		return reason
	}
	return f.Field + ": " + reason
}

// APIError is a non-2xx response from Konnect, decoded from either error
// style. All text in it has been redacted of tokens.
type APIError struct {
	StatusCode  int
	Title       string // platform style "title"
	Message     string // Kong style "message"
	Detail      string // platform "detail", or a snippet of a non-JSON body
	Type        string // platform style "type"
	Code        int    // Kong style "code"
	TraceID     string // from "instance" "konnect:trace:<id>" or a trace header
	FieldErrors []FieldError
	RetryAfter  time.Duration // set on 429: the server's Retry-After, or the backoff that would have followed
	Method      string
	Path        string
	Attempts    int // attempts made for this call, including the first

	stoppedBy string // why retrying stopped early (stopMax… constants)
	retryNote string // human explanation of stoppedBy
}

// Error renders one readable line, e.g.
// "PUT /v2/…/services/x: 400 validation error: port: value must be between 0 and 65535 (trace …)".
func (e *APIError) Error() string {
	var b strings.Builder
	if e.Method != "" || e.Path != "" {
		b.WriteString(strings.TrimSpace(e.Method + " " + e.Path))
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%d", e.StatusCode)

	var parts []string
	if e.StatusCode == http.StatusTooManyRequests {
		s := "Konnect rate limit exceeded"
		if e.Attempts > 0 {
			s += fmt.Sprintf(" after %d attempt(s)", e.Attempts)
		}
		var notes []string
		if e.RetryAfter > 0 {
			notes = append(notes, "Retry-After "+e.RetryAfter.Round(time.Millisecond).String())
		}
		if e.retryNote != "" {
			notes = append(notes, e.retryNote)
		}
		if len(notes) > 0 {
			s += " (" + strings.Join(notes, "; ") + ")"
		}
		parts = append(parts, s)
	}
	seen := map[string]bool{}
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s != "" && !seen[strings.ToLower(s)] {
			seen[strings.ToLower(s)] = true
			parts = append(parts, s)
		}
	}
	add(e.Title)
	add(e.Message)
	add(e.Detail)
	if len(parts) == 0 {
		add(http.StatusText(e.StatusCode))
	}
	if len(e.FieldErrors) > 0 {
		fe := make([]string, len(e.FieldErrors))
		for i, f := range e.FieldErrors {
			fe[i] = f.String()
		}
		parts = append(parts, strings.Join(fe, "; "))
	}
	if len(parts) > 0 {
		b.WriteString(" ")
		b.WriteString(strings.Join(parts, ": "))
	}
	if e.StatusCode == http.StatusUnauthorized {
		b.WriteString(" (check that the Konnect access token is valid, not expired, and for this region)")
	}
	if e.StatusCode != http.StatusTooManyRequests {
		var notes []string
		if e.Attempts > 1 {
			notes = append(notes, fmt.Sprintf("after %d attempts", e.Attempts))
		}
		if e.retryNote != "" {
			notes = append(notes, e.retryNote)
		}
		if e.StatusCode >= 500 && e.Method != "" && !isIdempotent(e.Method) {
			notes = append(notes, e.Method+" is not retried automatically: the server may or may not have processed it")
		}
		if len(notes) > 0 {
			b.WriteString(" (" + strings.Join(notes, "; ") + ")")
		}
	}
	if e.TraceID != "" {
		fmt.Fprintf(&b, " (trace %s)", e.TraceID)
	}
	return redactString(b.String(), "")
}

func asAPIError(err error) (*APIError, bool) {
	var e *APIError
	if errors.As(err, &e) && e != nil {
		return e, true
	}
	return nil, false
}

// IsNotFound reports a 404.
func IsNotFound(err error) bool {
	e, ok := asAPIError(err)
	return ok && e.StatusCode == http.StatusNotFound
}

// IsConflict reports a 409, or a Kong-style 400 unique-constraint violation
// ("data constraint error" with a "unique" message).
func IsConflict(err error) bool {
	e, ok := asAPIError(err)
	if !ok {
		return false
	}
	if e.StatusCode == http.StatusConflict {
		return true
	}
	if e.StatusCode != http.StatusBadRequest || !strings.EqualFold(strings.TrimSpace(e.Message), "data constraint error") {
		return false
	}
	for _, f := range e.FieldErrors {
		if strings.Contains(strings.ToLower(f.Reason), "unique") {
			return true
		}
		for _, m := range f.Messages {
			if strings.Contains(strings.ToLower(m), "unique") {
				return true
			}
		}
	}
	return false
}

// IsPreconditionFailed reports a 412 (If-Match did not match).
func IsPreconditionFailed(err error) bool {
	e, ok := asAPIError(err)
	return ok && e.StatusCode == http.StatusPreconditionFailed
}

// IsRateLimited reports a 429 that was still returned after retries were
// exhausted (attempts, total wait or context deadline).
func IsRateLimited(err error) bool {
	e, ok := asAPIError(err)
	return ok && e.StatusCode == http.StatusTooManyRequests
}

// IsUnauthorized reports a 401 or 403.
func IsUnauthorized(err error) bool {
	e, ok := asAPIError(err)
	return ok && (e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden)
}

var traceHeaders = []string{"Konnect-Trace-Id", "X-Konnect-Trace-Id", "X-Kong-Request-Id", "X-Request-Id", "X-Amzn-Trace-Id"}

// newAPIError decodes an error response of either style.
func (c *Client) newAPIError(method, path string, resp *http.Response, data []byte) *APIError {
	e := &APIError{StatusCode: resp.StatusCode, Method: method, Path: path}

	var body Object
	if err := decodeJSON(data, &body); err == nil && body != nil {
		e.Title = c.redact(str(body["title"]))
		e.Message = c.redact(str(body["message"]))
		e.Detail = c.redact(str(body["detail"]))
		e.Type = c.redact(str(body["type"]))
		if n, ok := num(body["code"]); ok {
			e.Code = n
		}
		if inst := str(body["instance"]); strings.HasPrefix(inst, "konnect:trace:") {
			e.TraceID = c.redact(strings.TrimPrefix(inst, "konnect:trace:"))
		}
		if list, ok := body["invalid_parameters"].([]any); ok {
			for _, it := range list {
				m, ok := it.(map[string]any)
				if !ok {
					continue
				}
				fe := FieldError{
					Field:  c.redact(str(m["field"])),
					Rule:   c.redact(str(m["rule"])),
					Reason: c.redact(str(m["reason"])),
				}
				if ch, ok := m["choices"].([]any); ok {
					for _, v := range ch {
						fe.Choices = append(fe.Choices, c.redact(str(v)))
					}
				}
				e.FieldErrors = append(e.FieldErrors, fe)
			}
		}
		if list, ok := body["details"].([]any); ok {
			for _, it := range list {
				m, ok := it.(map[string]any)
				if !ok {
					continue
				}
				fe := FieldError{Field: c.redact(str(m["field"])), Rule: c.redact(str(m["type"]))}
				if ms, ok := m["messages"].([]any); ok {
					for _, v := range ms {
						fe.Messages = append(fe.Messages, c.redact(str(v)))
					}
				} else if s := str(m["message"]); s != "" {
					fe.Messages = []string{c.redact(s)}
				}
				fe.Reason = strings.Join(fe.Messages, "; ")
				e.FieldErrors = append(e.FieldErrors, fe)
			}
		}
		if e.Title == "" && e.Message == "" && e.Detail == "" && len(e.FieldErrors) == 0 {
			// JSON, but not a shape we know: keep a snippet.
			e.Detail = c.snippet(data)
		}
	} else if len(strings.TrimSpace(string(data))) > 0 {
		e.Detail = c.snippet(data)
	}

	if e.TraceID == "" {
		for _, h := range traceHeaders {
			if v := resp.Header.Get(h); v != "" {
				e.TraceID = c.redact(v)
				break
			}
		}
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		if d, ok := c.parseRetryAfter(resp.Header.Get("Retry-After")); ok {
			e.RetryAfter = d
		}
	}
	return e
}

// str renders a JSON scalar as a string ("" for null and containers).
func str(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case fmt.Stringer:
		return t.String()
	case bool, float64, int, int64:
		return fmt.Sprint(t)
	}
	return ""
}

func num(v any) (int, bool) {
	switch t := v.(type) {
	case interface{ Int64() (int64, error) }:
		n, err := t.Int64()
		return int(n), err == nil
	case float64:
		return int(t), true
	}
	return 0, false
}
