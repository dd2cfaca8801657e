package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
)

// validateString runs string validators on one value of attribute attr, as a plan does.
func validateString(vs []validator.String, attr, value string) (summary, detail, at string) {
	for _, v := range vs {
		req := validator.StringRequest{Path: path.Root(attr), ConfigValue: types.StringValue(value)}
		resp := &validator.StringResponse{}
		v.ValidateString(context.Background(), req, resp)
		for _, d := range resp.Diagnostics.Errors() {
			if p, ok := d.(interface{ Path() path.Path }); ok {
				at = p.Path().String()
			}
			return d.Summary(), d.Detail(), at
		}
	}
	return "", "", ""
}

func TestServiceHostValidator(t *testing.T) {
	host := stringValidators(attrByName(t, gateway.ServiceKind, "host"))
	for _, ok := range []string{"orders.internal", "a", "h2", "svc-1.internal", "my_svc.internal", "example.com.", "10.0.0.1", "::1", "[2001:db8::1]", "2001:db8::1"} {
		if s, d, _ := validateString(host, "host", ok); s != "" {
			t.Errorf("host %q refused: %s: %s", ok, s, d)
		}
	}
	for bad, want := range map[string]string{
		"http://orders.internal":  `host "http://orders.internal" is not a host name or an IP address: remove the scheme "http://"`,
		"orders .internal":        "it contains spaces",
		" orders.internal":        "it contains spaces",
		"orders.internal/v1":      "remove the path",
		"orders.internal:8080":    "remove the port",
		"10.0.0.1:80":             "remove the port",
		"orders..internal":        "each dot-separated part",
		"-orders.internal":        "each dot-separated part",
		"orders!.internal":        "each dot-separated part",
		strings.Repeat("a", 64):   "1 to 63",
		"https://x.example/path?": "remove the scheme",
	} {
		s, d, at := validateString(host, "host", bad)
		if s != "Invalid host" || !strings.Contains(d, want) || at != "host" {
			t.Errorf("host %q: got %q %q at %q, want Invalid host with %q at host", bad, s, d, at, want)
		}
	}
}

// Services and routes share Konnect's name rule, and the same validators.
func TestServiceNameValidatedLikeRouteName(t *testing.T) {
	for _, kind := range []engine.EntityKind{gateway.ServiceKind, gateway.RouteKind} {
		name := stringValidators(attrByName(t, kind, "name"))
		for _, ok := range []string{"orders", "orders-v2.internal_1~x", strings.Repeat("n", 128)} {
			if s, d, _ := validateString(name, "name", ok); s != "" {
				t.Errorf("%s name %q refused: %s: %s", kind.TypeName, ok, s, d)
			}
		}
		for bad, want := range map[string]string{
			"orders api":             "may contain only letters, digits and . - _ ~",
			"orders/api":             "may contain only letters, digits and . - _ ~",
			"":                       "string length must be between 1 and 128",
			strings.Repeat("n", 129): "string length must be between 1 and 128",
		} {
			s, d, at := validateString(name, "name", bad)
			if s == "" || !strings.Contains(d, want) || at != "name" {
				t.Errorf("%s name %q: got %q %q at %q, want %q at name", kind.TypeName, bad, s, d, at, want)
			}
		}
	}
}

func attrByName(t *testing.T, kind engine.EntityKind, name string) engine.Attr {
	t.Helper()
	for _, a := range kind.Attrs {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("%s has no attribute %s", kind.TypeName, name)
	return engine.Attr{}
}

// stringValidators are a string attribute's declared validators, as its schema holds them.
func stringValidators(a engine.Attr) []validator.String {
	return engine.Typed[validator.String](a, a.Validators)
}
