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
package konnectmock
