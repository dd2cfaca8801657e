package gateway

import (
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// CertificateKind is a TLS certificate with its private key (…/core-entities/certificates),
// optionally with an alternate pair (for example ECDSA next to RSA). Konnect checks that
// each key matches its certificate. The keys are sensitive.
//
// Konnect also returns a read-only `snis` list, derived from the SNI objects that point
// at the certificate. It changes whenever an SNI is created, renamed or deleted, also by
// the same apply (destroying a certificate with its SNIs deletes the SNIs first), so it
// is declared Derived: left out of the certificate's revision, which changes only when
// the certificate itself changes. The computed `snis` attribute shows it as last read;
// it is ChangesOnWrite, so a write of the certificate that returns another list (an SNI
// created in Konnect since the plan) is no inconsistent result. The SNIs of a certificate
// are the konnect_gateway_sni resources.
var CertificateKind = engine.EntityKind{
	TypeName:    "konnect_gateway_certificate",
	Description: "A TLS certificate and its private key in a Konnect control plane, optionally with an alternate certificate and key of another key type. SNIs (`konnect_gateway_sni`) select it by server name; `snis` shows their names as Konnect derives them (read-only), and creating or deleting an SNI never counts as a change of its certificate.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("certificates"), Derived: []string{"snis"}},
	Attrs: slices.Concat([]engine.Attr{
		controlPlaneID,
		{Name: "cert", Type: engine.String, Mode: engine.Required, Description: "PEM-encoded certificate (chain).",
			Validators: []engine.Validator{engine.PemBlock("CERTIFICATE")}},
	}, engine.WriteOnlySecret(engine.Attr{Name: "key", Type: engine.String, Mode: engine.Required, Sensitive: true, Description: "PEM-encoded private key of `cert`.",
		Validators: []engine.Validator{engine.PemBlock("PRIVATE KEY")}}), []engine.Attr{
		{Name: "cert_alt", Default: engine.DefaultNull, Type: engine.String, Description: "PEM-encoded alternate certificate; set together with `key_alt` or `key_alt_wo`.",
			Validators: []engine.Validator{engine.PemBlock("CERTIFICATE"), engine.AlsoRequiresOneOf("key_alt", "key_alt_wo")}},
	}, engine.WriteOnlySecret(engine.Attr{Name: "key_alt", Default: engine.DefaultNull, Type: engine.String, Sensitive: true, Description: "PEM-encoded private key of `cert_alt`; set together with `cert_alt`.",
		Validators: []engine.Validator{engine.PemBlock("PRIVATE KEY"), stringvalidator.AlsoRequires(path.MatchRoot("cert_alt"))}}), []engine.Attr{
		{Name: "snis", Type: engine.ListOf(engine.String), Mode: engine.Computed, ChangesOnWrite: true,
			Description: "Names of the SNIs (`konnect_gateway_sni`) that select this certificate, as Konnect derives them. Read-only; not part of the certificate's revision, so creating or deleting an SNI never counts as a change of its certificate."},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	}),
	Dependents: []engine.Dependent{engine.SnisOf},
}
