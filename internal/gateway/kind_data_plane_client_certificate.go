package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// DataPlaneClientCertificateKind is a certificate that data planes of a control plane
// present to it (/v2/control-planes/{cp}/dp-client-certificates, responses `{"item": …}`).
var DataPlaneClientCertificateKind = engine.EntityKind{
	TypeName: "konnect_gateway_data_plane_client_certificate",
	Description: "A data-plane client certificate of a Konnect control plane: data planes that present it (pinned mode) may connect. " +
		"A certificate deleted in Konnect is reported by the next plan and created again.",
	API: engine.PlatformAPI{Collection: engine.ControlPlaneSub("dp-client-certificates"), Item: true, Listed: true}, // listed as its GET answers (DataPlaneClientCertificate)
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "cert", Type: engine.String, Mode: engine.Required, Description: "The PEM-encoded certificate.",
			Validators: []engine.Validator{engine.PemBlock("CERTIFICATE")}},
		{Name: "title", Type: engine.String, Default: engine.DefaultNull, Description: "A title for the certificate. Konnect's default is none.",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 255)}},
	},
}
