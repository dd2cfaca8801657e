package gateway

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The platform API (/v2/control-planes): problem+json errors, page-number pagination.

type controlPlane struct {
	id, name, description string
	labels                map[string]string
	clusterType, authType string
	cloudGateway          bool
	proxyURLs             []proxyURL
	created, updated      time.Time
	rev                   uint64
	core                  *coreStore
	// platform_extra.go
	dpCerts      []*dpCert
	configStores []*configStore
	members      []string // control plane ids, for a CLUSTER_TYPE_CONTROL_PLANE_GROUP
}

type proxyURL struct {
	Host     string `json:"host"`
	Port     int64  `json:"port"`
	Protocol string `json:"protocol"`
}

type cpJSON struct {
	ID          string            `json:"id"`
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Labels      map[string]string `json:"labels"`
	Config      cpConfigJSON      `json:"config"`
	CreatedAt   string            `json:"created_at"`
	UpdatedAt   string            `json:"updated_at"`
}

type cpConfigJSON struct {
	ControlPlaneEndpoint string     `json:"control_plane_endpoint"`
	TelemetryEndpoint    string     `json:"telemetry_endpoint"`
	ClusterType          string     `json:"cluster_type"`
	AuthType             string     `json:"auth_type"`
	CloudGateway         bool       `json:"cloud_gateway"`
	ProxyURLs            []proxyURL `json:"proxy_urls"`
}

const rfc3339Millis = mockcore.TimeFormat

func (cp *controlPlane) json() cpJSON {
	labels := cp.labels
	if labels == nil {
		labels = map[string]string{}
	}
	proxies := cp.proxyURLs
	if proxies == nil {
		proxies = []proxyURL{}
	}
	host := cp.id[:8]
	return cpJSON{
		ID:          cp.id,
		Name:        cp.name,
		Description: cp.description,
		Labels:      labels,
		Config: cpConfigJSON{
			ControlPlaneEndpoint: "https://" + host + ".us.cp0.konghq.com",
			TelemetryEndpoint:    "https://" + host + ".us.tp0.konghq.com",
			ClusterType:          cp.clusterType,
			AuthType:             cp.authType,
			CloudGateway:         cp.cloudGateway,
			ProxyURLs:            proxies,
		},
		CreatedAt: cp.created.UTC().Format(rfc3339Millis),
		UpdatedAt: cp.updated.UTC().Format(rfc3339Millis),
	}
}

type invalidParam = mockcore.InvalidParam

func (f *Family) problem(status int, detail string, params []invalidParam) response {
	return mockcore.NewProblem(f.traceID(), status, detail, params)
}

func (f *Family) badRequest(params ...invalidParam) response {
	return f.problem(http.StatusBadRequest, "Invalid Parameters", params)
}

// clusterTypes: those of both Kong's copy of the spec and the published one
// (CLUSTER_TYPE_HYBRID is Kong's copy's only; the published one's Kafka event
// proxy is not a gateway's).
var clusterTypes = []string{
	"CLUSTER_TYPE_CONTROL_PLANE", "CLUSTER_TYPE_HYBRID", "CLUSTER_TYPE_K8S_INGRESS_CONTROLLER",
	"CLUSTER_TYPE_CONTROL_PLANE_GROUP", "CLUSTER_TYPE_SERVERLESS", "CLUSTER_TYPE_SERVERLESS_V1",
}

var authTypes = []string{"pinned_client_certs", "pki_client_certs"}

func (f *Family) serveControlPlanes(r *http.Request, rest []string, body []byte) response {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if len(rest) == 0 {
		switch r.Method {
		case http.MethodGet:
			return f.listControlPlanes(r)
		case http.MethodPost:
			return f.createControlPlane(body)
		}
		return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, POST")
	}
	id := rest[0]
	if !isUUID(id) {
		return f.badRequest(invalidParam{Field: "id", Rule: "is_uuid", Reason: "must be a valid UUID"})
	}
	cp := f.cps[strings.ToLower(id)]
	if cp == nil {
		return f.problem(http.StatusNotFound, "ControlPlane not found", nil)
	}
	if len(rest) > 1 {
		return f.servePlatformSub(r, cp, rest[1:], body)
	}
	switch r.Method {
	case http.MethodGet:
		return f.cpResponse(http.StatusOK, cp)
	case http.MethodPatch:
		if failed, msg := f.preconditionFailed(r, etag(cp.id, cp.rev)); failed {
			return f.problem(http.StatusPreconditionFailed, msg, nil)
		}
		return f.patchControlPlane(cp, body)
	case http.MethodDelete:
		if failed, msg := f.preconditionFailed(r, etag(cp.id, cp.rev)); failed {
			return f.problem(http.StatusPreconditionFailed, msg, nil)
		}
		if g := f.groupOf(cp.id); g != nil {
			g.members = slices.DeleteFunc(g.members, func(m string) bool { return m == cp.id })
		}
		delete(f.cps, cp.id)
		f.cpList = slices.DeleteFunc(f.cpList, func(c *controlPlane) bool { return c == cp })
		return noContent()
	}
	return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, PATCH, DELETE")
}

func (f *Family) cpResponse(status int, cp *controlPlane) response {
	return f.withETag(response{Status: status, CType: ctJSON, Body: marshal(cp.json())}, etag(cp.id, cp.rev))
}

func decodeLoose(body []byte) (map[string]any, error) { return mockcore.DecodeObject(body) }

func intp(n int) *int { return mockcore.IntPtr(n) }

var reservedLabelPrefixes = []string{"kong", "konnect", "mesh", "kic", "_"}

// cpInput is the validated subset of a create or update body.
type cpInput struct {
	name, description, clusterType, authType *string
	cloudGateway                             *bool
	proxyURLs                                []proxyURL
	hasProxies                               bool
	labels                                   map[string]*string // nil value: remove (PATCH only)
	hasLabels                                bool
}

// validateCP checks a create (patch=false) or update body against Konnect's rules.
func validateCP(in map[string]any, patch bool) (cpInput, []invalidParam) {
	var out cpInput
	var bad []invalidParam
	allowed := []string{"name", "description", "auth_type", "proxy_urls", "labels"}
	createOnly := []string{"cluster_type", "cloud_gateway"}
	for _, k := range slices.Sorted(maps.Keys(in)) {
		switch {
		case slices.Contains(allowed, k):
		case slices.Contains(createOnly, k):
			if patch {
				bad = append(bad, invalidParam{Field: k, Rule: "invalid", Reason: "cannot be changed after creation"})
			}
		default:
			bad = append(bad, invalidParam{Field: k, Rule: "unknown_property", Reason: "is an unknown property"})
		}
	}
	str := func(k string, lo, hi int) *string {
		raw, present := in[k]
		if !present || raw == nil {
			if k == "name" && (!patch || present) {
				bad = append(bad, invalidParam{Field: k, Rule: "required", Reason: "is a required field"})
			}
			return nil
		}
		s, ok := raw.(string)
		if !ok {
			bad = append(bad, invalidParam{Field: k, Rule: "is_string", Reason: "must be a string"})
			return nil
		}
		n := len([]rune(s))
		if n < lo {
			bad = append(bad, invalidParam{Field: k, Rule: "min_length", Minimum: intp(lo), Reason: fmt.Sprintf("must have at least %d characters", lo)})
		} else if hi > 0 && n > hi {
			bad = append(bad, invalidParam{Field: k, Rule: "max_length", Maximum: intp(hi), Reason: fmt.Sprintf("must have at most %d characters", hi)})
		}
		return &s
	}
	enumStr := func(k string, choices []string) *string {
		raw, present := in[k]
		if !present || raw == nil || (patch && slices.Contains(createOnly, k)) {
			return nil
		}
		s, ok := raw.(string)
		if !ok || !slices.Contains(choices, s) {
			bad = append(bad, invalidParam{Field: k, Rule: "enum", Choices: choices, Reason: "must be one of " + strings.Join(choices, ", ")})
			return nil
		}
		return &s
	}
	out.name = str("name", 2, 256)
	out.description = str("description", 0, 2048)
	out.clusterType = enumStr("cluster_type", clusterTypes)
	out.authType = enumStr("auth_type", authTypes)
	if raw, present := in["cloud_gateway"]; present && raw != nil && !patch {
		b, ok := raw.(bool)
		if !ok {
			bad = append(bad, invalidParam{Field: "cloud_gateway", Rule: "is_boolean", Reason: "must be a boolean"})
		} else {
			out.cloudGateway = &b
		}
	}
	if raw, present := in["proxy_urls"]; present {
		out.hasProxies = true
		out.proxyURLs = []proxyURL{}
		arr, ok := raw.([]any)
		switch {
		case raw == nil:
		case !ok:
			bad = append(bad, invalidParam{Field: "proxy_urls", Rule: "is_array", Reason: "must be an array"})
		case len(arr) > 5:
			bad = append(bad, invalidParam{Field: "proxy_urls", Rule: "max_items", Maximum: intp(5), Reason: "must not have more than 5 items"})
		default:
			for i, it := range arr {
				p, perr := proxyFrom(it, fmt.Sprintf("proxy_urls[%d]", i))
				bad = append(bad, perr...)
				out.proxyURLs = append(out.proxyURLs, p)
			}
		}
	}
	if raw, present := in["labels"]; present {
		out.hasLabels = true
		out.labels = map[string]*string{}
		m, ok := raw.(map[string]any)
		switch {
		case raw == nil:
		case !ok:
			bad = append(bad, invalidParam{Field: "labels", Rule: "is_object", Reason: "must be an object"})
		case len(m) > 50:
			bad = append(bad, invalidParam{Field: "labels", Rule: "max_items", Maximum: intp(50), Reason: "must not have more than 50 labels"})
		default:
			for _, k := range slices.Sorted(maps.Keys(m)) {
				if n := len([]rune(k)); n < 1 || n > 63 || slices.ContainsFunc(reservedLabelPrefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
					bad = append(bad, invalidParam{Field: "labels", Rule: "is_label", Reason: "label key '" + k + "' must be 1-63 characters and must not start with 'kong', 'konnect', 'mesh', 'kic' or '_'"})
					continue
				}
				v := m[k]
				if v == nil && patch {
					out.labels[k] = nil
					continue
				}
				s, ok := v.(string)
				if !ok || len([]rune(s)) < 1 || len([]rune(s)) > 63 {
					bad = append(bad, invalidParam{Field: "labels", Rule: "is_label", Reason: "label value for '" + k + "' must be a string of 1-63 characters"})
					continue
				}
				out.labels[k] = &s
			}
		}
	}
	return out, bad
}

func proxyFrom(it any, path string) (proxyURL, []invalidParam) {
	var p proxyURL
	var bad []invalidParam
	m, ok := it.(map[string]any)
	if !ok {
		return p, []invalidParam{{Field: path, Rule: "is_object", Reason: "must be an object"}}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if k != "host" && k != "port" && k != "protocol" {
			bad = append(bad, invalidParam{Field: path + "." + k, Rule: "unknown_property", Reason: "is an unknown property"})
		}
	}
	for _, k := range []string{"host", "protocol"} {
		s, ok := m[k].(string)
		switch {
		case m[k] == nil:
			bad = append(bad, invalidParam{Field: path + "." + k, Rule: "required", Reason: "is a required field"})
		case !ok:
			bad = append(bad, invalidParam{Field: path + "." + k, Rule: "is_string", Reason: "must be a string"})
		case k == "host":
			p.Host = s
		default:
			p.Protocol = s
		}
	}
	switch n := m["port"].(type) {
	case nil:
		bad = append(bad, invalidParam{Field: path + ".port", Rule: "required", Reason: "is a required field"})
	case json.Number:
		v, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil || v < 0 || v > 65535 {
			bad = append(bad, invalidParam{Field: path + ".port", Rule: "is_integer", Reason: "must be an integer between 0 and 65535"})
		}
		p.Port = v
	default:
		bad = append(bad, invalidParam{Field: path + ".port", Rule: "is_integer", Reason: "must be an integer"})
	}
	return p, bad
}

func (f *Family) nameTaken(name string, except *controlPlane) bool {
	for _, cp := range f.cpList {
		if cp != except && cp.name == name {
			return true
		}
	}
	return false
}

func (f *Family) createControlPlane(body []byte) response {
	in, err := decodeLoose(body)
	if err != nil {
		return f.problem(http.StatusBadRequest, "Invalid request body: "+err.Error(), nil)
	}
	v, bad := validateCP(in, false)
	if len(bad) > 0 {
		return f.badRequest(bad...)
	}
	if f.nameTaken(*v.name, nil) {
		return f.problem(http.StatusConflict, "Control Plane with provided name already exists.", nil)
	}
	now := f.now()
	cp := &controlPlane{
		id:          newUUID(),
		name:        *v.name,
		clusterType: "CLUSTER_TYPE_CONTROL_PLANE",
		authType:    "pinned_client_certs",
		labels:      map[string]string{},
		proxyURLs:   v.proxyURLs,
		created:     now,
		updated:     now,
		core:        newCoreStore(f.nextSeq),
	}
	if v.description != nil {
		cp.description = *v.description
	}
	if v.clusterType != nil {
		cp.clusterType = *v.clusterType
	}
	if v.authType != nil {
		cp.authType = *v.authType
	}
	if v.cloudGateway != nil {
		cp.cloudGateway = *v.cloudGateway
	}
	for k, val := range v.labels {
		cp.labels[k] = *val
	}
	cp.rev = f.nextSeq()
	f.cps[cp.id] = cp
	f.cpList = append(f.cpList, cp)
	return f.cpResponse(http.StatusCreated, cp)
}

// patchControlPlane merges labels (a null value removes a label) and replaces the other fields given.
func (f *Family) patchControlPlane(cp *controlPlane, body []byte) response {
	in, err := decodeLoose(body)
	if err != nil {
		return f.problem(http.StatusBadRequest, "Invalid request body: "+err.Error(), nil)
	}
	v, bad := validateCP(in, true)
	if len(bad) > 0 {
		return f.badRequest(bad...)
	}
	if v.name != nil && f.nameTaken(*v.name, cp) {
		return f.problem(http.StatusConflict, "Control Plane with provided name already exists.", nil)
	}
	if v.name != nil {
		cp.name = *v.name
	}
	if v.description != nil {
		cp.description = *v.description
	} else if raw, present := in["description"]; present && raw == nil {
		cp.description = ""
	}
	if v.authType != nil {
		cp.authType = *v.authType
	}
	if v.hasProxies {
		cp.proxyURLs = v.proxyURLs
	}
	if v.hasLabels {
		for k, val := range v.labels {
			if val == nil {
				delete(cp.labels, k)
			} else {
				cp.labels[k] = *val
			}
		}
	}
	cp.updated = f.now()
	cp.rev = f.nextSeq()
	return f.cpResponse(http.StatusOK, cp)
}

func (f *Family) listControlPlanes(r *http.Request) response {
	q := r.URL.Query()
	size, number := 10, 1
	if raw := q.Get("page[size]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 100 {
			return f.badRequest(invalidParam{Field: "page[size]", Rule: "invalid", Reason: "must be an integer between 1 and 100"})
		}
		size = n
	}
	if raw := q.Get("page[number]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 {
			return f.badRequest(invalidParam{Field: "page[number]", Rule: "invalid", Reason: "must be an integer greater than 0"})
		}
		number = n
	}
	var preds []func(*controlPlane) bool
	var bad []invalidParam
	for _, key := range slices.Sorted(maps.Keys(q)) {
		val := q.Get(key)
		if !strings.HasPrefix(key, "filter[") {
			continue
		}
		fieldName, op, _ := strings.Cut(strings.TrimPrefix(key, "filter["), "]")
		op = strings.Trim(op, "[]")
		if op == "" {
			op = "eq"
		}
		get := map[string]func(*controlPlane) string{
			"name":          func(c *controlPlane) string { return c.name },
			"id":            func(c *controlPlane) string { return c.id },
			"cluster_type":  func(c *controlPlane) string { return c.clusterType },
			"cloud_gateway": func(c *controlPlane) string { return strconv.FormatBool(c.cloudGateway) },
		}[fieldName]
		ops := map[string][]string{
			"name": {"eq", "neq", "contains"}, "id": {"eq", "oeq"},
			"cluster_type": {"eq", "neq", "oeq"}, "cloud_gateway": {"eq"},
		}[fieldName]
		if get == nil || !slices.Contains(ops, op) {
			bad = append(bad, invalidParam{Field: key, Rule: "invalid", Reason: "unsupported filter"})
			continue
		}
		switch op {
		case "eq":
			preds = append(preds, func(c *controlPlane) bool { return get(c) == val })
		case "neq":
			preds = append(preds, func(c *controlPlane) bool { return get(c) != val })
		case "contains":
			preds = append(preds, func(c *controlPlane) bool { return strings.Contains(get(c), val) })
		case "oeq":
			vals := strings.Split(val, ",")
			preds = append(preds, func(c *controlPlane) bool { return slices.Contains(vals, get(c)) })
		}
	}
	if len(bad) > 0 {
		return f.badRequest(bad...)
	}
	for _, raw := range q["labels"] {
		// "key:value,existCheck": every term must hold; a bare key asks that the label is set.
		for _, term := range strings.Split(raw, ",") {
			k, v, withValue := strings.Cut(term, ":")
			if k == "" {
				return f.badRequest(invalidParam{Field: "labels", Rule: "is_label", Reason: "must be key:value or key, comma-separated"})
			}
			preds = append(preds, func(c *controlPlane) bool { lv, has := c.labels[k]; return has && (!withValue || lv == v) })
		}
	}
	var matched []*controlPlane
	for _, cp := range f.cpList {
		if !slices.ContainsFunc(preds, func(p func(*controlPlane) bool) bool { return !p(cp) }) {
			matched = append(matched, cp)
		}
	}
	switch strings.TrimSpace(q.Get("sort")) {
	case "", "created_at":
	case "created_at desc":
		slices.Reverse(matched)
	case "name":
		sort.SliceStable(matched, func(i, j int) bool { return matched[i].name < matched[j].name })
	case "name desc":
		sort.SliceStable(matched, func(i, j int) bool { return matched[i].name > matched[j].name })
	default:
		return f.badRequest(invalidParam{Field: "sort", Rule: "invalid", Reason: "unsupported sort"})
	}
	data := []cpJSON{}
	for i := (number - 1) * size; i < len(matched) && i < number*size; i++ {
		data = append(data, matched[i].json())
	}
	return coreJSON(http.StatusOK, map[string]any{
		"meta": map[string]any{"page": map[string]any{"number": number, "size": size, "total": len(matched)}},
		"data": data,
	})
}

// serveRuntimeGroups is the legacy control-plane listing Kong's older tools call.
func (f *Family) serveRuntimeGroups(r *http.Request) response {
	if r.Method != http.MethodGet {
		return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET")
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	data := []map[string]string{}
	for _, cp := range f.cpList {
		data = append(data, map[string]string{"id": cp.id, "name": cp.name})
	}
	return coreJSON(http.StatusOK, map[string]any{"data": data, "page": 1, "pageCount": 1})
}
