// Package access declares the kinds of Konnect's identity API (/v3): who may change
// Konnect. Teams, their members and roles, system accounts with their teams, roles and
// access tokens, the SSO identity provider with its team mappings, and the organization's
// authentication settings. Type and attribute names are those of Kong's provider, so a
// state moves here with `terraform state replace-provider`.
package access

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// under returns the collection path /v3/<segments…>, with {param} segments taken from the
// object's parents.
func under(segments ...string) func(map[string]string) string {
	return func(p map[string]string) string {
		parts := []string{"/v3"}
		for _, s := range segments {
			if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				s = url.PathEscape(p[strings.Trim(s, "{}")])
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, "/")
	}
}

// catalogue is Konnect's predefined roles (GET /v3/roles): role names by entity type name.
type catalogue map[string][]string

// catalogues holds one catalogue per client (a provider process talks to one
// organization): roles are Konnect's, not the organization's, so one read serves every plan.
var catalogues sync.Map // *konnect.Client -> catalogue

func rolesOf(ctx context.Context, cl *konnect.Client) (catalogue, error) {
	if c, ok := catalogues.Load(cl); ok {
		return c.(catalogue), nil
	}
	var out map[string]struct {
		Name  string `json:"name"`
		Roles map[string]struct {
			Name string `json:"name"`
		} `json:"roles"`
	}
	if _, err := cl.Do(ctx, http.MethodGet, "/v3/roles", nil, nil, &out); err != nil {
		return nil, err
	}
	c := catalogue{}
	for _, group := range out {
		for _, r := range group.Roles {
			c[group.Name] = append(c[group.Name], r.Name)
		}
		sort.Strings(c[group.Name])
	}
	catalogues.Store(cl, c)
	return c, nil
}

// checkRole checks a role grant's entity type and role name against Konnect's catalogue when
// the plan is made, naming the valid ones.
func checkRole(ctx context.Context, cl *konnect.Client, values konnect.Object) []engine.Problem {
	typeName, _ := values["entity_type_name"].(string)
	role, _ := values["role_name"].(string)
	if typeName == "" && role == "" {
		return nil
	}
	c, err := rolesOf(ctx, cl)
	if err != nil {
		return []engine.Problem{{Attr: "role_name", Summary: "Could not read Konnect's roles",
			Detail: "The role is checked against Konnect's roles (GET /v3/roles) when the plan is made: " + err.Error()}}
	}
	if typeName != "" {
		roles, ok := c[typeName]
		if !ok {
			return []engine.Problem{{Attr: "entity_type_name", Summary: "Unknown entity type",
				Detail: fmt.Sprintf("Konnect has no entity type %q. Valid entity types: %s.", typeName, quoted(keys(c)))}}
		}
		if role != "" && !slices.Contains(roles, role) {
			return []engine.Problem{{Attr: "role_name", Summary: "Unknown role",
				Detail: fmt.Sprintf("Konnect has no role %q for %q. Valid roles for %q: %s.", role, typeName, typeName, quoted(roles))}}
		}
		return nil
	}
	for _, roles := range c {
		if slices.Contains(roles, role) {
			return nil
		}
	}
	var all []string
	for _, roles := range c {
		all = append(all, roles...)
	}
	slices.Sort(all)
	return []engine.Problem{{Attr: "role_name", Summary: "Unknown role",
		Detail: fmt.Sprintf("Konnect has no role %q. Valid roles: %s.", role, quoted(slices.Compact(all)))}}
}

func keys(c catalogue) []string {
	out := make([]string, 0, len(c))
	for k := range c {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
