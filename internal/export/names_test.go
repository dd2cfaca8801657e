package export

import (
	"reflect"
	"regexp"
	"testing"
)

var validName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func TestIdentifier(t *testing.T) {
	for in, want := range map[string]string{
		"orders":            "orders",
		"Orders API":        "orders_api",
		"rate-limiting":     "rate_limiting",
		"  --a..b--  ":      "a_b",
		"2fa-service":       "service_2fa_service",
		"Équipe Plateforme": "equipe_plateforme",
		"日本":                "",
		"":                  "",
		"!!!":               "",
	} {
		got := identifier(in, "service")
		if got != want {
			t.Errorf("identifier(%q) = %q, want %q", in, got, want)
		}
		if got != "" && !validName.MatchString(got) {
			t.Errorf("identifier(%q) = %q is not a valid resource name", in, got)
		}
	}
}

func TestUniqueNames(t *testing.T) {
	cands := []candidate{
		{typeName: "konnect_gateway_service", base: "orders", scope: "prod", key: "b"},
		{typeName: "konnect_gateway_service", base: "orders", scope: "staging", key: "a"},
		{typeName: "konnect_gateway_route", base: "orders", scope: "prod", key: "c"}, // another type: no clash
		{typeName: "konnect_gateway_plugin", base: "orders_key_auth", scope: "prod", key: "z"},
		{typeName: "konnect_gateway_plugin", base: "orders_key_auth", scope: "prod", key: "y"},
		{typeName: "konnect_gateway_plugin", base: "orders_key_auth_2", scope: "prod", key: "x"}, // holds the number the clash would take
	}
	want := []string{"prod_orders", "staging_orders", "orders", "orders_key_auth_3", "orders_key_auth", "orders_key_auth_2"}
	if got := uniqueNames(cands); !reflect.DeepEqual(got, want) {
		t.Errorf("uniqueNames = %v, want %v", got, want)
	}
	// Stable: the same objects listed in another order get the same names.
	rev := make([]candidate, len(cands))
	for i, c := range cands {
		rev[len(cands)-1-i] = c
	}
	got := uniqueNames(rev)
	for i := range want {
		if got[len(cands)-1-i] != want[i] {
			t.Errorf("in reverse order, %v gets %q, want %q", cands[i], got[len(cands)-1-i], want[i])
		}
	}
}
