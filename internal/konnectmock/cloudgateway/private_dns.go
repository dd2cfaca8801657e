package cloudgateway

import "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"

// privateDNS are a network's private DNS attachments (Konnect's cloud-gateways v2 spec): an
// AWS, GCP or Azure private hosted zone, or an AWS or Azure outbound resolver, told apart by
// private_dns_attachment_config.kind. Its PATCH changes a resolver's name and dns_config,
// nothing of a hosted zone.
var privateDNS = &attachmentType{
	noun: "Private DNS", collection: "private-dns", configField: "private_dns_attachment_config", nameOptional: true,
	kinds: map[string]attachmentKind{
		"aws-private-hosted-zone-attachment":   {config: []string{"hosted_zone_id"}},
		"aws-outbound-resolver":                {optional: []string{"dns_config"}},
		"gcp-private-hosted-zone-attachment":   {config: []string{"domain_name", "peer_project_id", "peer_vpc_name"}},
		"azure-private-hosted-zone-attachment": {config: []string{"domain_name", "peer_tenant_id", "peer_subscription_id", "peer_resource_group_id", "peer_vnet_link_name"}},
		"azure-outbound-resolver":              {optional: []string{"dns_config"}},
	},
	check: func(_, cfg *mockcore.Body, kind string) {
		if isResolver(kind) {
			if !cfg.Has("dns_config") {
				cfg.Fail("dns_config", "required", "is a required field")
			}
			dnsConfig(cfg, "dns_config", true)
		}
	},
	patch: func(a *attachment, kind string, b *mockcore.Body) bool {
		if !isResolver(kind) {
			return false
		}
		b.Only("name", "private_dns_attachment_config")
		b.NotNull("name")
		name := b.String("name", false, 1, 255)
		cfg := b.Nested("private_dns_attachment_config", false)
		if cfg != nil {
			cfg.Only("kind", "dns_config")
			cfg.Enum("kind", true, []string{kind})
			if !cfg.Has("dns_config") {
				cfg.Fail("dns_config", "required", "is a required field")
			}
			dnsConfig(cfg, "dns_config", true)
			b.Merge(cfg)
		}
		if len(b.Bad) > 0 {
			return true
		}
		if name != nil {
			a.Name = *name
		}
		if cfg != nil {
			a.Fields["private_dns_attachment_config"] = cloneJSON(cfg.In)
		}
		return true
	},
	all: func(s *state) *[]*attachment { return &s.PrivateDNS },
}

func isResolver(kind string) bool {
	return kind == "aws-outbound-resolver" || kind == "azure-outbound-resolver"
}

// attachmentTypes are the kinds of object attached to a network.
var attachmentTypes = []*attachmentType{transitGateways, privateDNS}
