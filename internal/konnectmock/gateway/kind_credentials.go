package gateway

import (
	"crypto/sha1"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"slices"
	"strings"
)

// Consumer credentials live under consumers/{c}/<name>; alias is their top-level listing.

func credential(name, alias, nameField string, fields []*field, finish func(b *build)) *kind {
	return &kind{
		name:      name,
		alias:     alias,
		singular:  strings.TrimSuffix(strings.ReplaceAll(name, "-", "_"), "s"),
		nameField: nameField,
		parents:   map[string]string{"consumers": "consumer"},
		fields: append(fields,
			fld("consumer", tForeign, required(), refCascade("consumers")),
			tagsField(),
		),
		finish: finish,
	}
}

// randomSecret is how Kong generates keys and secrets: 32 hex characters.
func randomSecret() string { return strings.ReplaceAll(newUUID(), "-", "") }

func generateIfAbsent(b *build, names ...string) {
	for _, n := range names {
		if emptyish(b.obj[n]) {
			b.obj[n] = randomSecret()
		}
	}
}

var jwtAlgorithms = []string{"HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "EdDSA"}

func init() {
	register(credential("key-auth", "key-auths", "key", []*field{
		fld("key", tString, unique(), nonEmpty()),
		fld("ttl", tInt, between(0, 100000000)),
	}, func(b *build) { generateIfAbsent(b, "key") }))

	register(credential("basic-auth", "basic-auths", "username", []*field{
		fld("username", tString, required(), unique(), nonEmpty()),
		fld("password", tString, required()),
	}, func(b *build) {
		// stored and returned hashed, the way Kong does: sha1(password .. consumer_id)
		password, _ := b.obj["password"].(string) // required: the validator has made it a string
		sum := sha1.Sum([]byte(password + refID(b.obj["consumer"])))
		b.obj["password"] = hex.EncodeToString(sum[:])
	}))

	acls := credential("acls", "", "group", []*field{
		fld("group", tString, required(), nonEmpty()),
	}, nil)
	acls.composite = func(obj map[string]any) (string, string) {
		g, _ := obj["group"].(string)
		return refID(obj["consumer"]) + "|" + g, "group"
	}
	register(acls)

	register(credential("jwt", "jwts", "key", []*field{
		fld("key", tString, unique(), nonEmpty()),
		fld("secret", tString),
		fld("algorithm", tString, def("HS256"), enum(jwtAlgorithms...)),
		fld("rsa_public_key", tString),
	}, func(b *build) {
		generateIfAbsent(b, "key")
		alg, _ := b.obj["algorithm"].(string) // has a default: the validator has made it a string
		if strings.HasPrefix(alg, "HS") {
			generateIfAbsent(b, "secret")
			return
		}
		pub, ok := b.obj["rsa_public_key"].(string)
		if !ok {
			b.v.errs = append(b.v.errs, missingErr([]string{"rsa_public_key"}))
			return
		}
		block, _ := pem.Decode([]byte(pub))
		if block == nil || !slices.Contains([]string{"PUBLIC KEY", "RSA PUBLIC KEY"}, block.Type) {
			b.fail("rsa_public_key", "'"+pub+"' is not valid 'pem-pkix-encoded-public-key'")
			return
		}
		if _, err := x509.ParsePKIXPublicKey(block.Bytes); err != nil {
			if _, err := x509.ParsePKCS1PublicKey(block.Bytes); err != nil {
				b.fail("rsa_public_key", "'"+pub+"' is not valid 'pem-pkix-encoded-public-key'")
			}
		}
	}))

	// mtls-auth: created and deleted, never replaced (Konnect has no PUT for it)
	mtls := credential("mtls-auth", "mtls-auths", "", []*field{
		fld("subject_name", tString, required(), nonEmpty()),
		fld("ca_certificate", tForeign, refTo("ca_certificates")),
	}, nil)
	mtls.noPut = true
	register(mtls)

	register(credential("hmac-auth", "hmac-auths", "username", []*field{
		fld("username", tString, required(), unique(), nonEmpty()),
		fld("secret", tString),
	}, func(b *build) { generateIfAbsent(b, "secret") }))
}
