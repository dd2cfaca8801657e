package cloudgateway

import (
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

func global(collection string) func(map[string]string) string {
	return func(map[string]string) string { return "/v2/cloud-gateways/" + collection }
}

// networkProvisioning: Konnect takes about half an hour to provision a network, and to
// tear one down.
var networkProvisioning = &engine.Provisioning{
	Ready: []string{"ready"}, Failed: []string{"error"}, Gone: []string{"terminated"}, Leaving: []string{"terminating"},
	Reason:        "state_metadata.reason",
	CreateTimeout: time.Hour, DeleteTimeout: time.Hour,
}

// configurationsOf are the configurations whose data-plane groups run on a network:
// Konnect refuses the network's delete while there is one (400), and the cascade guard
// names them instead, with their import blocks.
var configurationsOf = engine.Dependent{Collection: "configuration-references", Platform: true, OwnID: true, Refuses: true,
	TypeName: "konnect_cloud_gateway_configuration", NameFields: []string{"control_plane_id"}}

// NetworkKind is a Dedicated Cloud Gateways network (/v2/cloud-gateways/networks): the VPC
// Konnect provisions in one of the organization's provider accounts for data-plane groups.
var NetworkKind = engine.EntityKind{
	TypeName: "konnect_cloud_gateway_network",
	Description: "A network for Dedicated Cloud Gateways: the VPC Konnect provisions in a cloud provider account and region, on which configurations run their data-plane groups. " +
		"Konnect provisions it asynchronously: the create waits until it is `ready` (about half an hour in Konnect; `timeouts.create`), and the destroy until it is gone (`timeouts.delete`). " +
		"A provisioning that fails is an error with Konnect's reason, and the network stays in state, tainted, so that the next apply replaces it. " +
		"Only the name can change in place; anything else replaces the network. A network that a configuration still uses cannot be destroyed: the destroy names the configuration. Konnect deletes its transit gateways and private DNS with it: those this configuration does not manage are named, and the destroy refused (`conflict_policy`).",
	API:      engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: global("networks"), Listed: true}, NameFilter: "filter[name][eq]"},
	NameAttr: "name",
	// What provisioning moves, and the counts other objects move: never a change of the network's own.
	Derived: []string{"state", "state_metadata", "provider_metadata", "entity_version", "updated_at",
		"transit_gateway_count", "configuration_reference_count"},
	Dependents:   append([]engine.Dependent{configurationsOf}, attachedToNetwork...), // kind_transit_gateway.go
	Provisioning: networkProvisioning,
	Check:        checkNetwork, // network_check.go
	DataSource:   true,
	Filter: &engine.KongFilter{Noun: "network", Fields: []engine.KongFilterField{
		{Name: "name", Ops: []string{"eq", "oeq", "neq", "contains", "ocontains"}},
		{Name: "state", Ops: []string{"eq", "oeq", "neq"}},
	}},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The network's name, unique in the organization.",
			Validators: []engine.Validator{stringvalidator.UTF8LengthBetween(1, 255), engine.NotBlank()}},
		{Name: "cloud_gateway_provider_account_id", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The provider account the network is made in (see the `konnect_cloud_gateway_provider_account_list` data source). Changing it replaces the network.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		{Name: "region", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The cloud provider's region (`us-east-2`), one that Konnect's availability.json lists for the account's provider (checked when the plan is made). Changing it replaces the network."},
		{Name: "availability_zones", Type: engine.ListOf(engine.String), Mode: engine.Required, ForceNew: true,
			Description: "The region's availability zones the network spans (`use2-az1`), ones that availability.json lists for the region (checked when the plan is made). Changing them replaces the network.",
			Validators:  []engine.Validator{listvalidator.SizeAtLeast(1), listvalidator.UniqueValues()}},
		{Name: "cidr_block", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The network's CIDR block (`10.0.0.0/16`), within the blocks availability.json lists for the region and outside those Konnect reserves there (checked when the plan is made). Changing it replaces the network.",
			Validators:  []engine.Validator{engine.CIDR()}},
		{Name: "default", Type: engine.Bool, Mode: engine.Computed,
			Description: "Whether Konnect made the network itself when the provider account was linked."},
		{Name: "provider_metadata", Mode: engine.Computed, ChangesOnWrite: true,
			Description: "What the cloud provider reports of the network once it is provisioned.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "vpc_id", Type: engine.String, Mode: engine.Computed, Description: "The VPC's id."},
				engine.Attr{Name: "subnet_ids", Type: engine.ListOf(engine.String), Mode: engine.Computed, Description: "The subnets' ids."},
			)},
		{Name: "configuration_reference_count", Type: engine.Int64, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "How many configurations use the network."},
		{Name: "transit_gateway_count", Type: engine.Int64, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "How many transit gateways are attached to the network."},
		{Name: "entity_version", Type: engine.Int64, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's version of the network, increased by every change (its provisioning's too)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
		engine.ProvisioningTimeouts(time.Hour, time.Hour),
	},
}

// ProviderAccountKind is a cloud provider account linked to the organization
// (/v2/cloud-gateways/provider-accounts): read only, listed by
// konnect_cloud_gateway_provider_account_list.
var ProviderAccountKind = engine.EntityKind{
	TypeName:    "konnect_cloud_gateway_provider_account",
	Description: "A cloud provider account linked to the organization, in which Dedicated Cloud Gateways networks are made.",
	API:         engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: global("provider-accounts"), Listed: true}},
	Filter: &engine.KongFilter{Noun: "provider account", Fields: []engine.KongFilterField{
		{Name: "provider", What: "cloud provider", Ops: []string{"eq", "neq", "contains"}},
	}},
	Attrs: []engine.Attr{
		{Name: "provider", Type: engine.String, Mode: engine.Computed, Description: "The cloud provider: `aws`, `azure` or `gcp`."},
		{Name: "provider_account_id", Type: engine.String, Mode: engine.Computed, Description: "The account's id at the cloud provider."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
