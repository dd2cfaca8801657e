package cloudgateway

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// transitGatewayBranches are Kong's attributes of a transit gateway, one per kind of
// Konnect's (transit_gateway_attachment_config.kind).
var transitGatewayBranches = map[string]string{
	"aws-resource-endpoint-attachment": "aws_resource_endpoint_gateway",
	"aws-transit-gateway-attachment":   "aws_transit_gateway",
	"aws-vpc-peering-attachment":       "aws_vpc_peering_gateway",
	"azure-vnet-peering-attachment":    "azure_transit_gateway",
	"azure-vhub-peering-attachment":    "azure_vhub_peering_gateway",
	"gcp-vpc-peering-attachment":       "gcp_vpc_peering_transit_gateway",
}

// reportedOnly are what Konnect reports in a transit gateway's attachment config besides
// what was written: the attachment's or peering's id once provisioned (and, in byShape, each
// resource config's state). Provisioning moves them: they are not the transit gateway's
// configuration.
var reportedOnly = []string{"attachment_id", "peering_connection_id"}

// transitGatewayAPI reaches a network's transit gateways. Konnect's object is one of six
// shapes, told apart by transit_gateway_attachment_config.kind; Kong's provider (and so
// this one) has an attribute per shape. So the object the engine sees holds the written
// fields under the shape's attribute (aws_transit_gateway = {name, cidr_blocks, …}), and
// what Konnect reports (state, entity_version, timestamps) beside it; a write sends the
// shape's fields as Konnect takes them.
type transitGatewayAPI struct{ engine.PatchAPI }

func (a transitGatewayAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PatchAPI.Get(ctx, cl, addr)
	return byShape(obj), resp, err
}

// List lists the network's transit gateways by shape, as Get reads one: the refresh reads
// them from this listing (Listed), which carries every field the GET does (cloud-gateways
// v2: both TransitGatewayResponse).
func (a transitGatewayAPI) List(ctx context.Context, cl *konnect.Client, parents map[string]string, query url.Values) ([]konnect.Object, error) {
	all, err := a.PatchAPI.List(ctx, cl, parents, query)
	return engine.Shaped(all, err, byShape)
}

// Create posts the one shape configuration sets.
func (a transitGatewayAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	var set []string
	for _, b := range transitGatewayBranches {
		if body[b] != nil {
			set = append(set, b)
		}
	}
	slices.Sort(set)
	if len(set) != 1 {
		return nil, nil, fmt.Errorf("set exactly one of %v (set: %v)", slices.Sorted(maps.Values(transitGatewayBranches)), set)
	}
	shape, _ := body[set[0]].(map[string]any)
	obj, resp, err := a.PatchAPI.Create(ctx, cl, parents, shape)
	return byShape(obj), resp, err
}

// Update patches what Konnect changes in place: an AWS transit gateway's cidr_blocks, a
// resource endpoint's resource_config (every other change replaces the transit gateway).
func (a transitGatewayAPI) Update(ctx context.Context, cl *konnect.Client, addr engine.Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	var patch konnect.Object
	if shape, ok := body["aws_transit_gateway"].(map[string]any); ok {
		patch = konnect.Object{"cidr_blocks": shape["cidr_blocks"]}
	}
	if shape, ok := body["aws_resource_endpoint_gateway"].(map[string]any); ok {
		cfg, _ := shape["transit_gateway_attachment_config"].(map[string]any)
		rc := cfg["resource_config"]
		if rc == nil {
			rc = []any{}
		}
		patch = konnect.Object{"transit_gateway_attachment_config": map[string]any{"kind": cfg["kind"], "resource_config": rc}}
	}
	if patch == nil {
		return live, nil, nil // nothing Konnect changes in place
	}
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPatch, a.Path(addr.Parents, addr.ID), nil, patch, &out, konnect.IfMatch(ifMatch))
	if err != nil {
		return nil, resp, err
	}
	return byShape(out), resp, nil
}

// byShape is Konnect's transit gateway as the engine sees it: the written fields under the
// attribute of its kind.
func byShape(obj konnect.Object) konnect.Object {
	if obj == nil {
		return nil
	}
	out := konnect.Object{}
	for _, k := range []string{"id", "name", "state", "state_metadata", "entity_version", "created_at", "updated_at"} {
		if v, ok := obj[k]; ok {
			out[k] = v
		}
	}
	cfg, _ := obj["transit_gateway_attachment_config"].(map[string]any)
	branch, ok := transitGatewayBranches[fmt.Sprint(cfg["kind"])]
	if !ok {
		return out
	}
	written := maps.Clone(cfg)
	for _, k := range reportedOnly {
		delete(written, k)
	}
	if rcs, ok := written["resource_config"].([]any); ok {
		var kept []any
		for _, rc := range rcs {
			if m, ok := rc.(map[string]any); ok {
				m = maps.Clone(m)
				delete(m, "state")
				kept = append(kept, m)
			}
		}
		written["resource_config"] = kept
	}
	shape := map[string]any{"name": obj["name"], "transit_gateway_attachment_config": written}
	for _, k := range []string{"cidr_blocks", "dns_config"} {
		if v, ok := obj[k]; ok {
			shape[k] = v
		}
	}
	out[branch] = shape
	return out
}

// transitGatewayShape is one of Kong's attributes of a transit gateway: its name, dns_config,
// the fields the shape adds, and its attachment config. forceNew: Konnect changes nothing
// of it in place.
func transitGatewayShape(name, description string, forceNew bool, attachment engine.Attr, fields ...engine.Attr) engine.Attr {
	attrs := append([]engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, ForceNew: true, Description: "The transit gateway's name."},
		{Name: "dns_config", ForceNew: true,
			Description: "The internal domains the network's data planes resolve through remote DNS servers reached by the transit gateway.",
			Type: engine.ListOf(engine.ObjectOf(
				engine.Attr{Name: "domain_proxy_list", Type: engine.ListOf(engine.String), Mode: engine.Required, Description: "The internal domains to resolve through these servers."},
				engine.Attr{Name: "remote_dns_server_ip_addresses", Type: engine.ListOf(engine.String), Mode: engine.Required, Description: "The remote DNS servers' IP addresses."},
			))},
	}, fields...)
	a := engine.Attr{Name: name, ForceNew: forceNew, Description: description + " Set exactly one kind of transit gateway.",
		Type: engine.ObjectOf(append(attrs, attachment)...)}
	if name == "aws_resource_endpoint_gateway" {
		var others []string
		for _, b := range transitGatewayBranches {
			if b != name {
				others = append(others, b)
			}
		}
		slices.Sort(others)
		a.Validators = []engine.Validator{exactlyOne(path.MatchRoot, others)}
	}
	return a
}

// azurePeering is an Azure peering with a resource (a VNet, a virtual hub) named in nameField.
func azurePeering(name, kind, resource, nameField string) engine.Attr {
	return transitGatewayShape(name, "An Azure "+resource+" peering.", true,
		attachmentConfig(kind, true,
			requiredString("tenant_id", "The Azure tenant id of the "+resource+"."),
			requiredString("subscription_id", "The Azure subscription id of the "+resource+"."),
			requiredString("resource_group_name", "The resource group of the "+resource+"."),
			requiredString(nameField, "The "+resource+"'s name.")))
}

// attachmentConfig is a shape's transit_gateway_attachment_config: its kind and fields.
func attachmentConfig(kind string, forceNew bool, fields ...engine.Attr) engine.Attr {
	return engine.Attr{Name: "transit_gateway_attachment_config", Mode: engine.Required, ForceNew: forceNew,
		Description: "What Konnect attaches the network to (kind `" + kind + "`).",
		Type:        engine.ObjectOf(append([]engine.Attr{kindAttr(kind)}, fields...)...)}
}

// cidrBlocks are the blocks routed through a transit gateway.
func cidrBlocks(forceNew bool) engine.Attr {
	d := "The CIDR blocks routed to the transit gateway from the network."
	if !forceNew {
		d += " Konnect changes them in place."
	}
	return engine.Attr{Name: "cidr_blocks", Type: engine.ListOf(engine.String), Mode: engine.Required, ForceNew: forceNew, Description: d}
}

// attachedToNetwork are what Konnect tears down with a network: its transit gateways and
// private DNS. The cascade guard names those someone attached in Konnect before a network's
// delete.
var attachedToNetwork = []engine.Dependent{
	{Collection: "transit-gateways", Platform: true, TypeName: "konnect_cloud_gateway_transit_gateway", NameFields: []string{"name"}},
	{Collection: "private-dns", Platform: true, TypeName: "konnect_cloud_gateway_private_dns", NameFields: []string{"name"}},
}

// TransitGatewayKind is a network's transit gateway
// (/v2/cloud-gateways/networks/{networkId}/transit-gateways): how the network's data planes
// reach the customer's own networks.
var TransitGatewayKind = engine.EntityKind{
	TypeName: "konnect_cloud_gateway_transit_gateway",
	Description: "A transit gateway of a Dedicated Cloud Gateways network: an AWS transit gateway attachment, AWS VPC peering or AWS resource endpoint, an Azure VNet or virtual hub peering, or a GCP VPC peering, through which the network's data planes reach the customer's networks. " +
		"Konnect attaches it only to a ready network: the create waits for the network first (`timeouts.create` bounds both waits), then until the transit gateway is `ready` (or waiting for the customer to accept it: `pending-acceptance`, `pending-user-action`). " +
		"A provisioning that fails is an error with Konnect's reason, and the transit gateway stays in state, tainted. The destroy waits until it is gone (`timeouts.delete`). " +
		"Only an AWS transit gateway's `cidr_blocks` and a resource endpoint's `resource_config` change in place; anything else replaces the transit gateway.",
	API:          transitGatewayAPI{engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: belowNetwork("transit-gateways"), Listed: true}}},
	Derived:      []string{"state", "state_metadata", "entity_version", "updated_at"},
	Provisioning: attachmentProvisioning("pending-acceptance", "pending-user-action"),
	Attrs: append([]engine.Attr{
		networkID,
		transitGatewayShape("aws_resource_endpoint_gateway", "An AWS resource endpoint.", false,
			attachmentConfig("aws-resource-endpoint-attachment", false,
				requiredString("ram_share_arn", "The ARN of the AWS RAM resource share that Konnect verifies the attachment with."),
				engine.Attr{Name: "resource_config", Description: "The resources reached through the endpoint, each by its resource configuration and domain name. Konnect changes them in place.",
					Type: engine.ListOf(engine.ObjectOf(
						engine.Attr{Name: "domain_name", Type: engine.String, Mode: engine.Required, Description: "The domain name the resource is reached at."},
						engine.Attr{Name: "resource_config_id", Type: engine.String, Mode: engine.Required, Description: "The AWS resource configuration's id."},
					))})),
		transitGatewayShape("aws_transit_gateway", "An AWS transit gateway attachment.", false,
			attachmentConfig("aws-transit-gateway-attachment", true,
				requiredString("transit_gateway_id", "The AWS transit gateway's id."),
				requiredString("ram_share_arn", "The ARN of the AWS RAM resource share of the transit gateway.")),
			cidrBlocks(false)),
		transitGatewayShape("aws_vpc_peering_gateway", "An AWS VPC peering.", true,
			attachmentConfig("aws-vpc-peering-attachment", true,
				requiredString("peer_account_id", "The AWS account id of the peer VPC's owner."),
				requiredString("peer_vpc_id", "The peer VPC's id."),
				requiredString("peer_vpc_region", "The peer VPC's region.")),
			cidrBlocks(true)),
		azurePeering("azure_transit_gateway", "azure-vnet-peering-attachment", "VNet", "vnet_name"),
		azurePeering("azure_vhub_peering_gateway", "azure-vhub-peering-attachment", "virtual hub", "vhub_name"),
		transitGatewayShape("gcp_vpc_peering_transit_gateway", "A GCP VPC peering.", true,
			attachmentConfig("gcp-vpc-peering-attachment", true,
				requiredString("peer_project_id", "The GCP project id of the peer VPC."),
				requiredString("peer_vpc_name", "The peer VPC's name."))),
		{Name: "name", Type: engine.String, Mode: engine.Computed, Description: "The transit gateway's name, as its kind's attribute sets it."},
	}, attachmentReported("transit gateway", "`pending-acceptance` and `pending-user-action`")...),
}
