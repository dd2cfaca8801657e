package kongidentity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Family serves Kong Identity's auth servers and what is below them.
type Family struct {
	env mockcore.Env
	st  *state
}

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: no auth server.
func New(env mockcore.Env) *Family {
	return &Family{env: env.Complete(), st: newState()}
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "kongidentity" }

type state struct {
	AuthServers []*authServer `json:"auth_servers"`
}

func newState() *state { return &state{AuthServers: []*authServer{}} }

type authServer struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	Description      string            `json:"description"`
	Audience         string            `json:"audience"`
	SigningAlgorithm string            `json:"signing_algorithm"`
	Issuer           string            `json:"issuer"`
	Labels           map[string]string `json:"labels"`
	TrustedOrigins   []string          `json:"trusted_origins"`
	CreatedAt        time.Time         `json:"created_at"`
	UpdatedAt        time.Time         `json:"updated_at"`
	Scopes           []*scope          `json:"scopes"`
	Claims           []*claim          `json:"claims"`
	Clients          []*client         `json:"clients"`
}

type scope struct {
	ID                string    `json:"id"`
	Name              string    `json:"name"`
	Description       string    `json:"description"`
	Default           bool      `json:"default"`
	IncludeInMetadata bool      `json:"include_in_metadata"`
	Enabled           bool      `json:"enabled"`
	CreatedAt         time.Time `json:"created_at"`
	UpdatedAt         time.Time `json:"updated_at"`
}

type claim struct {
	ID                 string    `json:"id"`
	Name               string    `json:"name"`
	Value              string    `json:"value"`
	IncludeInToken     bool      `json:"include_in_token"`
	IncludeInAllScopes bool      `json:"include_in_all_scopes"`
	IncludeInScopes    []string  `json:"include_in_scopes"`
	Enabled            bool      `json:"enabled"`
	CreatedAt          time.Time `json:"created_at"`
	UpdatedAt          time.Time `json:"updated_at"`
}

type client struct {
	ID                      string            `json:"id"`
	Name                    string            `json:"name"`
	GrantTypes              []string          `json:"grant_types"`
	ResponseTypes           []string          `json:"response_types"`
	RedirectURIs            []string          `json:"redirect_uris"`
	LoginURI                *string           `json:"login_uri,omitempty"`
	AccessTokenDuration     int64             `json:"access_token_duration"`
	IDTokenDuration         int64             `json:"id_token_duration"`
	AllowAllScopes          bool              `json:"allow_all_scopes"`
	AllowScopes             []string          `json:"allow_scopes"`
	Labels                  map[string]string `json:"labels"`
	TokenEndpointAuthMethod string            `json:"token_endpoint_auth_method"`
	Secrets                 []*secret         `json:"secrets"`
	CreatedAt               time.Time         `json:"created_at"`
	UpdatedAt               time.Time         `json:"updated_at"`
}

type secret struct {
	ID        string    `json:"id"`
	Value     string    `json:"secret"` // answered by its create only
	Enabled   bool      `json:"enabled"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return json.RawMessage(mockcore.Marshal(f.st)) }

// Reset returns to a new organisation.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete
// (an auth server id that is not a unique lower-case UUID, a missing list).
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("kongidentity: %w", err)
	}
	if st.AuthServers == nil {
		return fmt.Errorf("kongidentity: auth_servers is required")
	}
	seen := map[string]bool{}
	for i, a := range st.AuthServers {
		if !mockcore.IsUUID(a.ID) || mockcore.NormalizeUUID(a.ID) != a.ID || seen[a.ID] || a.Scopes == nil || a.Claims == nil || a.Clients == nil || a.Labels == nil {
			return fmt.Errorf("kongidentity: auth_servers[%d]: not a unique lower-case UUID, or scopes, claims, clients or labels missing", i)
		}
		seen[a.ID] = true
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("v1/auth-servers", map[string]handler{"GET": listAuthServers, "POST": createAuthServer})
	add("v1/auth-servers/{authServerId}", map[string]handler{"GET": getAuthServer, "PATCH": patchAuthServer, "DELETE": deleteAuthServer})
	add("v1/auth-servers/{authServerId}/scopes", map[string]handler{"GET": scopes.list, "POST": createScope})
	add("v1/auth-servers/{authServerId}/scopes/{scopeId}", map[string]handler{"GET": scopes.get, "PATCH": patchScope, "DELETE": deleteScope})
	add("v1/auth-servers/{authServerId}/claims", map[string]handler{"GET": claims.list, "POST": createClaim})
	add("v1/auth-servers/{authServerId}/claims/{claimId}", map[string]handler{"GET": claims.get, "PATCH": patchClaim, "DELETE": deleteClaim})
	add("v1/auth-servers/{authServerId}/clients", map[string]handler{"GET": clients.list, "POST": createClient})
	add("v1/auth-servers/{authServerId}/clients/{clientId}", map[string]handler{"GET": clients.get, "PATCH": patchClient, "PUT": putClient, "DELETE": deleteClient})
	add("v1/auth-servers/{authServerId}/clients/{clientId}/secrets", map[string]handler{"GET": secrets.list, "POST": createSecret})
	add("v1/auth-servers/{authServerId}/clients/{clientId}/secrets/{secretId}", map[string]handler{"GET": secrets.get, "PATCH": patchSecret, "DELETE": deleteSecret})
}

// Route reports whether segs is the family's (/v1/auth-servers…), and its Counts key.
func (f *Family) Route(segs []string) (string, bool) {
	if len(segs) < 2 || segs[0] != "v1" || segs[1] != "auth-servers" {
		return "", false
	}
	return routes.RouteKey(segs, "/v1/auth-servers/unmatched"), true
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

// --- problems, in the spec's shapes (BadRequestError, NotFoundError, ConflictError)

func (c *call) notFound() mockcore.Response { return c.f.env.Problem(http.StatusNotFound, "Not Found") }

func (c *call) badRequest(detail string, params ...mockcore.InvalidParam) mockcore.Response {
	return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Bad Request", detail, params)
}

func (c *call) conflict(detail string) mockcore.Response {
	return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusConflict, "Conflict", detail, nil)
}

func (c *call) body() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		resp := c.badRequest("Could not parse request body", mockcore.InvalidParam{Field: "body", Reason: "request format is invalid"})
		return nil, &resp
	}
	return b, nil
}

func (c *call) invalid(b *mockcore.Body) *mockcore.Response {
	if len(b.Bad) == 0 {
		return nil
	}
	resp := c.badRequest("Invalid Parameters", b.Bad...)
	return &resp
}

// query reads a listing's paging, filters and sort.
func (c *call) query() mockcore.Query {
	return mockcore.Query{Values: c.r.URL.Query(), Invalid: func(ps ...mockcore.InvalidParam) mockcore.Response {
		for i := range ps {
			ps[i].Source = "query"
		}
		return c.badRequest("Invalid Parameters", ps...)
	}}
}

// server is the auth server of the path, or nil.
func (c *call) server() *authServer {
	id := strings.ToLower(c.params["authServerId"])
	for _, a := range c.f.st.AuthServers {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// AuthServer is the auth server with this id as the API shows it, nil when there is none.
func (f *Family) AuthServer(id string) map[string]any {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	for _, a := range f.st.AuthServers {
		if a.ID == id {
			return authServerView(a)
		}
	}
	return nil
}

// ClientSecrets are the values of a client's secrets (no answer of the API shows them
// after their create), for tests that check what Konnect holds; nil when there is no such
// client.
func (f *Family) ClientSecrets(authServerID, clientID string) []string {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	for _, a := range f.st.AuthServers {
		if a.ID != authServerID {
			continue
		}
		for _, cl := range a.Clients {
			if cl.ID == clientID {
				out := []string{}
				for _, s := range cl.Secrets {
					out = append(out, s.Value)
				}
				return out
			}
		}
	}
	return nil
}
