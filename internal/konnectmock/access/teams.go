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
	if b.Null("name") {
		b.Fail("name", "required", "cannot be null")
	}
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

// --- team membership: users

func listTeamUsers(c *call) mockcore.Response {
	t, bad := c.team()
	if bad != nil {
		return *bad
	}
	var members []*user
	for _, id := range t.Users {
		if u := c.f.st.user(id); u != nil {
			members = append(members, u)
		}
	}
	return c.listUsersOf(members)
}

func addTeamUser(c *call) mockcore.Response {
	t, bad := c.team()
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
	if c.f.st.user(*id) == nil {
		return c.notFound("user")
	}
	if slices.Contains(t.Users, *id) {
		return c.conflict(fmt.Sprintf("User [%s] is already a member of team [%s]", *id, t.ID))
	}
	t.Users = append(t.Users, *id)
	return mockcore.Empty(http.StatusCreated)
}

func removeTeamUser(c *call) mockcore.Response {
	t, bad := c.team()
	if bad != nil {
		return *bad
	}
	id, bad := c.idParam("userId")
	if bad != nil {
		return *bad
	}
	if c.f.st.user(id) == nil || !slices.Contains(t.Users, id) {
		return c.notFound("user")
	}
	t.Users = slices.DeleteFunc(t.Users, func(x string) bool { return x == id })
	return mockcore.NoContent()
}

// --- team membership: system accounts

func listTeamAccounts(c *call) mockcore.Response {
	t, bad := c.teamOfAccounts()
	if bad != nil {
		return *bad
	}
	var members []*account
	for _, id := range t.Accounts {
		if a := c.f.st.account(id); a != nil {
			members = append(members, a)
		}
	}
	return c.listAccountsOf(members, nameFilters)
}

func addTeamAccount(c *call) mockcore.Response {
	t, bad := c.teamOfAccounts()
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
	if c.f.st.account(*id) == nil {
		return c.notFound("system account")
	}
	if slices.Contains(t.Accounts, *id) {
		return c.conflict(fmt.Sprintf("System account [%s] is already a member of team [%s]", *id, t.ID))
	}
	t.Accounts = append(t.Accounts, *id)
	return mockcore.Empty(http.StatusCreated)
}

func removeTeamAccount(c *call) mockcore.Response {
	t, bad := c.teamOfAccounts()
	if bad != nil {
		return *bad
	}
	id := c.plainID("accountId")
	if c.f.st.account(id) == nil || !slices.Contains(t.Accounts, id) {
		return c.notFound("system account")
	}
	t.Accounts = slices.DeleteFunc(t.Accounts, func(x string) bool { return x == id })
	return mockcore.NoContent()
}

// teamsWith lists the teams whose member list holds id, in team order.
func (s *state) teamsWith(id string, members func(*team) []string) []*team {
	var out []*team
	for _, t := range s.Teams {
		if slices.Contains(members(t), id) {
			out = append(out, t)
		}
	}
	return out
}
