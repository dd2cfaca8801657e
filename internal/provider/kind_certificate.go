package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
)

// CertificateKind is a TLS certificate with its private key (…/core-entities/certificates),
// optionally with an alternate pair (for example ECDSA next to RSA). Konnect checks that
// each key matches its certificate. The keys are sensitive.
//
// Konnect also returns a read-only `snis` list, derived from the SNI objects that point
// at the certificate. It changes whenever an SNI is created, renamed or deleted, also by
// the same apply (destroying a certificate with its SNIs deletes the SNIs first), so it
// is no part of the certificate as this provider sees it: it is declared Derived, and
// the certificate's revision changes only when the certificate itself changes. The SNIs
// of a certificate are the konnect_gateway_sni resources.
var CertificateKind = EntityKind{
	TypeName:    "konnect_gateway_certificate",
	Description: "A TLS certificate and its private key in a Konnect control plane, optionally with an alternate certificate and key of another key type. SNIs (`konnect_gateway_sni`) select it by server name; the read-only list of SNI names that Konnect derives from them is not part of this resource, so creating or deleting an SNI never counts as a change of its certificate.",
	API:         coreEntityAPI{Collection: inControlPlane("certificates"), Derived: []string{"snis"}},
	Attrs: []Attr{
		controlPlaneID,
		{Name: "cert", Type: String, Mode: Required, Description: "PEM-encoded certificate (chain).",
			Validators: []Validator{pemBlock("CERTIFICATE")}},
		{Name: "key", Type: String, Mode: Required, Sensitive: true, Description: "PEM-encoded private key of `cert`.",
			Validators: []Validator{pemBlock("PRIVATE KEY")}},
		{Name: "cert_alt", Default: DefaultNull, Type: String, Description: "PEM-encoded alternate certificate; set together with `key_alt`.",
			Validators: []Validator{pemBlock("CERTIFICATE"), stringvalidator.AlsoRequires(path.MatchRoot("key_alt"))}},
		{Name: "key_alt", Default: DefaultNull, Type: String, Sensitive: true, Description: "PEM-encoded private key of `cert_alt`; set together with `cert_alt`.",
			Validators: []Validator{pemBlock("PRIVATE KEY"), stringvalidator.AlsoRequires(path.MatchRoot("cert_alt"))}},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
	},
	Dependents: []Dependent{snisOf},
}
