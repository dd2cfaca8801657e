// Package konnectmock is an in-memory Kong Konnect for tests and local runs of the
// provider: the control-plane API (/v2/control-planes), the gateway core-entities
// API (/v2/control-planes/{cp}/core-entities/...), the identity API (/v3/:
// users, teams, roles, system accounts, tokens, identity providers; package
// access) and the Dev Portal (/v3/portals…, /v3/portal-roles, and
// /v2/application-auth-strategies and /v2/dcr-providers; package portal),
// following the contract in
// /work/shared/design/konnect-api.md byte for byte where a client could notice:
// status codes, content types, list envelopes, field names, defaults and both
// error styles (problem+json for the platform API, Kong-style JSON for core
// entities).
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
// Extensions real Konnect does not have are opt-in: with Options.ETags every entity
// response carries a strong ETag that changes on every write of that object, and
// PUT/PATCH/DELETE honour If-Match (and If-None-Match) with 412 Precondition Failed.
// Without it there are no ETag headers and the headers are ignored.
//
// Core entity kinds are declarations (kind_*.go): fields with types, defaults,
// ranges, enums, uniqueness and references. One engine (engine.go, core.go,
// store.go) validates, fills defaults, indexes and pages every kind. Each kind
// keeps its entities in creation order, so a page costs time proportional to the
// page, and the opaque offset is the position of the next entity.
//
// Timestamps: core entities carry integer Unix seconds (targets: seconds with a
// millisecond fraction); updated_at is simply the time of the last write, as in
// Konnect, so two writes within one second that change nothing else leave an
// identical object (the ETag, when enabled, still changes). Control planes carry
// RFC 3339 times with milliseconds.
//
// Every API request is counted (Server.Counts) by method and path kind, so tests can
// assert how many calls a client made.
//
// # Families
//
// The mock is being split per API family, as the provider is. This package is the
// assembler and still holds the gateway (control planes and core entities); other
// families are packages of their own that implement mockcore.Family and share
// package mockcore (responses, problem+json, paging, filters, body checks, ids,
// the clock, the lock, the save hook). The assembler authenticates, counts,
// injects faults, reads the body, calls the family, and saves the state file after
// an acknowledged write, for every family alike. Mounted now: access, the identity
// API under /v3/, and portal, the Dev Portal management API (/v3/portals…,
// /v3/portal-roles) with the application auth strategies and DCR providers
// (/v2/application-auth-strategies…, /v2/dcr-providers…). Each package's
// documentation lists what it serves and the choices it makes. The portal family
// is asked first, as the access family takes every other /v3/ path.
// Options.Access invites users besides the seeded ones; Server.Access gives
// tests its Go API (AddUser, FindUser, ExpireToken, RevokeToken); Server.Portal
// the portal's (EditPage, Publish, Unpublish, VerifyDomain, FindPortal).
//
// Tokens the identity API issues (system account tokens, personal access tokens)
// are bearer tokens for the whole mock while they are good, also when
// Options.Tokens lists others; once expired, revoked or deleted they are refused
// (401), even where any well-formed token would pass.
//
// Kinds served: services, routes (traditional and expression), plugins (config
// defaults for rate-limiting, key-auth, cors, request-transformer,
// response-transformer, acl, jwt, openid-connect, correlation-id, http-log and
// basic-auth; other bundled plugin names keep their config as given), consumers,
// consumer_groups (+ membership), upstreams, targets, certificates,
// ca_certificates, snis, vaults, key-sets, keys, partials (kind_partials.go) and the
// consumer credentials key-auth, basic-auth, acls, jwt, hmac-auth and mtls-auth (no
// PUT; listed at the top level as key-auths, basic-auths, acls, jwts, hmac-auths,
// mtls-auths). Custom plugin schemas (plugin-schemas, plugin_schemas.go) and the
// platform collections of a control plane (dp-client-certificates, config-stores
// and their secrets, group-memberships; platform_extra.go) answer platform style.
//
// Schemas agree with storage: a client that fills every advertised default (JSON
// schemas: recursing into objects unless additionalProperties is false; plugin
// schemas: into required records) sends a document the mock accepts and returns
// unchanged (schema_fill_test.go). Route priority and regex_priority are stored at
// their default 0 on both route styles; another value belongs to one style only. Nested paths: services/{s}/routes,
// {services,routes,consumers,consumer_groups}/{x}/plugins, upstreams/{u}/targets,
// certificates/{c}/snis, key-sets/{k}/keys, consumers/{c}/<credential>,
// consumer_groups/{g}/consumers and consumers/{c}/consumer_groups. Collections
// Kong's tooling lists but this project does not manage answer
// {"data":[],"next":null}. Also served: the legacy runtime_groups listing and the
// JSON-schema, plugin-schema and partial-schema (schemas/partials/{type}) endpoints,
// generated from the declarations; a plugin schema names the partial types the plugin
// links to and the path each fills (supported_partials). GET of one
// consumer group answers Konnect's ConsumerGroupInsideWrapper,
// {"consumer_group":{…},"consumers":[…members]}; its writes answer the bare group.
//
// Where the contract is silent the mock chooses, and says so here:
//   - Deleting an entity that others reference without cascading (a service used
//     by routes, a certificate used as a client certificate) is a 400 data
//     constraint error on "<field>.id"; plugins, credentials, targets, SNIs, keys
//     and memberships are deleted with what they belong to, as in Kong.
//   - A second plugin with the same name in the same scope, and adding a consumer
//     to a group twice, are 400 data constraint errors (unique).
//   - Required fields missing are reported Kong-style as one ERROR_TYPE_ENTITY
//     detail "missing properties: 'host'"; read-only fields (created_at,
//     updated_at, certificate snis, cert_digest) are accepted on input and ignored.
//   - Certificates and keys must be real PEM (parsed with crypto/x509); a
//     certificate's key must match it.
//   - Control planes: a non-UUID id in the path is a 400 (rule is_uuid); PATCH
//     merges labels (a null value removes one) and replaces proxy_urls;
//     page[size] outside 1..100 and unknown filters are 400s; labels=env:prod,team
//     lists those labelled env=prod that also carry a team label.
//   - Core lists: size outside 1..1000 or a malformed offset is a 400.
//   - There are no permissions: every accepted token may do everything, so the
//     documented 403s never occur.
//   - A plugin linked to partials is checked (its entity checks, such as
//     rate-limiting's policy redis needing config.redis.host) with each partial's
//     config at the link's path, as Kong does; its stored config keeps its own
//     values, and GET …/plugins/{id}?expand_partials=true shows the expanded one.
//     The partial's type is not checked against the plugin's supported_partials.
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
// --retry-after, --error-share, --drop-before-share, --drop-after-share,
// --slow-share, --slow and --seed; /_mock/faults at runtime) make the mock
// hostile, for authenticated requests under /v2/ and /v3/ only. Each waits the latency
// plus a uniform share of the jitter, then meets at most one of: a 429
// {"message":"API rate limit exceeded"} with Retry-After, RateLimit-Limit,
// RateLimit-Remaining and RateLimit-Reset (rate-limit-share 1 is a sustained
// 429 storm); a 500, 502 or 503 with the body Konnect would send; a connection
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
// contract_test.go pins the contract for every collection at once (unknown
// fields, paging to a last page whose next is null, id-or-name lookups, PUT
// upserts, deletes, empty sync listings, runtime_groups, schema defaults, both
// error styles); FuzzDecodeRequest (seed corpus in testdata/fuzz) feeds arbitrary
// bodies to control-plane and service writes.
package konnectmock
