package gateway

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

func TestCertificatesAndSNIs(t *testing.T) {
	c := newMock(t, testOptions{ETags: true})
	cp := c.mustCP("certs")
	cert, key, _ := mocktest.CertPEM(t, "a.example", false)
	_, otherKey, _ := mocktest.CertPEM(t, "b.example", false)

	r := c.do("POST", core(cp, "certificates"), map[string]any{"cert": cert, "key": key}).expect(t, 201, ctJSON)
	cid := r.str("id")
	r.jsonEq(t, fmt.Sprintf(`{"cert":%q,"key":%q,"cert_alt":null,"key_alt":null,"snis":[],"tags":null}`, cert, key), "id", "created_at", "updated_at")
	tag := r.header.Get("ETag")

	c.do("POST", core(cp, "certificates"), map[string]any{"cert": cert, "key": otherKey}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "certificates"), map[string]any{"cert": "nope", "key": key}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "certificates"), map[string]any{"cert": cert}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "certificates"), map[string]any{"cert": cert, "key": key, "cert_alt": cert}).expect(t, 400, ctJSON)
	c.do("PUT", core(cp, "certificates/not-a-uuid"), map[string]any{"cert": cert, "key": key}).expect(t, 400, ctJSON)

	c.do("POST", core(cp, "snis"), map[string]any{"name": "a.example", "certificate": map[string]any{"id": cid}}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "certificates/"+cid+"/snis"), map[string]any{"name": "*.a.example"}).expect(t, 201, ctJSON)
	c.do("POST", core(cp, "snis"), map[string]any{"name": "a.example", "certificate": map[string]any{"id": cid}}).expect(t, 400, ctJSON)
	got := c.do("GET", core(cp, "certificates/"+cid), nil).expect(t, 200, ctJSON)
	if fmt.Sprint(got.body["snis"]) != "[a.example *.a.example]" || got.header.Get("ETag") == tag {
		t.Fatalf("snis on certificate: %s (etag %s)", got.raw, got.header.Get("ETag"))
	}
	// a certificate PUT keeps the computed snis
	put := c.do("PUT", core(cp, "certificates/"+cid), map[string]any{"cert": cert, "key": key, "tags": []string{"t"}, "snis": []string{"ignored"}}).expect(t, 200, ctJSON)
	if fmt.Sprint(put.body["snis"]) != "[a.example *.a.example]" {
		t.Fatalf("snis after PUT: %s", put.raw)
	}
	c.do("DELETE", core(cp, "snis/a.example"), nil).expect(t, 204, "")
	if s := c.do("GET", core(cp, "certificates/"+cid), nil).body["snis"]; fmt.Sprint(s) != "[*.a.example]" {
		t.Fatalf("snis after delete: %v", s)
	}

	// a service using it as client certificate blocks its deletion; SNIs are deleted with it
	sid := c.do("POST", core(cp, "services"), map[string]any{"host": "h", "client_certificate": map[string]any{"id": cid}}).expect(t, 201, ctJSON).str("id")
	c.do("DELETE", core(cp, "certificates/"+cid), nil).expect(t, 400, ctJSON)
	c.do("DELETE", core(cp, "services/"+sid), nil).expect(t, 204, "")
	c.do("DELETE", core(cp, "certificates/"+cid), nil).expect(t, 204, "")
	c.do("GET", core(cp, "snis/*.a.example"), nil).expect(t, 404, ctJSON)

	ca, _, der := mocktest.CertPEM(t, "Test CA", true)
	r = c.do("POST", core(cp, "ca_certificates"), map[string]any{"cert": ca}).expect(t, 201, ctJSON)
	sum := sha256.Sum256(der)
	r.jsonEq(t, fmt.Sprintf(`{"cert":%q,"cert_digest":%q,"tags":null}`, ca, hex.EncodeToString(sum[:])), "id", "created_at", "updated_at")
	c.do("POST", core(cp, "ca_certificates"), map[string]any{"cert": ca}).expect(t, 400, ctJSON)
	c.do("POST", core(cp, "ca_certificates"), map[string]any{"cert": cert}).expect(t, 400, ctJSON)
	// read-only fields sent back by a client are ignored
	ca2, _, _ := mocktest.CertPEM(t, "Second CA", true)
	if r := c.do("POST", core(cp, "ca_certificates"), map[string]any{"cert": ca2, "cert_digest": "x"}).expect(t, 201, ctJSON); r.str("cert_digest") == "x" {
		t.Fatalf("cert_digest taken from input: %s", r.raw)
	}
}
