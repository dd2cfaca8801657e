package portal

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var visibilities = []string{"public", "private"}

// portalReadOnly are the Portal schema's read-only properties: accepted in a
// request body (the spec's request schema is the Portal itself) and ignored.
var portalReadOnly = []string{"id", "created_at", "updated_at", "default_domain", "canonical_domain"}

var portalWritable = []string{"name", "display_name", "description", "authentication_enabled", "rbac_enabled",
	"sipr_enabled", "default_api_visibility", "default_page_visibility", "default_application_auth_strategy_id",
	"auto_approve_developers", "auto_approve_applications", "labels", "notifications_developer_pii_visibility_enabled"}

var portalBools = []string{"authentication_enabled", "rbac_enabled", "sipr_enabled", "auto_approve_developers",
	"auto_approve_applications", "notifications_developer_pii_visibility_enabled"}

var portalFilters = filterSpec{
	"id": uuidField, "name": textField, "description": textField,
	"authentication_enabled": boolField, "rbac_enabled": boolField,
	"default_api_visibility": textField, "default_page_visibility": textField,
	"default_application_auth_strategy_id": uuidField,
	"auto_approve_developers":              boolField, "auto_approve_applications": boolField,
	"default_domain": textField, "canonical_domain": textField,
}

var portalSorts = []string{"name", "description", "authentication_enabled", "rbac_enabled", "auto_approve_applications",
	"auto_approve_developers", "default_domain", "canonical_domain", "created_at", "updated_at"}

func portalField(p *portal, field string) (string, bool) {
	switch field {
	case "id":
		return p.ID, true
	case "name":
		return p.Name, true
	case "description":
		return optString(p.Description)
	case "authentication_enabled":
		return boolString(p.AuthenticationEnabled), true
	case "rbac_enabled":
		return boolString(p.RBACEnabled), true
	case "auto_approve_developers":
		return boolString(p.AutoApproveDevelopers), true
	case "auto_approve_applications":
		return boolString(p.AutoApproveApplications), true
	case "default_api_visibility":
		return p.DefaultAPIVisibility, true
	case "default_page_visibility":
		return p.DefaultPageVisibility, true
	case "default_application_auth_strategy_id":
		return optString(p.DefaultStrategyID)
	case "default_domain":
		return p.DefaultDomain, true
	case "canonical_domain":
		return p.canonical(), true
	case "created_at":
		return mockcore.FormatTime(p.Created), true
	case "updated_at":
		return mockcore.FormatTime(p.Updated), true
	}
	return "", false
}

func listPortals(c *call) mockcore.Response {
	return list(c, c.f.st.Portals, portalFilters, portalSorts, portalField, (*portal).view)
}

// portalFields are the checked fields of a portal body; nil is absent (or,
// for the nullable ones, see the Body's Null).
type portalFields struct {
	name, displayName, description, apiVis, pageVis, strategyID *string
	bools                                                       map[string]*bool
	labels                                                      map[string]*string
	hasLabels                                                   bool
}

// portalBody checks a create (patch false) or update body.
func (c *call) portalBody(b *mockcore.Body, patch bool) portalFields {
	b.Only(append(slices.Clone(portalWritable), portalReadOnly...)...)
	if patch {
		notNull(b, "is_string", "name", "display_name")
		notNullEnum(b, visibilities, "default_api_visibility", "default_page_visibility")
		notNull(b, "is_boolean", portalBools...)
	}
	var pf portalFields
	pf.name = b.String("name", !patch, 1, 255)
	pf.displayName = b.String("display_name", false, 1, 255)
	pf.description = b.String("description", false, 0, 512)
	pf.apiVis = b.Enum("default_api_visibility", false, visibilities)
	pf.pageVis = b.Enum("default_page_visibility", false, visibilities)
	pf.strategyID = b.UUID("default_application_auth_strategy_id", false)
	if pf.strategyID != nil && c.f.st.strategy(*pf.strategyID) == nil {
		b.Fail("default_application_auth_strategy_id", "missing_reference",
			`"default_application_auth_strategy_id" does not name an application auth strategy`)
	}
	pf.bools = map[string]*bool{}
	for _, k := range portalBools {
		pf.bools[k] = b.Bool(k, false)
	}
	pf.labels, pf.hasLabels = b.Labels(patch)
	return pf
}

// apply sets what a checked body gives; a nullable field sent as null is cleared.
func (pf portalFields) apply(p *portal, b *mockcore.Body) {
	if pf.name != nil {
		p.Name = *pf.name
	}
	if pf.displayName != nil {
		p.DisplayName = *pf.displayName
	}
	if pf.description != nil || b.Null("description") {
		p.Description = pf.description
	}
	if pf.apiVis != nil {
		p.DefaultAPIVisibility = *pf.apiVis
	}
	if pf.pageVis != nil {
		p.DefaultPageVisibility = *pf.pageVis
	}
	if pf.strategyID != nil || b.Null("default_application_auth_strategy_id") {
		p.DefaultStrategyID = pf.strategyID
	}
	for k, v := range pf.bools {
		if v == nil {
			continue
		}
		switch k {
		case "authentication_enabled":
			p.AuthenticationEnabled = *v
		case "rbac_enabled":
			p.RBACEnabled = *v
		case "sipr_enabled":
			p.SIPREnabled = *v
		case "auto_approve_developers":
			p.AutoApproveDevelopers = *v
		case "auto_approve_applications":
			p.AutoApproveApplications = *v
		case "notifications_developer_pii_visibility_enabled":
			p.PIIVisibility = *v
		}
	}
	if b.Null("labels") {
		p.Labels = map[string]string{}
	}
	if pf.hasLabels {
		mockcore.ApplyLabels(p.Labels, pf.labels)
	}
}

func (c *call) nameTaken(name string, except *portal) *mockcore.Response {
	if slices.ContainsFunc(c.f.st.Portals, func(p *portal) bool { return p != except && p.Name == name }) {
		resp := c.conflict(fmt.Sprintf("Portal with name [%s] already exists", name))
		return &resp
	}
	return nil
}

func createPortal(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	pf := c.portalBody(b, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if bad := c.nameTaken(*pf.name, nil); bad != nil {
		return *bad
	}
	now := c.f.now()
	id := mockcore.NewUUID()
	p := &portal{ID: id, DisplayName: *pf.name, AuthenticationEnabled: true,
		DefaultAPIVisibility: "private", DefaultPageVisibility: "private", DefaultDomain: defaultDomain(id),
		Labels: map[string]string{}, Created: now, Updated: now,
		Auth: defaultAuthSettings(), Customization: defaultCustomization(), AllowList: []*ipEntry{},
		Pages: []*page{}, Snippets: []*snippet{}, Teams: []*team{}, Developers: []*developer{}, Publications: []*publication{}}
	pf.apply(p, b)
	c.f.st.Portals = append(c.f.st.Portals, p)
	return c.json(http.StatusCreated, p.view())
}

// portal resolves {portalId}: an unknown or malformed id is a 404.
func (c *call) portal() (*portal, *mockcore.Response) {
	id, ok := c.pathID("portalId")
	var p *portal
	if ok {
		p = c.f.st.portal(id)
	}
	if p == nil {
		resp := c.notFound()
		return nil, &resp
	}
	return p, nil
}

func getPortal(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, p.view())
}

// patchPortal changes only the fields sent: a null description or default
// strategy clears it, labels are merged (a null value removes one, labels null
// removes all).
func patchPortal(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	pf := c.portalBody(b, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if pf.name != nil {
		if bad := c.nameTaken(*pf.name, p); bad != nil {
			return *bad
		}
	}
	pf.apply(p, b)
	p.Updated = c.f.now()
	return c.json(http.StatusOK, p.view())
}

// deletePortal deletes the portal with everything in it (pages, snippets,
// teams, developers, settings), as the spec says. Only API publications hold
// it back: with any, the delete needs force=true, which deletes them too.
func deletePortal(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	force := c.q.Get("force")
	switch force {
	case "", "false", "true":
	default:
		return c.invalidRequest("query", mockcore.InvalidParam{Field: "force", Rule: "enum", Choices: []string{"true", "false"}})
	}
	if n := len(p.Publications); n > 0 && force != "true" {
		ids := make([]string, n)
		for i, pub := range p.Publications {
			ids[i] = pub.APIID
		}
		return c.conflict(fmt.Sprintf("Portal [%s] has published APIs [%s]: delete them first or delete the portal with force=true", p.ID, strings.Join(ids, ", ")))
	}
	c.f.st.Portals = slices.DeleteFunc(c.f.st.Portals, func(x *portal) bool { return x == p })
	return mockcore.NoContent()
}
