package gateway

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// SNIKind maps a TLS server name to a certificate (…/core-entities/snis). Names are unique
// in the control plane and may carry one wildcard (`*.example.com`, `example.*`).
var SNIKind = engine.EntityKind{
	TypeName:    "konnect_gateway_sni",
	Description: "A server name (SNI) in a Konnect control plane that selects which `konnect_gateway_certificate` the gateway presents.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("snis")},
	NameAttr:    "name",
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The server name, unique in the control plane; one leading or trailing wildcard is allowed (`*.example.com`, `example.*`).",
			Validators: []engine.Validator{stringvalidator.RegexMatches(
				regexp.MustCompile(`^(\*\.)?[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?(\.\*)?$`),
				"must be a host name, optionally with one leading `*.` or trailing `.*` wildcard")}},
		{Name: "certificate", Type: engine.RefID("Id of the `konnect_gateway_certificate`."), Mode: engine.Required, Description: "The certificate presented for this name.",
			Validators: []engine.Validator{engine.RefIsUUID()}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
