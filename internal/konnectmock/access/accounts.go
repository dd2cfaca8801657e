package access

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var accountFilters = mockcore.FilterSpec{"name": {"eq", "contains"}, "description": {"eq", "contains"}, "konnect_managed": {"bool"}}

func accountField(a *account, field string) (string, bool) {
	switch field {
	case "name":
		return a.Name, true
	case "description":
		return a.Description, true
	case "konnect_managed":
		return strconv.FormatBool(a.KonnectManaged), true
	}
	return "", false
}

func (c *call) listAccountsOf(accounts []*account, spec mockcore.FilterSpec) mockcore.Response {
	return list(c, accounts, spec, accountField, (*account).view)
}

// account resolves {accountId}, a plain string in the spec.
func (c *call) account() (*account, *mockcore.Response) {
	return found(c, c.f.st.account(c.plainID("accountId")), "system account")
}

func (s *state) accountNamed(name string, except *account) bool {
	return slices.ContainsFunc(s.Accounts, func(a *account) bool { return a != except && a.Name == name })
}

func listAccounts(c *call) mockcore.Response {
	return c.listAccountsOf(c.f.st.Accounts, accountFilters)
}

func createAccount(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "konnect_managed")
	name := b.String("name", true, 1, 0)
	desc := b.String("description", true, 0, 0)
	managed := b.Bool("konnect_managed", false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if c.f.st.accountNamed(*name, nil) {
		return c.conflict(fmt.Sprintf("System account with name [%s] already exists", *name))
	}
	now := c.f.now()
	a := &account{ID: mockcore.NewUUID(), Name: *name, Description: *desc, Created: now, Updated: now,
		Tokens: []*token{}, Roles: []*role{}}
	if managed != nil {
		a.KonnectManaged = *managed
	}
	c.f.st.Accounts = append(c.f.st.Accounts, a)
	return c.json(http.StatusCreated, a.view())
}

func getAccount(c *call) mockcore.Response {
	a, bad := c.account()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, a.view())
}

// patchAccount changes name and description, whichever are sent; konnect_managed is fixed at creation.
func patchAccount(c *call) mockcore.Response {
	a, bad := c.account()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description")
	b.NotNull("name")
	name := b.String("name", false, 1, 0)
	desc := b.String("description", false, 0, 0)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil && c.f.st.accountNamed(*name, a) {
		return c.conflict(fmt.Sprintf("System account with name [%s] already exists", *name))
	}
	if name != nil {
		a.Name = *name
	}
	if desc != nil {
		a.Description = *desc
	} else if b.Null("description") {
		a.Description = ""
	}
	a.Updated = c.f.now()
	return c.json(http.StatusOK, a.view())
}

// deleteAccount removes the account from its teams; its tokens stop working.
func deleteAccount(c *call) mockcore.Response {
	a, bad := c.account()
	if bad != nil {
		return *bad
	}
	st := c.f.st
	teamAccounts.leave(st, a.ID)
	for _, tok := range a.Tokens {
		c.f.retire(tok)
	}
	st.Accounts = slices.DeleteFunc(st.Accounts, func(x *account) bool { return x == a })
	return mockcore.NoContent()
}

// --- system account access tokens

// accountTokens are system account access tokens: {accountId} and {tokenId}
// are plain strings in the spec, and a system account's token names are unique.
var accountTokens = tokenKind{
	resolve: (*call).accountToken,
	name:    func(b *mockcore.Body) *string { return b.String("name", true, 1, 0) },
	taken: func(ref tokenRef, name string) string {
		if slices.ContainsFunc(*ref.owned(), func(t *token) bool { return t != ref.tok && t.Name == name }) {
			return fmt.Sprintf("System account already has an access token with name [%s]", name)
		}
		return ""
	},
	view: func(ref tokenRef, _ time.Time) any { return ref.tok.accountView() },
}

func listAccountTokens(c *call) mockcore.Response {
	a, bad := c.account()
	if bad != nil {
		return *bad
	}
	return list(c, a.Tokens, nameFilters, func(t *token, _ string) (string, bool) { return t.Name, true }, (*token).accountView)
}

// createAccountToken mints a "spat_" token; its value is in this answer only.
func createAccountToken(c *call) mockcore.Response {
	a, bad := c.account()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "expires_at")
	name := accountTokens.name(b)
	now := c.f.now()
	expires := expiresAt(b, now)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	owner := tokenRef{account: a}
	if detail := accountTokens.taken(owner, *name); detail != "" {
		return c.conflict(detail)
	}
	t, value := c.f.issue(owner, "spat_", 50, *name, now, *expires)
	view := t.accountView()
	view.Token = value
	return c.json(http.StatusCreated, view)
}

func (c *call) accountToken() (tokenRef, *mockcore.Response) {
	a, bad := c.account()
	if bad != nil {
		return tokenRef{}, bad
	}
	return c.ownedToken(tokenRef{account: a}, c.plainID("tokenId"), "access token")
}
