package portal

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- custom domain: at most one per portal

type domainSSLJSON struct {
	Method      string  `json:"domain_verification_method"`
	Status      string  `json:"verification_status"`
	UploadedAt  *string `json:"uploaded_at,omitempty"`
	ExpiresAt   *string `json:"expires_at,omitempty"`
	SkipCACheck *bool   `json:"skip_ca_check,omitempty"`
}

type domainJSON struct {
	Hostname    string        `json:"hostname"`
	Enabled     bool          `json:"enabled"`
	SSL         domainSSLJSON `json:"ssl"`
	CnameStatus string        `json:"cname_status"`
	CreatedAt   string        `json:"created_at"`
	UpdatedAt   string        `json:"updated_at"`
}

// view: a custom certificate is verified as soon as it is uploaded; an http
// domain, and any domain's CNAME, stay pending until verified (Family.VerifyDomain).
func (d *customDomain) view() domainJSON {
	v := domainJSON{Hostname: d.Hostname, Enabled: d.Enabled, CnameStatus: "pending",
		SSL:       domainSSLJSON{Method: d.Method, Status: "pending"},
		CreatedAt: mockcore.FormatTime(d.Created), UpdatedAt: mockcore.FormatTime(d.Updated)}
	if d.Verified {
		v.CnameStatus, v.SSL.Status = "verified", "verified"
	}
	if d.Method == "custom_certificate" {
		skip := d.SkipCACheck
		v.SSL.Status, v.SSL.UploadedAt, v.SSL.ExpiresAt, v.SSL.SkipCACheck = "verified", timePtr(d.Uploaded), timePtr(d.Expires), &skip
	}
	return v
}

// hostname is a fully qualified domain name: dot-separated labels of letters,
// digits and hyphens, at most 253 characters.
var hostname = regexp.MustCompile(`^(?i:[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.(?i:[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?))+$`)

func getDomain(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	if p.Domain == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, p.Domain.view())
}

// certificate checks a custom certificate and its private key (fields of the
// ssl object b): PEM, a key that matches the certificate, a certificate valid
// for the host. The key is not kept.
func certificate(b *mockcore.Body, host string, certPEM, keyPEM *string) (notAfter time.Time, ok bool) {
	if certPEM == nil || keyPEM == nil {
		return time.Time{}, false
	}
	block, _ := pem.Decode([]byte(*certPEM))
	if block == nil || block.Type != "CERTIFICATE" {
		b.Fail("custom_certificate", "invalid", `"ssl.custom_certificate" must be a PEM-encoded X.509 certificate`)
		return time.Time{}, false
	}
	leaf, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		b.Fail("custom_certificate", "invalid", `"ssl.custom_certificate" must be a PEM-encoded X.509 certificate`)
		return time.Time{}, false
	}
	if _, err := tls.X509KeyPair([]byte(*certPEM), []byte(*keyPEM)); err != nil {
		b.Fail("custom_private_key", "invalid", `"ssl.custom_private_key" must be the PEM-encoded private key of the certificate`)
		return time.Time{}, false
	}
	if host != "" && leaf.VerifyHostname(host) != nil {
		b.Fail("custom_certificate", "invalid", `"ssl.custom_certificate" is not valid for `+host)
		return time.Time{}, false
	}
	return mockcore.Millis(leaf.NotAfter), true
}

// createDomain adds the portal's custom domain: its hostname, enabled, and
// ssl either {"domain_verification_method":"http"} or a custom certificate
// with its private key. A second domain, or a hostname another portal has, is a 409.
func createDomain(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("hostname", "enabled", "ssl")
	host := b.String("hostname", true, 1, 253)
	if host != nil && !hostname.MatchString(*host) {
		b.Fail("hostname", "is_fqdn", `"hostname" must be a fully qualified domain name`)
		host = nil
	}
	enabled := b.Bool("enabled", true)
	ssl := b.Nested("ssl", true)
	var method, certPEM, keyPEM *string
	var skip *bool
	if ssl != nil {
		method = ssl.Enum("domain_verification_method", true, []string{"http", "custom_certificate"})
		if method != nil && *method == "custom_certificate" {
			ssl.Only("domain_verification_method", "custom_certificate", "custom_private_key", "skip_ca_check")
			certPEM = ssl.String("custom_certificate", true, 1, 0)
			keyPEM = ssl.String("custom_private_key", true, 1, 0)
			skip = ssl.Bool("skip_ca_check", false)
		} else {
			ssl.Only("domain_verification_method")
		}
	}
	var expires time.Time
	certOK := false
	if ssl != nil && host != nil {
		expires, certOK = certificate(ssl, *host, certPEM, keyPEM)
	}
	b.Merge(ssl)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if p.Domain != nil {
		return c.conflict(fmt.Sprintf("Portal [%s] already has a custom domain [%s]", p.ID, p.Domain.Hostname))
	}
	if other := c.domainOwner(*host); other != nil {
		return c.conflict(fmt.Sprintf("Custom domain [%s] is already used by another portal", *host))
	}
	now := c.f.now()
	d := &customDomain{Hostname: strings.ToLower(*host), Enabled: *enabled, Method: *method, Created: now, Updated: now}
	if certOK {
		d.Uploaded, d.Expires = &now, &expires
		d.SkipCACheck = skip != nil && *skip
	}
	p.Domain = d
	return c.json(http.StatusCreated, d.view())
}

func (c *call) domainOwner(host string) *portal {
	return first(c.f.st.Portals, func(p *portal) bool { return p.Domain != nil && strings.EqualFold(p.Domain.Hostname, host) })
}

// patchDomain changes enabled and, for a custom certificate domain, the
// certificate (with its key) and skip_ca_check. An http domain has no
// certificate to change: its ssl is a 400.
func patchDomain(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	if p.Domain == nil {
		return c.notFound()
	}
	d := p.Domain
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("enabled", "ssl")
	// enabled and the certificate and its key take null, which changes nothing: Kong's
	// copy of the spec has them nullable (default null), and Kong's provider sends null
	// for each it is not given.
	notNull(b, "is_object", "ssl")
	enabled := b.Bool("enabled", false)
	ssl := b.Nested("ssl", false)
	if ssl != nil {
		for _, k := range []string{"custom_certificate", "custom_private_key"} {
			if ssl.Null(k) {
				delete(ssl.In, k)
			}
		}
	}
	var certPEM, keyPEM *string
	var skip *bool
	var expires time.Time
	certOK := false
	if ssl != nil {
		ssl.Only("custom_certificate", "custom_private_key", "skip_ca_check")
		certPEM = ssl.String("custom_certificate", ssl.Has("custom_private_key"), 1, 0)
		keyPEM = ssl.String("custom_private_key", ssl.Has("custom_certificate"), 1, 0)
		skip = ssl.Bool("skip_ca_check", false)
		if d.Method != "custom_certificate" && len(ssl.In) > 0 {
			b.Fail("ssl", "invalid", `"ssl" has no certificate to change: the domain is verified by http`)
		} else {
			expires, certOK = certificate(ssl, d.Hostname, certPEM, keyPEM)
		}
		b.Merge(ssl)
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	if enabled != nil {
		d.Enabled = *enabled
	}
	if certOK {
		d.Uploaded, d.Expires = &now, &expires
	}
	if skip != nil {
		d.SkipCACheck = *skip
	}
	d.Updated = now
	return c.json(http.StatusOK, d.view())
}

func deleteDomain(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	if p.Domain == nil {
		return c.notFound()
	}
	p.Domain = nil
	return mockcore.NoContent()
}

// --- IP allow list: entries of allowed addresses and CIDR blocks, cursor paged

type ipEntryJSON struct {
	ID         string   `json:"id"`
	AllowedIPs []string `json:"allowed_ips"`
}

func (e *ipEntry) view() ipEntryJSON {
	return ipEntryJSON{ID: e.ID, AllowedIPs: append([]string{}, e.AllowedIPs...)}
}

// allowedIPs checks the spec's PortalAllowedIPs: 1 to 25 distinct IP addresses
// or CIDR blocks (IPv4 or IPv6).
func allowedIPs(b *mockcore.Body, required bool) []string {
	notNull(b, "is_array", "allowed_ips")
	ips, ok := b.Strings("allowed_ips", required)
	if !ok {
		return nil
	}
	switch {
	case len(ips) < 1:
		b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "allowed_ips", Rule: "min_items", Minimum: mockcore.IntPtr(1)})
		return nil
	case len(ips) > 25:
		b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "allowed_ips", Rule: "max_items", Maximum: mockcore.IntPtr(25)})
		return nil
	}
	seen := map[string]bool{}
	valid := true
	for i, ip := range ips {
		field := fmt.Sprintf("allowed_ips[%d]", i)
		_, errAddr := netip.ParseAddr(ip)
		_, errPrefix := netip.ParsePrefix(ip)
		switch {
		case errAddr != nil && errPrefix != nil:
			b.Fail(field, "invalid", `"`+field+`" must be an IP address or a CIDR block`)
			valid = false
		case seen[ip]:
			b.Fail(field, "invalid", `"`+field+`" repeats an earlier item`)
			valid = false
		}
		seen[ip] = true
	}
	if !valid {
		return nil
	}
	return ips
}

func createAllowList(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("allowed_ips")
	ips := allowedIPs(b, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	e := &ipEntry{ID: mockcore.NewUUID(), AllowedIPs: ips}
	p.AllowList = append(p.AllowList, e)
	return c.json(http.StatusCreated, e.view())
}

func (c *call) allowEntry() (*portal, *ipEntry, *mockcore.Response) {
	p, bad := c.portal()
	if bad != nil {
		return nil, nil, bad
	}
	id, ok := c.pathID("id")
	var e *ipEntry
	if ok {
		e = p.allowEntry(id)
	}
	if e == nil {
		resp := c.notFound()
		return nil, nil, &resp
	}
	return p, e, nil
}

func getAllowList(c *call) mockcore.Response {
	_, e, bad := c.allowEntry()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, e.view())
}

// putAllowList replaces an entry's addresses; patchAllowList does the same when
// allowed_ips is sent (it is the entry's only field).
func putAllowList(c *call) mockcore.Response { return c.writeAllowList(true) }

func patchAllowList(c *call) mockcore.Response { return c.writeAllowList(false) }

func (c *call) writeAllowList(replace bool) mockcore.Response {
	_, e, bad := c.allowEntry()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("allowed_ips")
	ips := allowedIPs(b, replace)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if ips != nil {
		e.AllowedIPs = ips
	}
	return c.json(http.StatusOK, e.view())
}

func deleteAllowList(c *call) mockcore.Response {
	p, e, bad := c.allowEntry()
	if bad != nil {
		return *bad
	}
	p.AllowList = slices.DeleteFunc(p.AllowList, func(x *ipEntry) bool { return x == e })
	return mockcore.NoContent()
}

// listAllowList pages with page[size] (default 10) and the opaque cursors
// page[after] and page[before]; meta is the spec's CursorMetaPage: first, last,
// next and previous links relative to /v3 (next and previous null at the
// ends) and the size.
func listAllowList(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	items := p.AllowList
	size := 10
	if raw := c.q.Get("page[size]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil {
			return c.invalidRequest("query", mockcore.InvalidParam{Field: "page[size]", Rule: "is_number"})
		}
		if n < 1 {
			return c.invalidRequest("query", mockcore.InvalidParam{Field: "page[size]", Rule: "min", Minimum: mockcore.IntPtr(1)})
		}
		size = n
	}
	index := func(param string) (int, *mockcore.Response) {
		id, ok := decodeCursor(c.q.Get(param))
		i := slices.IndexFunc(items, func(e *ipEntry) bool { return e.ID == id })
		if !ok || i < 0 {
			resp := c.invalidRequest("query", mockcore.InvalidParam{Field: param, Rule: "invalid", Reason: `"` + param + `" is not a valid cursor`})
			return 0, &resp
		}
		return i, nil
	}
	lo, hi := 0, min(size, len(items))
	switch {
	case c.q.Get("page[after]") != "" && c.q.Get("page[before]") != "":
		return c.invalidRequest("query", mockcore.InvalidParam{Field: "page[before]", Rule: "invalid", Reason: `"page[before]" cannot be given with "page[after]"`})
	case c.q.Get("page[after]") != "":
		i, bad := index("page[after]")
		if bad != nil {
			return *bad
		}
		lo, hi = i+1, min(i+1+size, len(items))
	case c.q.Get("page[before]") != "":
		i, bad := index("page[before]")
		if bad != nil {
			return *bad
		}
		lo, hi = max(0, i-size), i
	}
	base := "/portals/" + p.ID + "/ip-allow-list"
	link := func(extra ...string) string {
		q := url.Values{}
		q.Set("page[size]", strconv.Itoa(size))
		for i := 0; i+1 < len(extra); i += 2 {
			q.Set(extra[i], extra[i+1])
		}
		return base + "?" + strings.NewReplacer("%5B", "[", "%5D", "]").Replace(q.Encode())
	}
	var next, prev *string
	if hi < len(items) && hi > 0 {
		s := link("page[after]", encodeCursor(items[hi-1].ID))
		next = &s
	}
	if lo > 0 && lo < len(items) {
		s := link("page[before]", encodeCursor(items[lo].ID))
		prev = &s
	}
	last := link()
	if len(items) > size {
		last = link("page[after]", encodeCursor(items[len(items)-size-1].ID))
	}
	data := []ipEntryJSON{}
	for _, e := range items[lo:hi] {
		data = append(data, e.view())
	}
	return c.json(http.StatusOK, map[string]any{
		"meta": map[string]any{"first": link(), "last": last, "next": next, "previous": prev, "size": size},
		"data": data,
	})
}

type cursor struct {
	ID string `json:"id"`
}

func encodeCursor(id string) string {
	raw, _ := json.Marshal(cursor{ID: id})
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeCursor(s string) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	var cur cursor
	if err != nil || json.Unmarshal(raw, &cur) != nil || cur.ID == "" {
		return "", false
	}
	return cur.ID, true
}
