package kongidentity

import (
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var (
	grantTypes    = []string{"implicit", "client_credentials"}
	responseTypes = []string{"none", "token", "code", "id_token"}
	authMethods   = []string{"client_secret_post", "none"}
	clientIDRE    = regexp.MustCompile(`^[-_\w]{1,36}$`)
)

func clientView(cl *client) map[string]any {
	v := map[string]any{"id": cl.ID, "name": cl.Name, "grant_types": orEmpty(cl.GrantTypes), "response_types": orEmpty(cl.ResponseTypes),
		"redirect_uris": orEmpty(cl.RedirectURIs), "access_token_duration": cl.AccessTokenDuration, "id_token_duration": cl.IDTokenDuration,
		"allow_all_scopes": cl.AllowAllScopes, "allow_scopes": orEmpty(cl.AllowScopes), "labels": cl.Labels,
		"token_endpoint_auth_method": cl.TokenEndpointAuthMethod,
		"created_at":                 mockcore.FormatTime(cl.CreatedAt), "updated_at": mockcore.FormatTime(cl.UpdatedAt)}
	if cl.LoginURI != nil {
		v["login_uri"] = *cl.LoginURI
	} else {
		v["login_uri"] = nil
	}
	return v
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

var clients = collection[*authServer, *client]{param: "clientId", parent: (*call).server,
	items: func(a *authServer) *[]*client { return &a.Clients }, id: func(cl *client) string { return cl.ID }, view: clientView,
	field: func(cl *client, f string) (string, bool) {
		return fieldsOf(cl.ID, cl.Name, mockcore.FormatTime(cl.CreatedAt), mockcore.FormatTime(cl.UpdatedAt), f)
	}, spec: childSpec, sorts: childSorts}

func (a *authServer) client(id string) *client {
	for _, cl := range a.Clients {
		if cl.ID == id {
			return cl
		}
	}
	return nil
}

// clientFields are the fields every write of a client reads; whole (a create or a PUT)
// requires name, grant_types and response_types, and applies the defaults of what it
// leaves out; otherwise (a PATCH) only what is sent changes. It returns the client_secret
// sent, if any.
func (c *call) clientFields(a *authServer, b *mockcore.Body, cl *client, whole, create bool) (*string, *mockcore.Response) {
	keys := []string{"name", "client_secret", "grant_types", "response_types", "redirect_uris", "login_uri", "access_token_duration",
		"id_token_duration", "allow_all_scopes", "allow_scopes", "labels", "token_endpoint_auth_method"}
	if create {
		keys = append(keys, "id")
	}
	b.Only(keys...)
	if !whole {
		for _, k := range []string{"name", "grant_types", "response_types"} {
			b.NotNull(k)
		}
	}
	name := b.String("name", whole, 1, 0)
	sec := b.String("client_secret", whole && !create, 1, 0)
	grants, hasGrants := b.Strings("grant_types", whole)
	resps, hasResps := b.Strings("response_types", whole)
	redirects, hasRedirects := b.Strings("redirect_uris", false)
	login := b.URL("login_uri", false)
	access := b.Int("access_token_duration", false, 60, 2592000)
	idTok := b.Int("id_token_duration", false, 60, 2592000)
	all := b.Bool("allow_all_scopes", false)
	scopes, hasScopes := a.scopeIDs(b, "allow_scopes")
	labels, _ := b.Labels(!whole)
	method := b.Enum("token_endpoint_auth_method", false, authMethods)
	for _, g := range grants {
		if !slices.Contains(grantTypes, g) {
			b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "grant_types", Rule: "enum", Choices: grantTypes, Reason: "must be one of: implicit, client_credentials"})
		}
	}
	for _, r := range resps {
		if !slices.Contains(responseTypes, r) {
			b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "response_types", Rule: "enum", Choices: responseTypes, Reason: "must be one of: none, token, code, id_token"})
		}
	}
	if bad := c.invalid(b); bad != nil {
		return nil, bad
	}
	if name != nil && named(a.Clients, *name, cl.ID, func(x *client) string { return x.Name }, clients.id) {
		resp := c.conflict("A client with this name already exists in the auth server")
		return nil, &resp
	}
	if whole {
		cl.RedirectURIs, cl.LoginURI, cl.AccessTokenDuration, cl.IDTokenDuration = []string{}, nil, 300, 300
		cl.AllowAllScopes, cl.AllowScopes, cl.Labels, cl.TokenEndpointAuthMethod = false, []string{}, map[string]string{}, "client_secret_post"
	}
	setString(&cl.Name, name)
	if hasGrants {
		cl.GrantTypes = grants
	}
	if hasResps {
		cl.ResponseTypes = resps
	}
	if hasRedirects {
		cl.RedirectURIs = redirects
	}
	if login != nil {
		cl.LoginURI = login
	} else if b.Null("login_uri") {
		cl.LoginURI = nil
	}
	setInt(&cl.AccessTokenDuration, access)
	setInt(&cl.IDTokenDuration, idTok)
	setBool(&cl.AllowAllScopes, all)
	if hasScopes {
		cl.AllowScopes = scopes
	}
	if b.Null("labels") {
		cl.Labels = map[string]string{}
	}
	mockcore.ApplyLabels(cl.Labels, labels)
	if method != nil {
		cl.TokenEndpointAuthMethod = *method
	}
	return sec, nil
}

// setSecret makes value the client's secret: one it has changes nothing, another replaces
// every secret it has.
func (c *call) setSecret(cl *client, value string) {
	if slices.ContainsFunc(cl.Secrets, func(s *secret) bool { return s.Value == value }) {
		return
	}
	now := c.f.now()
	cl.Secrets = []*secret{{ID: mockcore.NewUUID(), Value: value, Enabled: true, CreatedAt: now, UpdatedAt: now}}
}

func createClient(c *call) mockcore.Response {
	a, b, bad := withBody(c, (*call).server)
	if bad != nil {
		return *bad
	}
	id := b.String("id", false, 1, 36)
	if id != nil && !clientIDRE.MatchString(*id) {
		b.Fail("id", "matches_regex", "must be 1 to 36 letters, digits, '-' or '_'")
	}
	now := c.f.now()
	cl := &client{ID: mockcore.NewSecret("", 20), CreatedAt: now, UpdatedAt: now}
	if id != nil {
		cl.ID = *id
		if a.client(*id) != nil {
			return c.conflict("A client with this id already exists in the auth server")
		}
	}
	sec, resp := c.clientFields(a, b, cl, true, true)
	if resp != nil {
		return *resp
	}
	value := mockcore.NewSecret("", 32)
	if sec != nil {
		value = *sec
	}
	c.setSecret(cl, value)
	a.Clients = append(a.Clients, cl)
	v := clientView(cl)
	v["client_secret"] = value // CreatedClient: the only answer that shows it
	return mockcore.JSON(http.StatusCreated, v)
}

func patchClient(c *call) mockcore.Response {
	a, cl, b, bad := clients.open(c)
	if bad != nil {
		return *bad
	}
	work := *cl
	work.Labels = maps.Clone(cl.Labels)
	sec, resp := c.clientFields(a, b, &work, false, false)
	if resp != nil {
		return *resp
	}
	*cl = work
	if sec != nil {
		c.setSecret(cl, *sec)
	}
	cl.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, clientView(cl))
}

// putClient replaces the client whole (client_secret required), or creates it under the
// path's id (201).
func putClient(c *call) mockcore.Response {
	a, b, bad := withBody(c, (*call).server)
	if bad != nil {
		return *bad
	}
	cl := a.client(c.params["clientId"])
	status, now := http.StatusOK, c.f.now()
	work := client{ID: c.params["clientId"], CreatedAt: now}
	if cl == nil {
		if !clientIDRE.MatchString(work.ID) {
			return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "clientId", Source: "path", Rule: "matches_regex", Reason: "must be 1 to 36 letters, digits, '-' or '_'"})
		}
		status = http.StatusCreated
	} else {
		work.CreatedAt, work.Secrets = cl.CreatedAt, cl.Secrets
	}
	sec, resp := c.clientFields(a, b, &work, true, false)
	if resp != nil {
		return *resp
	}
	work.UpdatedAt = now
	if cl == nil {
		cl = &client{}
		a.Clients = append(a.Clients, cl)
	}
	*cl = work
	c.setSecret(cl, *sec)
	return mockcore.JSON(status, clientView(cl))
}

func deleteClient(c *call) mockcore.Response { return clients.remove(c, nil) }

// --- a client's secrets: the listing and GET never show a value

func secretView(s *secret) map[string]any {
	return map[string]any{"id": s.ID, "enabled": s.Enabled, "created_at": mockcore.FormatTime(s.CreatedAt), "updated_at": mockcore.FormatTime(s.UpdatedAt)}
}

// clientOf is the client of the path, nil when it or its auth server is missing.
func (c *call) clientOf() *client {
	if a := c.server(); a != nil {
		return a.client(c.params["clientId"])
	}
	return nil
}

var secrets = collection[*client, *secret]{param: "secretId", parent: (*call).clientOf,
	items: func(cl *client) *[]*secret { return &cl.Secrets }, id: func(s *secret) string { return s.ID }, view: secretView,
	field: func(s *secret, f string) (string, bool) {
		if f == "enabled" {
			return strconv.FormatBool(s.Enabled), true
		}
		return fieldsOf(s.ID, "", mockcore.FormatTime(s.CreatedAt), mockcore.FormatTime(s.UpdatedAt), f)
	}, spec: mockcore.QuerySpec{"id": mockcore.EqField, "enabled": mockcore.BoolField}, sorts: []string{"created_at", "updated_at"}}

// createSecret adds a secret beside the client's others (its value in this answer only).
func createSecret(c *call) mockcore.Response {
	cl, b, bad := withBody(c, (*call).clientOf)
	if bad != nil {
		return *bad
	}
	b.Only("secret", "enabled")
	value := b.String("secret", false, 1, 0)
	enabled := b.Bool("enabled", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	s := &secret{ID: mockcore.NewUUID(), Value: mockcore.NewSecret("", 32), Enabled: true, CreatedAt: now, UpdatedAt: now}
	setString(&s.Value, value)
	setBool(&s.Enabled, enabled)
	cl.Secrets = append(cl.Secrets, s)
	v := secretView(s)
	v["secret"] = s.Value
	return mockcore.JSON(http.StatusCreated, v)
}

func patchSecret(c *call) mockcore.Response {
	_, s, b, bad := secrets.open(c)
	if bad != nil {
		return *bad
	}
	b.Only("enabled")
	enabled := b.Bool("enabled", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	setBool(&s.Enabled, enabled)
	s.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, secretView(s))
}

func deleteSecret(c *call) mockcore.Response { return secrets.remove(c, nil) }
