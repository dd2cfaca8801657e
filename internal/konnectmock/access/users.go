package access

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var userFilters = mockcore.FilterSpec{
	"id": {"eq"}, "email": {"eq", "contains"}, "full_name": {"eq", "contains"}, "active": {"bool"},
}

func userField(u *user, field string) (string, bool) {
	switch field {
	case "id":
		return u.ID, true
	case "email":
		return u.Email, true
	case "full_name":
		return u.FullName, true
	case "active":
		return strconv.FormatBool(u.Active), true
	}
	return "", false
}

func (c *call) listUsersOf(users []*user) mockcore.Response {
	return list(c, users, userFilters, userField, (*user).view)
}

func (s *state) userByEmail(email string) *user {
	return first(s.Users, func(u *user) bool { return strings.EqualFold(u.Email, email) })
}

// user resolves {userId}.
func (c *call) user() (*user, *mockcore.Response) {
	id, bad := c.idParam("userId")
	if bad != nil {
		return nil, bad
	}
	return found(c, c.f.st.user(id), "user")
}

func listUsers(c *call) mockcore.Response { return c.listUsersOf(c.f.st.Users) }

func getUser(c *call) mockcore.Response {
	u, bad := c.user()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, u.view())
}

// patchUser changes full_name and preferred_name, whichever are sent; the e-mail
// is the identity the user registered with and cannot be changed.
func patchUser(c *call) mockcore.Response {
	u, bad := c.user()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("full_name", "preferred_name")
	full := b.Pattern("full_name", b.String("full_name", false, 1, 250), anything)
	pref := b.String("preferred_name", false, 0, 250)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if full != nil {
		u.FullName = *full
	}
	if pref != nil {
		u.PreferredName = *pref
	}
	u.Updated = c.f.now()
	return c.json(http.StatusOK, u.view())
}

// deleteUser removes the user from every team; its personal access tokens stop working.
func deleteUser(c *call) mockcore.Response {
	u, bad := c.user()
	if bad != nil {
		return *bad
	}
	st := c.f.st
	teamUsers.leave(st, u.ID)
	for _, tok := range u.Tokens {
		c.f.retire(tok)
	}
	st.Users = slices.DeleteFunc(st.Users, func(x *user) bool { return x == u })
	if st.Org.OwnerID == u.ID { // the spec has no refusal for this: the organisation is left without an owner
		st.Org.OwnerID = ""
	}
	return mockcore.NoContent()
}

// getUserMe answers the user a personal access token belongs to. A token the
// mock did not issue stands for the organisation's owner (or, the owner
// deleted, its first active user); a system account token has no user (401, as
// the spec allows only personal tokens here).
func getUserMe(c *call) mockcore.Response {
	tok, _ := mockcore.BearerToken(c.r)
	if ref, ok := c.f.tokens[digest(tok)]; ok && ref.user != nil {
		return c.json(http.StatusOK, ref.user.view())
	}
	if strings.HasPrefix(tok, "spat_") {
		return c.problem(http.StatusUnauthorized, "A valid token is required")
	}
	owner := c.f.st.user(c.f.st.Org.OwnerID)
	if owner == nil {
		owner = first(c.f.st.Users, func(u *user) bool { return u.Active })
	}
	if owner == nil {
		return c.problem(http.StatusUnauthorized, "A valid token is required")
	}
	return c.json(http.StatusOK, owner.view())
}
