package provider

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
)

// KeyKind is one cryptographic key (…/core-entities/keys), given either as a JWK document
// or as PEM, optionally in a key set. Konnect returns the key material as written, so
// state tracks it (sensitive). `pem` is sensitive as a whole so that no conflict
// diagnostic or plan ever prints the private key inside it.
var KeyKind = EntityKind{
	TypeName:    "konnect_gateway_key",
	Description: "A key in a Konnect control plane, as a JWK (`jwk`) or as PEM (`pem`), exactly one of the two, optionally in a `konnect_gateway_key_set`. `kid` is unique within its set.",
	API:         coreEntityAPI{Collection: inControlPlane("keys")},
	NameAttr:    "name",
	Attrs: []Attr{
		controlPlaneID,
		{Name: "kid", Type: String, Mode: Required, Description: "The key id, unique within the key set; must equal the `kid` inside `jwk`.",
			Validators: []Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "name", Default: DefaultNull, Type: String, Description: "The key's name, unique in the control plane.",
			Validators: []Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "jwk", Type: String, Sensitive: true, Description: "The key as a JWK JSON document (write it with `jsonencode`); set this or `pem`.",
			Validators: []Validator{jwkKid("kid"), stringvalidator.ExactlyOneOf(path.MatchRoot("jwk"), path.MatchRoot("pem"))}},
		{Name: "pem", Sensitive: true, Description: "The key as PEM; set this or `jwk`. At least one of `private_key` and `public_key`.",
			Type: ObjectOf(
				Attr{Name: "private_key", Type: String, Sensitive: true, Description: "PEM-encoded private key.",
					Validators: []Validator{pemBlock("PRIVATE KEY"),
						stringvalidator.AtLeastOneOf(path.MatchRoot("pem").AtName("public_key"))}},
				Attr{Name: "public_key", Type: String, Description: "PEM-encoded public key.",
					Validators: []Validator{pemBlock("PUBLIC KEY")}},
			)},
		{Name: "set", Default: DefaultNull, Type: RefID("Id of the `konnect_gateway_key_set`."), Description: "The key set this key belongs to.",
			Validators: []Validator{refIsUUID()}},
		{Name: "x5t", Default: DefaultNull, Type: String, Description: "The X.509 certificate SHA-1 thumbprint of the key (JWK `x5t`)."},
		{Name: "tags", Default: DefaultNull, Type: SetOf(String), Description: "Tags for filtering and grouping.", Validators: []Validator{kongTags()}},
		coreTimestamps[0], coreTimestamps[1],
	},
}
