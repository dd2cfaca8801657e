package provider

import "github.com/hashicorp/terraform-plugin-framework/schema/validator"

// CACertificateKind is a trusted CA certificate (…/core-entities/ca_certificates), used
// to verify upstream and client certificates. Konnect computes its SHA-256 digest, which
// is unique in the control plane: the same CA cannot be added twice.
var CACertificateKind = EntityKind{
	TypeName:    "konnect_gateway_ca_certificate",
	Description: "A trusted CA certificate in a Konnect control plane, referenced by services and plugins to verify certificates. The same CA (by digest) can exist only once per control plane.",
	API:         coreEntityAPI{Collection: inControlPlane("ca_certificates")},
	Attrs: []Attr{
		controlPlaneID,
		{Name: "cert", Type: String, Mode: Required, Description: "PEM-encoded CA certificate (it must carry the CA basic constraint).",
			StringValidators: []validator.String{pemBlock("CERTIFICATE")}},
		{Name: "cert_digest", Type: String, Mode: Computed, Description: "SHA-256 digest of the certificate, hex-encoded (computed by Konnect)."},
		{Name: "tags", Type: SetOf(String), Description: "Tags for filtering and grouping.", SetValidators: []validator.Set{kongTags()}},
	},
}
