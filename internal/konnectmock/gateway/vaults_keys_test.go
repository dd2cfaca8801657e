package gateway

import (
	"fmt"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

func TestVaultsKeySetsKeys(t *testing.T) {
	c := newMock(t, testOptions{})
	cp := c.mustCP("keys")
	c.do("POST", core(cp, "vaults"), map[string]any{"name": "env", "prefix": "my-env"}).expect(t, 201, ctJSON).
		jsonEq(t, `{"name":"env","prefix":"my-env","description":null,"config":{},"tags":null}`, "id", "created_at", "updated_at")
	c.do("POST", core(cp, "vaults"), map[string]any{"name": "env", "prefix": "my-env"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "vaults"), map[string]any{"name": "s3", "prefix": "x1"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "vaults"), map[string]any{"name": "env", "prefix": "Bad_Prefix"}).expect(t, 400, ctJSON)
	c.do("PUT", core(cp, "vaults/my-env"), map[string]any{"name": "env", "config": map[string]any{"prefix": "APP_"}}).expect(t, 200, ctJSON)

	ks := c.do("POST", core(cp, "key-sets"), map[string]any{"name": "signing"}).expect(t, 201, ctJSON)
	ks.jsonEq(t, `{"name":"signing","tags":null}`, "id", "created_at", "updated_at")
	jwk := `{"kty":"oct","kid":"k1","k":"c2VjcmV0"}`
	r := c.do("POST", core(cp, "key-sets/signing/keys"), map[string]any{"kid": "k1", "name": "k1", "jwk": jwk}).expect(t, 201, ctJSON)
	r.jsonEq(t, fmt.Sprintf(`{"kid":"k1","name":"k1","jwk":%q,"pem":null,"set":{"id":%q},"x5t":null,"tags":null}`, jwk, ks.str("id")), "id", "created_at", "updated_at")
	c.do("POST", core(cp, "key-sets/signing/keys"), map[string]any{"kid": "k1", "jwk": jwk}).expect(t, 400, ctJSON) // (set, kid) unique
	c.do("POST", core(cp, "keys"), map[string]any{"kid": "k1", "jwk": jwk}).expect(t, 201, ctJSON)                  // no set: another scope
	c.do("POST", core(cp, "keys"), map[string]any{"kid": "k2"}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "keys"), map[string]any{"kid": "k2", "jwk": jwk}).expect(t, 400, ctJSON)
	_, key, _ := mocktest.CertPEM(t, "k", false)
	c.do("POST", core(cp, "keys"), map[string]any{"kid": "k3", "pem": map[string]any{"private_key": key}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "keys"), map[string]any{"kid": "k4", "pem": map[string]any{"private_key": "junk"}}).expect(t, 400, ctJSON)
	c.do("GET", core(cp, "keys/k1"), nil).expect(t, 200, ctJSON)
	c.do("DELETE", core(cp, "key-sets/signing"), nil).expect(t, 204, "")
	if n := len(c.do("GET", core(cp, "keys"), nil).body["data"].([]any)); n != 2 {
		t.Fatalf("keys after set delete: %d", n)
	}
}
