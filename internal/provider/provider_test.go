package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// configure runs the provider's Configure through the protocol and returns its diagnostics.
func configure(t *testing.T, serverURL, token, policy string) []*tfprotov6.Diagnostic {
	t.Helper()
	srv := NewServer("test")()
	val := func(s string) tftypes.Value {
		if s == "" {
			return tftypes.NewValue(tftypes.String, nil)
		}
		return tftypes.NewValue(tftypes.String, s)
	}
	cfg := providerConfig(t, srv, map[string]tftypes.Value{"server_url": val(serverURL), "personal_access_token": val(token), "conflict_policy": val(policy)})
	resp, err := srv.ConfigureProvider(context.Background(), &tfprotov6.ConfigureProviderRequest{Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Diagnostics
}

func TestProviderConfiguration(t *testing.T) {
	t.Setenv("KONNECT_SERVER_URL", "")
	t.Setenv("KONNECT_TOKEN", "")
	t.Setenv("KONNECT_SPAT", "")
	t.Setenv("KONNECT_CONFLICT_POLICY", "")
	for _, tc := range []struct {
		name, url, token, policy, env string
		want                          string // "" means no diagnostic
		attr                          string
	}{
		{name: "loopback http", url: "http://127.0.0.1:8080", token: testToken},
		{name: "default https", token: testToken},
		{name: "plain http elsewhere", url: "http://konnect.example.com", token: testToken,
			want: `only https is allowed, except http to a loopback address`, attr: "server_url"},
		{name: "no token", url: "https://eu.api.konghq.com", want: "No Konnect token configured"},
		{name: "policy from env", token: testToken, env: "warn"},
		{name: "bad policy in env", token: testToken, env: "sometimes", want: `KONNECT_CONFLICT_POLICY: conflict policy "sometimes" is not one of fail, warn, overwrite`, attr: "conflict_policy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("KONNECT_CONFLICT_POLICY", tc.env)
			diags := configure(t, tc.url, tc.token, tc.policy)
			if tc.want == "" {
				if len(diags) > 0 {
					t.Fatalf("want no diagnostic, got %s", diagText(diags))
				}
				return
			}
			if len(diags) != 1 || !strings.Contains(diags[0].Summary+" "+diags[0].Detail, tc.want) {
				t.Fatalf("want one diagnostic containing %q, got %s", tc.want, diagText(diags))
			}
			if tc.attr != "" && (diags[0].Attribute == nil || !strings.Contains(diags[0].Attribute.String(), tc.attr)) {
				t.Errorf("diagnostic attached to %v, want %s", diags[0].Attribute, tc.attr)
			}
			if strings.Contains(diagText(diags), testToken) {
				t.Error("a diagnostic shows the token")
			}
		})
	}
}
