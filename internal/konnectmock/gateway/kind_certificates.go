package gateway

import (
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
)

func init() {
	register(&kind{
		name:     "certificates",
		singular: "certificate",
		fields: []*field{
			fld("cert", tString, required()),
			fld("key", tString, required()),
			fld("cert_alt", tString),
			fld("key_alt", tString),
			fld("snis", tStrings, readOnly()), // names of the SNI entities pointing here
			tagsField(),
		},
		finish: func(b *build) {
			checkPair(b, "cert", "key")
			if (b.obj["cert_alt"] == nil) != (b.obj["key_alt"] == nil) {
				b.failEntity("all or none of these fields must be set: 'cert_alt', 'key_alt'")
			} else if b.obj["cert_alt"] != nil {
				checkPair(b, "cert_alt", "key_alt")
			}
			b.obj["snis"] = sniNames(b.cs, b.id)
		},
	})
	register(&kind{
		name:     "ca_certificates",
		singular: "ca_certificate",
		fields: []*field{
			fld("cert", tString, required()),
			fld("cert_digest", tString, readOnly(), unique()),
			tagsField(),
		},
		finish: func(b *build) {
			certPEM, _ := b.obj["cert"].(string) // required: the validator has made it a string
			cert, err := parseCert(certPEM)
			if err != nil {
				b.fail("cert", "invalid certificate: "+err.Error())
				return
			}
			if cert.BasicConstraintsValid && !cert.IsCA {
				b.fail("cert", "certificate does not appear to be a CA because it is missing the \"CA\" basic constraint")
				return
			}
			sum := sha256.Sum256(cert.Raw)
			b.obj["cert_digest"] = hex.EncodeToString(sum[:])
		},
	})
	register(&kind{
		name:        "snis",
		singular:    "sni",
		nameField:   "name",
		filterField: "name",
		parents:     map[string]string{"certificates": "certificate"},
		fields: []*field{
			fld("name", tString, required(), unique(), nonEmpty()),
			fld("certificate", tForeign, required(), refCascade("certificates")),
			tagsField(),
		},
		afterWrite:  refreshCertificateSNIs,
		afterDelete: refreshCertificateSNIs,
	})
}

// refreshCertificateSNIs keeps the certificate's read-only snis list in step with its SNI entities.
func refreshCertificateSNIs(cs *coreStore, sni *entity) {
	cert := cs.byID("certificates", refID(sni.obj["certificate"]))
	if cert == nil {
		return
	}
	cert.obj["snis"] = sniNames(cs, cert.id)
	cert.rev = cs.nextRev()
}

func sniNames(cs *coreStore, certID string) []any {
	names := []any{}
	if set := cs.kinds["snis"].referencing("certificate", certID); set != nil {
		for _, e := range set.items {
			names = append(names, e.obj["name"])
		}
	}
	return names
}

func parseCert(s string) (*x509.Certificate, error) {
	block, _ := pem.Decode([]byte(s))
	if block == nil || block.Type != "CERTIFICATE" {
		return nil, errors.New("expected a PEM-encoded CERTIFICATE")
	}
	return x509.ParseCertificate(block.Bytes)
}

func parseKey(s string) (crypto.Signer, error) {
	block, _ := pem.Decode([]byte(s))
	if block == nil {
		return nil, errors.New("expected a PEM-encoded private key")
	}
	if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		if signer, ok := k.(crypto.Signer); ok {
			return signer, nil
		}
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	return nil, errors.New("unsupported or malformed private key")
}

// checkPair validates a PEM certificate and key and that they belong together.
func checkPair(b *build, certField, keyField string) {
	// both are string fields checked non-null by the caller; anything else parses as an error
	certPEM, _ := b.obj[certField].(string)
	keyPEM, _ := b.obj[keyField].(string)
	cert, err := parseCert(certPEM)
	if err != nil {
		b.fail(certField, "invalid certificate: "+err.Error())
	}
	key, kerr := parseKey(keyPEM)
	if kerr != nil {
		b.fail(keyField, "invalid key: "+kerr.Error())
	}
	if err != nil || kerr != nil {
		return
	}
	type equaler interface{ Equal(crypto.PublicKey) bool }
	if pub, ok := key.Public().(equaler); !ok || !pub.Equal(cert.PublicKey) {
		b.failEntity("certificate does not match key")
	}
}
