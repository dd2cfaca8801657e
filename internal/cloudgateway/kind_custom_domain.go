package cloudgateway

import (
	"slices"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// CustomDomainKind is a control plane's custom domain (/v2/cloud-gateways/custom-domains):
// Konnect provisions a TLS certificate and SNI for it on the control plane's data planes. It
// has no update: every attribute replaces it.
var CustomDomainKind = engine.EntityKind{
	TypeName: "konnect_cloud_gateway_custom_domain",
	Description: "A custom domain of a Cloud Gateways control plane: Konnect provisions a TLS certificate and an SNI for it on the control plane's data planes, once two CNAME records point at Konnect (see Konnect's custom domain guide). " +
		"The create waits until Konnect reports it `ready` (`timeouts.create`); a provisioning that fails is an error with Konnect's reason, and the domain stays in state, tainted. " +
		"Konnect cannot change a custom domain: any change replaces it. Creating a domain that another custom domain already has fails with the `import` block that adopts it. Import it by id.",
	API:      engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: global("custom-domains"), Listed: true}, NameFilter: "filter[domain][eq]", NameField: "domain"},
	NameAttr: "domain",
	// What provisioning moves: never a change of the domain's own.
	Derived: []string{"state", "state_metadata", "certificate_id", "sni_id", "entity_version", "updated_at"},
	Provisioning: &engine.Provisioning{
		Ready: []string{"ready"}, Failed: []string{"error"}, Gone: []string{"terminated"}, Leaving: []string{"terminating"},
		Reason: "state_metadata.reason", CreateTimeout: time.Hour, DeleteTimeout: 30 * time.Minute,
	},
	Attrs: slices.Concat(controlPlaneAttrs("The control plane whose data planes serve the domain.", "custom domain"), []engine.Attr{
		{Name: "domain", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The domain name (`api.example.com`). Changing it replaces the custom domain.",
			Validators:  []engine.Validator{stringvalidator.UTF8LengthAtLeast(1), engine.NotBlank()}},
		{Name: "kind", Type: engine.String, Default: "dedicated.v0", ForceNew: true,
			Description: "`dedicated.v0` (Konnect's default) or `serverless.v1`: the kind of Cloud Gateway deployment the domain is for. Changing it replaces the custom domain.",
			Validators:  []engine.Validator{stringvalidator.OneOf("dedicated.v0", "serverless.v1")}},
		{Name: "certificate_id", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "The certificate Konnect stores for the domain on the control plane's data planes, once provisioned."},
		{Name: "sni_id", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "The SNI Konnect stores for the domain on the control plane's data planes, once provisioned."},
		{Name: "state", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's provisioning state: `created`, `initializing`, `ready`, `terminating`, `terminated` or `error`."},
		{Name: "state_metadata", Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Why the domain is in an erroneous state, as the backing infrastructure reports it.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "reported_status", Type: engine.String, Mode: engine.Computed, Description: "The status the backing infrastructure reports (`INVALID`)."},
				engine.Attr{Name: "reason", Type: engine.String, Mode: engine.Computed, Description: "Why the domain is in an erroneous state."},
			)},
	}, lifecycleAttrs("custom domain", time.Hour, 30*time.Minute)),
}

// controlPlaneAttrs are the control plane (cp describes it) and geo that an object (what)
// belongs to: changing either replaces it.
func controlPlaneAttrs(cp, what string) []engine.Attr {
	return []engine.Attr{
		{Name: "control_plane_id", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: cp + " Changing it replaces the " + what + ".",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		{Name: "control_plane_geo", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The control plane's geo: `us`, `eu`, `au`, `me`, `in` or `sg`. Changing it replaces the " + what + ".",
			Validators:  []engine.Validator{stringvalidator.OneOf(geos...)}},
	}
}

// lifecycleAttrs are what Konnect keeps of a provisioned object (what) besides its own
// attributes: its entity_version and times, and the waits of its create and delete.
func lifecycleAttrs(what string, create, del time.Duration) []engine.Attr {
	return []engine.Attr{
		{Name: "entity_version", Type: engine.Int64, Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Konnect's version of the " + what + ", increased by every change (its provisioning's too)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
		engine.ProvisioningTimeouts(create, del),
	}
}
