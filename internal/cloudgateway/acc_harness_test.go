package cloudgateway_test

import (
	"os"
	"sync"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// The Dedicated Cloud Gateways' acceptance tests run the provider in process, each against
// its own mock Konnect: the harness is internal/acctest, shared with the other packages' tests.

// newServer is the provider under test, as the CLI starts it.
var newServer = provider.NewServer("test")

// protoV6Factories serves the provider to a test case.
var protoV6Factories = acctest.Factories(newServer)

// TestMain polls provisioning every few milliseconds (the provider reads KONNECT_POLL_INTERVAL
// when it is configured): the mock's provisioning advances on its own clock, not on time.
func TestMain(m *testing.M) {
	acctest.ServeProvider(provider.SourceAddress, newServer) // the provider a CLI started (acctest.CLIRun)
	if os.Getenv(engine.PollIntervalEnv) == "" {
		_ = os.Setenv(engine.PollIntervalEnv, "5ms")
	}
	os.Exit(m.Run())
}

// tickingClock is the mock's clock for the provisioning tests: a second passes at every
// reading, so an object provisions within a number of requests, not of seconds.
func tickingClock() func() time.Time {
	var mu sync.Mutex
	t := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Second)
		return t
	}
}
