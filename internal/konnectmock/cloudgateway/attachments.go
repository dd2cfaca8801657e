package cloudgateway

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// attachment is what a network connects to: a transit gateway
// (/networks/{id}/transit-gateways) or a private DNS (/networks/{id}/private-dns). Konnect
// creates one only on a ready network (400 before), provisions it (initializing, ready, or
// error), and tears it down (terminating, terminated) when it or its network is deleted.
type attachment struct {
	ID        string         `json:"id"`
	NetworkID string         `json:"network_id"`
	Name      string         `json:"name"`
	Fields    map[string]any `json:"fields"` // the request's other fields, as created or last patched
	lifecycle
}

// attachmentKind is one of Konnect's kinds of an attachment: the fields of its
// attachment config (all required) and which of the request's top-level fields it takes.
type attachmentKind struct {
	config   []string // string fields of the attachment config, required
	optional []string // other fields of the attachment config, checked by check
	required []string // top-level fields besides name and the attachment config
	allowed  []string // top-level fields it may carry besides those
}

// attachmentType is a collection of attachments: transit gateways or private DNS.
type attachmentType struct {
	noun         string // "Transit gateway", in problems
	collection   string // the path segment below a network
	configField  string // the field holding the attachment config, its kind in "kind"
	nameOptional bool
	kinds        map[string]attachmentKind
	// check validates the kind-specific fields of a create's body (b: the request, cfg: its
	// attachment config).
	check func(b, cfg *mockcore.Body, kind string)
	// patch checks a PATCH for an attachment of this kind and applies it; false when the kind
	// cannot be changed.
	patch func(a *attachment, kind string, b *mockcore.Body) bool
	// extra adds what Konnect reports of a provisioned attachment (an attachment id).
	extra func(a *attachment, v map[string]any)
	all   func(s *state) *[]*attachment
}

func (t *attachmentType) kindOf(a *attachment) string {
	cfg, _ := a.Fields[t.configField].(map[string]any)
	s, _ := cfg["kind"].(string)
	return s
}

func (f *Family) attachmentView(t *attachmentType, a *attachment) map[string]any {
	v := map[string]any{}
	for k, x := range a.Fields {
		v[k] = cloneJSON(x)
	}
	v["id"], v["name"], v["state"], v["entity_version"] = a.ID, a.Name, a.State, a.EntityVersion
	v["created_at"], v["updated_at"] = mockcore.FormatTime(a.CreatedAt), mockcore.FormatTime(a.UpdatedAt)
	v["state_metadata"] = map[string]any{}
	if a.State == stateError {
		v["state_metadata"] = map[string]any{"reported_status": "ERROR", "reason": a.Reason}
	}
	if t.extra != nil {
		t.extra(a, v)
	}
	return v
}

// attachmentsOf lists the attachments of a network that are not gone.
func (f *Family) attachmentsOf(t *attachmentType, networkID string) []*attachment {
	var out []*attachment
	for _, a := range *t.all(f.st) {
		if a.NetworkID == networkID && a.State != stateTerminated {
			out = append(out, a)
		}
	}
	return out
}

// attachment is the attachment a call addresses, or the 404 to answer.
func (f *Family) attachment(t *attachmentType, c *call) (*attachment, *mockcore.Response) {
	n := c.f.network(c.params["networkId"])
	if n == nil {
		r := c.notFound("Network")
		return nil, &r
	}
	for _, a := range *t.all(f.st) {
		if a.NetworkID == n.ID && a.ID == c.params["attachmentId"] {
			return a, nil
		}
	}
	r := c.notFound(t.noun)
	return nil, &r
}

// networkPage is the network a listing below it addresses and the page it asks for, or
// the answer to give instead (404, 400).
func (c *call) networkPage() (*network, mockcore.Page, *mockcore.Response) {
	n := c.f.network(c.params["networkId"])
	if n == nil {
		r := c.notFound("Network")
		return nil, mockcore.Page{}, &r
	}
	p, bad := c.page()
	return n, p, bad
}

func (t *attachmentType) list(c *call) mockcore.Response {
	n, p, bad := c.networkPage()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(mockcore.FilterSpec{"name": {"eq", "oeq", "neq", "contains", "ocontains"}, "state": {"eq", "oeq", "neq"}})
	if bad != nil {
		return *bad
	}
	kept := mockcore.MatchAll(c.f.attachmentsOf(t, n.ID), fs, func(a *attachment, field string) (string, bool) {
		if field == "state" {
			return a.State, true
		}
		return a.Name, true
	})
	views := []map[string]any{}
	for _, a := range kept {
		views = append(views, c.f.attachmentView(t, a))
	}
	return mockcore.List(views, p)
}

func (t *attachmentType) get(c *call) mockcore.Response {
	a, bad := c.f.attachment(t, c)
	if bad != nil {
		return *bad
	}
	return mockcore.JSON(http.StatusOK, c.f.attachmentView(t, a))
}

// parsed is the call's body, or the 400 to answer.
func (c *call) parsed() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		r := c.problem(http.StatusBadRequest, "Invalid Parameters", mockcore.InvalidParam{Field: "body", Rule: "invalid", Reason: err.Error()})
		return nil, &r
	}
	return b, nil
}

// create checks the body against its kind, refuses a network that is not ready (400, as
// Konnect does: a client retries) and a name the network's attachments hold (409).
func (t *attachmentType) create(c *call) mockcore.Response {
	n := c.f.network(c.params["networkId"])
	if n == nil {
		return c.notFound("Network")
	}
	b, bad := c.parsed()
	if bad != nil {
		return *bad
	}
	name := b.String("name", !t.nameOptional, 1, 255)
	cfg := b.Nested(t.configField, true)
	var kind string
	if cfg != nil {
		if k := cfg.Enum("kind", true, slices.Sorted(maps.Keys(t.kinds))); k != nil {
			kind = *k
		}
	}
	if spec, ok := t.kinds[kind]; ok {
		b.Only(append(append([]string{"name", t.configField}, spec.required...), spec.allowed...)...)
		cfg.Only(append(append([]string{"kind"}, spec.config...), spec.optional...)...)
		for _, k := range spec.config {
			cfg.String(k, true, 1, 0)
		}
		for _, k := range spec.required {
			if !b.Has(k) {
				b.Fail(k, "required", "is a required field")
			}
		}
		t.check(b, cfg, kind)
	}
	b.Merge(cfg)
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if n.State != stateReady {
		c.f.refusedNotReady++
		return c.problem(http.StatusBadRequest, fmt.Sprintf("Network %s is in state %s: a %s can be attached once it is ready.", n.ID, n.State, t.noun))
	}
	nm := ""
	if name != nil {
		nm = *name
	}
	if nm != "" && slices.ContainsFunc(c.f.attachmentsOf(t, n.ID), func(o *attachment) bool { return o.Name == nm && o.State != stateTerminating }) {
		return c.problem(http.StatusConflict, fmt.Sprintf("%s with name %q already exists.", t.noun, nm))
	}
	a := &attachment{ID: mockcore.NewUUID(), NetworkID: n.ID, Name: nm, Fields: map[string]any{}}
	for k, v := range b.In {
		if k != "name" {
			a.Fields[k] = cloneJSON(v)
		}
	}
	c.f.begin(&a.lifecycle, stateInitializing)
	a.FailWith = c.f.failWith()
	*t.all(c.f.st) = append(*t.all(c.f.st), a)
	return mockcore.JSON(http.StatusCreated, c.f.attachmentView(t, a))
}

func (t *attachmentType) update(c *call) mockcore.Response {
	a, bad := c.f.attachment(t, c)
	if bad != nil {
		return *bad
	}
	b, bad := c.parsed()
	if bad != nil {
		return *bad
	}
	before := mockcore.Marshal(c.f.attachmentView(t, a))
	if !t.patch(a, t.kindOf(a), b) {
		return c.problem(http.StatusBadRequest, fmt.Sprintf("A %s of kind %s cannot be updated.", t.noun, t.kindOf(a)))
	}
	if len(b.Bad) > 0 {
		return c.invalid(b)
	}
	if string(mockcore.Marshal(c.f.attachmentView(t, a))) != string(before) {
		c.f.changed(&a.lifecycle)
	}
	return mockcore.JSON(http.StatusOK, c.f.attachmentView(t, a))
}

// delete starts the attachment's termination; one still initializing is refused (400), as
// Konnect refuses a delete in a transitional state.
func (t *attachmentType) delete(c *call) mockcore.Response {
	a, bad := c.f.attachment(t, c)
	if bad != nil {
		return *bad
	}
	switch a.State {
	case stateTerminating, stateTerminated:
		return mockcore.NoContent()
	case stateInitializing:
		return c.problem(http.StatusBadRequest, fmt.Sprintf("%s %s is initializing: it can be deleted once it is ready or in error.", t.noun, a.ID))
	}
	a.moveTo(stateTerminating, c.f.now())
	return mockcore.NoContent()
}

// routes serves the attachments' collection below a network.
func (t *attachmentType) routes(add func(string, map[string]handler)) {
	base := "v2/cloud-gateways/networks/{networkId}/" + t.collection
	add(base, map[string]handler{"GET": t.list, "POST": t.create})
	add(base+"/{attachmentId}", map[string]handler{"GET": t.get, "PATCH": t.update, "DELETE": t.delete})
}

// stepAll moves each attachment of a list on, and returns the list without those gone.
func (f *Family) stepAll(list []*attachment, now time.Time) []*attachment {
	kept := list[:0]
	for _, a := range list {
		gone := false
		for moved := true; moved && !gone; {
			moved, gone = f.step(&a.lifecycle, now)
		}
		if !gone {
			kept = append(kept, a)
		}
	}
	return kept
}

// terminateAttachments tears down a deleted network's attachments with it.
func (f *Family) terminateAttachments(networkID string) {
	for _, t := range attachmentTypes {
		for _, a := range f.attachmentsOf(t, networkID) {
			if a.State != stateTerminating {
				a.moveTo(stateTerminating, f.now())
			}
		}
	}
}

// dnsConfig checks a list of {remote_dns_server_ip_addresses, domain_proxy_list} (a transit
// gateway's) or, with byDomain, a map of domain to {remote_dns_server_ip_addresses} (a
// private DNS resolver's).
func dnsConfig(b *mockcore.Body, key string, byDomain bool) {
	raw, ok := b.In[key]
	if !ok || raw == nil {
		return
	}
	item := func(field string, v any, fields ...string) {
		m, isObj := v.(map[string]any)
		if !isObj {
			b.Fail(field, "is_object", "must be an object")
			return
		}
		n := &mockcore.Body{In: m, Prefix: b.Prefix + field + "."}
		n.Only(fields...)
		for _, f := range fields {
			n.Strings(f, true)
		}
		b.Bad = append(b.Bad, n.Bad...)
	}
	if byDomain {
		m, isObj := raw.(map[string]any)
		if !isObj {
			b.Fail(key, "is_object", "must be an object")
			return
		}
		for _, d := range slices.Sorted(maps.Keys(m)) {
			item(key+"."+d, m[d], "remote_dns_server_ip_addresses")
		}
		return
	}
	arr, isArr := raw.([]any)
	if !isArr {
		b.Fail(key, "is_array", "must be an array")
		return
	}
	for i, v := range arr {
		item(fmt.Sprintf("%s[%d]", key, i), v, "remote_dns_server_ip_addresses", "domain_proxy_list")
	}
}

// cloneJSON copies decoded JSON, so that a stored object shares nothing with a request's.
func cloneJSON(v any) any {
	var out any
	_ = json.Unmarshal(mockcore.Marshal(v), &out)
	return out
}
