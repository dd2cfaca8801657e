// Package mocktest is what the mock's tests share (package konnectmock and its
// families): sending a request as any Konnect client would, decoding an answer
// as they read it, and checking it. Only tests import it.
package mocktest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// Answer is a response as a test reads it: the status, the headers and the whole body.
type Answer struct {
	Status int
	Header http.Header
	Raw    []byte
}

// Send sends method url with the headers hdr and body: nil sends none, a
// string is sent as it is, anything else as JSON. A body that cannot be
// marshalled or a request that cannot be built fails the test; transport
// errors (a dropped connection, a timeout) are returned.
func Send(t testing.TB, hc *http.Client, method, url string, body any, hdr http.Header) (Answer, error) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range hdr {
		req.Header[k] = vs
	}
	resp, err := hc.Do(req)
	if err != nil {
		return Answer{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Status: resp.StatusCode, Header: resp.Header, Raw: raw}, nil
}

// Decode reads a JSON document as the tests compare them: numbers stay
// json.Number, as written.
func Decode(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// Expect fails the test unless the answer has the status and the content type
// ctype ("" means no body at all).
func (a Answer) Expect(t testing.TB, status int, ctype string) {
	t.Helper()
	if a.Status != status {
		t.Fatalf("status %d, want %d; body %s", a.Status, status, a.Raw)
	}
	if got := a.Header.Get("Content-Type"); got != ctype {
		t.Fatalf("Content-Type %q, want %q; body %s", got, ctype, a.Raw)
	}
	if ctype == "" && len(a.Raw) != 0 {
		t.Fatalf("want no body, got %s", a.Raw)
	}
}

// JSONEq fails the test unless raw is the JSON document want, leaving out the
// listed top-level keys of raw.
func JSONEq(t testing.TB, raw []byte, want string, ignore ...string) {
	t.Helper()
	got, err := Decode(raw)
	if err != nil {
		t.Fatalf("body is not JSON: %v: %s", err, raw)
	}
	exp, err := Decode([]byte(want))
	if err != nil {
		t.Fatalf("bad want: %v", err)
	}
	if m, ok := got.(map[string]any); ok {
		for _, k := range ignore {
			delete(m, k)
		}
	}
	if !reflect.DeepEqual(got, exp) {
		t.Fatalf("body mismatch\n got: %s\nwant: %s", raw, want)
	}
}

// Clock is a test clock that only moves when told to.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// CertPEM returns a self-signed certificate for the name cn (a CA certificate
// when ca is set) and its key, PEM-encoded, and the certificate's DER.
func CertPEM(t testing.TB, cn string, ca bool) (certPEM, keyPEM string, der []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		BasicConstraintsValid: true, IsCA: ca, DNSNames: []string{cn},
	}
	der, err = x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder})), der
}
