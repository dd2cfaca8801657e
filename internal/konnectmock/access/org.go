package access

import (
	"net/http"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func getAuthSettings(c *call) mockcore.Response { return c.json(http.StatusOK, c.f.st.Settings) }

// patchAuthSettings changes the settings sent. At least one way to sign in must
// stay enabled, and OIDC or SAML sign-in needs an identity provider of that type.
func patchAuthSettings(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("basic_auth_enabled", "oidc_auth_enabled", "saml_auth_enabled", "idp_mapping_enabled", "konnect_mapping_enabled")
	next := c.f.st.Settings
	for _, f := range []struct {
		key string
		dst *bool
	}{
		{"basic_auth_enabled", &next.BasicAuth}, {"oidc_auth_enabled", &next.OIDCAuth}, {"saml_auth_enabled", &next.SAMLAuth},
		{"idp_mapping_enabled", &next.IdPMapping}, {"konnect_mapping_enabled", &next.KonnectMapping},
	} {
		if v := b.Bool(f.key, false); v != nil {
			*f.dst = *v
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	for _, key := range []string{"oidc_auth_enabled", "saml_auth_enabled"} {
		typ := strings.TrimSuffix(key, "_auth_enabled")
		if v, _ := b.In[key].(bool); v && c.f.st.idpOfType(typ) == nil {
			return c.bad(mockcore.InvalidParam{Field: key, Reason: "cannot be set before configuring an identity provider"})
		}
	}
	if !next.BasicAuth && !next.OIDCAuth && !next.SAMLAuth {
		return c.problem(http.StatusBadRequest, "Atleast one of the authentication schemes from basic, oidc or saml needs to be enabled",
			mockcore.InvalidParam{Field: "oidc_auth_enabled", Reason: "cannot be disabled when both basic auth and SAML are also disabled"},
			mockcore.InvalidParam{Field: "basic_auth_enabled", Reason: "cannot be disabled when both OIDC and SAML are also disabled"},
			mockcore.InvalidParam{Field: "saml_auth_enabled", Reason: "cannot be disabled when both OIDC and basic auth are also disabled"})
	}
	c.f.st.Settings = next
	return c.json(http.StatusOK, next)
}

func getImpersonation(c *call) mockcore.Response {
	return c.json(http.StatusOK, map[string]bool{"enabled": c.f.st.Impersonation})
}

func patchImpersonation(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("enabled")
	v := b.Bool("enabled", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if v != nil {
		c.f.st.Impersonation = *v
	}
	return c.json(http.StatusOK, map[string]bool{"enabled": c.f.st.Impersonation})
}

// inviteUser is how users come to exist: an invited user is listed, inactive,
// until the invitation is accepted (which only happens out of band here:
// POST /_mock/users, Family.AddUser). Inviting a pending user again sends a
// fresh invitation and changes nothing; an active user is a 409.
func inviteUser(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("email")
	email := b.Email("email", true, 250)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if u := c.f.st.userByEmail(*email); u != nil {
		if u.Active {
			return c.problem(http.StatusConflict, "User is already active")
		}
		return mockcore.Empty(http.StatusCreated)
	}
	c.f.st.invite(NewUser{Email: *email, Pending: true}, c.f.now())
	return mockcore.Empty(http.StatusCreated)
}

// getOrganizationMe answers the organisation; its login path is that of the
// enabled identity provider, blank when none is.
func getOrganizationMe(c *call) mockcore.Response {
	o := c.f.st.Org
	login := ""
	for _, p := range c.f.st.IdPs {
		if p.Enabled {
			login = p.LoginPath
		}
	}
	return c.json(http.StatusOK, map[string]any{
		"id": o.ID, "name": o.Name, "owner_id": o.OwnerID, "login_path": login,
		"created_at": mockcore.FormatTime(o.Created), "updated_at": mockcore.FormatTime(o.Updated),
		"state": "active", "retention_period_days": 90,
	})
}
