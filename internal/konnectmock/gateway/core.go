package gateway

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Kong-style error bodies of the core-entities API.

type coreError struct {
	Code    int         `json:"code"`
	Message string      `json:"message"`
	Details []errDetail `json:"details,omitempty"`
}

func coreErr(status, code int, msg string, details ...errDetail) response {
	return coreJSON(status, coreError{Code: code, Message: msg, Details: details})
}

func notFound() response { return coreErr(http.StatusNotFound, 5, "not found") }

func validationError(details ...errDetail) response {
	return coreErr(http.StatusBadRequest, 3, "validation error", details...)
}

func constraintError(details ...errDetail) response {
	return coreErr(http.StatusBadRequest, 3, "data constraint error", details...)
}

func methodNotAllowed(allow ...string) response {
	return coreJSON(http.StatusMethodNotAllowed, map[string]any{"code": 12, "message": "Method Not Allowed", "details": []any{}}).
		With("Allow", strings.Join(allow, ", "))
}

func (f *Family) corePrecondition(msg string) response {
	return coreJSON(http.StatusPreconditionFailed, map[string]any{
		"code": 9, "message": "precondition failed", "status": 412, "detail": msg,
	})
}

// serveCore handles /v2/control-planes/{cp}/core-entities/{rest...}.
func (f *Family) serveCore(r *http.Request, cpID string, rest []string, body []byte) response {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	cp := f.cps[normalizeUUID(cpID)]
	if cp == nil || len(rest) == 0 {
		return notFound()
	}
	cs := cp.core
	if rest[0] == "v1" || rest[0] == "schemas" {
		return f.serveSchemaIn(cs, r, rest)
	}
	if rest[0] == "plugin-schemas" {
		return (&coreRequest{f: f, r: r, body: body, cs: cs}).pluginSchemas(rest[1:])
	}
	if slices.Contains(unmanagedCollections, rest[0]) {
		switch {
		case len(rest) == 1 && r.Method == http.MethodGet:
			return coreJSON(http.StatusOK, map[string]any{"data": []any{}, "next": nil})
		case len(rest) == 2 && r.Method == http.MethodGet:
			return notFound()
		}
		return notFound()
	}
	k := kindIndex[rest[0]]
	if k == nil {
		return notFound()
	}
	req := &coreRequest{f: f, r: r, body: body, cs: cs}
	switch len(rest) {
	case 1:
		return req.collection(k, "", nil)
	case 2:
		return req.entity(k, rest[1], "", nil)
	case 3, 4:
		parent := cs.lookup(k, rest[1], "", nil)
		switch {
		case k.name == "consumer_groups" && rest[2] == "consumers":
			if parent == nil {
				return notFound()
			}
			return req.members(parent, rest[3:])
		case k.name == "consumers" && rest[2] == "consumer_groups":
			if parent == nil {
				return notFound()
			}
			return req.groupsOf(parent, rest[3:])
		}
		child := kindIndex[rest[2]]
		if child == nil || child.parents[k.name] == "" {
			return notFound()
		}
		if parent == nil {
			return notFound()
		}
		pf := child.parents[k.name]
		if len(rest) == 3 {
			return req.collection(child, pf, parent)
		}
		return req.entity(child, rest[3], pf, parent)
	}
	return notFound()
}

type coreRequest struct {
	f    *Family
	r    *http.Request
	body []byte
	cs   *coreStore
}

func (c *coreRequest) collection(k *kind, pf string, parent *entity) response {
	switch c.r.Method {
	case http.MethodGet:
		var set *orderedSet
		if parent != nil {
			set = c.cs.kinds[k.name].referencing(pf, parent.id)
		} else {
			set = &c.cs.kinds[k.name].all
		}
		return c.list(k, set, parent == nil)
	case http.MethodPost:
		return c.create(k, pf, parent)
	}
	return methodNotAllowed("GET", "POST")
}

func (c *coreRequest) entity(k *kind, seg string, pf string, parent *entity) response {
	switch c.r.Method {
	case http.MethodGet:
		e := c.cs.lookup(k, seg, pf, parent)
		if e == nil {
			return notFound()
		}
		if k.name == "consumer_groups" {
			return c.f.withETag(coreJSON(http.StatusOK, c.groupWrapper(e)), etag(e.id, e.rev))
		}
		if k.name == "plugins" && c.r.URL.Query().Get("expand_partials") == "true" {
			return c.f.withETag(coreJSON(http.StatusOK, expandedPlugin(c.cs, e)), etag(e.id, e.rev))
		}
		return c.f.withETag(coreJSON(http.StatusOK, e.obj), etag(e.id, e.rev))
	case http.MethodPut:
		if k.noPut {
			return methodNotAllowed("GET", "DELETE")
		}
		return c.upsert(k, seg, pf, parent)
	case http.MethodDelete:
		return c.delete(k, seg, pf, parent)
	}
	if k.noPut {
		return methodNotAllowed("GET", "DELETE")
	}
	return methodNotAllowed("GET", "PUT", "DELETE")
}

func (c *coreRequest) decode() (map[string]any, response, bool) {
	if len(bytes.TrimSpace(c.body)) == 0 {
		return map[string]any{}, response{}, true
	}
	dec := json.NewDecoder(bytes.NewReader(c.body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, validationError(entityErr("invalid JSON body: " + err.Error())), false
	}
	if dec.More() {
		return nil, validationError(entityErr("invalid JSON body: trailing data")), false
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, validationError(entityErr("expected object, but got " + jsonTypeName(v))), false
	}
	return m, response{}, true
}

func (c *coreRequest) create(k *kind, pf string, parent *entity) response {
	in, bad, ok := c.decode()
	if !ok {
		return bad
	}
	if parent != nil {
		in[pf] = map[string]any{"id": parent.id}
	}
	id := newUUID()
	if raw, present := in["id"]; present && raw != nil {
		s, ok := raw.(string)
		if !ok || !isUUID(s) {
			return validationError(fieldErr("id", "must be a valid UUID"))
		}
		id = strings.ToLower(s)
		if c.cs.kinds[k.name].byID[id] != nil {
			return constraintError(refErr("id", "id (type: unique) constraint failed"))
		}
	}
	obj, bad := c.assemble(k, id, nil, in)
	if obj == nil {
		return bad
	}
	e := c.insert(k, id, obj)
	return c.f.withETag(coreJSON(http.StatusCreated, e.obj), etag(e.id, e.rev))
}

func (c *coreRequest) upsert(k *kind, seg, pf string, parent *entity) response {
	ex := c.cs.lookup(k, seg, pf, parent)
	current := ""
	if ex != nil {
		current = etag(ex.id, ex.rev)
	}
	if failed, msg := c.f.preconditionFailed(c.r, current); failed {
		return c.f.corePrecondition(msg)
	}
	in, bad, ok := c.decode()
	if !ok {
		return bad
	}
	if parent != nil {
		in[pf] = map[string]any{"id": parent.id}
	}
	var bodyID string
	if raw, present := in["id"]; present && raw != nil {
		s, ok := raw.(string)
		if !ok || !isUUID(s) {
			return validationError(fieldErr("id", "must be a valid UUID"))
		}
		bodyID = strings.ToLower(s)
	}
	var id string
	switch {
	case ex != nil:
		id = ex.id
		if bodyID != "" && bodyID != id {
			return validationError(fieldErr("id", "the id in the body ("+bodyID+") does not match the entity at this path ("+id+")"))
		}
		if seg != ex.id && k.nameField != "" && in[k.nameField] == nil {
			in[k.nameField] = seg // PUT /services/{name} keeps the name it was addressed by
		}
	case isUUID(seg):
		id = strings.ToLower(seg)
		if bodyID != "" && bodyID != id {
			return validationError(fieldErr("id", "the id in the body ("+bodyID+") does not match the id in the path ("+id+")"))
		}
		if c.cs.kinds[k.name].byID[id] != nil { // exists, but under another parent
			return constraintError(refErr("id", "id (type: unique) constraint failed"))
		}
	default:
		if k.nameField == "" {
			return validationError(fieldErr("id", "must be a valid UUID"))
		}
		if name, present := in[k.nameField]; present && name != nil && name != seg {
			return validationError(fieldErr(k.nameField, "the "+k.nameField+" in the body does not match the "+k.nameField+" in the path ("+seg+")"))
		}
		in[k.nameField] = seg
		id = newUUID()
		if bodyID != "" {
			id = bodyID
			if c.cs.kinds[k.name].byID[id] != nil {
				return constraintError(refErr("id", "id (type: unique) constraint failed"))
			}
		}
	}
	obj, bad := c.assemble(k, id, ex, in)
	if obj == nil {
		return bad
	}
	var e *entity
	if ex != nil {
		e = c.replace(ex, obj)
	} else {
		e = c.insert(k, id, obj)
	}
	return c.f.withETag(coreJSON(http.StatusOK, e.obj), etag(e.id, e.rev))
}

func (c *coreRequest) delete(k *kind, seg, pf string, parent *entity) response {
	ex := c.cs.lookup(k, seg, pf, parent)
	current := ""
	if ex != nil {
		current = etag(ex.id, ex.rev)
	}
	if failed, msg := c.f.preconditionFailed(c.r, current); failed {
		return c.f.corePrecondition(msg)
	}
	if ex == nil {
		return noContent()
	}
	closure, restr := c.cs.deleteClosure(ex)
	if restr != nil {
		f := restr.field.name + ".id"
		return constraintError(refErr(f, fmt.Sprintf(
			"%s (type: foreign) constraint failed: an existing '%s' entity (id %s) references this '%s' entity",
			f, restr.by.kind.name, restr.by.id, restr.target.kind.name)))
	}
	for _, e := range closure {
		if e.kind.refuseDelete != nil {
			if d := e.kind.refuseDelete(c.cs, e); d != nil {
				return constraintError(*d)
			}
		}
	}
	c.cs.remove(closure)
	return noContent()
}

var ignoredInput = map[string]bool{"id": true, "created_at": true, "updated_at": true}

// assemble validates input into the complete stored object, or returns the error response.
func (c *coreRequest) assemble(k *kind, id string, ex *entity, in map[string]any) (map[string]any, response) {
	if k.prepare != nil {
		if errs := k.prepare(in); len(errs) > 0 {
			return nil, validationError(errs...)
		}
	}
	v := &validator{}
	if k.variantOf != nil {
		v.variant = k.variantOf(in)
	}
	obj := v.record(k.fields, in, "", false, ignoredInput)
	if len(v.missing) > 0 {
		v.errs = append(v.errs, missingErr(v.missing))
	}
	if len(v.errs) == 0 && k.finish != nil {
		k.finish(&build{cs: c.cs, k: k, id: id, existing: ex, in: in, obj: obj, v: v})
	}
	if len(v.errs) > 0 {
		return nil, validationError(v.errs...)
	}
	for _, f := range k.fields {
		if f.typ != tForeign {
			continue
		}
		if rid := refID(obj[f.name]); rid != "" && c.cs.byID(f.ref, rid) == nil {
			p := f.name + ".id"
			return nil, constraintError(refErr(p, p+" (type: foreign) constraint failed"))
		}
	}
	ks := c.cs.kinds[k.name]
	for _, f := range k.fields {
		if !f.unique {
			continue
		}
		if sv, ok := obj[f.name].(string); ok {
			if other := ks.unique[f.name][sv]; other != nil && other.id != id {
				return nil, constraintError(refErr(f.name, f.name+" (type: unique) constraint failed"))
			}
		}
	}
	if k.composite != nil {
		if key, fname := k.composite(obj); key != "" {
			if other := ks.composite[key]; other != nil && other.id != id {
				return nil, constraintError(refErr(fname, fname+" (type: unique) constraint failed"))
			}
		}
	}
	now := c.f.now()
	var ts any = now.Unix()
	if k.fractionalTS {
		ts = float64(now.UnixMilli()) / 1000
	}
	obj["id"] = id
	obj["created_at"] = ts
	if ex != nil {
		obj["created_at"] = ex.obj["created_at"]
	}
	if !k.noUpdatedAt {
		obj["updated_at"] = ts
	}
	return obj, response{}
}

func (c *coreRequest) insert(k *kind, id string, obj map[string]any) *entity {
	e := &entity{seq: c.f.nextSeq(), id: id, kind: k, obj: obj}
	e.rev = e.seq
	c.cs.kinds[k.name].index(e)
	if k.afterWrite != nil {
		k.afterWrite(c.cs, e)
	}
	return e
}

func (c *coreRequest) replace(e *entity, obj map[string]any) *entity {
	ks := c.cs.kinds[e.kind.name]
	ks.unindex(e)
	if e.kind.afterDelete != nil { // let derived data forget the old version
		e.kind.afterDelete(c.cs, &entity{seq: e.seq, id: e.id, kind: e.kind, obj: e.obj, rev: e.rev})
	}
	e.obj = obj
	e.rev = c.f.nextSeq()
	ks.index(e)
	if e.kind.afterWrite != nil {
		e.kind.afterWrite(c.cs, e)
	}
	return e
}

// list pages through set in creation order. Cost is proportional to the entities
// scanned, which is the page plus whatever filters skip.
func (c *coreRequest) list(k *kind, set *orderedSet, topLevel bool) response {
	q := c.r.URL.Query()
	size := 100
	if raw := q.Get("size"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 1000 {
			return validationError(fieldErr("size", "size must be an integer between 1 and 1000"))
		}
		size = n
	}
	var start uint64
	if raw := q.Get("offset"); raw != "" {
		b, err := base64.RawURLEncoding.DecodeString(raw)
		n, perr := strconv.ParseUint(strings.TrimPrefix(string(b), "seq:"), 10, 64)
		if err != nil || perr != nil || !strings.HasPrefix(string(b), "seq:") {
			return validationError(fieldErr("offset", "invalid offset"))
		}
		start = n
	}
	match, fast := c.filter(k, q)
	if fast != nil && topLevel {
		set = fast
	}
	data := []any{}
	var next *entity
	if set != nil {
		for _, e := range set.items[set.search(start):] {
			c.f.scanned.Add(1)
			if !match(e) {
				continue
			}
			if len(data) == size {
				next = e
				break
			}
			data = append(data, e.obj)
		}
	}
	if next == nil {
		return coreJSON(http.StatusOK, map[string]any{"data": data, "next": nil})
	}
	offset := base64.RawURLEncoding.EncodeToString([]byte("seq:" + strconv.FormatUint(next.seq, 10)))
	nq := url.Values{}
	for key, vals := range q {
		if key != "offset" {
			nq[key] = vals
		}
	}
	nq.Set("offset", offset)
	nextURL := c.r.URL.EscapedPath() + "?" + nq.Encode()
	return coreJSON(http.StatusOK, map[string]any{"data": data, "next": nextURL, "offset": offset})
}

// filter builds the tags and filter[name][eq] predicate; for a unique name field
// it also returns the one-element set to scan instead of the whole collection.
func (c *coreRequest) filter(k *kind, q url.Values) (func(*entity) bool, *orderedSet) {
	var preds []func(*entity) bool
	var fast *orderedSet
	if raw := q.Get("tags"); raw != "" {
		either := strings.Contains(raw, "/")
		want := strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == '/' })
		preds = append(preds, func(e *entity) bool {
			tags, _ := e.obj["tags"].([]any)
			for _, w := range want {
				has := slices.Contains(tags, any(w))
				if either && has {
					return true
				}
				if !either && !has {
					return false
				}
			}
			return !either
		})
	}
	eq := func(f, want string) {
		preds = append(preds, func(e *entity) bool { s, _ := e.obj[f].(string); return s == want })
		if idx := c.cs.kinds[k.name].unique[f]; idx != nil && fast == nil {
			fast = &orderedSet{}
			if e := idx[want]; e != nil {
				fast.add(e)
			}
		}
	}
	if k.filterField != "" {
		for _, key := range []string{"filter[name][eq]", "filter[name]", "filter[" + k.filterField + "][eq]"} {
			if want := q.Get(key); want != "" {
				eq(k.filterField, want)
				break
			}
		}
	}
	// Kong's ?custom_id=… style lookups on unique fields
	for _, f := range k.fields {
		if want := q.Get(f.name); f.unique && want != "" {
			eq(f.name, want)
		}
	}
	return func(e *entity) bool {
		for _, p := range preds {
			if !p(e) {
				return false
			}
		}
		return true
	}, fast
}
