package engine

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Role is one of the roles of a Konnect role catalogue.
type Role struct {
	Name, Description string
}

// RoleCatalogue is a catalogue of predefined roles as Konnect serves it (GET /v3/roles for
// the organization, GET /v3/portal-roles for a portal's teams): roles by entity type name,
// each type's sorted by name.
type RoleCatalogue map[string][]Role

type catalogueKey struct {
	client *konnect.Client
	path   string
}

// roleCatalogues holds one catalogue per client and path (a provider process talks to one
// organization): the roles are Konnect's, not the organization's, so one read serves every
// plan.
var roleCatalogues sync.Map // catalogueKey -> RoleCatalogue

// Roles reads the role catalogue at path, once per client. Konnect's catalogues have one
// shape: {"<key>": {"name": "<entity type>", "roles": {"<key>": {"name", "description"}}}}.
func Roles(ctx context.Context, cl *konnect.Client, path string) (RoleCatalogue, error) {
	key := catalogueKey{cl, path}
	if c, ok := roleCatalogues.Load(key); ok {
		if cat, ok := c.(RoleCatalogue); ok {
			return cat, nil
		}
	}
	var out map[string]struct {
		Name  string `json:"name"`
		Roles map[string]struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		} `json:"roles"`
	}
	if _, err := cl.Do(ctx, http.MethodGet, path, nil, nil, &out); err != nil {
		return nil, err
	}
	c := RoleCatalogue{}
	for _, group := range out {
		for _, r := range group.Roles {
			c[group.Name] = append(c[group.Name], Role{Name: r.Name, Description: r.Description})
		}
		slices.SortFunc(c[group.Name], func(a, b Role) int { return strings.Compare(a.Name, b.Name) })
	}
	roleCatalogues.Store(key, c)
	return c, nil
}
