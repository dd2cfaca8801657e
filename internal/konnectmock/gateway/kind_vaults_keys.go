package gateway

import (
	"encoding/json"
	"regexp"
)

var vaultPrefixRe = regexp.MustCompile(`^[a-z][a-z0-9-]*[a-z0-9]+$`)

func init() {
	register(&kind{
		name:      "vaults",
		singular:  "vault",
		nameField: "prefix",
		fields: []*field{
			fld("name", tString, required(), enum("env", "aws", "gcp", "hcv", "azure", "konnect", "conjur")),
			fld("prefix", tString, required(), unique(), checkString(func(prefix string) string {
				if !vaultPrefixRe.MatchString(prefix) {
					return "invalid value '" + prefix + "': prefix must start with a lowercase letter and contain only lowercase letters, digits and dashes"
				}
				return ""
			})),
			fld("description", tString),
			fld("config", tObject, def(map[string]any{})),
			tagsField(),
		},
		finish: finishVault, // vault_config.go
	})
	register(&kind{
		name:        "key-sets",
		singular:    "key_set",
		nameField:   "name",
		filterField: "name",
		fields: []*field{
			fld("name", tString, unique(), nonEmpty()),
			tagsField(),
		},
	})
	register(&kind{
		name:      "keys",
		singular:  "key",
		nameField: "name",
		parents:   map[string]string{"key-sets": "set"},
		fields: []*field{
			fld("kid", tString, required(), nonEmpty()),
			fld("name", tString, unique(), nonEmpty()),
			fld("jwk", tString),
			fld("pem", tRecord, sub(fld("private_key", tString), fld("public_key", tString))),
			fld("set", tForeign, refCascade("key-sets")),
			fld("x5t", tString), // X.509 SHA-1 thumbprint
			tagsField(),
		},
		composite: func(obj map[string]any) (string, string) {
			kid, _ := obj["kid"].(string)
			return refID(obj["set"]) + "|" + kid, "kid"
		},
		finish: func(b *build) {
			jwk, pemRec := b.obj["jwk"], b.obj["pem"]
			if (jwk == nil) == (pemRec == nil) {
				b.failEntity("Keys must be defined either in JWK or PEM format")
				return
			}
			if jwk != nil {
				s, _ := jwk.(string) // a string field, non-null here
				var doc map[string]any
				if err := json.Unmarshal([]byte(s), &doc); err != nil {
					b.fail("jwk", "could not parse JWK: "+err.Error())
				} else if doc["kid"] != b.obj["kid"] {
					b.failEntity("kid in jwk.kid must be equal to keys.kid")
				}
				return
			}
			p, _ := pemRec.(map[string]any) // a record field, non-null here
			if emptyish(p["private_key"]) && emptyish(p["public_key"]) {
				b.failEntity("at least one of these fields must be non-empty: 'pem.private_key', 'pem.public_key'")
			}
			if s, ok := p["private_key"].(string); ok {
				if _, err := parseKey(s); err != nil {
					b.fail("pem.private_key", "invalid key: "+err.Error())
				}
			}
		},
	})
}
