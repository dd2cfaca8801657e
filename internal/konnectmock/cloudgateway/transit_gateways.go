package cloudgateway

import (
	"fmt"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// transitGateways are a network's transit gateways (Konnect's cloud-gateways v2 spec): an
// AWS transit gateway, AWS VPC peering or resource endpoint, Azure VNet or virtual hub
// peering, or GCP VPC peering, told apart by transit_gateway_attachment_config.kind. Its
// PATCH changes an AWS transit gateway's cidr_blocks or a resource endpoint's
// resource_config, nothing else.
var transitGateways = &attachmentType{
	noun: "Transit gateway", collection: "transit-gateways", configField: "transit_gateway_attachment_config",
	kinds: map[string]attachmentKind{
		"aws-transit-gateway-attachment":   {config: []string{"transit_gateway_id", "ram_share_arn"}, required: []string{"cidr_blocks"}, allowed: []string{"dns_config"}},
		"aws-vpc-peering-attachment":       {config: []string{"peer_account_id", "peer_vpc_id", "peer_vpc_region"}, required: []string{"cidr_blocks"}, allowed: []string{"dns_config"}},
		"aws-resource-endpoint-attachment": {config: []string{"ram_share_arn"}, optional: []string{"resource_config"}, allowed: []string{"dns_config"}},
		"azure-vnet-peering-attachment":    {config: []string{"tenant_id", "subscription_id", "resource_group_name", "vnet_name"}, allowed: []string{"dns_config"}},
		"azure-vhub-peering-attachment":    {config: []string{"tenant_id", "subscription_id", "resource_group_name", "vhub_name"}, allowed: []string{"dns_config"}},
		"gcp-vpc-peering-attachment":       {config: []string{"peer_project_id", "peer_vpc_name"}, allowed: []string{"dns_config"}},
	},
	check: func(b, cfg *mockcore.Body, _ string) {
		b.Strings("cidr_blocks", false)
		dnsConfig(b, "dns_config", false)
		resourceConfig(cfg)
	},
	patch: func(a *attachment, kind string, b *mockcore.Body) bool {
		switch kind {
		case "aws-transit-gateway-attachment":
			b.Only("cidr_blocks")
			if blocks, ok := b.Strings("cidr_blocks", true); ok {
				a.Fields["cidr_blocks"] = cloneJSON(blocks)
			}
			return true
		case "aws-resource-endpoint-attachment":
			b.Only("transit_gateway_attachment_config")
			cfg := b.Nested("transit_gateway_attachment_config", true)
			if cfg == nil {
				return true
			}
			cfg.Only("kind", "resource_config")
			cfg.Enum("kind", true, []string{kind})
			if !cfg.Has("resource_config") {
				cfg.Fail("resource_config", "required", "is a required field")
			}
			resourceConfig(cfg)
			b.Merge(cfg)
			if len(b.Bad) == 0 {
				stored, _ := a.Fields["transit_gateway_attachment_config"].(map[string]any)
				stored["resource_config"] = cloneJSON(cfg.In["resource_config"])
			}
			return true
		}
		return false
	},
	extra: func(a *attachment, v map[string]any) {
		cfg, _ := v["transit_gateway_attachment_config"].(map[string]any)
		short := strings.ReplaceAll(a.ID, "-", "")[:17]
		switch {
		case a.State != stateReady && a.State != stateTerminating:
		case cfg["kind"] == "aws-transit-gateway-attachment":
			cfg["attachment_id"] = "tgw-attach-" + short
		case cfg["kind"] == "aws-vpc-peering-attachment":
			cfg["peering_connection_id"] = "pcx-" + short
		}
		if rcs, ok := cfg["resource_config"].([]any); ok {
			for _, rc := range rcs {
				if m, ok := rc.(map[string]any); ok {
					m["state"] = map[bool]string{true: stateReady, false: stateInitializing}[a.State == stateReady]
				}
			}
		}
	},
	all: func(s *state) *[]*attachment { return &s.TransitGateways },
}

// resourceConfig checks a resource endpoint's resource_config: a list of
// {resource_config_id, domain_name}.
func resourceConfig(cfg *mockcore.Body) {
	raw, ok := cfg.In["resource_config"]
	if !ok || raw == nil {
		return
	}
	arr, isArr := raw.([]any)
	if !isArr {
		cfg.Fail("resource_config", "is_array", "must be an array")
		return
	}
	for i, v := range arr {
		m, isObj := v.(map[string]any)
		field := fmt.Sprintf("resource_config[%d]", i)
		if !isObj {
			cfg.Fail(field, "is_object", "must be an object")
			continue
		}
		n := &mockcore.Body{In: m, Prefix: cfg.Prefix + field + "."}
		n.Only("resource_config_id", "domain_name")
		n.String("resource_config_id", true, 1, 0)
		n.String("domain_name", true, 1, 0)
		cfg.Bad = append(cfg.Bad, n.Bad...)
	}
}
