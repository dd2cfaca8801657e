// Package acctest is the shared harness of the provider's acceptance tests: a mock Konnect
// per test (internal/konnectmock behind an httptest server that records every request), a
// client to act on it out of band the way a UI user or another pipeline would, the plan
// checks and steps the guard scenarios share, a recorder of the diagnostics and private
// states the provider returns to the CLI, and the every-kind guard skeleton (kinds.go:
// KindRow, RunKinds), which each family's TestAccKinds runs over its kinds and rows.
//
// It is an ordinary package, not a test file, so that the tests of every family
// (internal/provider, internal/catalog, ...) import the same harness. It never imports
// internal/provider: the provider under test is injected as a server constructor
// (provider.NewServer), so that internal/provider's own tests can import acctest too.
package acctest

import (
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// TestToken is the personal access token the mock accepts and the provider is configured
// with (ProviderBlock).
const TestToken = "kpat_acceptance_test_token_0123456789"

// Factories returns the provider factories of a resource.TestCase: the provider named
// konnect, a new server from newServer (provider.NewServer("test")) each time the CLI
// starts it.
func Factories(newServer func() tfprotov6.ProviderServer) map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"konnect": func() (tfprotov6.ProviderServer, error) { return newServer(), nil },
	}
}
