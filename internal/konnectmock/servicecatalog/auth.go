package servicecatalog

import (
	"net/http"
	"net/url"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- an instance's auth config: PUT creates or replaces it whole; the secret is never answered

func authConfigView(a *authConfig) map[string]any {
	return map[string]any{"type": "oauth", "client_id": a.ClientID, "authorization_endpoint": a.AuthorizationEndpoint, "token_endpoint": a.TokenEndpoint}
}

// pathInstance is the instance of an auth path, or nil.
func (c *call) pathInstance() *instance {
	_, in := c.f.instance(c.params["integrationInstanceId"])
	return in
}

func getAuthConfig(c *call) mockcore.Response {
	in := c.pathInstance()
	if in == nil {
		return c.notFound()
	}
	a := c.f.st.AuthConfigs[in.ID]
	if a == nil {
		return c.notFound()
	}
	return mockcore.JSON(http.StatusOK, authConfigView(a))
}

func validURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// putAuthConfig takes the OAuth branch, every field required, the secret included.
func putAuthConfig(c *call) mockcore.Response {
	in := c.pathInstance()
	if in == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("type", "client_id", "client_secret", "authorization_endpoint", "token_endpoint")
	b.Enum("type", true, []string{"oauth"})
	id := b.String("client_id", true, 1, 0)
	secret := b.String("client_secret", true, 1, 0)
	authz := b.String("authorization_endpoint", true, 1, 0)
	token := b.String("token_endpoint", true, 1, 0)
	for _, u := range []struct {
		field string
		v     *string
	}{{"authorization_endpoint", authz}, {"token_endpoint", token}} {
		if u.v != nil && !validURL(*u.v) {
			b.Fail(u.field, "format", "must be a valid URI")
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	a := &authConfig{ClientID: *id, ClientSecret: *secret, AuthorizationEndpoint: *authz, TokenEndpoint: *token}
	c.f.st.AuthConfigs[in.ID] = a
	return mockcore.JSON(http.StatusOK, authConfigView(a))
}

func deleteAuthConfig(c *call) mockcore.Response {
	in := c.pathInstance()
	if in == nil || c.f.st.AuthConfigs[in.ID] == nil {
		return c.notFound()
	}
	delete(c.f.st.AuthConfigs, in.ID)
	return mockcore.NoContent()
}

// --- an instance's auth credential: one per instance (a second is a 409), created and
// deleted, never changed; the keys are never answered

func (f *Family) credentialView(in *instance, cr *credential) map[string]any {
	return map[string]any{"id": cr.ID, "type": "multi_key_auth",
		"integration_instance": map[string]any{"id": in.ID, "name": in.Name, "display_name": in.DisplayName},
		"missing_permissions":  []any{}, "tainted": false, "expires_at": nil, "created_at": mockcore.FormatTime(cr.CreatedAt)}
}

func getCredential(c *call) mockcore.Response {
	in := c.pathInstance()
	if in == nil {
		return c.notFound()
	}
	cr := c.f.st.Credentials[in.ID]
	if cr == nil {
		return c.notFound()
	}
	return mockcore.JSON(http.StatusOK, c.f.credentialView(in, cr))
}

// createCredential takes the Multi Key branch: {"type": "multi_key_auth", "config":
// {"headers": [{"name", "key"}, …]}}.
func createCredential(c *call) mockcore.Response {
	in := c.pathInstance()
	if in == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("type", "config")
	b.Enum("type", true, []string{"multi_key_auth"})
	var headers []header
	if cfg := b.Nested("config", true); cfg != nil {
		cfg.Only("headers")
		raw, _ := cfg.In["headers"].([]any)
		if len(raw) == 0 {
			cfg.Fail("headers", "min_items", "must have at least 1 item")
		}
		for _, h := range raw {
			m, _ := h.(map[string]any)
			name, _ := m["name"].(string)
			key, _ := m["key"].(string)
			if name == "" || key == "" || len(m) != 2 {
				cfg.Fail("headers", "invalid", "each header must have exactly a name and a key")
				break
			}
			headers = append(headers, header{Name: name, Key: key})
		}
		b.Merge(cfg)
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if c.f.st.Credentials[in.ID] != nil {
		return c.conflict("Integration instance [" + in.ID + "] already has an auth credential")
	}
	cr := &credential{ID: mockcore.NewUUID(), Headers: headers, CreatedAt: c.f.now()}
	c.f.st.Credentials[in.ID] = cr
	return mockcore.JSON(http.StatusCreated, c.f.credentialView(in, cr))
}

func deleteCredential(c *call) mockcore.Response {
	in := c.pathInstance()
	if in == nil || c.f.st.Credentials[in.ID] == nil {
		return c.notFound()
	}
	delete(c.f.st.Credentials, in.ID)
	return mockcore.NoContent()
}

// --- what Konnect holds that no answer shows, for tests

// ClientSecret is the OAuth client secret of the instance's auth config; ok is false when
// the instance has none.
func (f *Family) ClientSecret(instanceID string) (secret string, ok bool) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if a := f.st.AuthConfigs[lower(instanceID)]; a != nil {
		return a.ClientSecret, true
	}
	return "", false
}

// CredentialKeys are the header keys of the instance's auth credential, by header name; nil
// when the instance has none.
func (f *Family) CredentialKeys(instanceID string) map[string]string {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	cr := f.st.Credentials[lower(instanceID)]
	if cr == nil {
		return nil
	}
	out := map[string]string{}
	for _, h := range cr.Headers {
		out[h.Name] = h.Key
	}
	return out
}
