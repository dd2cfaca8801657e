package cloudgateway

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// availability is what Konnect offers (GET /v2/cloud-gateways/availability.json): per cloud
// provider, its regions with their availability zones and the CIDR blocks a network may use.
type availability struct {
	Providers []struct {
		Provider string `json:"provider"`
		Regions  []struct {
			Region             string   `json:"region"`
			AvailabilityZones  []string `json:"availability_zones"`
			CIDRBlocks         []string `json:"cidr_blocks"`
			ReservedCIDRBlocks []string `json:"reserved_cidr_blocks"`
		} `json:"regions"`
	} `json:"providers"`
}

// checkNetwork checks a network's region, availability zones and CIDR block when the plan is
// made, against what Konnect offers the provider account's cloud provider, naming what it
// offers: Konnect refuses them at apply (400, rules is_supported_provider_region,
// is_supported_network_availability_zone_list and is_supported_network_cidr_block), after
// the plan was approved. Values not yet known are not checked.
func checkNetwork(ctx context.Context, cl *konnect.Client, values konnect.Object) []engine.Problem {
	account, _ := values["cloud_gateway_provider_account_id"].(string)
	region, _ := values["region"].(string)
	if account == "" || region == "" {
		return nil
	}
	var acct konnect.Object
	if _, err := cl.Do(ctx, http.MethodGet, "/v2/cloud-gateways/provider-accounts/"+account, nil, nil, &acct); err != nil {
		if konnect.IsNotFound(err) {
			return []engine.Problem{{Attr: "cloud_gateway_provider_account_id", Summary: "Unknown provider account",
				Detail: fmt.Sprintf("The organization has no cloud provider account %s (see the konnect_cloud_gateway_provider_account_list data source).", account)}}
		}
		return []engine.Problem{{Attr: "cloud_gateway_provider_account_id", Summary: "Could not read the provider account",
			Detail: "The network's region is checked against what Konnect offers the account's cloud provider when the plan is made: " + err.Error()}}
	}
	provider, _ := acct["provider"].(string)
	var offered availability
	if _, err := cl.Do(ctx, http.MethodGet, "/v2/cloud-gateways/availability.json", nil, nil, &offered); err != nil {
		return []engine.Problem{{Attr: "region", Summary: "Could not read what Konnect offers",
			Detail: "The network's region, zones and CIDR block are checked against GET /v2/cloud-gateways/availability.json when the plan is made: " + err.Error()}}
	}
	var regions []string
	for _, p := range offered.Providers {
		if p.Provider != provider {
			continue
		}
		for _, r := range p.Regions {
			regions = append(regions, r.Region)
			if r.Region != region {
				continue
			}
			var out []engine.Problem
			zones, _ := values["availability_zones"].([]any)
			for _, z := range zones {
				if s, _ := z.(string); !slices.Contains(r.AvailabilityZones, s) {
					out = append(out, engine.Problem{Attr: "availability_zones", Summary: "Unknown availability zone",
						Detail: fmt.Sprintf("Konnect offers no availability zone %q in %s region %s. Zones offered there: %s.", s, provider, region, engine.QuotedList(r.AvailabilityZones))})
				}
			}
			if why := cidrRefused(values, r.CIDRBlocks, r.ReservedCIDRBlocks); why != "" {
				out = append(out, engine.Problem{Attr: "cidr_block", Summary: "CIDR block not allowed in this region",
					Detail: fmt.Sprintf("Konnect refuses a network's CIDR block in %s region %s that %s.", provider, region, why)})
			}
			return out
		}
	}
	return []engine.Problem{{Attr: "region", Summary: "Unknown region",
		Detail: fmt.Sprintf("Konnect offers no region %q for the %s provider account %s. Regions offered: %s.", region, provider, account, engine.QuotedList(regions))}}
}

// cidrRefused is why Konnect refuses the planned cidr_block ("" when it does not, or when the
// block is unknown or not a CIDR block, which its validator reports): it must lie within one
// of the region's blocks and overlap none of its reserved ones.
func cidrRefused(values konnect.Object, allowed, reserved []string) string {
	raw, _ := values["cidr_block"].(string)
	block, err := netip.ParsePrefix(raw)
	if err != nil {
		return ""
	}
	within := slices.ContainsFunc(allowed, func(s string) bool {
		p, err := netip.ParsePrefix(s)
		return err == nil && p.Bits() <= block.Bits() && p.Contains(block.Addr())
	})
	if len(allowed) > 0 && !within {
		return fmt.Sprintf("lies outside the blocks it supports (%s)", strings.Join(allowed, ", "))
	}
	for _, s := range reserved {
		if p, err := netip.ParsePrefix(s); err == nil && p.Overlaps(block) {
			return fmt.Sprintf("overlaps %s, which it reserves", s)
		}
	}
	return ""
}
