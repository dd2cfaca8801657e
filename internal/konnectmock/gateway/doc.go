// Package gateway is the mock Konnect's gateway family: the control-plane API
// (/v2/control-planes…, with its platform collections dp-client-certificates,
// config-stores and group-memberships), the gateway core-entities API
// (/v2/control-planes/{cp}/core-entities/…) and the legacy runtime_groups listing
// (/konnect-api/api/runtime_groups). The control-plane API answers problem+json
// errors and pages by page number; the core entities answer Kong-style JSON
// errors ({"code":…,"message":…}) and page by offset.
//
// The family is mounted by package konnectmock, which authenticates, counts,
// injects faults and saves the state file around Family.Serve; on its own
// (Family.ServeHTTP) it serves without any of that, for this package's tests.
// The errors the assembler renders on the core-entities paths are the family's
// (Family.Error). Its state (state.go) sits at the top level of the state
// document, seq and control_planes, where it was before there were families
// (Family.StateKeys).
//
// Extensions real Konnect does not have are opt-in: with Options.ETags
// (konnectmock.Options.ETags) every entity response carries a strong ETag that
// changes on every write of that object, and PUT/PATCH/DELETE honour If-Match
// (and If-None-Match) with 412 Precondition Failed.
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
// Kinds served: services, routes (traditional and expression), plugins (every
// bundled plugin of the current gateway, its config checked and defaulted against
// Kong's published schema, pluginspec; unknown keys refused at their full path;
// custom plugins keep their config as given), consumers,
// consumer_groups (+ membership), upstreams, targets, certificates,
// ca_certificates, snis, vaults, key-sets, keys, partials (kind_partials.go),
// custom-plugins (streamed custom plugins, kind_custom_plugins.go: their schema.lua read
// as an uploaded plugin schema's, their plugins checked against it) and the
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
package gateway
