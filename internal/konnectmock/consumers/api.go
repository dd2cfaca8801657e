package consumers

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// consumerTypes are the types the spec lists for a consumer.
var consumerTypes = []string{"proxy", "developer", "admin", "application"}

// cursorList answers a cursor-paged listing of views: page[size] (default 100, at most
// 1000), page[after] (the cursor of meta.next); meta is {"next", "previous", "size"}, next
// null on the last page. keep carries the query's other parameters into next.
func cursorList(c *call, views []map[string]any, keep url.Values) mockcore.Response {
	q := c.r.URL.Query()
	size, start := 100, 0
	if raw := q.Get("page[size]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 1000 {
			return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "page[size]", Rule: "invalid", Source: "query", Reason: "must be an integer between 1 and 1000"})
		}
		size = n
	}
	if raw := q.Get("page[after]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 {
			return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "page[after]", Rule: "invalid", Source: "query", Reason: "is not a cursor"})
		}
		start = n
	}
	page := []map[string]any{}
	if start < len(views) {
		page = views[start:min(start+size, len(views))]
	}
	var next any
	if start+size < len(views) {
		nq := url.Values{"page[after]": {strconv.Itoa(start + size)}, "page[size]": {strconv.Itoa(size)}}
		for k, v := range keep {
			nq[k] = v
		}
		next = c.r.URL.Path + "?" + nq.Encode()
	}
	return mockcore.JSON(http.StatusOK, map[string]any{"data": page, "meta": map[string]any{"next": next, "previous": nil, "size": size}})
}

// strs is a list as JSON answers it: [] for none.
func strs(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

// unique refuses a list with a value twice (the spec's uniqueItems).
func unique(b *mockcore.Body, field string, v []string) {
	for i, s := range v {
		if slices.Contains(v[:i], s) {
			b.Fail(field, "invalid", "must not hold "+strconv.Quote(s)+" twice")
			return
		}
	}
}

// --- realms

func realmView(r *realm) map[string]any {
	return map[string]any{"id": r.ID, "name": r.Name, "ttl": r.TTL, "negative_ttl": r.NegativeTTL,
		"consumer_groups": strs(r.ConsumerGroups), "allowed_control_planes": strs(r.AllowedControlPlanes),
		"allow_all_control_planes": r.AllowAllControlPlanes,
		"created_at":               mockcore.FormatTime(r.CreatedAt), "updated_at": mockcore.FormatTime(r.UpdatedAt)}
}

var realmFields = []string{"name", "ttl", "negative_ttl", "consumer_groups", "allowed_control_planes", "allow_all_control_planes"}

func listRealms(c *call) mockcore.Response {
	views := []map[string]any{}
	for _, r := range c.f.st.Realms {
		views = append(views, realmView(r))
	}
	return cursorList(c, views, nil)
}

// applyRealm reads a realm's fields from a create (name required) or a PATCH (none null)
// into r.
func applyRealm(b *mockcore.Body, r *realm, create bool) {
	if !create {
		for _, k := range realmFields {
			b.NotNull(k)
		}
	}
	if v := b.String("name", create, 1, 0); v != nil {
		r.Name = *v
	}
	if v := b.Int("ttl", false, 5, 1<<31); v != nil {
		r.TTL = *v
	}
	if v := b.Int("negative_ttl", false, 5, 1<<31); v != nil {
		r.NegativeTTL = *v
	}
	if v, ok := b.Strings("consumer_groups", false); ok {
		unique(b, "consumer_groups", v)
		r.ConsumerGroups = v
	}
	if v, ok := b.Strings("allowed_control_planes", false); ok {
		unique(b, "allowed_control_planes", v)
		r.AllowedControlPlanes = v
	}
	if v := b.Bool("allow_all_control_planes", false); v != nil {
		r.AllowAllControlPlanes = *v
	}
}

func createRealm(c *call) mockcore.Response {
	b, bad := c.body(realmFields...)
	if bad != nil {
		return *bad
	}
	now := c.f.now()
	r := &realm{ID: mockcore.NewUUID(), TTL: 10, NegativeTTL: 10, ConsumerGroups: []string{}, AllowedControlPlanes: []string{},
		CreatedAt: now, UpdatedAt: now}
	applyRealm(b, r, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	c.f.st.Realms = append(c.f.st.Realms, r)
	return mockcore.JSON(http.StatusCreated, realmView(r))
}

func getRealm(c *call) mockcore.Response {
	r := c.pathRealm()
	if r == nil {
		return c.notFound()
	}
	return mockcore.JSON(http.StatusOK, realmView(r))
}

func patchRealm(c *call) mockcore.Response {
	r := c.pathRealm()
	if r == nil {
		return c.notFound()
	}
	b, bad := c.body(realmFields...)
	if bad != nil {
		return *bad
	}
	next := *r
	applyRealm(b, &next, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	next.UpdatedAt = c.f.now()
	*r = next
	return mockcore.JSON(http.StatusOK, realmView(r))
}

// deleteRealm deletes an empty realm; one holding consumers only with ?force=true, which
// deletes them and their keys too.
func deleteRealm(c *call) mockcore.Response {
	r := c.pathRealm()
	if r == nil {
		return c.notFound()
	}
	force := c.r.URL.Query().Get("force")
	if force != "" && force != "true" && force != "false" {
		return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "force", Rule: "enum", Choices: []string{"true", "false"}, Source: "query", Reason: "must be one of true, false"})
	}
	st := c.f.st
	held := slices.ContainsFunc(st.Consumers, func(x *consumer) bool { return x.RealmID == r.ID })
	if held && force != "true" {
		return c.badRequest("Realm is not empty: delete its consumers first, or delete it with force=true",
			mockcore.InvalidParam{Field: "force", Rule: "invalid", Source: "query", Reason: "the realm holds consumers"})
	}
	st.Keys = slices.DeleteFunc(st.Keys, func(k *key) bool { return k.RealmID == r.ID })
	st.Consumers = slices.DeleteFunc(st.Consumers, func(x *consumer) bool { return x.RealmID == r.ID })
	st.Realms = slices.DeleteFunc(st.Realms, func(x *realm) bool { return x == r })
	return mockcore.NoContent()
}

// --- consumers

func consumerView(x *consumer) map[string]any {
	var custom any
	if x.CustomID != nil {
		custom = *x.CustomID
	}
	return map[string]any{"id": x.ID, "username": x.Username, "custom_id": custom, "type": x.Type,
		"tags": strs(x.Tags), "consumer_groups": strs(x.ConsumerGroups),
		"created_at": mockcore.FormatTime(x.CreatedAt), "updated_at": mockcore.FormatTime(x.UpdatedAt)}
}

var consumerFields = []string{"username", "custom_id", "type", "tags", "consumer_groups"}

// listConsumers filters on username and custom_id (filter[f]=v or filter[f][eq]=v).
func listConsumers(c *call) mockcore.Response {
	r := c.pathRealm()
	if r == nil {
		return c.notFound()
	}
	q := c.r.URL.Query()
	keep := url.Values{}
	want := map[string]string{}
	for _, f := range []string{"username", "custom_id"} {
		for _, k := range []string{"filter[" + f + "]", "filter[" + f + "][eq]"} {
			if v, ok := q[k]; ok {
				want[f], keep[k] = v[0], v
			}
		}
	}
	views := []map[string]any{}
	for _, x := range c.f.st.Consumers {
		if x.RealmID != r.ID {
			continue
		}
		if u, ok := want["username"]; ok && x.Username != u {
			continue
		}
		if id, ok := want["custom_id"]; ok && (x.CustomID == nil || *x.CustomID != id) {
			continue
		}
		views = append(views, consumerView(x))
	}
	return cursorList(c, views, keep)
}

// applyConsumer reads a consumer's fields from a create (username required) or a PATCH
// (custom_id and consumer_groups may be null) into x.
func applyConsumer(b *mockcore.Body, x *consumer, create bool) {
	if !create {
		for _, k := range []string{"username", "type", "tags"} {
			b.NotNull(k)
		}
	}
	if v := b.String("username", create, 1, 0); v != nil {
		x.Username = *v
	}
	if b.Null("custom_id") {
		x.CustomID = nil
	} else if v := b.String("custom_id", false, 1, 0); v != nil {
		x.CustomID = v
	}
	if v := b.Enum("type", false, consumerTypes); v != nil {
		x.Type = *v
	}
	if v, ok := b.Strings("tags", false); ok {
		unique(b, "tags", v)
		x.Tags = v
	}
	if b.Null("consumer_groups") {
		x.ConsumerGroups = []string{}
	} else if v, ok := b.Strings("consumer_groups", false); ok {
		unique(b, "consumer_groups", v)
		x.ConsumerGroups = v
	}
}

// usernameTaken answers a username another consumer of the realm has.
func (c *call) usernameTaken(x *consumer) *mockcore.Response {
	for _, o := range c.f.st.Consumers {
		if o.RealmID == x.RealmID && o.ID != x.ID && o.Username == x.Username {
			resp := c.f.env.Problem(http.StatusConflict, "Consumer with username "+strconv.Quote(x.Username)+" already exists in this realm")
			return &resp
		}
	}
	return nil
}

func createConsumer(c *call) mockcore.Response {
	r := c.pathRealm()
	if r == nil {
		return c.notFound()
	}
	b, bad := c.body(consumerFields...)
	if bad != nil {
		return *bad
	}
	now := c.f.now()
	x := &consumer{ID: mockcore.NewUUID(), RealmID: r.ID, Type: "proxy", Tags: []string{}, ConsumerGroups: []string{}, CreatedAt: now, UpdatedAt: now}
	applyConsumer(b, x, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if taken := c.usernameTaken(x); taken != nil {
		return *taken
	}
	c.f.st.Consumers = append(c.f.st.Consumers, x)
	return mockcore.JSON(http.StatusCreated, consumerView(x))
}

func getConsumer(c *call) mockcore.Response {
	x := c.pathConsumer()
	if x == nil {
		return c.notFound()
	}
	return mockcore.JSON(http.StatusOK, consumerView(x))
}

func patchConsumer(c *call) mockcore.Response {
	x := c.pathConsumer()
	if x == nil {
		return c.notFound()
	}
	b, bad := c.body(consumerFields...)
	if bad != nil {
		return *bad
	}
	next := *x
	applyConsumer(b, &next, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if taken := c.usernameTaken(&next); taken != nil {
		return *taken
	}
	next.UpdatedAt = c.f.now()
	*x = next
	return mockcore.JSON(http.StatusOK, consumerView(x))
}

// deleteConsumer deletes the consumer and its keys.
func deleteConsumer(c *call) mockcore.Response {
	x := c.pathConsumer()
	if x == nil {
		return c.notFound()
	}
	st := c.f.st
	st.Keys = slices.DeleteFunc(st.Keys, func(k *key) bool { return k.ConsumerID == x.ID })
	st.Consumers = slices.DeleteFunc(st.Consumers, func(o *consumer) bool { return o == x })
	return mockcore.NoContent()
}

// --- keys

// keyView is a key as its GET and listing answer it: never the secret, no updated_at.
func keyView(k *key) map[string]any {
	return map[string]any{"id": k.ID, "type": k.Type, "tags": strs(k.Tags), "created_at": mockcore.FormatTime(k.CreatedAt)}
}

func (c *call) pathKey() *key {
	x := c.pathConsumer()
	if x == nil {
		return nil
	}
	for _, k := range c.f.st.Keys {
		if k.ConsumerID == x.ID && k.ID == c.params["keyId"] {
			return k
		}
	}
	return nil
}

func listKeys(c *call) mockcore.Response {
	x := c.pathConsumer()
	if x == nil {
		return c.notFound()
	}
	views := []map[string]any{}
	for _, k := range c.f.st.Keys {
		if k.ConsumerID == x.ID {
			views = append(views, keyView(k))
		}
	}
	return cursorList(c, views, nil)
}

// createKey: a key of type new (the default) takes no secret and Konnect generates one;
// a legacy key requires its secret, unique in the realm. Only this answer shows it.
func createKey(c *call) mockcore.Response {
	x := c.pathConsumer()
	if x == nil {
		return c.notFound()
	}
	b, bad := c.body("type", "tags", "secret")
	if bad != nil {
		return *bad
	}
	typ := "new"
	if v := b.Enum("type", false, []string{"new", "legacy"}); v != nil {
		typ = *v
	}
	secret := b.String("secret", typ == "legacy", 1, 0)
	if typ == "new" && b.Has("secret") {
		b.Fail("secret", "unknown_property", "is an unknown property for a key of type new: Konnect generates its secret")
	}
	tags, _ := b.Strings("tags", false)
	unique(b, "tags", tags)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	k := &key{ID: mockcore.NewUUID(), RealmID: x.RealmID, ConsumerID: x.ID, Type: typ, Tags: strs(tags), CreatedAt: now, UpdatedAt: now}
	if secret != nil {
		for _, o := range c.f.st.Keys {
			if o.RealmID == x.RealmID && o.Secret == *secret {
				return c.f.env.Problem(http.StatusConflict, "A key with this secret already exists in this realm")
			}
		}
		k.Secret = *secret
	} else {
		k.Secret = mockcore.NewSecret("kckey_", 32)
	}
	c.f.st.Keys = append(c.f.st.Keys, k)
	view := keyView(k)
	view["secret"], view["updated_at"] = k.Secret, mockcore.FormatTime(k.UpdatedAt)
	return mockcore.JSON(http.StatusCreated, view)
}

func getKey(c *call) mockcore.Response {
	k := c.pathKey()
	if k == nil {
		return c.notFound()
	}
	return mockcore.JSON(http.StatusOK, keyView(k))
}

func deleteKey(c *call) mockcore.Response {
	k := c.pathKey()
	if k == nil {
		return c.notFound()
	}
	c.f.st.Keys = slices.DeleteFunc(c.f.st.Keys, func(o *key) bool { return o == k })
	return mockcore.NoContent()
}
