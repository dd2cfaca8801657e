package gateway

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// Platform-side collections of a control plane: data-plane client certificates,
// config stores and their secrets, and control plane group memberships. They answer
// in the platform style (problem+json errors), each in the envelope Konnect uses.

type dpCert struct {
	ID        string  `json:"id"`
	Cert      string  `json:"cert"`
	Title     *string `json:"title"`
	CreatedAt int64   `json:"created_at"`
	UpdatedAt int64   `json:"updated_at"`
}

type configStore struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	CreatedAt time.Time      `json:"created_at"`
	UpdatedAt time.Time      `json:"updated_at"`
	Secrets   []*storeSecret `json:"secrets"`
}

type storeSecret struct {
	Key       string    `json:"key"`
	Value     string    `json:"value"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

func (cs *configStore) json() map[string]any {
	return map[string]any{"id": cs.ID, "name": cs.Name,
		"created_at": cs.CreatedAt.UTC().Format(rfc3339Millis), "updated_at": cs.UpdatedAt.UTC().Format(rfc3339Millis)}
}

// json never carries the value: Konnect does not return a secret in clear.
func (sec *storeSecret) json() map[string]any {
	return map[string]any{"key": sec.Key,
		"created_at": sec.CreatedAt.UTC().Format(rfc3339Millis), "updated_at": sec.UpdatedAt.UTC().Format(rfc3339Millis)}
}

var platformSubcollections = []string{"dp-client-certificates", "config-stores", "group-memberships"}

// servePlatformSub serves /v2/control-planes/{cp}/{collection}/…; the lock is held.
func (f *Family) servePlatformSub(r *http.Request, cp *controlPlane, rest []string, body []byte) response {
	switch rest[0] {
	case "dp-client-certificates":
		return f.serveDPCerts(r, cp, rest[1:], body)
	case "config-stores":
		return f.serveConfigStores(r, cp, rest[1:], body)
	case "group-memberships":
		return f.serveGroupMemberships(r, cp, rest[1:], body)
	}
	return f.problem(http.StatusNotFound, "Not Found", nil)
}

// platformBody decodes a platform body, refusing unknown properties and checking required strings.
func (f *Family) platformBody(body []byte, allowed []string, required ...string) (map[string]any, *response) {
	in, err := decodeLoose(body)
	if err != nil {
		r := f.problem(http.StatusBadRequest, "Invalid request body: "+err.Error(), nil)
		return nil, &r
	}
	var bad []invalidParam
	for _, k := range slices.Sorted(maps.Keys(in)) {
		if !slices.Contains(allowed, k) {
			bad = append(bad, invalidParam{Field: k, Rule: "unknown_property", Reason: "is an unknown property"})
		} else if _, ok := in[k].(string); !ok && in[k] != nil && k != "members" {
			bad = append(bad, invalidParam{Field: k, Rule: "is_string", Reason: "must be a string"})
		}
	}
	for _, k := range required {
		if sv, _ := in[k].(string); sv == "" && k != "members" {
			bad = append(bad, invalidParam{Field: k, Rule: "required", Reason: "is a required field"})
		}
	}
	if len(bad) > 0 {
		r := f.badRequest(bad...)
		return nil, &r
	}
	return in, nil
}

func (f *Family) serveDPCerts(r *http.Request, cp *controlPlane, rest []string, body []byte) response {
	if len(rest) == 0 {
		switch r.Method {
		case http.MethodGet:
			items := []any{}
			for _, c := range cp.dpCerts {
				items = append(items, c)
			}
			return coreJSON(http.StatusOK, map[string]any{"items": items, "page": map[string]any{"total": len(items)}})
		case http.MethodPost:
			in, bad := f.platformBody(body, []string{"cert", "title"}, "cert")
			if bad != nil {
				return *bad
			}
			if resp, ok := f.checkDPCert(in); !ok {
				return resp
			}
			now := f.now().Unix()
			c := &dpCert{ID: newUUID(), CreatedAt: now}
			f.fillDPCert(c, in, now)
			cp.dpCerts = append(cp.dpCerts, c)
			return coreJSON(http.StatusCreated, map[string]any{"item": c})
		}
		return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, POST")
	}
	i := slices.IndexFunc(cp.dpCerts, func(c *dpCert) bool { return c.ID == normalizeUUID(rest[0]) })
	if len(rest) != 1 || i < 0 {
		return f.problem(http.StatusNotFound, "DataPlaneClientCertificate not found", nil)
	}
	c := cp.dpCerts[i]
	switch r.Method {
	case http.MethodGet:
		return coreJSON(http.StatusOK, map[string]any{"item": c})
	case http.MethodPut:
		in, bad := f.platformBody(body, []string{"cert", "title"}, "cert")
		if bad != nil {
			return *bad
		}
		if resp, ok := f.checkDPCert(in); !ok {
			return resp
		}
		f.fillDPCert(c, in, f.now().Unix())
		return coreJSON(http.StatusOK, map[string]any{"item": c})
	case http.MethodDelete:
		cp.dpCerts = slices.Delete(cp.dpCerts, i, i+1)
		return noContent()
	}
	return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, PUT, DELETE")
}

func (f *Family) checkDPCert(in map[string]any) (response, bool) {
	pem, _ := in["cert"].(string)
	if _, err := parseCert(pem); err != nil {
		return f.badRequest(invalidParam{Field: "cert", Rule: "invalid", Reason: "invalid certificate: " + err.Error()}), false
	}
	return response{}, true
}

func (f *Family) fillDPCert(c *dpCert, in map[string]any, now int64) {
	c.Cert, _ = in["cert"].(string)
	c.Title = nil
	if t, ok := in["title"].(string); ok {
		c.Title = &t
	}
	c.UpdatedAt = now
}

// platformPage wraps items in the platform's page-number envelope (one page).
func platformPage(items []any) map[string]any {
	return map[string]any{"data": items, "meta": map[string]any{"page": map[string]any{"number": 1, "size": max(len(items), 10), "total": len(items)}}}
}

func (f *Family) serveConfigStores(r *http.Request, cp *controlPlane, rest []string, body []byte) response {
	if len(rest) == 0 {
		switch r.Method {
		case http.MethodGet:
			items := []any{}
			for _, st := range cp.configStores {
				items = append(items, st.json())
			}
			return coreJSON(http.StatusOK, platformPage(items))
		case http.MethodPost:
			in, bad := f.platformBody(body, []string{"name"}, "name")
			if bad != nil {
				return *bad
			}
			now := f.now()
			name, _ := in["name"].(string) // platformBody checked it is a string
			st := &configStore{ID: newUUID(), Name: name, CreatedAt: now, UpdatedAt: now, Secrets: []*storeSecret{}}
			cp.configStores = append(cp.configStores, st)
			return coreJSON(http.StatusCreated, st.json())
		}
		return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, POST")
	}
	i := slices.IndexFunc(cp.configStores, func(st *configStore) bool { return st.ID == normalizeUUID(rest[0]) })
	if i < 0 {
		return f.problem(http.StatusNotFound, "ConfigStore not found", nil)
	}
	st := cp.configStores[i]
	if len(rest) >= 2 && rest[1] == "secrets" {
		return f.serveSecrets(r, st, rest[2:], body)
	}
	if len(rest) != 1 {
		return f.problem(http.StatusNotFound, "Not Found", nil)
	}
	switch r.Method {
	case http.MethodGet:
		return coreJSON(http.StatusOK, st.json())
	case http.MethodPut:
		in, bad := f.platformBody(body, []string{"name"}, "name")
		if bad != nil {
			return *bad
		}
		name, _ := in["name"].(string) // platformBody checked it is a string
		st.Name, st.UpdatedAt = name, f.now()
		return coreJSON(http.StatusOK, st.json())
	case http.MethodDelete:
		cp.configStores = slices.Delete(cp.configStores, i, i+1)
		return noContent()
	}
	return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, PUT, DELETE")
}

func (f *Family) serveSecrets(r *http.Request, st *configStore, rest []string, body []byte) response {
	if len(rest) == 0 {
		switch r.Method {
		case http.MethodGet:
			items := []any{}
			for _, sec := range st.Secrets {
				items = append(items, sec.json())
			}
			return coreJSON(http.StatusOK, platformPage(items))
		case http.MethodPost:
			in, bad := f.platformBody(body, []string{"key", "value"}, "key", "value")
			if bad != nil {
				return *bad
			}
			key, _ := in["key"].(string) // platformBody checked both are strings
			value, _ := in["value"].(string)
			if slices.ContainsFunc(st.Secrets, func(sec *storeSecret) bool { return sec.Key == key }) {
				return f.problem(http.StatusConflict, "a secret with key '"+key+"' already exists in this config store", nil)
			}
			now := f.now()
			sec := &storeSecret{Key: key, Value: value, CreatedAt: now, UpdatedAt: now}
			st.Secrets = append(st.Secrets, sec)
			return coreJSON(http.StatusCreated, sec.json())
		}
		return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, POST")
	}
	if len(rest) != 1 {
		return f.problem(http.StatusNotFound, "Not Found", nil)
	}
	i := slices.IndexFunc(st.Secrets, func(sec *storeSecret) bool { return sec.Key == rest[0] })
	switch r.Method {
	case http.MethodGet:
		if i < 0 {
			return f.problem(http.StatusNotFound, "ConfigStoreSecret not found", nil)
		}
		return coreJSON(http.StatusOK, st.Secrets[i].json())
	case http.MethodPut:
		in, bad := f.platformBody(body, []string{"value"}, "value")
		if bad != nil {
			return *bad
		}
		now := f.now()
		if i < 0 {
			st.Secrets = append(st.Secrets, &storeSecret{Key: rest[0], CreatedAt: now})
			i = len(st.Secrets) - 1
		}
		value, _ := in["value"].(string) // platformBody checked it is a string
		st.Secrets[i].Value, st.Secrets[i].UpdatedAt = value, now
		return coreJSON(http.StatusOK, st.Secrets[i].json())
	case http.MethodDelete:
		if i < 0 {
			return f.problem(http.StatusNotFound, "ConfigStoreSecret not found", nil)
		}
		st.Secrets = slices.Delete(st.Secrets, i, i+1)
		return noContent()
	}
	return f.problem(http.StatusMethodNotAllowed, "Method Not Allowed", nil).With("Allow", "GET, PUT, DELETE")
}

// groupOf returns the group a control plane belongs to, or nil.
func (f *Family) groupOf(id string) *controlPlane {
	for _, g := range f.cpList {
		if slices.Contains(g.members, id) {
			return g
		}
	}
	return nil
}

func (f *Family) serveGroupMemberships(r *http.Request, g *controlPlane, rest []string, body []byte) response {
	if g.clusterType != "CLUSTER_TYPE_CONTROL_PLANE_GROUP" {
		return f.badRequest(invalidParam{Field: "id", Rule: "invalid",
			Reason: "control plane " + g.id + " is not a control plane group (cluster_type " + g.clusterType + ")"})
	}
	switch {
	case len(rest) == 0 && r.Method == http.MethodGet:
		items := []any{}
		for _, id := range g.members {
			items = append(items, map[string]any{"id": id})
		}
		return coreJSON(http.StatusOK, platformPage(items))
	case len(rest) == 1 && (rest[0] == "add" || rest[0] == "remove") && r.Method == http.MethodPost:
	default:
		return f.problem(http.StatusNotFound, "Not Found", nil)
	}
	in, bad := f.platformBody(body, []string{"members"}, "members")
	if bad != nil {
		return *bad
	}
	arr, ok := in["members"].([]any)
	if !ok {
		return f.badRequest(invalidParam{Field: "members", Rule: "required", Reason: "must be an array of {\"id\": \"<control plane id>\"}"})
	}
	var ids []string
	var params []invalidParam
	for i, it := range arr {
		field := "members[" + strconv.Itoa(i) + "].id"
		m, _ := it.(map[string]any)
		id, _ := m["id"].(string)
		member := f.cps[normalizeUUID(id)]
		switch {
		case !isUUID(id):
			params = append(params, invalidParam{Field: field, Rule: "is_uuid", Reason: "must be a valid UUID"})
		case member == nil:
			params = append(params, invalidParam{Field: field, Rule: "invalid", Reason: "control plane " + id + " does not exist"})
		case rest[0] == "remove":
			ids = append(ids, member.id)
		case member.clusterType != "CLUSTER_TYPE_HYBRID":
			params = append(params, invalidParam{Field: field, Rule: "invalid",
				Reason: fmt.Sprintf("control plane %s has cluster_type %s; a group member must be CLUSTER_TYPE_HYBRID", member.id, member.clusterType)})
		default:
			if other := f.groupOf(member.id); other != nil && other != g {
				params = append(params, invalidParam{Field: field, Rule: "invalid",
					Reason: fmt.Sprintf("control plane %s is already a member of group %s", member.id, other.id)})
				continue
			}
			ids = append(ids, member.id)
		}
	}
	if len(params) > 0 {
		return f.badRequest(params...)
	}
	for _, id := range ids {
		has := slices.Contains(g.members, id)
		switch {
		case rest[0] == "add" && !has:
			g.members = append(g.members, id)
		case rest[0] == "remove" && has:
			g.members = slices.DeleteFunc(g.members, func(m string) bool { return m == id })
		}
	}
	return noContent()
}
