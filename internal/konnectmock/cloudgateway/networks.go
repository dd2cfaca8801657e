package cloudgateway

import (
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// networkView renders a network as Konnect does: provider_metadata is {} until the network
// is ready, state_metadata carries the reason of an error.
func (f *Family) networkView(n *network) map[string]any {
	meta := map[string]any{}
	if n.State == stateReady || n.State == stateTerminating {
		subnets := []string{}
		for i := range n.AvailabilityZones {
			subnets = append(subnets, fmt.Sprintf("subnet-%s%d", strings.ReplaceAll(n.ID, "-", "")[:15], i))
		}
		meta = map[string]any{"vpc_id": "vpc-" + strings.ReplaceAll(n.ID, "-", "")[:17], "subnet_ids": subnets}
	}
	out := map[string]any{
		"id": n.ID, "name": n.Name, "default": n.Default,
		"cloud_gateway_provider_account_id": n.ProviderAccountID, "region": n.Region,
		"availability_zones": n.AvailabilityZones, "cidr_block": n.CIDRBlock,
		"state": n.State, "provider_metadata": meta,
		"transit_gateway_count": len(f.attachmentsOf(transitGateways, n.ID)), "configuration_reference_count": len(f.referencing(n.ID)),
		"entity_version": n.EntityVersion,
		"created_at":     mockcore.FormatTime(n.CreatedAt), "updated_at": mockcore.FormatTime(n.UpdatedAt),
	}
	if n.State == stateError {
		out["state_metadata"] = map[string]any{"reported_status": "ERROR", "reason": n.Reason}
	}
	return out
}

// leaving: a network being torn down holds its name no longer.
func (n *network) leaving() bool { return n.State == stateTerminating || n.State == stateTerminated }

func (f *Family) network(id string) *network {
	for _, n := range f.st.Networks {
		if n.ID == id {
			return n
		}
	}
	return nil
}

func (f *Family) account(id string) *providerAccount {
	for _, a := range f.st.ProviderAccounts {
		if a.ID == id {
			return a
		}
	}
	return nil
}

func listNetworks(c *call) mockcore.Response {
	p, bad := c.page()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(mockcore.FilterSpec{"name": {"eq", "oeq", "neq", "contains", "ocontains"}, "state": {"eq", "oeq", "neq"}})
	if bad != nil {
		return *bad
	}
	kept := mockcore.MatchAll(c.f.st.Networks, fs, func(n *network, field string) (string, bool) {
		if field == "state" {
			return n.State, true
		}
		return n.Name, true
	})
	views := []map[string]any{}
	for _, n := range kept {
		views = append(views, c.f.networkView(n))
	}
	return mockcore.List(views, p)
}

func getNetwork(c *call) mockcore.Response {
	n := c.f.network(c.params["networkId"])
	if n == nil {
		return c.notFound("Network")
	}
	return mockcore.JSON(http.StatusOK, c.f.networkView(n))
}

func (c *call) invalid(b *mockcore.Body) mockcore.Response {
	return c.f.env.Problem(http.StatusBadRequest, "Invalid Parameters", b.Bad...)
}

func createNetwork(c *call) mockcore.Response {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "body", Rule: "invalid", Reason: err.Error()})
	}
	b.Only("name", "cloud_gateway_provider_account_id", "region", "availability_zones", "cidr_block", "state")
	name := b.String("name", true, 1, 255)
	accountID := b.UUID("cloud_gateway_provider_account_id", true)
	region := b.String("region", true, 1, 0)
	zones, _ := b.Strings("availability_zones", true)
	cidr := b.String("cidr_block", true, 1, 0)
	initial := b.Enum("state", false, []string{stateInitializing, "offline"})
	var acct *providerAccount
	if accountID != nil {
		if acct = c.f.account(*accountID); acct == nil {
			b.Fail("cloud_gateway_provider_account_id", "invalid", "provider account not found")
		}
	}
	// Konnect's rules (cloud-gateways v2: is_supported_provider_region,
	// is_supported_network_availability_zone_list, is_supported_network_cidr_block).
	if cidr != nil {
		if block, err := netip.ParsePrefix(*cidr); err != nil {
			b.Fail("cidr_block", "invalid", "must be a CIDR block")
		} else if why := cidrProblem(block); why != "" {
			b.Fail("cidr_block", "is_supported_network_cidr_block", why)
		}
	}
	if acct != nil && region != nil {
		reg := findRegion(acct.Provider, *region)
		if reg == nil {
			b.Fail("region", "is_supported_provider_region", fmt.Sprintf("region %s is not available for %s", *region, acct.Provider))
		} else {
			for i, z := range zones {
				if !slices.Contains(reg.Zones, z) {
					b.Fail(fmt.Sprintf("availability_zones[%d]", i), "is_supported_network_availability_zone_list", fmt.Sprintf("availability zone %s is not in region %s", z, *region))
				}
			}
		}
	}
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if slices.ContainsFunc(c.f.st.Networks, func(n *network) bool { return n.Name == *name && !n.leaving() }) {
		return c.problem(http.StatusConflict, fmt.Sprintf("Network with name %q already exists.", *name))
	}
	n := &network{ID: mockcore.NewUUID(), Name: *name, ProviderAccountID: *accountID, Region: *region,
		AvailabilityZones: append([]string{}, zones...), CIDRBlock: *cidr}
	st := stateInitializing
	if initial != nil {
		st = *initial
	}
	c.f.begin(&n.lifecycle, st)
	if st == stateInitializing {
		n.FailWith = c.f.failWith()
	}
	c.f.st.Networks = append(c.f.st.Networks, n)
	return mockcore.JSON(http.StatusCreated, c.f.networkView(n))
}

func patchNetwork(c *call) mockcore.Response {
	n := c.f.network(c.params["networkId"])
	if n == nil {
		return c.notFound("Network")
	}
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		return c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "body", Rule: "invalid", Reason: err.Error()})
	}
	b.Only("name")
	b.NotNull("name")
	name := b.String("name", false, 1, 255)
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if name != nil && *name != n.Name {
		if slices.ContainsFunc(c.f.st.Networks, func(o *network) bool { return o != n && o.Name == *name && !o.leaving() }) {
			return c.problem(http.StatusConflict, fmt.Sprintf("Network with name %q already exists.", *name))
		}
		n.Name = *name
		c.f.changed(&n.lifecycle)
	}
	return mockcore.JSON(http.StatusOK, c.f.networkView(n))
}

// deleteNetwork starts the network's termination; a network that configurations still
// reference is refused (400), as Konnect refuses it.
func deleteNetwork(c *call) mockcore.Response {
	n := c.f.network(c.params["networkId"])
	if n == nil {
		return c.notFound("Network")
	}
	if refs := c.f.referencing(n.ID); len(refs) > 0 {
		return c.problem(http.StatusBadRequest, fmt.Sprintf("Network %s is referenced by %d configuration(s) and cannot be deleted.", n.ID, len(refs)))
	}
	if n.State == stateTerminating || n.State == stateTerminated {
		return mockcore.NoContent()
	}
	n.moveTo(stateTerminating, c.f.now())
	c.f.terminateAttachments(n.ID) // its transit gateways and private DNS go with it
	return mockcore.NoContent()
}

func listNetworkReferences(c *call) mockcore.Response {
	n, p, bad := c.networkPage() // attachments.go
	if bad != nil {
		return *bad
	}
	views := []map[string]any{}
	for _, cfg := range c.f.referencing(n.ID) {
		views = append(views, c.f.configurationView(cfg))
	}
	return mockcore.List(views, p)
}
