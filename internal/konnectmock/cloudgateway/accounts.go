package cloudgateway

import (
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func accountView(a *providerAccount) map[string]any {
	return map[string]any{"id": a.ID, "provider": a.Provider, "provider_account_id": a.ProviderAccountID,
		"created_at": mockcore.FormatTime(a.CreatedAt), "updated_at": mockcore.FormatTime(a.UpdatedAt)}
}

func listProviderAccounts(c *call) mockcore.Response {
	p, bad := c.page()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(mockcore.FilterSpec{"provider": {"eq", "contains", "neq"}})
	if bad != nil {
		return *bad
	}
	kept := mockcore.MatchAll(c.f.st.ProviderAccounts, fs, func(a *providerAccount, _ string) (string, bool) { return a.Provider, true })
	views := []map[string]any{}
	for _, a := range kept {
		views = append(views, accountView(a))
	}
	return mockcore.List(views, p)
}

func getProviderAccount(c *call) mockcore.Response {
	a := c.f.account(c.params["providerAccountId"])
	if a == nil {
		return c.notFound("Provider account")
	}
	return mockcore.JSON(http.StatusOK, accountView(a))
}

// region is one region of availability.json.
type region struct {
	ID, Name string
	Zones    []string
}

// availability is what Konnect offers, per provider: a few real regions with their zones.
var availability = map[string][]region{
	"aws": {
		{"us-east-2", "Ohio", []string{"use2-az1", "use2-az2", "use2-az3"}},
		{"eu-west-1", "Ireland", []string{"euw1-az1", "euw1-az2", "euw1-az3"}},
	},
	"azure": {{"eastus2", "East US 2", []string{"1", "2", "3"}}},
	"gcp":   {{"us-central1", "Iowa", []string{"us-central1-a", "us-central1-b", "us-central1-c"}}},
}

// cidrBlocks are the blocks a network's CIDR block must lie in, and reservedCIDRBlocks those
// it must not overlap, in every region (availability.json lists them per region).
var (
	cidrBlocks         = []string{"10.0.0.0/8", "100.64.0.0/10", "172.16.0.0/12", "192.168.0.0/16", "198.18.0.0/15"}
	reservedCIDRBlocks = []string{"10.100.0.0/16", "172.17.0.0/16"}
)

// cidrProblem is why Konnect refuses block for a network ("" when it takes it): it must lie
// in one of cidrBlocks and overlap none of reservedCIDRBlocks.
func cidrProblem(block netip.Prefix) string {
	if !slices.ContainsFunc(cidrBlocks, func(s string) bool {
		p := netip.MustParsePrefix(s)
		return p.Bits() <= block.Bits() && p.Contains(block.Addr())
	}) {
		return fmt.Sprintf("must lie within one of %s", strings.Join(cidrBlocks, ", "))
	}
	for _, s := range reservedCIDRBlocks {
		if netip.MustParsePrefix(s).Overlaps(block) {
			return "overlaps the reserved block " + s
		}
	}
	return ""
}

// versions are the gateway versions a configuration may run.
var versions = []string{"3.9", "3.10", "3.11"}

func findRegion(provider, id string) *region {
	for _, r := range availability[provider] {
		if r.ID == id {
			return &r
		}
	}
	return nil
}

func getAvailability(c *call) mockcore.Response {
	providers := []map[string]any{}
	for _, p := range []string{"aws", "azure", "gcp"} {
		regions := []map[string]any{}
		for _, r := range availability[p] {
			regions = append(regions, map[string]any{"region": r.ID, "name": r.Name, "availability_zones": r.Zones,
				"cidr_blocks": cidrBlocks, "reserved_cidr_blocks": reservedCIDRBlocks})
		}
		providers = append(providers, map[string]any{"provider": p, "regions": regions})
	}
	return mockcore.JSON(http.StatusOK, map[string]any{
		"versions": versions,
		"instance_types": []map[string]any{
			{"name": "small", "hourly_cost": "0.50", "v_cpu": "1", "gb_memory": "2"},
			{"name": "medium", "hourly_cost": "1.00", "v_cpu": "2", "gb_memory": "4"},
			{"name": "large", "hourly_cost": "2.00", "v_cpu": "4", "gb_memory": "8"},
		},
		"providers":               providers,
		"serverless_v1_providers": []map[string]any{{"provider": "aws", "regions": []map[string]any{{"region": "us"}, {"region": "eu"}}}},
	})
}
