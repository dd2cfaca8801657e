package engine

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// statesAPI answers each Get with the next of its states ("404": not found).
type statesAPI struct {
	EntityAPI
	states []string
	reads  int
}

func (s *statesAPI) Get(context.Context, *konnect.Client, Address) (konnect.Object, *konnect.Response, error) {
	st := s.states[min(s.reads, len(s.states)-1)]
	s.reads++
	if st == "404" {
		return nil, nil, &konnect.APIError{StatusCode: 404}
	}
	return konnect.Object{"id": "n1", "state": st, "state_metadata": map[string]any{"reason": "no capacity in use2-az1"}}, nil, nil
}

func provisioningResource(states ...string) (*EntityResource, *statesAPI) {
	api := &statesAPI{states: states}
	k := EntityKind{TypeName: "konnect_cloud_gateway_network", API: api, Provisioning: &Provisioning{
		Ready: []string{"ready"}, Failed: []string{"error"}, Gone: []string{"terminated"}, Reason: "state_metadata.reason"}}
	r := &EntityResource{Kind: k}
	r.Data = &ProviderData{PollInterval: time.Millisecond}
	return r, api
}

func TestWaitForReady(t *testing.T) {
	r, api := provisioningResource("initializing", "initializing", "ready")
	obj, err := r.waitFor(context.Background(), "create", Address{ID: "n1"}, []string{"ready"}, false, time.Minute)
	if err != nil || obj["state"] != "ready" || api.reads != 3 {
		t.Fatalf("got %v, %v after %d reads; want ready after 3", obj, err, api.reads)
	}
}

func TestWaitForFailedNamesObjectAndReason(t *testing.T) {
	r, _ := provisioningResource("initializing", "error")
	_, err := r.waitFor(context.Background(), "create", Address{ID: "n1"}, []string{"ready"}, false, time.Minute)
	var failed *ProvisioningFailedError
	if !errors.As(err, &failed) || !strings.Contains(err.Error(), "konnect_cloud_gateway_network (id n1)") || failed.Reason != "no capacity in use2-az1" {
		t.Fatalf("got %v", err)
	}
}

func TestWaitForGoneTakesA404(t *testing.T) {
	r, _ := provisioningResource("terminating", "404")
	obj, err := r.waitFor(context.Background(), "delete", Address{ID: "n1"}, []string{"terminated"}, true, time.Minute)
	if err != nil || obj != nil {
		t.Fatalf("got %v, %v", obj, err)
	}
	r, _ = provisioningResource("terminating", "terminated")
	if obj, err := r.waitFor(context.Background(), "delete", Address{ID: "n1"}, []string{"terminated"}, true, time.Minute); err != nil || obj["state"] != "terminated" {
		t.Fatalf("got %v, %v", obj, err)
	}
}

func TestWaitForTimesOut(t *testing.T) {
	r, api := provisioningResource("initializing")
	_, err := r.waitFor(context.Background(), "create", Address{ID: "n1"}, []string{"ready"}, false, 20*time.Millisecond)
	if !errors.Is(err, errWaitTimedOut) || api.reads < 2 {
		t.Fatalf("got %v after %d reads", err, api.reads)
	}
}

func TestReadyTimeout(t *testing.T) {
	timeouts := func(attrs map[string]string) ObjectValues {
		types, values := map[string]tftypes.Type{}, map[string]tftypes.Value{}
		for k, v := range attrs {
			types[k], values[k] = tftypes.String, tftypes.NewValue(tftypes.String, v)
		}
		return ObjectValues{AttrTimeouts: tftypes.NewValue(tftypes.Object{AttributeTypes: types}, values)}
	}
	for _, c := range []struct {
		m       ObjectValues
		op      string
		want    time.Duration
		setting string
	}{
		{ObjectValues{}, "update", time.Hour, "timeouts.create"},
		{timeouts(map[string]string{"create": "2h"}), "update", 2 * time.Hour, "timeouts.create"},
		{timeouts(map[string]string{"create": "2h", "update": "3h"}), "update", 3 * time.Hour, "timeouts.update"},
		{timeouts(map[string]string{"create": "2h", "update": "3h"}), "create", 2 * time.Hour, "timeouts.create"},
	} {
		if got, setting := readyTimeout(c.m, c.op, time.Hour); got != c.want || setting != c.setting {
			t.Errorf("%s with %v: got %s (%s), want %s (%s)", c.op, c.m, got, setting, c.want, c.setting)
		}
	}
}

func TestPollIntervalGrowsAndStopsOnCancel(t *testing.T) {
	var at []time.Time
	ctx, cancel := context.WithCancel(context.Background())
	err := Poll(ctx, time.Millisecond, time.Minute, func(context.Context) (bool, error) {
		at = append(at, time.Now())
		if len(at) == 5 {
			cancel()
		}
		return false, nil
	})
	if !errors.Is(err, context.Canceled) || len(at) != 5 {
		t.Fatalf("got %v after %d checks", err, len(at))
	}
	// 1, 2, 4, 8 ms: the last gap is at least twice the first interval.
	if gap := at[4].Sub(at[3]); gap < 8*time.Millisecond {
		t.Errorf("fourth interval %s, want at least 8ms", gap)
	}
}

func TestPollIntervalFromEnv(t *testing.T) {
	for raw, want := range map[string]time.Duration{"": PollInterval, "10ms": 10 * time.Millisecond, " 2s ": 2 * time.Second} {
		t.Setenv(PollIntervalEnv, raw)
		if got, err := PollIntervalFromEnv(); err != nil || got != want {
			t.Errorf("%q: got %s, %v; want %s", raw, got, err, want)
		}
	}
	for _, raw := range []string{"soon", "0s", "-1s", "1h"} {
		t.Setenv(PollIntervalEnv, raw)
		if _, err := PollIntervalFromEnv(); err == nil || !strings.Contains(err.Error(), PollIntervalEnv) {
			t.Errorf("%q: got %v, want an error naming %s", raw, err, PollIntervalEnv)
		}
	}
}

func TestCIDRAndDurationValidators(t *testing.T) {
	check := func(v validator.String, value string) string {
		resp := &validator.StringResponse{}
		v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("x"), ConfigValue: types.StringValue(value)}, resp)
		if !resp.Diagnostics.HasError() {
			return ""
		}
		return resp.Diagnostics[0].Detail()
	}
	for value, want := range map[string]string{
		"10.0.0.0/16": "", "fd00::/8": "", "10.0.0.0/33": "is not a CIDR block", "10.0.0.0": "is not a CIDR block",
		"10.0.0.1/16": `the block it names is "10.0.0.0/16"`,
	} {
		if got := check(CIDR(), value); (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("CIDR %q: %q, want %q", value, got, want)
		}
	}
	for value, bad := range map[string]bool{"45m": false, "1h30m": false, "45": true, "0s": true, "soon": true} {
		if got := check(Duration(), value); (got != "") != bad {
			t.Errorf("Duration %q: %q", value, got)
		}
	}
}

// TestWaitNeedsWaitsForTheNetwork: a create that needs another object ready (a transit
// gateway its network) reads that object until it is ready, and creates nothing when it
// fails, naming it and Konnect's reason.
func TestWaitNeedsWaitsForTheNetwork(t *testing.T) {
	for _, tc := range []struct {
		states []string
		ok     bool
		want   string
	}{
		{[]string{"initializing", "initializing", "ready"}, true, ""},
		{[]string{"initializing", "error"}, false, `It needs network n1 ready first: network n1 is in state "error": no capacity in use2-az1`},
	} {
		reads := 0
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			st := tc.states[min(reads, len(tc.states)-1)]
			reads++
			w.Header().Set("Content-Type", "application/json")
			_, _ = fmt.Fprintf(w, `{"id":"n1","state":%q,"state_metadata":{"reason":"no capacity in use2-az1"}}`, st)
		}))
		client, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test"})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := provisioningResource("ready")
		r.Kind.Provisioning.CreateTimeout = time.Minute
		r.Kind.Provisioning.Needs = func(parents map[string]string, _ konnect.Object) (string, string) {
			return "network " + parents["network_id"], "/v2/cloud-gateways/networks/" + parents["network_id"]
		}
		r.Data.Client = client
		var diags diag.Diagnostics
		ok := r.waitNeeds(context.Background(), ObjectValues{}, map[string]string{"network_id": "n1"}, konnect.Object{}, &diags)
		srv.Close()
		if ok != tc.ok || reads != len(tc.states) {
			t.Errorf("%v: ok %v after %d reads, want %v after %d", tc.states, ok, reads, tc.ok, len(tc.states))
		}
		if tc.want != "" && (!diags.HasError() || !strings.Contains(diags[0].Detail(), tc.want)) {
			t.Errorf("%v: diagnostics %v, want %q", tc.states, diags, tc.want)
		}
	}
}

func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{time.Hour: "1h", 30 * time.Minute: "30m", 90 * time.Minute: "1h30m", 45 * time.Second: "45s", 10 * time.Minute: "10m"} {
		if got := shortDuration(d); got != want {
			t.Errorf("%s: %q, want %q", d, got, want)
		}
	}
}
