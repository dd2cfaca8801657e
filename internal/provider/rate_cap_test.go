package provider

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestRequestsPerSecondStaysUnderTheRateLimit: against a Konnect that answers 429 beyond 10
// requests a second (the mock's RateLimitRPS), 48 reads sent by 6 workers at once, as
// terraform's parallelism sends them: with KONNECT_REQUESTS_PER_SECOND=8 none is rate
// limited; without it Konnect answers 429s (with the default retries some reads fail: the
// reason for the cap), which are retried after their Retry-After, and with
// KONNECT_MAX_RETRIES=10 every read still succeeds. No time is asserted: the counts are Konnect's.
func TestRequestsPerSecondStaysUnderTheRateLimit(t *testing.T) {
	for _, c := range []struct {
		name, rps, retries string
		limited            bool
	}{{"capped", "8", "", false}, {"uncapped", "", "10", true}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			mock := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}, Faults: konnectmock.Faults{RateLimitRPS: 10}})
			srv := httptest.NewServer(mock)
			t.Cleanup(srv.Close)
			env := map[string]string{"KONNECT_TOKEN": testToken, "KONNECT_SERVER_URL": srv.URL, rpsEnv: c.rps, maxRetriesEnv: c.retries}
			client, err := ClientFromEnvironment(func(k string) string { return env[k] }, "test")
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make(chan error, 48)
			for w := 0; w < 6; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range 8 {
						var out konnect.Object
						if _, err := client.Do(context.Background(), http.MethodGet, "/v2/control-planes", nil, nil, &out); err != nil {
							errs <- err
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Errorf("a read failed: %v", err)
			}
			counts := mock.Counts()
			if got := counts["fault 429"]; (got > 0) != c.limited {
				t.Errorf("Konnect answered %d reads 429 (of %d requests), want rate limited: %v", got, counts["GET /v2/control-planes"], c.limited)
			}
			t.Logf("%d requests, %d answered 429", counts["GET /v2/control-planes"], counts["fault 429"])
		})
	}
}
