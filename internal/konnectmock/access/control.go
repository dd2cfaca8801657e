package access

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// User is a user as the Go API returns it.
type User struct {
	ID, Email, FullName, PreferredName string
	Active                             bool
}

func (u *user) export() User {
	return User{ID: u.ID, Email: u.Email, FullName: u.FullName, PreferredName: u.PreferredName, Active: u.Active}
}

// ErrNotFound is returned by the Go API for an unknown user or token.
var ErrNotFound = errors.New("not found")

// AddUser invites a user out of band (an accepted invitation unless Pending);
// an e-mail already in use is an error. The state file is saved.
func (f *Family) AddUser(nu NewUser) (User, error) {
	u, err := f.addUser(nu)
	if err != nil {
		return User{}, err
	}
	return u.export(), f.env.Save()
}

func (f *Family) addUser(nu NewUser) (*user, error) {
	if nu.Email == "" {
		return nil, errors.New("an e-mail is required")
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	u, ok := f.st.invite(nu, f.now())
	if !ok {
		return nil, fmt.Errorf("a user with e-mail %s already exists", nu.Email)
	}
	return u, nil
}

// FindUser looks a user up by e-mail (case-insensitive): seeded ids differ per organisation.
func (f *Family) FindUser(email string) (User, bool) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if u := f.st.userByEmail(email); u != nil {
		return u.export(), true
	}
	return User{}, false
}

// ExpireToken makes a system account token or personal access token expire
// now, as if its expires_at had passed: it stays listed, and is refused.
func (f *Family) ExpireToken(id string) error { return f.saved(f.expire(id)) }

func (f *Family) expire(id string) error {
	return f.onToken(id, func(ref tokenRef) {
		if now := f.now(); ref.tok.Expires.After(now) {
			ref.tok.Expires = now
		}
	})
}

// RevokeToken takes a token away out of band: a personal access token becomes
// REVOKED (as its revoke endpoint does), a system account token, which has no
// revoked state, is deleted. Either is refused from then on.
func (f *Family) RevokeToken(id string) error { return f.saved(f.revoke(id)) }

func (f *Family) revoke(id string) error {
	return f.onToken(id, func(ref tokenRef) {
		if ref.user != nil {
			ref.tok.revoke(ref.user.ID, f.now())
		} else {
			f.drop(ref)
		}
	})
}

// onToken applies act, under the lock, to the system account token or personal
// access token with id; ErrNotFound when there is none.
func (f *Family) onToken(id string, act func(ref tokenRef)) error {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	id = strings.ToLower(id)
	for _, ref := range f.tokens {
		if ref.tok.ID == id {
			act(ref)
			return nil
		}
	}
	return ErrNotFound
}

// saved saves the state after a change made out of band, unless the change failed.
func (f *Family) saved(err error) error {
	if err != nil {
		return err
	}
	return f.env.Save()
}

// Control serves the family's /_mock/ endpoints (the assembler saves the state after a 2xx):
//
//	POST /_mock/users                 {"email","full_name","preferred_name","pending"} → 201 the user; 409 e-mail taken
//	POST /_mock/tokens/{id}/expire    → 204 (a system account token or personal access token)
//	POST /_mock/tokens/{id}/revoke    → 204
func (f *Family) Control(r *http.Request, path string, body []byte) (mockcore.Response, bool) {
	segs := strings.Split(path, "/")
	switch {
	case path == "users":
		if r.Method != http.MethodPost {
			return mockError(http.StatusMethodNotAllowed, "Method Not Allowed").With("Allow", "POST"), true
		}
		b, err := mockcore.ParseBody(body)
		if err != nil {
			return mockError(http.StatusBadRequest, "invalid user: "+err.Error()), true
		}
		b.Only("email", "full_name", "preferred_name", "pending")
		email := b.Email("email", true, 250)
		full := b.String("full_name", false, 0, 250)
		pref := b.String("preferred_name", false, 0, 250)
		pending := b.Bool("pending", false)
		if len(b.Bad) > 0 {
			return mockError(http.StatusBadRequest, "invalid user: "+b.Bad[0].Field+" "+b.Bad[0].Reason), true
		}
		nu := NewUser{Email: *email}
		if full != nil {
			nu.FullName = *full
		}
		if pref != nil {
			nu.PreferredName = *pref
		}
		if pending != nil {
			nu.Pending = *pending
		}
		u, err := f.addUser(nu)
		if err != nil {
			return mockError(http.StatusConflict, err.Error()), true
		}
		return mockcore.JSON(http.StatusCreated, u.view()), true
	case len(segs) == 3 && segs[0] == "tokens" && (segs[2] == "expire" || segs[2] == "revoke"):
		if r.Method != http.MethodPost {
			return mockError(http.StatusMethodNotAllowed, "Method Not Allowed").With("Allow", "POST"), true
		}
		op := f.expire
		if segs[2] == "revoke" {
			op = f.revoke
		}
		if err := op(segs[1]); err != nil {
			return mockError(http.StatusNotFound, "no token "+segs[1]), true
		}
		return mockcore.NoContent(), true
	}
	return mockcore.Response{}, false
}

// mockError is the /_mock/ endpoints' error shape, {"message": …}.
func mockError(status int, msg string) mockcore.Response {
	return mockcore.JSON(status, map[string]any{"message": msg})
}
