package provider

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// providerConfig is a provider configuration of the type the schema declares: the given
// attributes, every other one null.
func providerConfig(t *testing.T, srv tfprotov6.ProviderServer, set map[string]tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	sch, err := srv.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	typ := sch.Provider.ValueType().(tftypes.Object)
	vals := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		vals[name] = tftypes.NewValue(at, nil)
		if v, ok := set[name]; ok {
			vals[name] = v
		}
	}
	for name := range set {
		if _, ok := typ.AttributeTypes[name]; !ok {
			t.Fatalf("the provider has no attribute %q", name)
		}
	}
	return dynamic(t, tftypes.NewValue(typ, vals))
}

func TestParseRequestTimeout(t *testing.T) {
	for in, want := range map[string]time.Duration{"20s": 20 * time.Second, " 1m30s ": 90 * time.Second, "1s": time.Second, "10m": 10 * time.Minute} {
		if got, err := parseRequestTimeout(in); err != nil || got != want {
			t.Errorf("parseRequestTimeout(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"":      `"" is not a duration`,
		"20":    `"20" is not a duration (add a unit)`,
		"soon":  `"soon" is not a duration: write it like "20s"`,
		"0s":    `"0s" is out of range: it must be from 1s to 10m`,
		"-5s":   `"-5s" is out of range`,
		"500ms": `"500ms" is out of range`,
		"11m":   `"11m" is out of range`,
	} {
		if _, err := parseRequestTimeout(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseRequestTimeout(%q) error %v, want %q", in, err, want)
		}
	}
}

// The range as the user reads it matches the bounds the code enforces.
func TestRequestTimeoutRangeText(t *testing.T) {
	if want := "from " + strings.TrimSuffix(minRequestTimeout.String(), "0m0s") + " to " + strings.TrimSuffix(maxRequestTimeout.String(), "0s"); requestTimeoutRange != want {
		t.Errorf("requestTimeoutRange = %q, want %q", requestTimeoutRange, want)
	}
}

func TestParseMaxRetries(t *testing.T) {
	for in, want := range map[string]int{"0": 0, "2": 2, " 10 ": 10} {
		if got, err := parseMaxRetries(in); err != nil || got != want {
			t.Errorf("parseMaxRetries(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]string{"-1": "out of range", "11": "from 0 to 10", "1000000": "out of range", "two": "not a whole number", "1.5": "not a whole number"} {
		if _, err := parseMaxRetries(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseMaxRetries(%q) error %v, want %q", in, err, want)
		}
	}
}

// Nonsense in the provider block fails validation (terraform validate, plan) on the attribute.
func TestLimitsValidatedAtPlanTime(t *testing.T) {
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	num := func(n int64) tftypes.Value { return tftypes.NewValue(tftypes.Number, n) }
	for _, tc := range []struct {
		name string
		set  map[string]tftypes.Value
		attr string
		want string
	}{
		{"timeout ok", map[string]tftypes.Value{"request_timeout": str("45s"), "max_retries": num(0)}, "", ""},
		{"zero timeout", map[string]tftypes.Value{"request_timeout": str("0s")}, "request_timeout", `request_timeout "0s" is out of range: it must be from 1s to 10m`},
		{"negative timeout", map[string]tftypes.Value{"request_timeout": str("-20s")}, "request_timeout", `"-20s" is out of range`},
		{"timeout without unit", map[string]tftypes.Value{"request_timeout": str("20")}, "request_timeout", `"20" is not a duration (add a unit)`},
		{"negative retries", map[string]tftypes.Value{"max_retries": num(-1)}, "max_retries", "value must be between 0 and 10, got: -1"},
		{"absurd retries", map[string]tftypes.Value{"max_retries": num(1000)}, "max_retries", "value must be between 0 and 10, got: 1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := NewServer("test")()
			resp, err := srv.ValidateProviderConfig(context.Background(), &tfprotov6.ValidateProviderConfigRequest{Config: providerConfig(t, srv, tc.set)})
			if err != nil {
				t.Fatal(err)
			}
			d := resp.Diagnostics
			if tc.want == "" {
				if len(d) > 0 {
					t.Fatalf("want no diagnostic, got %s", diagText(d))
				}
				return
			}
			if len(d) != 1 || d[0].Severity != tfprotov6.DiagnosticSeverityError || !strings.Contains(d[0].Summary+" "+d[0].Detail, tc.want) {
				t.Fatalf("want one error containing %q, got %s", tc.want, diagText(d))
			}
			if d[0].Attribute == nil || !strings.Contains(d[0].Attribute.String(), tc.attr) {
				t.Errorf("diagnostic attached to %v, want %s", d[0].Attribute, tc.attr)
			}
		})
	}
}

// The provider block wins over the environment, which wins over the client's defaults.
func TestClientLimitsPrecedence(t *testing.T) {
	for _, tc := range []struct {
		name           string
		cfg            providerModel
		envTimeout     string
		envRetries     string
		wantTimeout    time.Duration
		wantRetries    int
		wantDiagnostic string
	}{
		{name: "defaults", wantTimeout: konnect.DefaultRequestTimeout, wantRetries: konnect.DefaultMaxRetries},
		{name: "environment", envTimeout: "90s", envRetries: "0", wantTimeout: 90 * time.Second, wantRetries: 0},
		{name: "block over environment", cfg: providerModel{RequestTimeout: types.StringValue("5s"), MaxRetries: types.Int64Value(4)},
			envTimeout: "90s", envRetries: "0", wantTimeout: 5 * time.Second, wantRetries: 4},
		{name: "bad timeout in environment", envTimeout: "forever", wantDiagnostic: `Invalid KONNECT_REQUEST_TIMEOUT: KONNECT_REQUEST_TIMEOUT "forever" is not a duration`},
		{name: "zero timeout in environment", envTimeout: "0", wantDiagnostic: `KONNECT_REQUEST_TIMEOUT "0" is out of range`},
		{name: "bad retries in environment", envRetries: "-3", wantDiagnostic: `Invalid KONNECT_MAX_RETRIES: KONNECT_MAX_RETRIES "-3" is out of range: it must be from 0 to 10`},
		{name: "bad environment ignored when the block is set", cfg: providerModel{RequestTimeout: types.StringValue("30s"), MaxRetries: types.Int64Value(1)},
			envTimeout: "forever", envRetries: "lots", wantTimeout: 30 * time.Second, wantRetries: 1},
		{name: "unknown", cfg: providerModel{RequestTimeout: types.StringUnknown()}, wantDiagnostic: "request_timeout depends on a value not known until apply"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(requestTimeoutEnv, tc.envTimeout)
			t.Setenv(maxRetriesEnv, tc.envRetries)
			timeout, retries, diags := clientLimits(tc.cfg, os.Getenv)
			if tc.wantDiagnostic != "" {
				if !diags.HasError() || !strings.Contains(diags[0].Summary()+": "+diags[0].Detail(), tc.wantDiagnostic) {
					t.Fatalf("want an error containing %q, got %v", tc.wantDiagnostic, diags)
				}
				return
			}
			if diags.HasError() || timeout != tc.wantTimeout || retries != tc.wantRetries {
				t.Errorf("got %s, %d retries, %v; want %s, %d", timeout, retries, diags, tc.wantTimeout, tc.wantRetries)
			}
		})
	}
}

// A bad environment value fails the provider's configuration, as every plan would see it.
func TestBadLimitsEnvironmentFailsConfigure(t *testing.T) {
	t.Setenv("KONNECT_SERVER_URL", "")
	t.Setenv("KONNECT_SPAT", "")
	t.Setenv("KONNECT_CONFLICT_POLICY", "")
	t.Setenv(requestTimeoutEnv, "")
	t.Setenv(maxRetriesEnv, "twelve")
	d := configure(t, "", testToken, "")
	if len(d) != 1 || d[0].Summary != "Invalid KONNECT_MAX_RETRIES" || !strings.Contains(d[0].Detail, `KONNECT_MAX_RETRIES "twelve" is not a whole number`) {
		t.Fatalf("got %s", diagText(d))
	}
}
