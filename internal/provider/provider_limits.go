package provider

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// How long one API call may wait for Konnect, and how often it is tried. Kong's own
// provider has no such settings, so the names are this provider's.
const (
	requestTimeoutEnv = "KONNECT_REQUEST_TIMEOUT"
	maxRetriesEnv     = "KONNECT_MAX_RETRIES"
	rpsEnv            = "KONNECT_REQUESTS_PER_SECOND"

	minRequestTimeout    = time.Second
	maxRequestTimeout    = 10 * time.Minute
	requestTimeoutRange  = "from 1s to 10m" // minRequestTimeout, maxRequestTimeout
	maxMaxRetries        = 10
	maxRequestsPerSecond = 1000
)

// limitsHint ends the error of a call Konnect did not answer.
const limitsHint = "To wait longer for each attempt, set request_timeout in the provider block (or " + requestTimeoutEnv +
	", for example \"60s\"); to try more often, set max_retries (or " + maxRetriesEnv + ")."

// rateLimitHint ends the error of a call Konnect still rate limited after its last attempt.
const rateLimitHint = "every attempt was rate limited; to send fewer requests, set requests_per_second in the provider block (or " + rpsEnv +
	") below your organization's rate limit; to try more often, set max_retries (or " + maxRetriesEnv + ")"

var (
	requestTimeoutDescription = fmt.Sprintf("How long one attempt of an API call waits for Konnect's answer, as a duration "+
		"such as `20s` or `1m30s`, %s. Defaults to `%s`, then `%s`.",
		requestTimeoutRange, requestTimeoutEnv, konnect.DefaultRequestTimeout)
	maxRetriesDescription = fmt.Sprintf("How many times a failed API call is tried again (a timeout, a connection error or a 5xx "+
		"for reads, updates and deletes; a rate limit for any call, after the wait Konnect asks for), from 0 to %d. "+
		"Defaults to `%s`, then `%d`. With the defaults, a Konnect that stops answering fails a call within about a minute.",
		maxMaxRetries, maxRetriesEnv, konnect.DefaultMaxRetries)
)

var requestsPerSecondDescription = fmt.Sprintf("At most how many requests a second the provider sends Konnect, every attempt of every "+
	"call of the run counted, whatever terraform's -parallelism, evenly spaced: a large apply then stays under your organization's rate limit "+
	"instead of meeting it (429) and waiting. From 1 to %d. Defaults to `%s`, then no cap (a 429 is retried after the wait Konnect asks for).",
	maxRequestsPerSecond, rpsEnv)

// requestsPerSecond resolves the request rate cap: the provider block, then the environment,
// then none (0).
func requestsPerSecond(cfg providerModel, getenv func(string) string) (int, diag.Diagnostics) {
	var diags diag.Diagnostics
	switch env := getenv(rpsEnv); {
	case cfg.RequestsPerSecond.IsUnknown():
		diags.AddAttributeError(path.Root("requests_per_second"), "Unknown provider configuration",
			"requests_per_second depends on a value not known until apply; the provider needs it to plan. Set it from a variable or an environment variable.")
	case !cfg.RequestsPerSecond.IsNull():
		return int(cfg.RequestsPerSecond.ValueInt64()), nil // the schema's validator checked its range
	case env != "":
		n, err := strconv.Atoi(strings.TrimSpace(env))
		if err != nil || n < 1 || n > maxRequestsPerSecond {
			diags.AddError("Invalid "+rpsEnv, fmt.Sprintf("%s %q must be a whole number from 1 to %d. Unset it for no cap.", rpsEnv, env, maxRequestsPerSecond))
			return 0, diags
		}
		return n, nil
	}
	return 0, diags
}

// parseRequestTimeout reads a request_timeout value: a Go duration with its unit.
func parseRequestTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		hint := ""
		if _, nerr := strconv.ParseFloat(strings.TrimSpace(s), 64); nerr == nil {
			hint = " (add a unit)"
		}
		return 0, fmt.Errorf("%q is not a duration%s: write it like \"20s\", \"90s\" or \"1m30s\"", s, hint)
	}
	if d < minRequestTimeout || d > maxRequestTimeout {
		return 0, fmt.Errorf("%q is out of range: it must be %s", s, requestTimeoutRange)
	}
	return d, nil
}

// parseMaxRetries reads a max_retries value from the environment.
func parseMaxRetries(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	if n < 0 || n > maxMaxRetries {
		return 0, fmt.Errorf("%q is out of range: it must be from 0 to %d", s, maxMaxRetries)
	}
	return n, nil
}

// requestTimeoutValidator checks request_timeout at plan time.
type requestTimeoutValidator struct{}

func (requestTimeoutValidator) Description(context.Context) string {
	return "a duration such as 20s, " + requestTimeoutRange
}

func (v requestTimeoutValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (requestTimeoutValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := parseRequestTimeout(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid request timeout", fmt.Sprintf("%s %s.", req.Path, err))
	}
}

// clientLimits resolves the request timeout and the number of retries: the provider block,
// then the environment, then the client's defaults.
func clientLimits(cfg providerModel, getenv func(string) string) (time.Duration, int, diag.Diagnostics) {
	var diags diag.Diagnostics
	if cfg.RequestTimeout.IsUnknown() || cfg.MaxRetries.IsUnknown() {
		name := "request_timeout"
		if cfg.MaxRetries.IsUnknown() {
			name = "max_retries"
		}
		diags.AddAttributeError(path.Root(name), "Unknown provider configuration",
			name+" depends on a value not known until apply; the provider needs it to plan. Set it from a variable or an environment variable.")
		return 0, 0, diags
	}

	timeout := konnect.DefaultRequestTimeout
	switch raw, env := cfg.RequestTimeout.ValueString(), getenv(requestTimeoutEnv); {
	case raw != "":
		d, err := parseRequestTimeout(raw)
		if err != nil {
			diags.AddAttributeError(path.Root("request_timeout"), "Invalid request timeout", "request_timeout "+err.Error()+".")
		}
		timeout = d
	case env != "":
		d, err := parseRequestTimeout(env)
		if err != nil {
			diags.AddError("Invalid "+requestTimeoutEnv, requestTimeoutEnv+" "+err.Error()+". Unset it for the default of "+konnect.DefaultRequestTimeout.String()+".")
		}
		timeout = d
	}

	retries := konnect.DefaultMaxRetries
	switch env := getenv(maxRetriesEnv); {
	case !cfg.MaxRetries.IsNull():
		// The schema's validator has refused out-of-range values already.
		retries = int(cfg.MaxRetries.ValueInt64())
	case env != "":
		n, err := parseMaxRetries(env)
		if err != nil {
			diags.AddError("Invalid "+maxRetriesEnv, fmt.Sprintf("%s %s. Unset it for the default of %d.", maxRetriesEnv, err, konnect.DefaultMaxRetries))
		}
		retries = n
	}
	return timeout, retries, diags
}
