package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
)

// DataPlaneClientCertificateKind is a certificate that data planes of a control plane
// present to it (/v2/control-planes/{cp}/dp-client-certificates, responses `{"item": …}`).
var DataPlaneClientCertificateKind = EntityKind{
	TypeName: "konnect_gateway_data_plane_client_certificate",
	Description: "A data-plane client certificate of a Konnect control plane: data planes that present it (pinned mode) may connect. " +
		"A certificate deleted in Konnect is reported by the next plan and created again.",
	API: platformAPI{Collection: controlPlaneSub("dp-client-certificates"), Item: true},
	Attrs: []Attr{
		controlPlaneID,
		{Name: "cert", Type: String, Mode: Required, Description: "The PEM-encoded certificate.",
			Validators: []Validator{pemBlock("CERTIFICATE")}},
		{Name: "title", Type: String, Default: DefaultNull, Description: "A title for the certificate. Konnect's default is none.",
			Validators: []Validator{stringvalidator.LengthBetween(1, 255)}},
	},
}
