package gateway

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// KeyKind is one cryptographic key (…/core-entities/keys), given either as a JWK document
// or as PEM, optionally in a key set. Konnect returns the key material as written, so
// state tracks it (sensitive). `pem` is sensitive as a whole so that no conflict
// diagnostic or plan ever prints the private key inside it.
var KeyKind = engine.EntityKind{
	TypeName:    "konnect_gateway_key",
	Description: "A key in a Konnect control plane, as a JWK (`jwk`) or as PEM (`pem`), exactly one of the two, optionally in a `konnect_gateway_key_set`. `kid` is unique within its set.",
	API:         engine.CoreEntityAPI{Collection: engine.InControlPlane("keys")},
	NameAttr:    "name",
	Attrs: []engine.Attr{
		controlPlaneID,
		{Name: "kid", Type: engine.String, Mode: engine.Required, Description: "The key id, unique within the key set; must equal the `kid` inside `jwk`.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "name", Default: engine.DefaultNull, Type: engine.String, Description: "The key's name, unique in the control plane.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "jwk", Type: engine.String, Sensitive: true, Description: "The key as a JWK JSON document (write it with `jsonencode`); set this or `pem`.",
			Validators: []engine.Validator{engine.JWKKid("kid"), stringvalidator.ExactlyOneOf(path.MatchRoot("jwk"), path.MatchRoot("pem"))}},
		{Name: "pem", Sensitive: true, Description: "The key as PEM; set this or `jwk`. At least one of `private_key` and `public_key`.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "private_key", Type: engine.String, Sensitive: true, Description: "PEM-encoded private key.",
					Validators: []engine.Validator{engine.PemBlock("PRIVATE KEY"),
						stringvalidator.AtLeastOneOf(path.MatchRoot("pem").AtName("public_key"))}},
				engine.Attr{Name: "public_key", Type: engine.String, Description: "PEM-encoded public key.",
					Validators: []engine.Validator{engine.PemBlock("PUBLIC KEY")}},
			)},
		{Name: "set", Default: engine.DefaultNull, Type: engine.RefID("Id of the `konnect_gateway_key_set`."), Description: "The key set this key belongs to.",
			Validators: []engine.Validator{engine.RefIsUUID()}},
		{Name: "x5t", Default: engine.DefaultNull, Type: engine.String, Description: "The X.509 certificate SHA-1 thumbprint of the key (JWK `x5t`)."},
		{Name: "tags", Default: engine.DefaultNull, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping.", Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}
