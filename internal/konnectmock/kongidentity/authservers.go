package kongidentity

import (
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var algorithms = []string{"RS256", "RS384", "RS512", "PS256", "PS384", "PS512"}

func authServerView(a *authServer) map[string]any {
	origins := a.TrustedOrigins
	if origins == nil {
		origins = []string{}
	}
	return map[string]any{"id": a.ID, "name": a.Name, "description": a.Description, "audience": a.Audience,
		"signing_algorithm": a.SigningAlgorithm, "issuer": a.Issuer,
		"metadata_uri": a.Issuer + "/.well-known/openid-configuration", "jwks_uri": a.Issuer + "/.well-known/jwks",
		"labels": a.Labels, "trusted_origins": origins,
		"created_at": mockcore.FormatTime(a.CreatedAt), "updated_at": mockcore.FormatTime(a.UpdatedAt)}
}

func authServerField(a *authServer, field string) (string, bool) {
	switch field {
	case "id":
		return a.ID, true
	case "name":
		return a.Name, true
	case "description":
		return a.Description, true
	case "audience":
		return a.Audience, true
	case "created_at":
		return mockcore.FormatTime(a.CreatedAt), true
	case "updated_at":
		return mockcore.FormatTime(a.UpdatedAt), true
	}
	return "", false
}

func listAuthServers(c *call) mockcore.Response {
	spec := mockcore.QuerySpec{"name": mockcore.ContainsField, "description": mockcore.ContainsField, "audience": mockcore.ContainsField, "id": mockcore.EqField}
	return mockcore.ListQuery(c.query(), c.f.st.AuthServers, spec, []string{"created_at", "updated_at", "name", "audience"}, authServerField, authServerView)
}

// origins checks trusted_origins: URLs, each once, at most 16.
func origins(b *mockcore.Body) ([]string, bool) {
	list, ok := b.Strings("trusted_origins", false)
	if !ok {
		return nil, false
	}
	seen := map[string]bool{}
	for _, o := range list {
		if !strings.Contains(o, "://") || seen[o] {
			b.Fail("trusted_origins", "is_array", "must be unique URLs")
			return nil, false
		}
		seen[o] = true
	}
	if len(list) > 16 {
		b.Fail("trusted_origins", "max_items", "must not have more than 16 items")
		return nil, false
	}
	return list, true
}

func (c *call) nameTaken(name, except string) bool {
	for _, a := range c.f.st.AuthServers {
		if a.Name == name && a.ID != except {
			return true
		}
	}
	return false
}

func createAuthServer(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "audience", "signing_algorithm", "labels", "trusted_origins")
	name := b.String("name", true, 1, 0)
	desc := b.String("description", false, 0, 0)
	aud := b.String("audience", true, 1, 0)
	alg := b.Enum("signing_algorithm", false, algorithms)
	labels, _ := b.Labels(false)
	list, _ := origins(b)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if c.nameTaken(*name, "") {
		return c.conflict("An auth server with this name already exists")
	}
	now := c.f.now()
	id := mockcore.NewUUID()
	a := &authServer{ID: id, Name: *name, Audience: *aud, SigningAlgorithm: "RS256", Labels: map[string]string{}, TrustedOrigins: list,
		Issuer:    "https://" + strings.ToLower(mockcore.NewSecret("", 12)) + ".us.identity.konghq.com/auth",
		CreatedAt: now, UpdatedAt: now, Scopes: []*scope{}, Claims: []*claim{}, Clients: []*client{}}
	if desc != nil {
		a.Description = *desc
	}
	if alg != nil {
		a.SigningAlgorithm = *alg
	}
	mockcore.ApplyLabels(a.Labels, labels)
	c.f.st.AuthServers = append(c.f.st.AuthServers, a)
	return mockcore.JSON(http.StatusCreated, authServerView(a))
}

func getAuthServer(c *call) mockcore.Response {
	if a := c.server(); a != nil {
		return mockcore.JSON(http.StatusOK, authServerView(a))
	}
	return c.notFound()
}

func patchAuthServer(c *call) mockcore.Response {
	a, b, bad := withBody(c, (*call).server)
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "audience", "signing_algorithm", "labels", "trusted_origins")
	for _, k := range []string{"name", "audience", "signing_algorithm"} {
		b.NotNull(k)
	}
	name := b.String("name", false, 1, 0)
	desc := b.String("description", false, 0, 0)
	aud := b.String("audience", false, 1, 0)
	alg := b.Enum("signing_algorithm", false, algorithms)
	labels, _ := b.Labels(true)
	list, hasOrigins := origins(b)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil && c.nameTaken(*name, a.ID) {
		return c.conflict("An auth server with this name already exists")
	}
	if name != nil {
		a.Name = *name
	}
	if desc != nil {
		a.Description = *desc
	} else if b.Null("description") {
		a.Description = ""
	}
	if aud != nil {
		a.Audience = *aud
	}
	if alg != nil {
		a.SigningAlgorithm = *alg
	}
	if b.Null("labels") {
		a.Labels = map[string]string{}
	}
	mockcore.ApplyLabels(a.Labels, labels)
	if hasOrigins || b.Null("trusted_origins") {
		a.TrustedOrigins = list
	}
	a.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, authServerView(a))
}

// deleteAuthServer: without force=true an auth server holding scopes, claims or clients
// stays (400); with it they go too.
func deleteAuthServer(c *call) mockcore.Response {
	a := c.server()
	if a == nil {
		return c.notFound()
	}
	force := c.r.URL.Query().Get("force")
	if force != "" && force != "true" && force != "false" {
		return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "force", Rule: "enum", Source: "query", Choices: []string{"true", "false"}, Reason: "must be one of: true, false"})
	}
	if force != "true" && len(a.Scopes)+len(a.Claims)+len(a.Clients) > 0 {
		return c.badRequest("The auth server has associated resources: delete its clients, scopes and claims first, or use force=true")
	}
	c.f.st.AuthServers = slices.DeleteFunc(c.f.st.AuthServers, func(x *authServer) bool { return x == a })
	return mockcore.NoContent()
}
