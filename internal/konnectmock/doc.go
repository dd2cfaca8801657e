// Package konnectmock is an in-memory Kong Konnect for tests and local runs of the
// provider: the control-plane API (/v2/control-planes) and the gateway core-entities
// API (/v2/control-planes/{cp}/core-entities/...), following the contract in
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
// or as a process: go run ./internal/konnectmock/cmd/konnect-mock --token kpat_demo.
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
// Every request is counted (Server.Counts) by method and path kind, so tests can
// assert how many calls a client made.
//
// Kinds served: services, routes (traditional and expression), plugins (config
// defaults for rate-limiting, key-auth, cors, request-transformer,
// response-transformer, acl, jwt, openid-connect, correlation-id, http-log and
// basic-auth; other bundled plugin names keep their config as given), consumers,
// consumer_groups (+ membership), upstreams, targets, certificates,
// ca_certificates, snis, vaults, key-sets, keys and the consumer credentials
// key-auth, basic-auth, acls, jwt and hmac-auth (listed at the top level as
// key-auths, basic-auths, acls, jwts, hmac-auths). Nested paths: services/{s}/routes,
// {services,routes,consumers,consumer_groups}/{x}/plugins, upstreams/{u}/targets,
// certificates/{c}/snis, key-sets/{k}/keys, consumers/{c}/<credential>,
// consumer_groups/{g}/consumers and consumers/{c}/consumer_groups. Collections
// Kong's tooling lists but this project does not manage answer
// {"data":[],"next":null}. Also served: the legacy runtime_groups listing and the
// JSON-schema and plugin-schema endpoints, generated from the declarations.
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
//     page[size] outside 1..100 and unknown filters are 400s.
//   - Core lists: size outside 1..1000 or a malformed offset is a 400.
package konnectmock
