package konnect

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// Object is a JSON object as sent to and received from Konnect. Responses are
// decoded with json.Decoder.UseNumber, so numbers are json.Number.
type Object = map[string]any

// Defaults applied by New to zero-valued Config fields.
const (
	DefaultServerURL    = "https://global.api.konghq.com"
	DefaultUserAgent    = "terraform-provider-konnect"
	DefaultRetryWaitMin = 500 * time.Millisecond
	DefaultRetryWaitMax = 30 * time.Second
	DefaultMaxTotalWait = 2 * time.Minute

	// A server that accepts connections and never answers fails a call within about a
	// minute: 3 attempts of 20 s, plus the backoff between them (500 ms, then 0.5 to 1 s),
	// at most 61.5 s. A Konnect call that answers at all answers well within 20 s.
	DefaultRequestTimeout = 20 * time.Second
	DefaultMaxRetries     = 2
	DefaultMaxAttempts    = DefaultMaxRetries + 1
)

const (
	// maxErrorBody bounds how much of an error response is read.
	maxErrorBody = 1 << 20
	// maxSuccessBody bounds how much of a successful response is read.
	maxSuccessBody = 256 << 20
)

// Config configures a Client. Zero values take the documented defaults.
type Config struct {
	ServerURL string // default DefaultServerURL
	// GlobalURL is where the APIs Konnect serves on its global host only go (hosts.go):
	// default DefaultGlobalURL when ServerURL is one of Konnect's hosts, else ServerURL.
	GlobalURL    string
	Token        string        // bearer token (kpat_… or spat_…); never logged
	UserAgent    string        // default DefaultUserAgent
	MaxAttempts  int           // default DefaultMaxAttempts (total attempts including the first)
	RetryWaitMin time.Duration // default 500ms
	RetryWaitMax time.Duration // default 30s
	MaxTotalWait time.Duration // default 2m: cap on the sum of waits across retries of one call

	// RequestTimeout bounds one attempt, from sending the request to reading the whole
	// response (http.Client.Timeout). Default DefaultRequestTimeout.
	RequestTimeout time.Duration
	// LimitsHint ends the error of a call that got no answer: how the user changes
	// RequestTimeout and MaxAttempts (the provider names its attributes and variables).
	LimitsHint string
	// RateLimitHint ends the error of a call still rate limited (429) when its attempts ran
	// out: how the user allows more attempts (the provider names max_retries).
	RateLimitHint string
	// RequestsPerSecond, when above 0, caps the requests this client sends, every attempt
	// of every call counted, evenly spaced: a large apply stays under Konnect's rate limit
	// instead of meeting it (0: no cap; a 429 is retried after its Retry-After).
	RequestsPerSecond float64

	// httpClient replaces the pooled client (tests: a transport that fails on purpose).
	// With RequestTimeout zero, its own Timeout applies.
	httpClient *http.Client
}

// String describes the configuration without the token.
func (c Config) String() string {
	tok := "<unset>"
	if c.Token != "" {
		tok = "<redacted>"
	}
	return fmt.Sprintf("konnect.Config{ServerURL:%q GlobalURL:%q Token:%s UserAgent:%q MaxAttempts:%d RetryWaitMin:%s RetryWaitMax:%s MaxTotalWait:%s RequestTimeout:%s}",
		redactString(c.ServerURL, ""), redactString(c.GlobalURL, ""), tok, c.UserAgent, c.MaxAttempts, c.RetryWaitMin, c.RetryWaitMax, c.MaxTotalWait, c.RequestTimeout)
}

// GoString is like String, so that %#v does not print the token either.
func (c Config) GoString() string { return c.String() }

// Client talks to the Konnect API. It is safe for concurrent use.
type Client struct {
	base         *url.URL
	global       *url.URL // the global APIs' host (hosts.go)
	token        string
	userAgent    string
	httpClient   *http.Client
	retry        *retryablehttp.Client // built once by New; see retry.go for its policy
	maxAttempts  int
	retryWaitMin time.Duration
	retryWaitMax time.Duration
	maxTotalWait time.Duration
	// requestTimeout is the per-attempt timeout in effect (0: none), for error messages.
	requestTimeout time.Duration
	limitsHint     string
	rateLimitHint  string

	// retryAfterUnit is the duration of one Retry-After second. It is
	// time.Second except in tests, which shrink it to keep waits short.
	retryAfterUnit time.Duration
	// now is the clock used to interpret HTTP-date Retry-After values.
	now func() time.Time
}

// String describes the client without the token.
func (c *Client) String() string {
	if c == nil {
		return "konnect.Client(nil)"
	}
	return fmt.Sprintf("konnect.Client{server:%q global:%q}", c.base.Redacted(), c.global.Redacted())
}

// GoString is like String.
func (c *Client) GoString() string { return c.String() }

// New validates cfg, applies defaults and returns a Client.
func New(cfg Config) (*Client, error) {
	raw := cfg.ServerURL
	if strings.TrimSpace(raw) == "" {
		raw = DefaultServerURL
	}
	base, err := ValidateServerURL(raw)
	if err != nil {
		return nil, err
	}
	global := globalFor(base)
	if strings.TrimSpace(cfg.GlobalURL) != "" {
		if global, err = ValidateServerURL(cfg.GlobalURL); err != nil {
			return nil, fmt.Errorf("global: %w", err)
		}
	}
	if cfg.Token == "" {
		return nil, errors.New("a Konnect access token is required (personal access token kpat_… or system account token spat_…)")
	}
	for _, r := range cfg.Token {
		if r <= ' ' || r == 0x7f {
			return nil, errors.New("the Konnect access token contains whitespace or control characters; check for a trailing newline")
		}
	}
	c := &Client{
		base:           base,
		global:         global,
		token:          cfg.Token,
		userAgent:      cfg.UserAgent,
		httpClient:     cfg.httpClient,
		maxAttempts:    cfg.MaxAttempts,
		retryWaitMin:   cfg.RetryWaitMin,
		retryWaitMax:   cfg.RetryWaitMax,
		maxTotalWait:   cfg.MaxTotalWait,
		limitsHint:     cfg.LimitsHint,
		rateLimitHint:  cfg.RateLimitHint,
		retryAfterUnit: time.Second,
		now:            time.Now,
	}
	if c.userAgent == "" {
		c.userAgent = DefaultUserAgent
	}
	if c.maxAttempts <= 0 {
		c.maxAttempts = DefaultMaxAttempts
	}
	if c.retryWaitMin <= 0 {
		c.retryWaitMin = DefaultRetryWaitMin
	}
	if c.retryWaitMax <= 0 {
		c.retryWaitMax = DefaultRetryWaitMax
	}
	if c.maxTotalWait <= 0 {
		c.maxTotalWait = DefaultMaxTotalWait
	}
	if c.retryWaitMin > c.retryWaitMax {
		return nil, fmt.Errorf("retry wait minimum (%s) is greater than the maximum (%s)", c.retryWaitMin, c.retryWaitMax)
	}
	if cfg.RequestTimeout < 0 {
		return nil, fmt.Errorf("request timeout %s is negative", cfg.RequestTimeout)
	}
	if c.limitsHint == "" {
		c.limitsHint = "Config.RequestTimeout sets the wait for each attempt and Config.MaxAttempts the number of attempts."
	}
	switch {
	case c.httpClient == nil:
		hc := cleanhttp.DefaultPooledClient()
		hc.Timeout = cmp.Or(cfg.RequestTimeout, DefaultRequestTimeout)
		hc.CheckRedirect = checkRedirect
		c.httpClient = hc
	case cfg.RequestTimeout > 0:
		hc := *c.httpClient // a copy: the caller's client keeps its own timeout
		hc.Timeout = cfg.RequestTimeout
		c.httpClient = &hc
	}
	if cfg.RequestsPerSecond < 0 {
		return nil, fmt.Errorf("requests per second %v is negative", cfg.RequestsPerSecond)
	}
	if cfg.RequestsPerSecond > 0 {
		hc := *c.httpClient
		hc.Transport = newPaced(hc.Transport, cfg.RequestsPerSecond)
		c.httpClient = &hc
	}
	c.requestTimeout = c.httpClient.Timeout
	c.retry = c.newRetryClient()
	return c, nil
}

// checkRedirect refuses redirects that would leave https (the token is
// stripped by net/http when the host changes, but not on a scheme downgrade
// to the same host).
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return &redirectError{msg: "stopped after 10 redirects"}
	}
	if _, err := ValidateServerURL(req.URL.String()); err != nil {
		return &redirectError{msg: "refusing redirect: " + err.Error()}
	}
	return nil
}

const loopbackHint = "only https is allowed, except http to a loopback address (127.0.0.1, ::1, localhost)"

// ValidateServerURL parses a Konnect server URL. https is required, except
// plain http to a loopback host (127.0.0.0/8, ::1, localhost), which the
// mock server uses. The URL must not carry credentials, a query or a fragment.
func ValidateServerURL(raw string) (*url.URL, error) {
	shown := func(u *url.URL) string {
		if u != nil {
			return redactString(u.Redacted(), "")
		}
		return redactString(raw, "")
	}
	if strings.TrimSpace(raw) == "" {
		return nil, errors.New("server_url is empty: " + loopbackHint)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("server_url %q is not a valid URL", shown(nil))
	}
	if u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("server_url %q is not an absolute URL (expected e.g. %s)", shown(u), DefaultServerURL)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
	case "http":
		if !isLoopbackHost(u.Hostname()) {
			return nil, fmt.Errorf("server_url %q uses plain http: %s", shown(u), loopbackHint)
		}
	default:
		return nil, fmt.Errorf("server_url %q uses unsupported scheme %q: %s", shown(u), u.Scheme, loopbackHint)
	}
	if u.User != nil {
		return nil, fmt.Errorf("server_url %q must not contain credentials; set the access token instead", shown(u))
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return nil, fmt.Errorf("server_url %q must not contain a query or a fragment", shown(u))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	return u, nil
}

// ValidateBaseURL is ValidateServerURL for the provider's server_url, which names a Konnect
// host and nothing below it: every API path (/v2/…, /v3/…) is the provider's to add. A URL
// with a path would send every request to a route Konnect does not serve, whose 404 would
// read as "deleted outside Terraform" for every object in state.
func ValidateBaseURL(raw string) (*url.URL, error) {
	u, err := ValidateServerURL(raw)
	if err != nil {
		return nil, err
	}
	if p := strings.TrimRight(u.EscapedPath(), "/"); p != "" {
		host := *u
		host.Path, host.RawPath = "", ""
		return nil, fmt.Errorf("server_url %q has a path (%q): a Konnect server URL is its host only, such as %s; "+
			"the provider adds each API's path (/v2/…, /v3/…) itself. Use %q",
			redactString(u.Redacted(), ""), p, "https://eu.api.konghq.com", redactString(host.Redacted(), ""))
	}
	return u, nil
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Response describes a completed HTTP exchange.
type Response struct {
	StatusCode int
	ETag       string // the ETag header, "" when absent
	Header     http.Header
}

// RequestOption modifies an outgoing request (once, before the first attempt).
type RequestOption func(*http.Request)

// IfMatch sends If-Match: etag. It is a no-op when etag == "".
func IfMatch(etag string) RequestOption {
	return func(r *http.Request) {
		if etag != "" {
			r.Header.Set("If-Match", etag)
		}
	}
}

// WithHeader sets an extra request header.
func WithHeader(key, value string) RequestOption {
	return func(r *http.Request) { r.Header.Set(key, value) }
}

// Do sends one API call, with retries as described in the package doc.
//
// path is relative to the server URL (for example "/v2/control-planes") and
// must already be escaped (see CoreEntitiesPath); a query string in path is
// merged with query. body is JSON-encoded when non-nil ([]byte and
// json.RawMessage are sent as is). out is JSON-decoded (UseNumber) when
// non-nil and the response has a body. A non-2xx response is returned as an
// *APIError together with the Response.
func (c *Client) Do(ctx context.Context, method, path string, query url.Values, body any, out any, opts ...RequestOption) (*Response, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	method = strings.ToUpper(method)
	u, err := c.resolve(path, query)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, c.redact(path), err)
	}
	logPath := c.redact(u.EscapedPath())

	var payload []byte
	if body != nil {
		payload, err = encodeBody(body)
		if err != nil {
			return nil, fmt.Errorf("%s %s: encoding request body: %w", method, logPath, err)
		}
	}
	var rawBody any
	if payload != nil {
		rawBody = payload
	}
	st := &callState{method: method, path: logPath, idempotent: isIdempotent(method), logCtx: c.maskedLogContext(ctx)}
	req, err := retryablehttp.NewRequestWithContext(withCallState(ctx, st), method, u.String(), rawBody)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %s", method, logPath, c.redact(err.Error()))
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		if o != nil {
			o(req.Request)
		}
	}
	if err := checkHeaders(req.Header); err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, logPath, err)
	}

	resp, err := c.retry.Do(req)
	if err != nil {
		if resp != nil && resp.Body != nil {
			resp.Body.Close()
		}
		return nil, c.transportError(ctx, st, err)
	}
	defer resp.Body.Close()

	r := &Response{StatusCode: resp.StatusCode, ETag: resp.Header.Get("ETag"), Header: resp.Header}

	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		apiErr := newAPIError(method, logPath, resp, c.redactBody(data))
		c.fromHeaders(apiErr, resp.Header)
		apiErr.Attempts = st.attempts
		apiErr.stoppedBy = st.stopReason
		switch st.stopReason {
		case stopMaxTotalWait:
			apiErr.retryNote = fmt.Sprintf("stopped retrying: the next wait would exceed the %s retry budget", c.maxTotalWait)
		case stopDeadline:
			apiErr.retryNote = "stopped retrying: the next wait would outlast the operation's deadline"
		}
		if apiErr.StatusCode == http.StatusTooManyRequests && st.stopReason == stopMaxAttempts && c.rateLimitHint != "" {
			apiErr.retryNote = c.rateLimitHint
		}
		if apiErr.StatusCode == http.StatusTooManyRequests && apiErr.RetryAfter == 0 {
			apiErr.RetryAfter = jittered(waitBounds(c.retryWaitMin, c.retryWaitMax, st.attempts, 0))
		}
		return r, apiErr
	}

	data, err := io.ReadAll(io.LimitReader(resp.Body, maxSuccessBody))
	if err != nil {
		return r, fmt.Errorf("%s %s: reading %d response body: %s", method, logPath, resp.StatusCode, c.redact(err.Error()))
	}
	if out == nil || len(bytes.TrimSpace(data)) == 0 {
		return r, nil
	}
	if err := decodeJSON(data, out); err != nil {
		return r, fmt.Errorf("%s %s: %d response body is not valid JSON (Content-Type %q): %s; body starts: %s",
			method, logPath, resp.StatusCode, resp.Header.Get("Content-Type"), c.redact(err.Error()), snippet(c.redactBody(data)))
	}
	return r, nil
}

// checkHeaders refuses header values net/http would refuse (control characters), before
// any attempt: no retry can fix them.
func checkHeaders(h http.Header) error {
	for k, vs := range h {
		for _, v := range vs {
			for i := 0; i < len(v); i++ {
				if b := v[i]; (b < ' ' && b != '\t') || b == 0x7f {
					return fmt.Errorf("request header %s has a control character in its value", k)
				}
			}
		}
	}
	return nil
}

// transportError builds the error for a call that got no HTTP response.
func (c *Client) transportError(ctx context.Context, st *callState, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return &redactedError{
			msg: fmt.Sprintf("%s %s: request abandoned after %d attempt(s): %s", st.method, st.path, st.attempts, ctxErr),
			err: ctxErr,
		}
	}
	if classifyTransportError(err) == failNotSent {
		return &redactedError{err: err, msg: fmt.Sprintf("%s %s: Konnect could not be reached (%s), %s: the request was never sent, so "+
			"nothing was processed and nothing is left half-done. Check server_url and the network, then run again.",
			st.method, st.path, c.redact(err.Error()), plural(st.attempts, "attempt"))}
	}
	notRetried := ""
	if !st.idempotent {
		notRetried = fmt.Sprintf(" (%s is not retried automatically: the server may or may not have processed it)", st.method)
	}
	if classifyTransportError(err) == failTimeout && c.requestTimeout > 0 {
		return &redactedError{err: err, msg: fmt.Sprintf("%s %s: no answer from Konnect within %s, %s%s. %s",
			st.method, st.path, c.requestTimeout, plural(st.attempts, "attempt"), notRetried, c.limitsHint)}
	}
	msg := fmt.Sprintf("%s %s: request failed after %d attempt(s): %s%s", st.method, st.path, st.attempts, c.redact(err.Error()), notRetried)
	return &redactedError{msg: msg, err: err}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// redactedError carries a redacted message while keeping the original error
// reachable for errors.Is / errors.As.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// resolve joins the server URL with an escaped path and a query.
func (c *Client) resolve(path string, query url.Values) (*url.URL, error) {
	if strings.Contains(path, "://") || strings.HasPrefix(path, "//") {
		return nil, errors.New("path must be relative to the server URL")
	}
	rawQuery := ""
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path, rawQuery = path[:i], path[i+1:]
	}
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, fmt.Errorf("invalid query in path: %w", err)
	}
	for k, vs := range query {
		q[k] = append([]string(nil), vs...)
	}
	base := c.base
	if IsGlobalPath(path) {
		base = c.global
	}
	escaped := strings.TrimRight(base.EscapedPath(), "/") + "/" + strings.TrimLeft(path, "/")
	unescaped, err := url.PathUnescape(escaped)
	if err != nil {
		return nil, fmt.Errorf("invalid path escaping: %w", err)
	}
	u := *base
	u.Path = unescaped
	u.RawPath = escaped
	u.RawQuery = q.Encode()
	return &u, nil
}

func encodeBody(body any) ([]byte, error) {
	switch b := body.(type) {
	case json.RawMessage:
		return []byte(b), nil
	case []byte:
		return b, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(body); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// decodeJSON decodes exactly one JSON value with UseNumber.
func decodeJSON(data []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(out); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// maskedLogContext returns ctx with tflog masking for the token and
// token-like strings, as a second line of defence behind redact.
func (c *Client) maskedLogContext(ctx context.Context) context.Context {
	ctx = tflog.MaskLogStrings(ctx, c.token)
	ctx = tflog.MaskAllFieldValuesRegexes(ctx, tokenLikeRe, bearerRe)
	ctx = tflog.MaskMessageRegexes(ctx, tokenLikeRe, bearerRe)
	return ctx
}
