package consumers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Family serves realms, their consumers and the consumers' keys.
type Family struct {
	env mockcore.Env
	st  *state
}

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: no realm.
func New(env mockcore.Env) *Family {
	return &Family{env: env.Complete(), st: newState()}
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "consumers" }

type state struct {
	Realms    []*realm    `json:"realms"`
	Consumers []*consumer `json:"consumers"`
	Keys      []*key      `json:"keys"`
}

func newState() *state { return &state{Realms: []*realm{}, Consumers: []*consumer{}, Keys: []*key{}} }

type realm struct {
	ID                    string    `json:"id"`
	Name                  string    `json:"name"`
	TTL                   int64     `json:"ttl"`
	NegativeTTL           int64     `json:"negative_ttl"`
	ConsumerGroups        []string  `json:"consumer_groups"`
	AllowedControlPlanes  []string  `json:"allowed_control_planes"`
	AllowAllControlPlanes bool      `json:"allow_all_control_planes"`
	CreatedAt             time.Time `json:"created_at"`
	UpdatedAt             time.Time `json:"updated_at"`
}

type consumer struct {
	ID             string    `json:"id"`
	RealmID        string    `json:"realm_id"`
	Username       string    `json:"username"`
	CustomID       *string   `json:"custom_id"`
	Type           string    `json:"type"`
	Tags           []string  `json:"tags"`
	ConsumerGroups []string  `json:"consumer_groups"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

type key struct {
	ID         string    `json:"id"`
	RealmID    string    `json:"realm_id"`
	ConsumerID string    `json:"consumer_id"`
	Type       string    `json:"type"`
	Secret     string    `json:"secret"` // answered by the create only
	Tags       []string  `json:"tags"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return json.RawMessage(mockcore.Marshal(f.st)) }

// Reset returns to a new organisation.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete or
// inconsistent (an id that is not a unique lower-case UUID, a consumer in no realm, a
// key of no consumer).
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("consumers: %w", err)
	}
	if st.Realms == nil || st.Consumers == nil || st.Keys == nil {
		return fmt.Errorf("consumers: realms, consumers and keys are required")
	}
	seen := map[string]bool{}
	id := func(what string, i int, v string) error {
		if !mockcore.IsUUID(v) || mockcore.NormalizeUUID(v) != v || seen[v] {
			return fmt.Errorf("consumers: %s[%d]: id %q is not a unique lower-case UUID", what, i, v)
		}
		seen[v] = true
		return nil
	}
	for i, r := range st.Realms {
		if err := id("realms", i, r.ID); err != nil {
			return err
		}
	}
	for i, c := range st.Consumers {
		if err := id("consumers", i, c.ID); err != nil {
			return err
		}
		if st.realm(c.RealmID) == nil {
			return fmt.Errorf("consumers: consumers[%d]: realm %s does not exist", i, c.RealmID)
		}
	}
	for i, k := range st.Keys {
		if err := id("keys", i, k.ID); err != nil {
			return err
		}
		if c := st.consumer(k.RealmID, k.ConsumerID); c == nil {
			return fmt.Errorf("consumers: keys[%d]: consumer %s of realm %s does not exist", i, k.ConsumerID, k.RealmID)
		}
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

func (s *state) realm(id string) *realm {
	for _, r := range s.Realms {
		if r.ID == strings.ToLower(id) {
			return r
		}
	}
	return nil
}

func (s *state) consumer(realmID, id string) *consumer {
	for _, c := range s.Consumers {
		if c.RealmID == strings.ToLower(realmID) && c.ID == strings.ToLower(id) {
			return c
		}
	}
	return nil
}

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("v1/realms", map[string]handler{"GET": listRealms, "POST": createRealm})
	add("v1/realms/{realmId}", map[string]handler{"GET": getRealm, "PATCH": patchRealm, "DELETE": deleteRealm})
	add("v1/realms/{realmId}/consumers", map[string]handler{"GET": listConsumers, "POST": createConsumer})
	add("v1/realms/{realmId}/consumers/{consumerId}", map[string]handler{"GET": getConsumer, "PATCH": patchConsumer, "DELETE": deleteConsumer})
	add("v1/realms/{realmId}/consumers/{consumerId}/keys", map[string]handler{"GET": listKeys, "POST": createKey})
	add("v1/realms/{realmId}/consumers/{consumerId}/keys/{keyId}", map[string]handler{"GET": getKey, "DELETE": deleteKey})
}

// Route reports whether segs is the family's (/v1/realms…), and its Counts key.
func (f *Family) Route(segs []string) (string, bool) {
	if len(segs) < 2 || segs[0] != "v1" || segs[1] != "realms" {
		return "", false
	}
	return routes.RouteKey(segs, "/v1/realms/unmatched"), true
}

type call struct {
	f      *Family
	r      *http.Request
	params map[string]string
	raw    []byte
}

// Serve answers one request for a path of the family whose body has been read.
func (f *Family) Serve(r *http.Request, segs []string, body []byte) mockcore.Response {
	return routes.Serve(f.env, r, segs, body, func(h handler, params map[string]string) mockcore.Response {
		return h(&call{f: f, r: r, params: params, raw: body})
	})
}

// ServeHTTP serves the family on its own, for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now()) }

// --- problems, as the consumers spec's examples word them

func (c *call) notFound() mockcore.Response { return c.f.env.Problem(http.StatusNotFound, "Not Found") }

func (c *call) badRequest(detail string, params ...mockcore.InvalidParam) mockcore.Response {
	return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Bad Request", detail, params)
}

// body decodes the request body and checks it holds only the fields listed.
func (c *call) body(fields ...string) (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		resp := c.badRequest("Could not parse request body", mockcore.InvalidParam{Field: "body", Reason: "request format is invalid"})
		return nil, &resp
	}
	b.Only(fields...)
	return b, nil
}

func (c *call) invalid(b *mockcore.Body) *mockcore.Response {
	if len(b.Bad) == 0 {
		return nil
	}
	resp := c.badRequest("Invalid Parameters", b.Bad...)
	return &resp
}

// pathRealm and pathConsumer are the objects the path names (nil: 404).
func (c *call) pathRealm() *realm { return c.f.st.realm(c.params["realmId"]) }

func (c *call) pathConsumer() *consumer {
	return c.f.st.consumer(c.params["realmId"], c.params["consumerId"])
}

// --- Go API for tests

// Secret is the secret of a key (no answer but the create's shows it); ok is false when
// there is no such key.
func (f *Family) Secret(keyID string) (secret string, ok bool) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	for _, k := range f.st.Keys {
		if k.ID == keyID {
			return k.Secret, true
		}
	}
	return "", false
}
