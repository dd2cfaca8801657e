package catalog

import (
	"net/http"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var documentStatuses = []string{"published", "unpublished"}

func (c *call) documentOf() (*api, *document) {
	a := c.apiOf()
	if a == nil {
		return nil, nil
	}
	id, ok := c.pathID("documentId")
	if !ok {
		return a, nil
	}
	return a, a.document(id)
}

// listDocuments answers the API's documents as a tree (children under their
// parent); filter[status] keeps the documents of a status. The spec gives the
// list no paging.
func listDocuments(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	fs, bad := c.filters(filterSpec{"status": textField})
	if bad != nil {
		return *bad
	}
	kept := keep(a.Documents, fs, func(d *document, _ string) (string, bool) { return d.Status, true })
	var tree func(parent *string) []map[string]any
	tree = func(parent *string) []map[string]any {
		out := []map[string]any{}
		for _, d := range kept {
			if !eqPtr(d.ParentID, parent) {
				continue
			}
			v := d.view()
			delete(v, "content")
			v["children"] = tree(&d.ID)
			out = append(out, v)
		}
		return out
	}
	return c.json(http.StatusOK, map[string]any{"data": tree(nil)})
}

// documentFields checks a document's writable fields.
func (c *call) documentFields(b *mockcore.Body, create bool) (content, title, slug, status, parent *string) {
	b.Only("content", "title", "slug", "status", "parent_document_id")
	content = b.String("content", create, 0, 0)
	title = b.String("title", false, 0, 0)
	slug = b.Pattern("slug", b.String("slug", false, 1, 0), slugPattern)
	status = b.Enum("status", false, documentStatuses)
	parent = b.UUID("parent_document_id", false)
	if !create {
		b.NotNull("content")
	}
	return
}

func (c *call) badParent(a *api, d *document, parent *string) *mockcore.Response {
	if parent == nil {
		return nil
	}
	p := a.document(*parent)
	for x := p; x != nil && d != nil; {
		if x == d {
			p = nil // a document cannot move under itself
			break
		}
		if x.ParentID == nil {
			break
		}
		x = a.document(*x.ParentID)
	}
	if p == nil {
		r := c.invalidRequest(mockcore.InvalidParam{Field: "parent_document_id", Rule: "missing_reference",
			Reason: "parent_document_id does not reference a document of the API"})
		return &r
	}
	return nil
}

func createDocument(c *call) mockcore.Response {
	a := c.apiOf()
	if a == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	content, title, slug, status, parent := c.documentFields(b, true)
	if r := c.invalid(b); r != nil {
		return *r
	}
	if parent != nil {
		parent = ptr(mockcore.NormalizeUUID(*parent))
	}
	if r := c.badParent(a, nil, parent); r != nil {
		return *r
	}
	t := frontMatter(*content)
	if title != nil {
		t = title
	}
	if t == nil {
		t = ptr("")
	}
	s := slugify(*t)
	if slug != nil {
		s = *slug
	}
	if s == "" {
		return c.invalidRequest(mockcore.InvalidParam{Field: "slug", Rule: "required", Reason: "slug is required when the title gives none"})
	}
	if a.slugTaken(parent, s, nil) {
		return c.conflict("A document with slug '" + s + "' already exists")
	}
	now := c.f.now()
	d := &document{ID: mockcore.NewUUID(), ParentID: parent, Title: *t, Slug: s, Status: "unpublished", Content: *content, Created: now, Updated: now}
	if status != nil {
		d.Status = *status
	}
	a.Documents = append(a.Documents, d)
	return c.json(http.StatusCreated, d.view())
}

func getDocument(c *call) mockcore.Response {
	_, d := c.documentOf()
	if d == nil {
		return c.notFound()
	}
	return c.json(http.StatusOK, d.view())
}

func patchDocument(c *call) mockcore.Response {
	a, d := c.documentOf()
	if d == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	content, title, slug, status, parent := c.documentFields(b, false)
	if r := c.invalid(b); r != nil {
		return *r
	}
	np := d.ParentID
	if b.Has("parent_document_id") {
		np = nil
		if parent != nil {
			np = ptr(mockcore.NormalizeUUID(*parent))
		}
	}
	if r := c.badParent(a, d, np); r != nil {
		return *r
	}
	s := d.Slug
	if slug != nil {
		s = *slug
	}
	if a.slugTaken(np, s, d) {
		return c.conflict("A document with slug '" + s + "' already exists")
	}
	d.ParentID, d.Slug = np, s
	if content != nil {
		d.Content = *content
		if t := frontMatter(*content); t != nil && title == nil {
			d.Title = *t
		}
	}
	if title != nil {
		d.Title = *title
	}
	if status != nil {
		d.Status = *status
	}
	d.Updated = mockcore.Later(d.Updated, c.f.now())
	return c.json(http.StatusOK, d.view())
}

// deleteDocument removes the document and every document under it.
func deleteDocument(c *call) mockcore.Response {
	a, d := c.documentOf()
	if d == nil {
		return c.notFound()
	}
	gone := map[string]bool{d.ID: true}
	for changed := true; changed; {
		changed = false
		for _, x := range a.Documents {
			if !gone[x.ID] && x.ParentID != nil && gone[*x.ParentID] {
				gone[x.ID], changed = true, true
			}
		}
	}
	a.Documents = slices.DeleteFunc(a.Documents, func(x *document) bool { return gone[x.ID] })
	return mockcore.NoContent()
}

// moveDocument puts the document under parent_document_id (absent: the top
// level) at index among its siblings (absent: last): 204.
func moveDocument(c *call) mockcore.Response {
	a, d := c.documentOf()
	if d == nil {
		return c.notFound()
	}
	b, bad := c.optionalBody()
	if bad != nil {
		return *bad
	}
	b.Only("parent_document_id", "index")
	parent := b.UUID("parent_document_id", false)
	index := b.Int("index", false, 0, 1<<31)
	if r := c.invalid(b); r != nil {
		return *r
	}
	if parent != nil {
		parent = ptr(mockcore.NormalizeUUID(*parent))
	}
	if r := c.badParent(a, d, parent); r != nil {
		return *r
	}
	if a.slugTaken(parent, d.Slug, d) {
		return c.conflict("A document with slug '" + d.Slug + "' already exists")
	}
	d.ParentID = parent
	d.Updated = mockcore.Later(d.Updated, c.f.now())
	// reorder: d goes before the index-th of its new siblings
	rest := slices.DeleteFunc(slices.Clone(a.Documents), func(x *document) bool { return x == d })
	pos := len(rest)
	if index != nil {
		n := int64(0)
		for i, x := range rest {
			if eqPtr(x.ParentID, parent) {
				if n == *index {
					pos = i
					break
				}
				n++
			}
		}
	}
	a.Documents = slices.Insert(rest, pos, d)
	return mockcore.NoContent()
}
