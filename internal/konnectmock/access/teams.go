package access

import (
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// anything is the spec's '^[\w \W]+$': one character or more.
var anything = regexp.MustCompile(`^[\w \W]+$`)

var labelValue = regexp.MustCompile(`^[a-z0-9A-Z]{1}([a-z0-9A-Z-._]*[a-z0-9A-Z]+)?$`)

var reservedLabelPrefixes = []string{"kong", "konnect", "mesh", "kic", "_"}

// labels checks a Labels object (at most 50; keys 1-63 characters not starting
// with a reserved prefix; values 1-63 characters of the spec's pattern). With
// patch, a null value asks to remove the label. ok is false when the field is
// absent or invalid.
func labels(b *mockcore.Body, patch bool) (out map[string]*string, ok bool) {
	raw, present := b.In["labels"]
	if !present || raw == nil {
		return nil, false
	}
	m, isObj := raw.(map[string]any)
	if !isObj {
		b.Fail("labels", "is_object", "must be an object")
		return nil, false
	}
	if len(m) > 50 {
		b.Bad = append(b.Bad, mockcore.InvalidParam{Field: "labels", Rule: "max_items", Maximum: mockcore.IntPtr(50), Reason: "must not have more than 50 labels"})
		return nil, false
	}
	out = map[string]*string{}
	ok = true
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if n := len([]rune(k)); n < 1 || n > 63 || slices.ContainsFunc(reservedLabelPrefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
			b.Fail("labels", "is_label", "label key '"+k+"' must be 1-63 characters and must not start with 'kong', 'konnect', 'mesh', 'kic' or '_'")
			ok = false
			continue
		}
		if m[k] == nil && patch {
			out[k] = nil
			continue
		}
		s, isStr := m[k].(string)
		if !isStr || len(s) > 63 || !labelValue.MatchString(s) {
			b.Fail("labels."+k, "is_label", "label value must be 1-63 letters, digits, '-', '.' or '_', starting and ending with a letter or digit")
			ok = false
			continue
		}
		out[k] = &s
	}
	return out, ok
}

var teamFilters = mockcore.FilterSpec{"name": {"eq", "contains"}, "labels.*": {"eq", "contains", "exists"}}

func teamField(t *team, field string) (string, bool) {
	if field == "name" {
		return t.Name, true
	}
	if k, ok := strings.CutPrefix(field, "labels."); ok {
		v, has := t.Labels[k]
		return v, has
	}
	return "", false
}

func (c *call) listTeamsOf(teams []*team, spec mockcore.FilterSpec) mockcore.Response {
	return list(c, teams, spec, teamField, (*team).view)
}

func listTeams(c *call) mockcore.Response { return c.listTeamsOf(c.f.st.Teams, teamFilters) }

func createTeam(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "labels")
	name := b.Pattern("name", b.String("name", true, 1, 250), anything)
	desc := b.String("description", false, 1, 250)
	lbls, _ := labels(b, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	// Konnect allows two teams of the same name: the spec's create-team says
	// the same name and description make a second team with another id.
	now := c.f.now()
	t := &team{ID: mockcore.NewUUID(), Name: *name, Description: desc, Labels: map[string]string{},
		Created: now, Updated: now, Users: []string{}, Accounts: []string{}, Roles: []*role{}}
	for k, v := range lbls {
		t.Labels[k] = *v
	}
	c.f.st.Teams = append(c.f.st.Teams, t)
	return c.json(http.StatusCreated, t.view())
}

// team resolves {teamId}.
func (c *call) team() (*team, *mockcore.Response) {
	id, bad := c.idParam("teamId")
	if bad != nil {
		return nil, bad
	}
	return found(c, c.f.st.team(id), "team")
}

// teamOfAccounts resolves {teamId} of the system account membership paths, where
// the spec types it as a plain string.
func (c *call) teamOfAccounts() (*team, *mockcore.Response) {
	return found(c, c.f.st.team(c.plainID("teamId")), "team")
}

// systemTeamRefused is the spec's answer to a change of a predefined team.
func (c *call) systemTeamRefused() mockcore.Response {
	return c.badField("teamID", "system teams cannot be modified")
}

func getTeam(c *call) mockcore.Response {
	t, bad := c.team()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, t.view())
}

// patchTeam changes only the fields sent: a null description clears it, a
// labels object is merged (a null value removes that label) and labels: null
// removes them all.
func patchTeam(c *call) mockcore.Response {
	t, bad := c.team()
	if bad != nil {
		return *bad
	}
	if t.System {
		return c.systemTeamRefused()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "description", "labels")
	b.NotNull("name")
	name := b.Pattern("name", b.String("name", false, 1, 250), anything)
	desc := b.String("description", false, 1, 250)
	lbls, hasLabels := labels(b, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil {
		t.Name = *name
	}
	if desc != nil || b.Null("description") {
		t.Description = desc
	}
	if b.Null("labels") {
		t.Labels = map[string]string{}
	}
	if hasLabels {
		for k, v := range lbls {
			if v == nil {
				delete(t.Labels, k)
			} else {
				t.Labels[k] = *v
			}
		}
	}
	t.Updated = c.f.now()
	return c.json(http.StatusOK, t.view())
}

func deleteTeam(c *call) mockcore.Response {
	t, bad := c.team()
	if bad != nil {
		return *bad
	}
	if t.System {
		return c.systemTeamRefused()
	}
	st := c.f.st
	st.Teams = slices.DeleteFunc(st.Teams, func(x *team) bool { return x == t })
	for _, p := range st.IdPs { // a mapping to a deleted team goes with it
		p.Mappings = slices.DeleteFunc(p.Mappings, func(m *mapping) bool { return m.TeamID == t.ID })
	}
	return mockcore.NoContent()
}

// --- team membership: users and system accounts

// teamMembers is one kind of team member (users, system accounts): how the
// membership paths resolve, where a team keeps its members' ids, and how the
// answers word them.
type teamMembers[T any] struct {
	// what names the member in a 404; already is the 409's detail, given the
	// member's id and the team's.
	what, already string
	// team resolves {teamId} of the membership paths.
	team func(c *call) (*team, *mockcore.Response)
	// member resolves the member's own id in a path ({userId}, {accountId}).
	member func(c *call) (*T, *mockcore.Response)
	find   func(s *state, id string) *T
	id     func(m *T) string
	// of is the team's list of member ids, in the order they were added.
	of func(t *team) *[]string
	// list answers a paged, filtered list of members.
	list func(c *call, members []*T) mockcore.Response
}

var teamUsers = teamMembers[user]{
	what: "user", already: "User [%s] is already a member of team [%s]",
	team: (*call).team, member: (*call).user, find: (*state).user,
	id:   func(u *user) string { return u.ID },
	of:   func(t *team) *[]string { return &t.Users },
	list: (*call).listUsersOf,
}

var teamAccounts = teamMembers[account]{
	what: "system account", already: "System account [%s] is already a member of team [%s]",
	team: (*call).teamOfAccounts, member: (*call).account, find: (*state).account,
	id: func(a *account) string { return a.ID },
	of: func(t *team) *[]string { return &t.Accounts },
	list: func(c *call, accounts []*account) mockcore.Response {
		return c.listAccountsOf(accounts, nameFilters)
	},
}

func listMembers[T any](m teamMembers[T]) handler {
	return func(c *call) mockcore.Response {
		t, bad := m.team(c)
		if bad != nil {
			return *bad
		}
		var members []*T
		for _, id := range *m.of(t) {
			if x := m.find(c.f.st, id); x != nil {
				members = append(members, x)
			}
		}
		return m.list(c, members)
	}
}

func addMember[T any](m teamMembers[T]) handler {
	return func(c *call) mockcore.Response {
		t, bad := m.team(c)
		if bad != nil {
			return *bad
		}
		b, bad := c.body()
		if bad != nil {
			return *bad
		}
		b.Only("id")
		id := b.UUID("id", true)
		if bad := c.invalid(b); bad != nil {
			return *bad
		}
		if m.find(c.f.st, *id) == nil {
			return c.notFound(m.what)
		}
		ids := m.of(t)
		if slices.Contains(*ids, *id) {
			return c.conflict(fmt.Sprintf(m.already, *id, t.ID))
		}
		*ids = append(*ids, *id)
		return mockcore.Empty(http.StatusCreated)
	}
}

func removeMember[T any](m teamMembers[T]) handler {
	return func(c *call) mockcore.Response {
		t, bad := m.team(c)
		if bad != nil {
			return *bad
		}
		x, bad := m.member(c)
		if bad != nil {
			return *bad
		}
		id, ids := m.id(x), m.of(t)
		if !slices.Contains(*ids, id) {
			return c.notFound(m.what)
		}
		*ids = slices.DeleteFunc(*ids, func(y string) bool { return y == id })
		return mockcore.NoContent()
	}
}

// memberTeams answers the teams a user or system account is a member of, in team order.
func memberTeams[T any](m teamMembers[T]) handler {
	return func(c *call) mockcore.Response {
		x, bad := m.member(c)
		if bad != nil {
			return *bad
		}
		id := m.id(x)
		var teams []*team
		for _, t := range c.f.st.Teams {
			if slices.Contains(*m.of(t), id) {
				teams = append(teams, t)
			}
		}
		return c.listTeamsOf(teams, nameFilters)
	}
}

// leave takes a deleted member out of every team.
func (m teamMembers[T]) leave(s *state, id string) {
	for _, t := range s.Teams {
		ids := m.of(t)
		*ids = slices.DeleteFunc(*ids, func(y string) bool { return y == id })
	}
}
