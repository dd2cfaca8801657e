package gateway

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// CACertificateKind is a trusted CA certificate (…/core-entities/ca_certificates), used
// to verify upstream and client certificates. Konnect computes its SHA-256 digest, which
// is unique in the control plane: the same CA cannot be added twice. The digest is
// planned as known only while `cert` stays the same.
var CACertificateKind = engine.EntityKind{
	TypeName:    "konnect_gateway_ca_certificate",
	Description: "A trusted CA certificate in a Konnect control plane, referenced by services and plugins to verify certificates. The same CA (by digest) can exist only once per control plane.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("ca_certificates")},
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "cert", Type: engine.String, Mode: engine.Required, Description: "PEM-encoded CA certificate (it must carry the CA basic constraint).",
			Validators: []engine.Validator{engine.PemBlock("CERTIFICATE")}},
		{Name: "cert_digest", Type: engine.String, Mode: engine.Computed, Description: "SHA-256 digest of the certificate, hex-encoded (computed by Konnect).",
			PlanModifiers: []engine.PlanModifier{engine.UnknownWhenChanged("cert")}},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
