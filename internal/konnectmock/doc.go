// Package konnectmock is an in-memory Kong Konnect for tests and local runs of the
// provider: the control-plane API (/v2/control-planes) and the gateway
// core-entities API (/v2/control-planes/{cp}/core-entities/...; package
// gateway), the identity API (/v3/: users, teams, roles, system accounts,
// tokens, identity providers; package access), the Dev Portal (/v3/portals…, /v3/portal-roles, and
// /v2/application-auth-strategies and /v2/dcr-providers; package portal) and the
// API catalog (/v3/apis…, /v3/api-publications, /v3/api-implementations; package catalog)
// and the organization's audit logs and CMEKs (/v2 and /v3 audit-log-…, /v1/cmeks; package
// organization), following the contract in
// the design notes' Konnect API contract (konnect-api.md) byte for byte where a client could notice:
// status codes, content types, list envelopes, field names, defaults and both
// error styles (problem+json for the platform API, Kong-style JSON for core
// entities). Where Kong's own copy of the specification lets a request carry more
// than the published one (nulls, a control plane implementing an API), the mock
// takes what Kong's provider sends: FIDELITY.md lists each difference.
//
// It exists so that the client (internal/konnect) and the reconciliation guards
// (internal/guard) can be tested against realistic behaviour, including the parts
// that are easy to get wrong against the real service: upsert by PUT with a
// client-chosen id, id-or-name lookups, unique names, referential integrity,
// defaults filled by the server, and pagination that ends with "next": null.
//
// Use it with httptest:
//
//	srv := httptest.NewServer(konnectmock.New(konnectmock.Options{}))
//	defer srv.Close()
//
// or as a process: go run ./internal/konnectmock/cmd/konnect-mock --token kpat_demo
// (--help lists the flags; the first line on stdout is always
// "konnect-mock listening on http://127.0.0.1:PORT").
//
// Every API request is counted (Server.Counts) by method and path kind, so tests can
// assert how many calls a client made.
//
// # Families
//
// The mock is split per API family, as the provider is. This package is the
// assembler; each family is a package of its own that implements
// mockcore.Family and shares package mockcore (responses, problem+json, paging,
// filters, body checks, ids, the clock, the lock, the save hook). The assembler
// authenticates, counts, injects faults, reads the body, calls the family, and
// saves the state file after an acknowledged write, for every family alike.
// Mounted, in the order they are asked for a path: gateway, the control-plane
// API (/v2/control-planes…), the core entities below it and the legacy
// /konnect-api/api/runtime_groups listing; catalog, the API catalog (/v3/apis…,
// /v3/api-publications, /v3/api-implementations and, of /v3/portals…, only
// /v3/portals/{portalId}/api-publications); portal, the Dev Portal management API
// (/v3/portals…, /v3/portal-roles) with the application auth strategies and DCR
// providers (/v2/application-auth-strategies…, /v2/dcr-providers…); organization,
// the audit logs API and CMEKs; and access, the identity API, which takes every
// other /v3/ path. Each package's documentation lists what it serves and the
// choices it makes. No family imports another: the catalog asks about portals
// and gateway services through interfaces of its own (catalog.Portals,
// catalog.Services) that the assembler wires to the portal and gateway
// families; a portal's audit log webhook asks the organization family whether
// a destination exists (portal.Destinations), and the organization family asks
// the portal family which portals use one (organization.Users).
//
// Where the assembler answers an error itself (401, an unreadable body, an
// injected 500, a state file it cannot save) it answers problem+json, unless the
// family answers that path in a style of its own (mockcore.ErrorStyler): the
// gateway's core entities answer Kong-style JSON.
//
// Options.ETags turns on the gateway's ETag extension (package gateway);
// Options.Access invites users besides the seeded ones; Server.Access gives
// tests its Go API (AddUser, FindUser, ExpireToken, RevokeToken); Server.Portal
// the portal's (EditPage, Publish, Unpublish, VerifyDomain, FindPortal);
// Server.Gateway the gateway family; Server.Catalog the API catalog family;
// Server.Organization the audit logs and CMEK family (Authorization: what a
// destination received).
//
// Tokens the identity API issues (system account tokens, personal access tokens)
// are bearer tokens for the whole mock while they are good, also when
// Options.Tokens lists others; once expired, revoked or deleted they are refused
// (401), even where any well-formed token would pass.
//
// # Persistence
//
// With Options.StateFile (--state-file PATH) the state is durable. Open loads the
// file, or creates it when missing; a file that cannot be read or is not a
// complete, consistent state document is an error naming the file, never a
// silent empty start (New panics where Open would fail, so use Open with a state
// file). Every acknowledged write (a 2xx answer to anything but GET, HEAD or
// OPTIONS) rewrites the file before the response is sent: a temporary file in
// the same directory is written and fsynced, renamed over the state file, and
// the directory is fsynced. A mock killed at any moment loses nothing it
// acknowledged, including writes it applied and then dropped the connection of.
// If the save fails the client gets a 500 instead of the success. Each save
// rewrites the whole state (about an fsync plus 5 ms per 1,000 objects), which
// suits CI-sized data; load tests with tens of thousands of objects should run
// without a state file. The file holds the same document GET /_mock/dump
// returns (persist.go describes it), every family's state included; one file
// serves one mock process at a time.
//
// # Control endpoints
//
// Under /_mock/, which real Konnect does not have. They take the same bearer token
// as the API (any kpat_/spat_ token when Options.Tokens is empty, so give tokens
// to a mock shared by a CI job), answer application/json, are not counted and
// never meet an injected fault:
//
//	POST  /_mock/reset         a new organisation (saved to the state file), counters zero → 204
//	GET   /_mock/dump          the whole state as JSON → 200
//	GET   /_mock/counts        the Counts map → 200
//	POST  /_mock/counts/reset  ResetCounts → 204
//	GET   /_mock/faults        the fault settings → 200
//	PUT   /_mock/faults        replace them (absent fields are zero) → 200
//	PATCH /_mock/faults        change the fields given → 200
//	POST  /_mock/users         accept an invitation: {"email","full_name","preferred_name","pending"} → 201 the user
//	POST  /_mock/tokens/{id}/expire  an issued token expires now → 204
//	POST  /_mock/tokens/{id}/revoke  an issued token is revoked (a system account token: deleted) → 204
//	PUT   /_mock/portals/{id}/pages/{id}/content  edit a page as the portal editor would: {"content"} → 200 the page
//	POST  /_mock/portals/{id}/publications        publish an API: {"api_id","auth_strategy_id"} → 201
//	DELETE /_mock/portals/{id}/publications/{apiId}  unpublish it → 204
//	POST  /_mock/portals/{id}/custom-domain/verify  the custom domain's CNAME and certificate check out → 200
//
// Fault settings on the wire: {"latency":"50ms","latency_jitter":"20ms",
// "rate_limit_share":0.2,"retry_after":1,"error_share":0,"drop_before_share":0,
// "drop_after_share":0,"slow_share":0,"slow":"1m30s","seed":42}. Invalid settings
// and unknown fields are a 400 {"message":"invalid fault settings: …"}.
//
// # Faults
//
// Options.Faults (the binary's --latency, --latency-jitter, --rate-limit-share,
// --rate-limit-rps, --retry-after, --error-share, --drop-before-share, --drop-after-share,
// --slow-share, --slow and --seed; /_mock/faults at runtime) make the mock
// hostile, for authenticated requests under /v2/ and /v3/ only. Each waits the latency
// plus a uniform share of the jitter, then meets at most one of: a 429
// {"message":"API rate limit exceeded"} with Retry-After, RateLimit-Limit,
// RateLimit-Remaining and RateLimit-Reset (rate-limit-share 1 is a sustained
// 429 storm; rate-limit-rps is a real limit: a request beyond that many a second); a 500, 502 or 503 with the body Konnect would send; a connection
// reset before anything is applied; a connection reset after the request was
// applied and saved (the hard case for clients: the state changed, the client
// saw an error); or a delay (slow) before handling, which ends early, applying
// nothing, when the client gives up. Resets hijack the connection and close it
// with SO_LINGER 0; where that is impossible (HTTP/2, recorders) the handler
// aborts with http.ErrAbortHandler. Injected faults are counted per kind in
// Counts: "fault 429", "fault 5xx", "fault drop-before", "fault drop-after",
// "fault slow".
//
// Decisions come from one random source seeded by Faults.Seed (0: from the clock;
// GET /_mock/faults shows the seed in use) and guarded by a mutex. Every faultable
// request draws exactly three numbers on arrival, whatever the settings, so the
// sequence of decisions is reproducible for a client that sends one request at a
// time; concurrent clients arrive in an order the mock cannot fix. Setting a seed
// through /_mock/faults restarts the sequence; leaving it out keeps it going.
//
// # Tests
//
// Each family tests itself, served alone (its Family.ServeHTTP); this package
// tests the assembly: authentication and both error styles, counts, faults, the
// Date header, the state file and /_mock/ (gateway_test.go, access_test.go,
// portal_test.go, …). FuzzDecodeRequest (seed corpus in testdata/fuzz) feeds
// arbitrary bodies to control-plane and service writes and round-trips the state
// document. Package gateway's contract_test.go pins the core-entities contract
// for every collection at once.
package konnectmock
