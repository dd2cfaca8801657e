package provider

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// SNIKind maps a TLS server name to a certificate (…/core-entities/snis). Names are unique
// in the control plane and may carry one wildcard (`*.example.com`, `example.*`).
var SNIKind = EntityKind{
	TypeName:    "konnect_gateway_sni",
	Description: "A server name (SNI) in a Konnect control plane that selects which `konnect_gateway_certificate` the gateway presents.",
	API:         coreEntityAPI{Collection: inControlPlane("snis")},
	NameAttr:    "name",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "name", Type: String, Mode: Required, Description: "The server name, unique in the control plane; one leading or trailing wildcard is allowed (`*.example.com`, `example.*`).",
			Validators: []Validator{stringvalidator.RegexMatches(
				regexp.MustCompile(`^(\*\.)?[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?(\.\*)?$`),
				"must be a host name, optionally with one leading `*.` or trailing `.*` wildcard")}},
		{Name: "certificate", Type: RefID("Id of the `konnect_gateway_certificate`."), Mode: Required, Description: "The certificate presented for this name.",
			Validators: []Validator{refIsUUID()}},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}
