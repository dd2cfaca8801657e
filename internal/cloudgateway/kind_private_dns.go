package cloudgateway

import (
	"context"
	"net/url"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// belowNetwork is the path of a collection below a network (/v2/cloud-gateways/networks/{id}/…).
func belowNetwork(collection string) func(map[string]string) string {
	return func(p map[string]string) string {
		return "/v2/cloud-gateways/networks/" + url.PathEscape(p["network_id"]) + "/" + collection
	}
}

// needsNetwork: Konnect refuses to attach anything to a network until it is ready (400), so
// a create waits for it (a network made by this apply is ready already; one made elsewhere,
// or still provisioning, is waited for, with its progress logged).
func needsNetwork(parents map[string]string, _ konnect.Object) (string, string) {
	id := parents["network_id"]
	return "network " + id, "/v2/cloud-gateways/networks/" + url.PathEscape(id)
}

// attachmentProvisioning is how a network's transit gateways and private DNS provision:
// ready, or waiting for the customer's side (ready: ready states the create returns at, the
// customer accepts the attachment in their own account then).
func attachmentProvisioning(ready ...string) *engine.Provisioning {
	return &engine.Provisioning{
		Ready: append([]string{"ready"}, ready...), Failed: []string{"error"}, Gone: []string{"terminated"}, Leaving: []string{"terminating"},
		Reason: "state_metadata.reason", CreateTimeout: 30 * time.Minute, DeleteTimeout: 30 * time.Minute, Needs: needsNetwork,
	}
}

// networkID is an attachment's network, Kong's network_id.
var networkID = engine.ParentID("network_id", "The network the object is attached to (`konnect_cloud_gateway_network`).")

// kindAttr is a union branch's discriminator: Konnect's `kind`, fixed at creation.
func kindAttr(kind string) engine.Attr {
	return engine.Attr{Name: "kind", Type: engine.String, Mode: engine.Required, ForceNew: true, Description: "Must be `" + kind + "`.",
		Validators: []engine.Validator{stringvalidator.OneOf(kind)}}
}

// requiredString is a required string attribute fixed at creation.
func requiredString(name, description string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.String, Mode: engine.Required, ForceNew: true, Description: description,
		Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}}
}

// privateDNSBranch is one kind of private DNS, as Kong names it under private_dns_attachment_config.
func privateDNSBranch(name, kind string, attrs ...engine.Attr) engine.Attr {
	a := engine.Attr{Name: name, Inline: true, Branch: "kind=" + kind, Description: "A private DNS of kind `" + kind + "`.",
		Type: engine.ObjectOf(append([]engine.Attr{kindAttr(kind)}, attrs...)...)}
	if name == privateDNSBranches[0] {
		a.Validators = []engine.Validator{exactlyOne(path.MatchRelative().AtParent().AtName, privateDNSBranches[1:])}
	}
	return a
}

// resolverDNSConfig is an outbound resolver's dns_config: the domains it forwards, each to
// its DNS servers. Konnect changes it in place.
var resolverDNSConfig = engine.Attr{Name: "dns_config", Mode: engine.Required,
	Description: "The internal domains the resolver forwards, each to the remote DNS servers that resolve it (`{ \"corp.internal\" = { remote_dns_server_ip_addresses = [\"10.0.0.2\"] } }`).",
	Type: engine.MapOf(engine.ObjectOf(engine.Attr{Name: "remote_dns_server_ip_addresses", Type: engine.ListOf(engine.String), Mode: engine.Required,
		Description: "The IP addresses of the DNS servers that resolve the domain."}))}

var privateDNSBranches = []string{"aws_private_dns_resolver_attachment_config", "aws_private_hosted_zone_attachment_config",
	"azure_private_dns_resolver_attachment_config", "azure_private_hosted_zone_attachment_config", "gcp_private_hosted_zone_attachment_config"}

// PrivateDNSKind is a network's private DNS (/v2/cloud-gateways/networks/{networkId}/private-dns):
// how the data planes on the network resolve the customer's private domains.
var PrivateDNSKind = engine.EntityKind{
	TypeName: "konnect_cloud_gateway_private_dns",
	Description: "A private DNS of a Dedicated Cloud Gateways network: a private hosted zone (AWS, GCP, Azure) the network's data planes resolve, or an outbound resolver (AWS, Azure) forwarding internal domains to the customer's DNS servers. " +
		"Konnect attaches it only to a ready network: the create waits for the network first (`timeouts.create` bounds both waits), then until the private DNS is `ready` (or `pending-association`, waiting for the customer's side). " +
		"A provisioning that fails is an error with Konnect's reason, and the private DNS stays in state, tainted. The destroy waits until it is gone (`timeouts.delete`). " +
		"Only an outbound resolver's name and `dns_config` change in place; anything else replaces the private DNS.",
	API:          engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: belowNetwork("private-dns"), Listed: true}},
	Derived:      []string{"state", "state_metadata", "entity_version", "updated_at"},
	Provisioning: attachmentProvisioning("pending-association"),
	Attrs: append([]engine.Attr{
		networkID,
		{Name: "name", Type: engine.String, Description: "The private DNS's name. Konnect renames an outbound resolver in place; changing another kind's name replaces it.",
			PlanModifiers: []engine.PlanModifier{stringplanmodifier.RequiresReplaceIf(unlessResolver,
				"Konnect renames an outbound resolver only: another private DNS is replaced", "Konnect renames an outbound resolver only: another private DNS is replaced")}},
		{Name: "private_dns_attachment_config", Mode: engine.Required, Description: "What the private DNS attaches: set exactly one of its kinds.",
			Type: engine.ObjectOf(
				privateDNSBranch("aws_private_dns_resolver_attachment_config", "aws-outbound-resolver", resolverDNSConfig),
				privateDNSBranch("aws_private_hosted_zone_attachment_config", "aws-private-hosted-zone-attachment",
					requiredString("hosted_zone_id", "The AWS private hosted zone's id.")),
				privateDNSBranch("azure_private_dns_resolver_attachment_config", "azure-outbound-resolver", resolverDNSConfig),
				privateDNSBranch("azure_private_hosted_zone_attachment_config", "azure-private-hosted-zone-attachment",
					requiredString("domain_name", "The Azure private DNS zone's name."),
					requiredString("peer_tenant_id", "The customer's Azure tenant id."),
					requiredString("peer_subscription_id", "The customer's Azure subscription id."),
					requiredString("peer_resource_group_id", "The customer's Azure resource group id."),
					requiredString("peer_vnet_link_name", "The customer's Azure VNet link name.")),
				privateDNSBranch("gcp_private_hosted_zone_attachment_config", "gcp-private-hosted-zone-attachment",
					requiredString("domain_name", "The domain name of the GCP private zone."),
					requiredString("peer_project_id", "The customer's GCP project id."),
					requiredString("peer_vpc_name", "The customer's GCP VPC name.")),
			)},
	}, attachmentReported("private DNS", "`pending-association`")...),
}

// attachmentReported are what Konnect reports of a transit gateway or private DNS (noun),
// waiting the states in which it waits for the customer's side, and its timeouts.
func attachmentReported(noun, waiting string) []engine.Attr {
	return []engine.Attr{
		{Name: "state", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's provisioning state: `initializing`, " + waiting + " (waiting for the customer's side), `ready`, `error`, `terminating`, …"},
		{Name: "entity_version", Type: engine.Int64, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's version of the " + noun + ", increased by every change (its provisioning's too)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
		engine.ProvisioningTimeouts(30*time.Minute, 30*time.Minute),
	}
}

// unlessResolver: a private DNS's rename replaces it unless configuration makes it an outbound
// resolver (configuration's: in the plan, the branches it leaves out are not known yet).
func unlessResolver(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	for _, b := range []string{"aws_private_dns_resolver_attachment_config", "azure_private_dns_resolver_attachment_config"} {
		var v types.Object
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("private_dns_attachment_config").AtName(b), &v)...)
		if !v.IsNull() {
			return
		}
	}
	resp.RequiresReplace = true
}

// exactlyOne, on one branch of a union, says that it or exactly one of the others (at)
// is set.
func exactlyOne(at func(name string) path.Expression, others []string) engine.Validator {
	var exprs []path.Expression
	for _, n := range others {
		exprs = append(exprs, at(n))
	}
	return objectvalidator.ExactlyOneOf(exprs...)
}
