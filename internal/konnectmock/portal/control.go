package portal

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Errors of the Go API.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)

// Page is a page as the Go API returns it.
type Page struct {
	ID, Slug, Title, Content string
	Description              *string
	UpdatedAt                string
}

func (pg *page) export() Page {
	return Page{ID: pg.ID, Slug: pg.Slug, Title: pg.Title, Content: pg.Content, Description: pg.Description,
		UpdatedAt: mockcore.FormatTime(pg.Updated)}
}

// FindPortal looks a portal up by name and returns its id.
func (f *Family) FindPortal(name string) (string, bool) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if p := first(f.st.Portals, func(p *portal) bool { return p.Name == name }); p != nil {
		return p.ID, true
	}
	return "", false
}

// EditPage replaces a page's content as the portal's editor does: front matter
// in it sets the title and description, updated_at moves. The state file is saved.
func (f *Family) EditPage(portalID, pageID, content string) (Page, error) {
	pg, err := f.editPage(portalID, pageID, content)
	if err != nil {
		return Page{}, err
	}
	return pg.export(), f.env.Save()
}

func (f *Family) editPage(portalID, pageID, content string) (*page, error) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	p := f.st.portal(strings.ToLower(portalID))
	if p == nil {
		return nil, ErrNotFound
	}
	pg := p.page(strings.ToLower(pageID))
	if pg == nil {
		return nil, ErrNotFound
	}
	pg.Content = content
	title, desc := frontMatter(content)
	if title != nil {
		pg.Title = *title
	}
	if desc != nil {
		pg.Description = desc
	}
	pg.Updated = mockcore.Later(pg.Updated, f.now())
	return pg, nil
}

// Publish records that an API (of the API catalog, which package catalog
// serves: its publications call PublishHeld through the assembler) is published to the portal, with an application auth strategy or
// none (""). A portal with publications is deleted only with force=true; a
// strategy a publication uses is active and cannot be deleted. Publishing the
// same API twice is ErrConflict. The state file is saved.
func (f *Family) Publish(portalID, apiID, strategyID string) error {
	if err := f.publish(portalID, apiID, strategyID); err != nil {
		return err
	}
	return f.env.Save()
}

func (f *Family) publish(portalID, apiID, strategyID string) error {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	return f.PublishHeld(portalID, apiID, strategyID)
}

// PublishHeld is Publish for a caller that holds Env.Lock (the API catalog
// family, through the assembler, whose publications these are); the state is
// not saved.
func (f *Family) PublishHeld(portalID, apiID, strategyID string) error {
	p := f.st.portal(strings.ToLower(portalID))
	if p == nil || !mockcore.IsUUID(apiID) {
		return ErrNotFound
	}
	apiID = strings.ToLower(apiID)
	pub := &publication{APIID: apiID}
	if strategyID != "" {
		x := f.st.strategy(strings.ToLower(strategyID))
		if x == nil {
			return ErrNotFound
		}
		pub.StrategyID = &x.ID
	}
	if slices.ContainsFunc(p.Publications, func(x *publication) bool { return x.APIID == apiID }) {
		return ErrConflict
	}
	p.Publications = append(p.Publications, pub)
	return nil
}

// Unpublish removes a publication Publish recorded. The state file is saved.
func (f *Family) Unpublish(portalID, apiID string) error {
	if err := f.unpublish(portalID, apiID); err != nil {
		return err
	}
	return f.env.Save()
}

func (f *Family) unpublish(portalID, apiID string) error {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	return f.UnpublishHeld(portalID, apiID)
}

// UnpublishHeld is Unpublish for a caller that holds Env.Lock; the state is not saved.
func (f *Family) UnpublishHeld(portalID, apiID string) error {
	p := f.st.portal(strings.ToLower(portalID))
	apiID = strings.ToLower(apiID)
	if p == nil || !slices.ContainsFunc(p.Publications, func(x *publication) bool { return x.APIID == apiID }) {
		return ErrNotFound
	}
	p.Publications = slices.DeleteFunc(p.Publications, func(x *publication) bool { return x.APIID == apiID })
	return nil
}

// PortalHeld reports a portal's name, display name and default application
// auth strategy ("" for none), for a caller that holds Env.Lock (the API
// catalog family, through the assembler).
func (f *Family) PortalHeld(id string) (name, displayName, defaultStrategyID string, ok bool) {
	p := f.st.portal(strings.ToLower(id))
	if p == nil {
		return "", "", "", false
	}
	if p.DefaultStrategyID != nil {
		defaultStrategyID = *p.DefaultStrategyID
	}
	return p.Name, p.DisplayName, defaultStrategyID, true
}

// VerifyDomain makes the portal's custom domain verified, as Konnect does once
// the CNAME (and, for http verification, the certificate) checks out. The
// state file is saved.
func (f *Family) VerifyDomain(portalID string) error {
	if _, err := f.verifyDomain(portalID); err != nil {
		return err
	}
	return f.env.Save()
}

func (f *Family) verifyDomain(portalID string) (*customDomain, error) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	p := f.st.portal(strings.ToLower(portalID))
	if p == nil || p.Domain == nil {
		return nil, ErrNotFound
	}
	p.Domain.Verified = true
	return p.Domain, nil
}

// Control serves the family's /_mock/ endpoints (the assembler saves the state after a 2xx):
//
//	PUT    /_mock/portals/{portalId}/pages/{pageId}/content  {"content"} → 200 the page (EditPage)
//	POST   /_mock/portals/{portalId}/publications            {"api_id","auth_strategy_id"} → 201 (Publish); 409 published already
//	DELETE /_mock/portals/{portalId}/publications/{apiId}    → 204 (Unpublish)
//	POST   /_mock/portals/{portalId}/custom-domain/verify    → 200 the domain (VerifyDomain)
//
// Errors are {"message": …}: 400, 404, 405 (with Allow), 409.
func (f *Family) Control(r *http.Request, path string, body []byte) (mockcore.Response, bool) {
	segs := strings.Split(path, "/")
	if len(segs) < 3 || segs[0] != "portals" {
		return mockcore.Response{}, false
	}
	only := func(method string) *mockcore.Response {
		if r.Method != method {
			resp := mockError(http.StatusMethodNotAllowed, "Method Not Allowed").With("Allow", method)
			return &resp
		}
		return nil
	}
	switch {
	case len(segs) == 5 && segs[2] == "pages" && segs[4] == "content":
		if bad := only(http.MethodPut); bad != nil {
			return *bad, true
		}
		b, err := mockcore.ParseBody(body)
		if err != nil {
			return mockError(http.StatusBadRequest, "invalid content: "+err.Error()), true
		}
		b.Only("content")
		content := b.String("content", true, 0, 1000000)
		if len(b.Bad) > 0 {
			return mockError(http.StatusBadRequest, "invalid content: "+b.Bad[0].Field+" "+b.Bad[0].Reason), true
		}
		pg, err := f.editPage(segs[1], segs[3], *content)
		if err != nil {
			return mockError(http.StatusNotFound, "no page "+segs[3]+" in portal "+segs[1]), true
		}
		f.env.Lock.Lock()
		defer f.env.Lock.Unlock()
		return mockcore.JSON(http.StatusOK, pg.view()), true
	case len(segs) == 3 && segs[2] == "publications":
		if bad := only(http.MethodPost); bad != nil {
			return *bad, true
		}
		b, err := mockcore.ParseBody(body)
		if err != nil {
			return mockError(http.StatusBadRequest, "invalid publication: "+err.Error()), true
		}
		b.Only("api_id", "auth_strategy_id")
		api := b.UUID("api_id", true)
		strategy := b.UUID("auth_strategy_id", false)
		if len(b.Bad) > 0 {
			return mockError(http.StatusBadRequest, "invalid publication: "+b.Bad[0].Field+" "+b.Bad[0].Reason), true
		}
		sid := ""
		if strategy != nil {
			sid = *strategy
		}
		switch err := f.publish(segs[1], *api, sid); {
		case errors.Is(err, ErrConflict):
			return mockError(http.StatusConflict, "API "+*api+" is already published to portal "+segs[1]), true
		case err != nil:
			return mockError(http.StatusNotFound, "no portal "+segs[1]+" or no application auth strategy "+sid), true
		}
		return mockcore.JSON(http.StatusCreated, map[string]any{"api_id": *api, "auth_strategy_id": strategy}), true
	case len(segs) == 4 && segs[2] == "publications":
		if bad := only(http.MethodDelete); bad != nil {
			return *bad, true
		}
		if err := f.unpublish(segs[1], segs[3]); err != nil {
			return mockError(http.StatusNotFound, "API "+segs[3]+" is not published to portal "+segs[1]), true
		}
		return mockcore.NoContent(), true
	case len(segs) == 4 && segs[2] == "custom-domain" && segs[3] == "verify":
		if bad := only(http.MethodPost); bad != nil {
			return *bad, true
		}
		d, err := f.verifyDomain(segs[1])
		if err != nil {
			return mockError(http.StatusNotFound, "portal "+segs[1]+" has no custom domain"), true
		}
		f.env.Lock.Lock()
		defer f.env.Lock.Unlock()
		return mockcore.JSON(http.StatusOK, d.view()), true
	}
	return mockcore.Response{}, false
}

// mockError is the /_mock/ endpoints' error shape, {"message": …}.
func mockError(status int, msg string) mockcore.Response {
	return mockcore.JSON(status, map[string]any{"message": msg})
}
