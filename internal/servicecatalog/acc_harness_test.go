package servicecatalog_test

import (
	"os"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// The service catalog family's acceptance tests run the provider in process, each against its
// own mock Konnect: the harness is internal/acctest, shared with the other packages' tests.

// newServer is the provider under test, as the CLI starts it.
var newServer = provider.NewServer("test")

// protoV6Factories serves the provider to a test case.
var protoV6Factories = acctest.Factories(newServer)

// TestMain serves the provider instead of testing when this test binary is the provider a
// CLI started (the secret test runs with a real CLI: acctest.CLIRun).
func TestMain(m *testing.M) {
	acctest.ServeProvider(provider.SourceAddress, newServer)
	os.Exit(m.Run())
}
