package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// CACertificateKind is a trusted CA certificate (…/core-entities/ca_certificates), used
// to verify upstream and client certificates. Konnect computes its SHA-256 digest, which
// is unique in the control plane: the same CA cannot be added twice. The digest is
// planned as known only while `cert` stays the same.
var CACertificateKind = EntityKind{
	TypeName:    "konnect_gateway_ca_certificate",
	Description: "A trusted CA certificate in a Konnect control plane, referenced by services and plugins to verify certificates. The same CA (by digest) can exist only once per control plane.",
	API:         coreEntityAPI{Collection: inControlPlane("ca_certificates")},
	Attrs: []Attr{
		controlPlaneID,
		{Name: "cert", Type: String, Mode: Required, Description: "PEM-encoded CA certificate (it must carry the CA basic constraint).",
			Validators: []Validator{pemBlock("CERTIFICATE")}},
		{Name: "cert_digest", Type: String, Mode: Computed, Description: "SHA-256 digest of the certificate, hex-encoded (computed by Konnect).",
			PlanModifiers: []PlanModifier{unknownWhenChanged("cert")}},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}

// unknownWhenChanged plans a computed string as unknown when the attribute it is derived
// from changes (the engine otherwise keeps the state's value for computed attributes).
func unknownWhenChanged(source string) planmodifier.String { return unknownWhenChangedModifier(source) }

type unknownWhenChangedModifier string

func (m unknownWhenChangedModifier) Description(context.Context) string {
	return "Recomputed by Konnect when " + string(m) + " changes."
}

func (m unknownWhenChangedModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m unknownWhenChangedModifier) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var planned, prior types.String
	p := path.Root(string(m))
	if d := req.Plan.GetAttribute(ctx, p, &planned); d.HasError() {
		return
	}
	if d := req.State.GetAttribute(ctx, p, &prior); d.HasError() {
		return
	}
	if !planned.Equal(prior) {
		resp.PlanValue = types.StringUnknown()
	}
}
