// Package konnect is the HTTP client for the Kong Konnect APIs used by the
// Terraform provider. It is the only code in the project that talks HTTP to
// Konnect.
//
// It covers the platform control-plane API (/v2/control-planes) and the
// gateway core-entity API (/v2/control-planes/{cp}/core-entities/...), with:
//
//   - bearer-token authentication (kpat_/spat_ tokens), refusing plain http
//     except to a loopback address;
//   - retries built on one go-retryablehttp client per Client (the policy table is
//     in retry.go; transport errors are classified by type in transport_errors.go):
//     429 is retried for every method,
//     honouring Retry-After, and so is a request never sent (the connection refused,
//     the host not found); 5xx and broken connections are retried only for
//     idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS), never for POST or
//     PATCH; attempts (Config.MaxAttempts, default 3) and the cumulative wait
//     per call are bounded, each attempt is bounded by Config.RequestTimeout
//     (default 20 s), a call that got no answer says so with the limits that
//     applied, and context cancellation is honoured during waits;
//   - decoding of both Konnect error styles (platform application/problem+json
//     and Kong-style application/json) into *APIError;
//   - ETag capture and optional If-Match on writes (see
//     shared/design/guards.md);
//   - DEBUG logging through tflog, one line per attempt, with the token and
//     anything that looks like a Konnect token redacted from every log line
//     and error.
//
// JSON objects are returned as Object (map[string]any) decoded with
// json.Decoder.UseNumber, so numbers are json.Number.
package konnect
