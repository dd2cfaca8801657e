package servicecatalog

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// IntegrationInstanceKind is an integration instance of the Service Catalog
// (/v1/integration-instances): one connection of the catalog to a tool Konnect integrates
// with (an AWS account, a GitHub organization, Datadog). Konnect answers the integration it
// was created from as `integration`, never as the `integration_name` the create sends.
var IntegrationInstanceKind = engine.EntityKind{
	TypeName: "konnect_integration_instance",
	Description: "An integration instance of Konnect's Service Catalog: one connection of the catalog to a tool Konnect integrates with (`integration_name`, for example `aws-lambda`, `github`, `datadog`), with the integration's own `config`. " +
		"Its credentials are `konnect_integration_instance_auth_config` (an OAuth client) and `konnect_integration_instance_auth_credential` (keys). " +
		"An update sends only what the plan changes (PATCH); labels are merged key by key. Changing `integration_name` replaces the instance. " +
		"Adding an instance whose name another already has fails with the `import` block that adopts it. Import it by id or by name.",
	API:      catalogCollection("integration-instances"),
	NameAttr: "name",
	// authorized follows the instance's auth config and credential: a write of those never
	// makes a plan of the instance stale.
	Derived: []string{"authorized"},
	Attrs: []engine.Attr{
		{Name: "integration_name", Type: engine.String, Mode: engine.Required, ForceNew: true, ReadFrom: "integration.name",
			Description: "The integration this is an instance of, for example `aws-lambda`, `github` or `datadog` (Konnect lists them at `/v1/integrations`).",
			Validators:  machineName},
		{Name: "name", Type: engine.String, Mode: engine.Required,
			Description: "The machine name of the instance, unique within the catalog: lower-case letters, digits, `.` and `-`.",
			Validators:  machineName},
		{Name: "display_name", Type: engine.String, Mode: engine.Required, Description: "The display name of the instance.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 120)}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the instance is for. Removed from configuration, Konnect holds none.",
			Validators: []engine.Validator{stringvalidator.LengthAtMost(2048)}},
		{Name: "config", Type: engine.JSON, Mode: engine.Required,
			Description: "The integration's settings for this instance, a JSON object (`jsonencode({...})`); what it holds depends on the integration. Compared as a document: key order and spacing never diff."},
		labels,
		{Name: "authorized", Type: engine.Bool, Mode: engine.Computed, Description: "Whether the instance has been authorized in the catalog (its auth config or credential accepted)."},
		{Name: "integration", Mode: engine.Computed, Description: "The integration this is an instance of.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "name", Type: engine.String, Description: "The integration's machine name."},
				engine.Attr{Name: "display_name", Type: engine.String, Description: "The integration's display name."},
			)},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
