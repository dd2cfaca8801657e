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
// style. The client redacted the body (tokens, secret values) once, before decoding it,
// so no text in it needs redacting again.
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
	return b.String() // every part was redacted where it came in (redactBody, fromHeaders)
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

// IsPreconditionFailed reports a 412 (If-Match did not match).
func IsPreconditionFailed(err error) bool {
	e, ok := asAPIError(err)
	return ok && e.StatusCode == http.StatusPreconditionFailed
}

var traceHeaders = []string{"Konnect-Trace-Id", "X-Konnect-Trace-Id", "X-Kong-Request-Id", "X-Request-Id", "X-Amzn-Trace-Id"}

// newAPIError decodes an error response of either style. body has been redacted
// (redactBody); nothing decoded from it is redacted again.
func newAPIError(method, path string, resp *http.Response, body string) *APIError {
	e := &APIError{StatusCode: resp.StatusCode, Method: method, Path: path}

	var obj Object
	if err := decodeJSON([]byte(body), &obj); err == nil && obj != nil {
		e.Title = str(obj["title"])
		e.Message = str(obj["message"])
		e.Detail = str(obj["detail"])
		e.Type = str(obj["type"])
		if n, ok := num(obj["code"]); ok {
			e.Code = n
		}
		if inst := str(obj["instance"]); strings.HasPrefix(inst, "konnect:trace:") {
			e.TraceID = strings.TrimPrefix(inst, "konnect:trace:")
		}
		if list, ok := obj["invalid_parameters"].([]any); ok {
			for _, it := range list {
				m, ok := it.(map[string]any)
				if !ok {
					continue
				}
				fe := FieldError{Field: str(m["field"]), Rule: str(m["rule"]), Reason: str(m["reason"])}
				if ch, ok := m["choices"].([]any); ok {
					for _, v := range ch {
						fe.Choices = append(fe.Choices, str(v))
					}
				}
				e.FieldErrors = append(e.FieldErrors, fe)
			}
		}
		if list, ok := obj["details"].([]any); ok {
			for _, it := range list {
				m, ok := it.(map[string]any)
				if !ok {
					continue
				}
				fe := FieldError{Field: str(m["field"]), Rule: str(m["type"])}
				if ms, ok := m["messages"].([]any); ok {
					for _, v := range ms {
						fe.Messages = append(fe.Messages, str(v))
					}
				} else if s := str(m["message"]); s != "" {
					fe.Messages = []string{s}
				}
				fe.Reason = strings.Join(fe.Messages, "; ")
				e.FieldErrors = append(e.FieldErrors, fe)
			}
		}
		if e.Title == "" && e.Message == "" && e.Detail == "" && len(e.FieldErrors) == 0 {
			// JSON, but not a shape we know: keep a snippet.
			e.Detail = snippet(body)
		}
	} else if len(strings.TrimSpace(body)) > 0 {
		e.Detail = snippet(body)
	}
	return e
}

// fromHeaders completes e from the response headers: the trace id when the body had none
// (redacted: a header is not a body), and a 429's Retry-After.
func (c *Client) fromHeaders(e *APIError, h http.Header) {
	if e.TraceID == "" {
		for _, name := range traceHeaders {
			if v := h.Get(name); v != "" {
				e.TraceID = c.redact(v)
				break
			}
		}
	}
	if e.StatusCode == http.StatusTooManyRequests {
		if d, ok := c.parseRetryAfter(h.Get("Retry-After")); ok {
			e.RetryAfter = d
		}
	}
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
