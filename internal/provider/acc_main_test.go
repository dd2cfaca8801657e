package provider

import (
	"os"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// TestMain polls provisioning every few milliseconds (the provider reads
// KONNECT_POLL_INTERVAL when it is configured): the mock's networks and configurations
// (examples/complete has one of each) provision within a few reads, not seconds.
func TestMain(m *testing.M) {
	if os.Getenv(engine.PollIntervalEnv) == "" {
		_ = os.Setenv(engine.PollIntervalEnv, "5ms")
	}
	os.Exit(m.Run())
}
