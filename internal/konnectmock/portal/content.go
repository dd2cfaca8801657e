package portal

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// --- front matter

// frontMatter reads the title and description a page's or snippet's content
// sets in its front matter, which the spec says take precedence over the
// request's: content whose first line is "---", up to the next line that is
// "---". Only top-level "title:" and "description:" keys count; a value may be
// plain or single- or double-quoted. The content itself is kept as sent.
func frontMatter(content string) (title, description *string) {
	lines := strings.Split(strings.ReplaceAll(content, "\r\n", "\n"), "\n")
	if len(lines) < 2 || strings.TrimRight(lines[0], " \t") != "---" {
		return nil, nil
	}
	end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimRight(l, " \t") == "---" })
	if end < 0 {
		return nil, nil
	}
	for _, l := range lines[1 : end+1] {
		key, val, ok := strings.Cut(l, ":")
		if !ok || key != strings.TrimSpace(key) || strings.HasPrefix(key, "#") {
			continue
		}
		v := scalar(val)
		switch key {
		case "title":
			title = &v
		case "description":
			description = &v
		}
	}
	return title, description
}

// scalar is a YAML scalar as front matter writes one: plain (a trailing
// " # comment" dropped), 'single-quoted' (a doubled quote is a quote) or
// "double-quoted" (with Go-compatible escapes).
func scalar(raw string) string {
	v := strings.TrimSpace(raw)
	switch {
	case len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"':
		if s, err := strconv.Unquote(v); err == nil {
			return s
		}
		return v[1 : len(v)-1]
	case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	return v
}

// contentFields are the fields pages and snippets share.
type contentFields struct {
	title, content, visibility, status, description *string
}

// contentBody checks the shared fields; with patch none is required and none
// may be null. Front matter in the content overrides title and description;
// its values must fit their limits too.
func contentBody(b *mockcore.Body, patch bool) contentFields {
	if patch {
		notNull(b, "is_string", "title", "content", "description")
		notNullEnum(b, visibilities, "visibility")
		notNullEnum(b, []string{"published", "unpublished"}, "status")
	}
	cf := contentFields{
		title:       b.String("title", false, 0, 512),
		content:     b.String("content", !patch, 0, 1000000),
		visibility:  b.Enum("visibility", false, visibilities),
		status:      b.Enum("status", false, []string{"published", "unpublished"}),
		description: b.String("description", false, 0, 160),
	}
	if cf.content != nil {
		title, desc := frontMatter(*cf.content)
		if title != nil {
			if len([]rune(*title)) > 512 {
				b.Fail("content", "max_length", `"content" front matter title must not exceed 512 characters`)
			}
			cf.title = title
		}
		if desc != nil {
			if len([]rune(*desc)) > 160 {
				b.Fail("content", "max_length", `"content" front matter description must not exceed 160 characters`)
			}
			cf.description = desc
		}
	}
	return cf
}

// --- pages: a tree per portal

var pageFilters = filterSpec{"id": uuidField, "slug": textField, "title": textField, "visibility": textField,
	"created_at": timeField, "updated_at": timeField}

var pageSorts = []string{"created_at", "updated_at", "slug", "title", "visibility"}

func pageField(pg *page, field string) (string, bool) {
	switch field {
	case "id":
		return pg.ID, true
	case "slug":
		return pg.Slug, true
	case "title":
		return pg.Title, true
	case "visibility":
		return pg.Visibility, true
	case "created_at":
		return mockcore.FormatTime(pg.Created), true
	case "updated_at":
		return mockcore.FormatTime(pg.Updated), true
	}
	return "", false
}

func sameParent(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// children are the pages under parent (nil: the top level), in tree order.
func (p *portal) children(parent *string) []*page {
	var out []*page
	for _, pg := range p.Pages {
		if sameParent(pg.ParentID, parent) {
			out = append(out, pg)
		}
	}
	return out
}

// preorder lists the pages under parent (nil: every page) in tree order, each
// before its children.
func (p *portal) preorder(parent *string) []*page {
	var out []*page
	for _, pg := range p.children(parent) {
		out = append(out, pg)
		out = append(out, p.preorder(&pg.ID)...)
	}
	return out
}

// slugKey compares slugs as paths: "about" and "/about/" are the same slug.
func slugKey(s string) string { return strings.Trim(s, "/") }

// slugTaken reports a sibling of the page under parent with the slug.
func (p *portal) slugTaken(parent *string, slug string, except *page) bool {
	return slices.ContainsFunc(p.children(parent), func(pg *page) bool { return pg != except && slugKey(pg.Slug) == slugKey(slug) })
}

// under reports that pg is id or one of id's descendants.
func (p *portal) under(pg *page, id string) bool {
	for x := pg; x != nil; {
		if x.ID == id {
			return true
		}
		if x.ParentID == nil {
			return false
		}
		x = p.page(*x.ParentID)
	}
	return false
}

// listPages answers the page tree, not paged, as the spec says. Siblings are
// in tree order (creation, then /move), or in the sort order at every level.
// With filters the matching pages (at any depth, in tree order) are the top
// level of the answer, each with its whole subtree.
func listPages(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	fs, bad := c.filters(pageFilters)
	if bad != nil {
		return *bad
	}
	keys, bad := c.sorting(pageSorts...)
	if bad != nil {
		return *bad
	}
	var tree func(parent *string) []pageInfo
	info := func(pg *page) pageInfo {
		return pageInfo{ID: pg.ID, Slug: pg.Slug, Title: pg.Title, Visibility: pg.Visibility, Status: pg.Status,
			Description: pg.Description, ParentPageID: pg.ParentID, Children: tree(&pg.ID),
			CreatedAt: mockcore.FormatTime(pg.Created), UpdatedAt: mockcore.FormatTime(pg.Updated)}
	}
	tree = func(parent *string) []pageInfo {
		kids := p.children(parent)
		sortBy(kids, keys, pageField)
		out := []pageInfo{}
		for _, pg := range kids {
			out = append(out, info(pg))
		}
		return out
	}
	if len(fs) == 0 {
		return c.json(http.StatusOK, map[string]any{"data": tree(nil)})
	}
	matched := keep(p.preorder(nil), fs, pageField)
	sortBy(matched, keys, pageField)
	out := []pageInfo{}
	for _, pg := range matched {
		out = append(out, info(pg))
	}
	return c.json(http.StatusOK, map[string]any{"data": out})
}

// parentOf checks a parent_page_id: a page of this portal (another portal's
// page, or none, is a 400 missing_reference). nil and false: not given.
func parentOf(b *mockcore.Body, p *portal) (parent *string, given bool) {
	if b.Null("parent_page_id") {
		return nil, true
	}
	id := b.UUID("parent_page_id", false)
	if id == nil {
		return nil, false
	}
	if p.page(*id) == nil {
		b.Fail("parent_page_id", "missing_reference", `"parent_page_id" must name a page of this portal`)
		return nil, false
	}
	return id, true
}

func (c *call) slugConflict(slug string) mockcore.Response {
	return c.conflict(fmt.Sprintf("A page with the slug [%s] already exists under the same parent", slug))
}

// createPage adds a page as the last child of its parent. Its visibility
// defaults to the portal's default_page_visibility, its status to unpublished,
// its title to "" (front matter sets title and description). A slug its
// siblings already have is a 409.
func createPage(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("slug", "title", "content", "visibility", "status", "description", "parent_page_id")
	slug := b.String("slug", true, 0, 512)
	cf := contentBody(b, false)
	parent, _ := parentOf(b, p)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if p.slugTaken(parent, *slug, nil) {
		return c.slugConflict(*slug)
	}
	now := c.f.now()
	pg := &page{ID: mockcore.NewUUID(), Slug: *slug, Content: *cf.content, Visibility: p.DefaultPageVisibility,
		Status: "unpublished", ParentID: parent, Created: now, Updated: now}
	cf.applyPage(pg)
	p.Pages = append(p.Pages, pg)
	return c.json(http.StatusCreated, pg.view())
}

func (cf contentFields) applyPage(pg *page) {
	if cf.title != nil {
		pg.Title = *cf.title
	}
	if cf.content != nil {
		pg.Content = *cf.content
	}
	if cf.visibility != nil {
		pg.Visibility = *cf.visibility
	}
	if cf.status != nil {
		pg.Status = *cf.status
	}
	if cf.description != nil {
		pg.Description = cf.description
	}
}

// page resolves {pageId} in {portalId}.
func (c *call) portalPage() (*portal, *page, *mockcore.Response) {
	p, bad := c.portal()
	if bad != nil {
		return nil, nil, bad
	}
	id, ok := c.pathID("pageId")
	var pg *page
	if ok {
		pg = p.page(id)
	}
	if pg == nil {
		resp := c.notFound()
		return nil, nil, &resp
	}
	return p, pg, nil
}

func getPage(c *call) mockcore.Response {
	_, pg, bad := c.portalPage()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, pg.view())
}

// patchPage changes only the fields sent (front matter in a new content sets
// title and description, as on create). A new parent_page_id moves the page to
// the end of its new siblings; null moves it to the top level.
func patchPage(c *call) mockcore.Response {
	p, pg, bad := c.portalPage()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("slug", "title", "content", "visibility", "status", "description", "parent_page_id")
	notNull(b, "is_string", "slug")
	slug := b.String("slug", false, 0, 512)
	cf := contentBody(b, true)
	parent, moved := parentOf(b, p)
	if moved && parent != nil && p.under(p.page(*parent), pg.ID) {
		b.Fail("parent_page_id", "invalid", `"parent_page_id" must not be the page itself or one of its children`)
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	newSlug, newParent := pg.Slug, pg.ParentID
	if slug != nil {
		newSlug = *slug
	}
	if moved {
		newParent = parent
	}
	if p.slugTaken(newParent, newSlug, pg) {
		return c.slugConflict(newSlug)
	}
	pg.Slug = newSlug
	cf.applyPage(pg)
	if moved && !sameParent(pg.ParentID, newParent) {
		p.place(pg, newParent, -1)
	}
	pg.Updated = mockcore.Later(pg.Updated, c.f.now())
	return c.json(http.StatusOK, pg.view())
}

// place puts pg under parent at index among its new siblings (negative counts
// from the end: -1 is last); an index past either end is the nearest end.
func (p *portal) place(pg *page, parent *string, index int) {
	p.Pages = slices.DeleteFunc(p.Pages, func(x *page) bool { return x == pg })
	pg.ParentID = parent
	sibs := p.children(parent)
	n := len(sibs)
	if index < 0 {
		index = n + 1 + index
	}
	index = max(0, min(index, n))
	at := len(p.Pages)
	if index < n {
		at = slices.Index(p.Pages, sibs[index])
	} else if n > 0 {
		at = slices.Index(p.Pages, sibs[n-1]) + 1
	}
	p.Pages = slices.Insert(p.Pages, at, pg)
}

// deletePage deletes the page and every page under it.
func deletePage(c *call) mockcore.Response {
	p, pg, bad := c.portalPage()
	if bad != nil {
		return *bad
	}
	p.Pages = slices.DeleteFunc(p.Pages, func(x *page) bool { return p.under(x, pg.ID) })
	return mockcore.NoContent()
}

// movePage moves the page under parent_page_id (absent or null: the top level)
// at index among its siblings (0 first; negative from the end, -1 last; absent:
// last; past either end: that end). The answer is a 201 without a body. A
// parent that is the page or under it is a 400; a sibling with the same slug
// at the destination is a 409.
func movePage(c *call) mockcore.Response {
	p, pg, bad := c.portalPage()
	if bad != nil {
		return *bad
	}
	b, bad := c.optionalBody()
	if bad != nil {
		return *bad
	}
	b.Only("parent_page_id", "index")
	parent, _ := parentOf(b, p)
	notNull(b, "is_integer", "index")
	index := b.Int("index", false, -1<<31, 1<<31-1)
	if parent != nil && p.under(p.page(*parent), pg.ID) {
		b.Fail("parent_page_id", "invalid", `"parent_page_id" must not be the page itself or one of its children`)
	}
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if !sameParent(pg.ParentID, parent) && p.slugTaken(parent, pg.Slug, pg) {
		return c.slugConflict(pg.Slug)
	}
	at := -1
	if index != nil {
		at = int(*index)
	}
	p.place(pg, parent, at)
	pg.Updated = mockcore.Later(pg.Updated, c.f.now())
	return mockcore.Empty(http.StatusCreated)
}

// --- snippets: names unique in a portal

var snippetFilters = filterSpec{"id": uuidField, "name": textField, "title": textField, "visibility": textField,
	"created_at": timeField, "updated_at": timeField}

var snippetSorts = []string{"created_at", "updated_at", "name", "title", "visibility"}

func snippetField(s *snippet, field string) (string, bool) {
	switch field {
	case "id":
		return s.ID, true
	case "name":
		return s.Name, true
	case "title":
		return s.Title, true
	case "visibility":
		return s.Visibility, true
	case "created_at":
		return mockcore.FormatTime(s.Created), true
	case "updated_at":
		return mockcore.FormatTime(s.Updated), true
	}
	return "", false
}

func listSnippets(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	return list(c, p.Snippets, snippetFilters, snippetSorts, snippetField, func(s *snippet) snippetJSON { return s.view(false) })
}

func (c *call) snippetNameTaken(p *portal, name string, except *snippet) *mockcore.Response {
	if slices.ContainsFunc(p.Snippets, func(s *snippet) bool { return s != except && s.Name == name }) {
		resp := c.conflict(fmt.Sprintf("A snippet with the name [%s] already exists", name))
		return &resp
	}
	return nil
}

func (cf contentFields) applySnippet(s *snippet) {
	if cf.title != nil {
		s.Title = *cf.title
	}
	if cf.content != nil {
		s.Content = *cf.content
	}
	if cf.visibility != nil {
		s.Visibility = *cf.visibility
	}
	if cf.status != nil {
		s.Status = *cf.status
	}
	if cf.description != nil {
		s.Description = cf.description
	}
}

// createSnippet: defaults as a page's; a name the portal already has is a 409.
func createSnippet(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "title", "content", "visibility", "status", "description")
	name := b.String("name", true, 1, 512)
	cf := contentBody(b, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if bad := c.snippetNameTaken(p, *name, nil); bad != nil {
		return *bad
	}
	now := c.f.now()
	s := &snippet{ID: mockcore.NewUUID(), Name: *name, Visibility: p.DefaultPageVisibility, Status: "unpublished", Created: now, Updated: now}
	cf.applySnippet(s)
	p.Snippets = append(p.Snippets, s)
	return c.json(http.StatusCreated, s.view(true))
}

func (c *call) snippet() (*portal, *snippet, *mockcore.Response) {
	p, bad := c.portal()
	if bad != nil {
		return nil, nil, bad
	}
	id, ok := c.pathID("snippetId")
	var s *snippet
	if ok {
		s = p.snippet(id)
	}
	if s == nil {
		resp := c.notFound()
		return nil, nil, &resp
	}
	return p, s, nil
}

func getSnippet(c *call) mockcore.Response {
	_, s, bad := c.snippet()
	if bad != nil {
		return *bad
	}
	return c.json(http.StatusOK, s.view(true))
}

func patchSnippet(c *call) mockcore.Response {
	p, s, bad := c.snippet()
	if bad != nil {
		return *bad
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.Only("name", "title", "content", "visibility", "status", "description")
	notNull(b, "is_string", "name")
	name := b.String("name", false, 1, 512)
	cf := contentBody(b, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if name != nil {
		if bad := c.snippetNameTaken(p, *name, s); bad != nil {
			return *bad
		}
		s.Name = *name
	}
	cf.applySnippet(s)
	s.Updated = mockcore.Later(s.Updated, c.f.now())
	return c.json(http.StatusOK, s.view(true))
}

func deleteSnippet(c *call) mockcore.Response {
	p, s, bad := c.snippet()
	if bad != nil {
		return *bad
	}
	p.Snippets = slices.DeleteFunc(p.Snippets, func(x *snippet) bool { return x == s })
	return mockcore.NoContent()
}

// --- default content

// defaultPages and defaultSnippets are the default content of the spec's example.
var defaultPages = []struct{ slug, title, content string }{
	{"/about", "About", "---\ntitle: About\ndescription: About this developer portal\n---\n\n# About\n\nThis portal documents our APIs.\n"},
	{"/home", "Home", "---\ntitle: Home\ndescription: Start here\n---\n\n# Welcome\n\nBrowse the APIs and register an application to use them.\n"},
	{"/privacy", "Privacy", "---\ntitle: Privacy\ndescription: Privacy policy\n---\n\n# Privacy\n\nHow we handle your data.\n"},
}

var defaultSnippets = []struct{ name, title, content string }{
	{"guides-sidebar-navigation", "Guides navigation", "::page-section\n- [Guides](/guides)\n::\n"},
	{"guides-sidebar-toc", "Guides table of contents", "::toc\n::\n"},
}

// createDefaultContent adds the default pages (top level, published, the
// portal's default page visibility) and snippets the portal does not have yet
// (by slug, by name), and answers what it added; existing content is untouched.
func createDefaultContent(c *call) mockcore.Response {
	p, bad := c.portal()
	if bad != nil {
		return *bad
	}
	now := c.f.now()
	added := map[string][]string{"pages": {}, "snippets": {}}
	for _, d := range defaultPages {
		if p.slugTaken(nil, d.slug, nil) {
			continue
		}
		desc := ""
		if _, dd := frontMatter(d.content); dd != nil {
			desc = *dd
		}
		p.Pages = append(p.Pages, &page{ID: mockcore.NewUUID(), Slug: d.slug, Title: d.title, Content: d.content,
			Description: &desc, Visibility: p.DefaultPageVisibility, Status: "published", Created: now, Updated: now})
		added["pages"] = append(added["pages"], d.slug)
	}
	for _, d := range defaultSnippets {
		if slices.ContainsFunc(p.Snippets, func(s *snippet) bool { return s.Name == d.name }) {
			continue
		}
		p.Snippets = append(p.Snippets, &snippet{ID: mockcore.NewUUID(), Name: d.name, Title: d.title, Content: d.content,
			Visibility: p.DefaultPageVisibility, Status: "published", Created: now, Updated: now})
		added["snippets"] = append(added["snippets"], d.name)
	}
	return c.json(http.StatusCreated, added)
}
