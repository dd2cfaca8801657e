package access

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// tokenRef is where an issued token lives: on a user (a personal access token) or a system account.
type tokenRef struct {
	tok     *token
	user    *user
	account *account
}

// owned is the token list of the ref's user or system account.
func (ref tokenRef) owned() *[]*token {
	if ref.user != nil {
		return &ref.user.Tokens
	}
	return &ref.account.Tokens
}

// issue mints a token for owner (a tokenRef without tok) whose value is prefix
// and n random letters and digits. The value is returned; only its digest is kept.
func (f *Family) issue(owner tokenRef, prefix string, n int, name string, now, expires time.Time) (*token, string) {
	value := mockcore.NewSecret(prefix, n)
	owner.tok = &token{ID: mockcore.NewUUID(), Name: name, Digest: digest(value), Created: now, Updated: now, Expires: expires}
	list := owner.owned()
	*list = append(*list, owner.tok)
	f.tokens[owner.tok.Digest] = owner
	return owner.tok, value
}

// drop deletes a token from its owner's list; it is refused from then on.
func (f *Family) drop(ref tokenRef) {
	list := ref.owned()
	*list = slices.DeleteFunc(*list, func(x *token) bool { return x == ref.tok })
	f.retire(ref.tok)
}

// ownedToken resolves the token id among owner's tokens; what names it in a 404.
func (c *call) ownedToken(owner tokenRef, id, what string) (tokenRef, *mockcore.Response) {
	t, bad := found(c, findToken(*owner.owned(), id), what)
	if bad != nil {
		return tokenRef{}, bad
	}
	owner.tok = t
	return owner, nil
}

// expiresAt checks a token's expires_at: required, and in the future. It is
// kept at millisecond precision; nil when invalid.
func expiresAt(b *mockcore.Body, now time.Time) *time.Time {
	e := b.Time("expires_at", true)
	if e == nil {
		return nil
	}
	if !e.After(now) {
		b.Fail("expires_at", "invalid", "must be in the future")
		return nil
	}
	ms := mockcore.Millis(*e)
	return &ms
}

// tokenKind is one kind of token, system account tokens or personal access
// tokens: how its paths resolve, the rules of its name, and how it is shown.
type tokenKind struct {
	// resolve finds the token of {tokenId} and its owner.
	resolve func(c *call) (tokenRef, *mockcore.Response)
	// name checks the name in a request body.
	name func(b *mockcore.Body) *string
	// taken is the 409's detail when the owner has another token of that name,
	// "" when not; nil when names need not be unique.
	taken func(ref tokenRef, name string) string
	// view shows a token at now.
	view func(ref tokenRef, now time.Time) any
}

func getToken(k tokenKind) handler {
	return func(c *call) mockcore.Response {
		ref, bad := k.resolve(c)
		if bad != nil {
			return *bad
		}
		return c.json(http.StatusOK, k.view(ref, c.f.now()))
	}
}

// patchToken renames a token, the only change a PATCH makes.
func patchToken(k tokenKind) handler {
	return func(c *call) mockcore.Response {
		ref, bad := k.resolve(c)
		if bad != nil {
			return *bad
		}
		b, bad := c.body()
		if bad != nil {
			return *bad
		}
		b.Only("name")
		name := k.name(b)
		if bad := c.invalid(b); bad != nil {
			return *bad
		}
		if k.taken != nil {
			if detail := k.taken(ref, *name); detail != "" {
				return c.conflict(detail)
			}
		}
		t := ref.tok
		t.Name = *name
		t.Updated = c.f.now()
		return c.json(http.StatusOK, k.view(ref, t.Updated))
	}
}

// deleteToken deletes a token: it stops working at once (for a system account
// token, which has no revoked state, this is how it is revoked).
func deleteToken(k tokenKind) handler {
	return func(c *call) mockcore.Response {
		ref, bad := k.resolve(c)
		if bad != nil {
			return *bad
		}
		c.f.drop(ref)
		return mockcore.NoContent()
	}
}

func digest(value string) string {
	sum := sha256.Sum256([]byte(value))
	return hex.EncodeToString(sum[:])
}

// reindex rebuilds the token index from the state.
func (f *Family) reindex() {
	f.tokens = map[string]tokenRef{}
	for _, u := range f.st.Users {
		for _, t := range u.Tokens {
			f.tokens[t.Digest] = tokenRef{tok: t, user: u}
		}
	}
	for _, a := range f.st.Accounts {
		for _, t := range a.Tokens {
			f.tokens[t.Digest] = tokenRef{tok: t, account: a}
		}
	}
}

// retire forgets a deleted token but remembers that it existed, so it is refused.
func (f *Family) retire(t *token) {
	delete(f.tokens, t.Digest)
	if !slices.Contains(f.st.Revoked, t.Digest) {
		f.st.Revoked = append(f.st.Revoked, t.Digest)
	}
}

// Authenticate reports whether the family issued token and whether it still
// works: not expired, revoked or deleted. A good token's last_used_at is set.
func (f *Family) Authenticate(value string) (known, valid bool) {
	d := digest(value)
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	ref, ok := f.tokens[d]
	if !ok {
		return slices.Contains(f.st.Revoked, d), false
	}
	now := f.now()
	if ref.tok.state(now) != "ACTIVE" {
		return true, false
	}
	ref.tok.LastUsed = &now
	return true, true
}

// --- personal access tokens (/v3/users/{userId}/access-tokens)

// patName is the spec's PATName.
var patName = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N} _\-\.']*[\p{L}\p{N}]$`)

// maxPATs is the spec's "A maximum of 10 personal access tokens can be created".
const maxPATs = 10

// personalTokens are personal access tokens: {userId} and {tokenId} are UUIDs
// in the spec, names follow PATName and need not be unique.
var personalTokens = tokenKind{
	resolve: (*call).pat,
	name:    func(b *mockcore.Body) *string { return b.Pattern("name", b.String("name", true, 1, 256), patName) },
	view:    func(ref tokenRef, now time.Time) any { return ref.tok.patView(ref.user.ID, now) },
}

func listPATs(c *call) mockcore.Response {
	u, bad := c.user()
	if bad != nil {
		return *bad
	}
	now := c.f.now()
	views := []patJSON{}
	for _, t := range u.Tokens {
		views = append(views, t.patView(u.ID, now))
	}
	// the spec's list has no paging parameters and a bare PageMeta
	return c.json(http.StatusOK, map[string]any{
		"meta": map[string]any{"number": 1, "size": len(views), "total": len(views)}, "data": views,
	})
}

// createPAT takes a name and either ttl_seconds (one day to one year) or the
// deprecated expires_at; the "kpat_" value is in this answer only.
func createPAT(c *call) mockcore.Response {
	u, bad := c.user()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "expires_at", "ttl_seconds")
	name := personalTokens.name(b)
	now := c.f.now()
	var expires time.Time
	switch {
	case b.Has("ttl_seconds") && b.Has("expires_at"):
		b.Fail("expires_at", "dependent_fields", "cannot be given with ttl_seconds")
	case b.Has("expires_at"):
		if e := expiresAt(b, now); e != nil {
			expires = *e
		}
	default:
		if ttl := b.Int("ttl_seconds", true, 86400, 31536000); ttl != nil {
			expires = now.Add(time.Duration(*ttl) * time.Second)
		}
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	active := 0
	for _, t := range u.Tokens {
		if t.state(now) == "ACTIVE" {
			active++
		}
	}
	if active >= maxPATs {
		return c.conflict(fmt.Sprintf("A maximum of %d personal access tokens can be created", maxPATs))
	}
	t, value := c.f.issue(tokenRef{user: u}, "kpat_", 49, *name, now, expires)
	view := t.patView(u.ID, now)
	view.KonnectToken = value
	return c.json(http.StatusCreated, view)
}

func (c *call) pat() (tokenRef, *mockcore.Response) {
	u, bad := c.user()
	if bad != nil {
		return tokenRef{}, bad
	}
	id, bad := c.idParam("tokenId")
	if bad != nil {
		return tokenRef{}, bad
	}
	return c.ownedToken(tokenRef{user: u}, id, "personal access token")
}

// revokePAT marks the token REVOKED (by the caller, when the caller is a user
// token the mock knows, else by the token's owner); revoking again changes nothing.
func revokePAT(c *call) mockcore.Response {
	ref, bad := c.pat()
	if bad != nil {
		return *bad
	}
	u, t, now := ref.user, ref.tok, c.f.now()
	by := u.ID
	if tok, ok := mockcore.BearerToken(c.r); ok {
		if caller, known := c.f.tokens[digest(tok)]; known && caller.user != nil {
			by = caller.user.ID
		}
	}
	t.revoke(by, now)
	return c.json(http.StatusOK, t.patView(u.ID, now))
}

// revoke marks a personal access token REVOKED by the user by; revoking again changes nothing.
func (t *token) revoke(by string, now time.Time) {
	if t.Revoked == nil {
		t.Revoked, t.RevokedBy, t.Updated = &now, &by, now
	}
}
