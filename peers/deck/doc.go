// Package deck runs Kong's own declarative engine (go-database-reconciler, the engine of
// decK) against the mock Konnect of this repository, as a peer that judges the mock as a
// real client would. Everything is in the tests; see README.md.
//
// It is a separate Go module so that the provider's go.mod never carries the engine's
// dependencies, and the provider's `go test ./...` never descends into it.
package deck
