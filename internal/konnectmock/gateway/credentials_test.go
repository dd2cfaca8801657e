package gateway

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha1"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"regexp"
	"testing"
)

func TestCredentials(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("creds")
	alice := c.do("POST", core(cp, "consumers"), map[string]any{"username": "alice"}).expect(t, 201, ctJSON).str("id")
	bob := c.do("POST", core(cp, "consumers"), map[string]any{"username": "bob"}).expect(t, 201, ctJSON).str("id")

	r := c.do("POST", core(cp, "consumers/alice/key-auth"), map[string]any{}).expect(t, 201, ctJSON)
	if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(r.str("key")) {
		t.Fatalf("generated key: %s", r.raw)
	}
	if r.body["updated_at"] == nil || fmt.Sprint(r.body["updated_at"]) != fmt.Sprint(r.body["created_at"]) {
		t.Fatalf("credentials carry created_at and updated_at like every core entity: %s", r.raw)
	}
	r.jsonEq(t, fmt.Sprintf(`{"key":%q,"ttl":null,"consumer":{"id":%q},"tags":null}`, r.str("key"), alice), "id", "created_at", "updated_at")
	c.do("POST", core(cp, "consumers/alice/key-auth"), map[string]any{"key": "secret-1"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumers/bob/key-auth"), map[string]any{"key": "secret-1"}).expect(t, 400, ctJSON)
	c.do("GET", core(cp, "consumers/alice/key-auth/secret-1"), nil).expect(t, 200, ctJSON)
	c.do("GET", core(cp, "consumers/bob/key-auth/secret-1"), nil).expect(t, 404, ctJSON)
	c.do("GET", core(cp, "key-auths/secret-1"), nil).expect(t, 200, ctJSON)

	r = c.do("POST", core(cp, "consumers/"+bob+"/basic-auth"), map[string]any{"username": "bob-basic", "password": "hunter2"}).expect(t, 201, ctJSON)
	sum := sha1.Sum([]byte("hunter2" + bob))
	if r.str("password") != hex.EncodeToString(sum[:]) {
		t.Fatalf("password not hashed: %s", r.raw)
	}
	c.do("POST", core(cp, "consumers/alice/basic-auth"), map[string]any{"username": "bob-basic", "password": "x"}).expect(t, 400, ctJSON)

	c.do("POST", core(cp, "consumers/alice/acls"), map[string]any{"group": "admins"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "consumers/alice/acls"), map[string]any{"group": "admins"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "consumers/bob/acls"), map[string]any{"group": "admins"}).expect(t, 201, ctJSON)
	c.do("GET", core(cp, "consumers/bob/acls/admins"), nil).expect(t, 200, ctJSON)

	r = c.do("POST", core(cp, "consumers/alice/jwt"), map[string]any{}).expect(t, 201, ctJSON)
	if r.str("algorithm") != "HS256" || len(r.str("key")) != 32 || len(r.str("secret")) != 32 || r.body["rsa_public_key"] != nil {
		t.Fatalf("jwt defaults: %s", r.raw)
	}
	c.do("POST", core(cp, "consumers/alice/jwt"), map[string]any{"algorithm": "RS256"}).expect(t, 400, ctJSON)
	k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
	pub := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	c.do("POST", core(cp, "consumers/alice/jwt"), map[string]any{"algorithm": "ES256", "rsa_public_key": pub}).expect(t, 201, ctJSON)

	r = c.do("POST", core(cp, "consumers/alice/hmac-auth"), map[string]any{"username": "alice-hmac"}).expect(t, 201, ctJSON)
	if len(r.str("secret")) != 32 {
		t.Fatalf("hmac secret: %s", r.raw)
	}

	for coll, want := range map[string]int{"key-auths": 2, "basic-auths": 1, "acls": 2, "jwts": 2, "hmac-auths": 1} {
		r := c.do("GET", core(cp, coll+"?size=1000"), nil).expect(t, 200, ctJSON)
		if n := len(r.body["data"].([]any)); n != want || r.body["next"] != nil {
			t.Errorf("%s: %d, want %d: %s", coll, n, want, r.raw)
		}
	}
	c.do("DELETE", core(cp, "consumers/alice"), nil).expect(t, 204, "")
	for coll, want := range map[string]int{"key-auths": 0, "acls": 1, "jwts": 0, "hmac-auths": 0, "basic-auths": 1} {
		if n := len(c.do("GET", core(cp, coll), nil).body["data"].([]any)); n != want {
			t.Errorf("after consumer delete %s: %d, want %d", coll, n, want)
		}
	}
}
