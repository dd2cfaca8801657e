package access

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Options configure the access family of a mock organisation.
type Options struct {
	// Users are invited into the organisation besides the seeded ones
	// (admin@example.com, jane.doe@example.com, and the pending john.smith@example.com).
	Users []NewUser
}

// NewUser is a user to invite out of band (Options.Users, Family.AddUser, POST /_mock/users).
type NewUser struct {
	Email         string `json:"email"`
	FullName      string `json:"full_name"`
	PreferredName string `json:"preferred_name"`
	// Pending leaves the invitation unaccepted: the user is listed with active false.
	Pending bool `json:"pending"`
}

// Family serves Konnect's identity API (v3) over one organisation's users,
// teams, roles, system accounts, tokens and identity providers.
type Family struct {
	env  mockcore.Env
	opts Options
	st   *state
	// tokens indexes every token the family issued by the digest of its value.
	tokens map[string]tokenRef
}

var (
	_ mockcore.Family      = (*Family)(nil)
	_ mockcore.Controller  = (*Family)(nil)
	_ mockcore.TokenIssuer = (*Family)(nil)
)

// New returns the family of a new organisation: predefined teams, the seeded
// users (admin@example.com is the owner and an Organization Admin) and
// Options.Users. Env fields left out get defaults (own clock, lock, tracer).
func New(env mockcore.Env, opts Options) *Family {
	f := &Family{env: env.Complete(), opts: opts}
	f.st = f.seed()
	f.reindex()
	return f
}

// Name is the family's key in the state document.
func (f *Family) Name() string { return "access" }

// handler answers one request; the lock is held.
type handler func(c *call) mockcore.Response

// routes are matched against the path below /v3/, in order.
var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("organizations/impersonation", map[string]handler{"GET": getImpersonation, "PATCH": patchImpersonation})
	add("organizations/me", map[string]handler{"GET": getOrganizationMe})
	add("authentication-settings", map[string]handler{"GET": getAuthSettings, "PATCH": patchAuthSettings})
	add("invites", map[string]handler{"POST": inviteUser})
	add("roles", map[string]handler{"GET": getRoles})

	add("identity-providers", map[string]handler{"GET": listIdPs, "POST": createIdP})
	add("identity-providers/{id}", map[string]handler{"GET": getIdP, "PATCH": patchIdP, "DELETE": deleteIdP})
	add("identity-providers/{idpId}/team-group-mappings", map[string]handler{"GET": listMappings, "POST": createMapping})
	add("identity-providers/{idpId}/team-group-mappings/{id}", map[string]handler{"GET": getMapping, "DELETE": deleteMapping})
	add("identity-provider", map[string]handler{"GET": getLegacyIdP, "PATCH": patchLegacyIdP})
	add("identity-provider/team-mappings", map[string]handler{"GET": getLegacyTeamMappings, "PUT": putLegacyTeamMappings})
	add("identity-provider/team-group-mappings", map[string]handler{"GET": getLegacyTeamGroupMappings, "PATCH": patchLegacyTeamGroupMappings})

	add("teams", map[string]handler{"GET": listTeams, "POST": createTeam})
	add("teams/{teamId}", map[string]handler{"GET": getTeam, "PATCH": patchTeam, "DELETE": deleteTeam})
	add("teams/{teamId}/users", map[string]handler{"GET": listMembers(teamUsers), "POST": addMember(teamUsers)})
	add("teams/{teamId}/users/{userId}", map[string]handler{"DELETE": removeMember(teamUsers)})
	add("teams/{teamId}/assigned-roles", map[string]handler{"GET": listRoles(teamGrantee), "POST": assignRole(teamGrantee)})
	add("teams/{teamId}/assigned-roles/{roleId}", map[string]handler{"GET": getRole(teamGrantee), "DELETE": removeRole(teamGrantee)})
	add("teams/{teamId}/system-accounts", map[string]handler{"GET": listMembers(teamAccounts), "POST": addMember(teamAccounts)})
	add("teams/{teamId}/system-accounts/{accountId}", map[string]handler{"DELETE": removeMember(teamAccounts)})

	add("users", map[string]handler{"GET": listUsers})
	add("users/me", map[string]handler{"GET": getUserMe})
	add("users/{userId}", map[string]handler{"GET": getUser, "PATCH": patchUser, "DELETE": deleteUser})
	add("users/{userId}/teams", map[string]handler{"GET": memberTeams(teamUsers)})
	add("users/{userId}/assigned-roles", map[string]handler{"GET": listRoles(userGrantee), "POST": assignRole(userGrantee)})
	add("users/{userId}/assigned-roles/{roleId}", map[string]handler{"GET": getRole(userGrantee), "DELETE": removeRole(userGrantee)})
	add("users/{userId}/access-tokens", map[string]handler{"GET": listPATs, "POST": createPAT})
	add("users/{userId}/access-tokens/{tokenId}", map[string]handler{"GET": getToken(personalTokens), "PATCH": patchToken(personalTokens), "DELETE": deleteToken(personalTokens)})
	add("users/{userId}/access-tokens/{tokenId}/revoke", map[string]handler{"PATCH": revokePAT})

	add("system-accounts", map[string]handler{"GET": listAccounts, "POST": createAccount})
	add("system-accounts/{accountId}", map[string]handler{"GET": getAccount, "PATCH": patchAccount, "DELETE": deleteAccount})
	add("system-accounts/{accountId}/access-tokens", map[string]handler{"GET": listAccountTokens, "POST": createAccountToken})
	add("system-accounts/{accountId}/access-tokens/{tokenId}", map[string]handler{"GET": getToken(accountTokens), "PATCH": patchToken(accountTokens), "DELETE": deleteToken(accountTokens)})
	add("system-accounts/{accountId}/assigned-roles", map[string]handler{"GET": listRoles(accountGrantee), "POST": assignRole(accountGrantee)})
	add("system-accounts/{accountId}/assigned-roles/{roleId}", map[string]handler{"GET": getRole(accountGrantee), "DELETE": removeRole(accountGrantee)})
	add("system-accounts/{accountId}/teams", map[string]handler{"GET": memberTeams(teamAccounts)})
}

// Route reports whether segs (the whole path, "v3" first) is the family's, and its Counts key.
func (f *Family) Route(segs []string) (string, bool) {
	if len(segs) < 2 || segs[0] != "v3" {
		return "", false
	}
	if rt, _ := routes.Match(segs[1:]); rt != nil {
		return rt.Path("/v3/"), true
	}
	return "/v3/unmatched", true
}

// call is one request being answered, with the family's lock held.
type call struct {
	f      *Family
	r      *http.Request
	q      url.Values
	params map[string]string
	raw    []byte
}

// Serve answers one request for a path under /v3/ whose body has been read.
func (f *Family) Serve(r *http.Request, segs []string, body []byte) mockcore.Response {
	if len(segs) > 0 && segs[0] == "v3" {
		segs = segs[1:]
	}
	rt, params := routes.Match(segs)
	if rt == nil {
		return f.env.Problem(http.StatusNotFound, "Not Found")
	}
	h := rt.Methods[r.Method]
	if h == nil {
		return f.env.NotAllowed(slices.Collect(maps.Keys(rt.Methods)))
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	return h(&call{f: f, r: r, q: r.URL.Query(), params: params, raw: body})
}

// ServeHTTP serves the family on its own (no authentication, faults or state
// file: those are the assembler's), for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

// --- answers shared by the handlers

func (c *call) problem(status int, detail string, params ...mockcore.InvalidParam) mockcore.Response {
	return c.f.env.Problem(status, detail, params...)
}

// bad is Konnect identity's 400: an empty detail and the invalid parameters.
func (c *call) bad(params ...mockcore.InvalidParam) mockcore.Response {
	return c.problem(http.StatusBadRequest, "", params...)
}

func (c *call) badField(field, reason string) mockcore.Response {
	return c.bad(mockcore.InvalidParam{Field: field, Reason: reason})
}

func (c *call) notFound(what string) mockcore.Response {
	return c.problem(http.StatusNotFound, "The requested "+what+" was not found")
}

func (c *call) conflict(detail string) mockcore.Response {
	return c.problem(http.StatusConflict, detail)
}

func (c *call) json(status int, v any) mockcore.Response { return mockcore.JSON(status, v) }

// body decodes the request body; a body that is not a JSON object is the spec's
// "request format is invalid".
func (c *call) body() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		resp := c.badField("body", "request format is invalid: "+err.Error())
		return nil, &resp
	}
	return b, nil
}

// invalid answers the problems a Body collected, if any.
func (c *call) invalid(b *mockcore.Body) *mockcore.Response {
	if len(b.Bad) == 0 {
		return nil
	}
	resp := c.bad(b.Bad...)
	return &resp
}

// page reads page[size] and page[number] (default 10, at most 100).
func (c *call) page() (mockcore.Page, *mockcore.Response) {
	p, bad := mockcore.ParsePage(c.q, 10, 100)
	if len(bad) > 0 {
		resp := c.bad(bad...)
		return p, &resp
	}
	return p, nil
}

func (c *call) filters(spec mockcore.FilterSpec) ([]mockcore.Filter, *mockcore.Response) {
	fs, bad := mockcore.ParseFilters(c.q, spec)
	if len(bad) > 0 {
		resp := c.bad(bad...)
		return nil, &resp
	}
	return fs, nil
}

// nameFilters are the filters of the lists that filter by name only.
var nameFilters = mockcore.FilterSpec{"name": {"eq", "contains"}}

// list answers a paged list of the items the filters of spec accept (field
// gives an item's value of a field), each shown by view. The paging
// parameters are checked before the filters.
func list[T, V any](c *call, items []T, spec mockcore.FilterSpec, field func(T, string) (string, bool), view func(T) V) mockcore.Response {
	p, bad := c.page()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(spec)
	if bad != nil {
		return *bad
	}
	views := []V{}
	for _, it := range mockcore.MatchAll(items, fs, field) {
		views = append(views, view(it))
	}
	return mockcore.List(views, p)
}

// found is the item a path names, or the 404 naming what when there is none.
func found[T any](c *call, item *T, what string) (*T, *mockcore.Response) {
	if item == nil {
		resp := c.notFound(what)
		return nil, &resp
	}
	return item, nil
}

// plainID is a path id the spec types as a plain string: it is lower-cased, and
// one that is not a UUID is simply not found.
func (c *call) plainID(name string) string { return strings.ToLower(c.params[name]) }

// idParam checks a UUID path parameter. Where the spec answers a malformed id
// with 400 the field is named as Konnect names it ("teamID"); elsewhere a
// malformed id is simply not found.
func (c *call) idParam(name string) (string, *mockcore.Response) {
	v := c.params[name]
	if mockcore.IsUUID(v) {
		return strings.ToLower(v), nil
	}
	field := name
	if base, ok := strings.CutSuffix(name, "Id"); ok {
		field = base + "ID"
	}
	resp := c.badField(field, "invalid ID format")
	return "", &resp
}

// now is the family's clock at millisecond precision, as Konnect stores times.
func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now()) }

// raw renders a snapshot-ready JSON value.
func raw(v any) json.RawMessage { return json.RawMessage(mockcore.Marshal(v)) }
