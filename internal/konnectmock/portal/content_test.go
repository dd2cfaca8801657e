package portal

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// tree renders the page list as "slug(children…)" for comparisons.
func tree(t *testing.T, r result) string {
	t.Helper()
	var render func(items []any) string
	render = func(items []any) string {
		var parts []string
		for _, it := range items {
			m := it.(map[string]any)
			s := m["slug"].(string)
			if kids := m["children"].([]any); len(kids) > 0 {
				s += "(" + render(kids) + ")"
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " ")
	}
	return render(r.body["data"].([]any))
}

func TestPageCRUD(t *testing.T) {
	fx := newFixture(t)
	p := fx.ok("POST", "/v3/portals", map[string]any{"name": "p", "default_page_visibility": "public"}, 201).str("id")
	base := "/v3/portals/" + p + "/pages"
	r := fx.ok("POST", base, map[string]any{"slug": "/getting-started", "title": "Getting Started", "content": "Welcome.\n\n"}, 201)
	id := r.str("id")
	stamps(t, r.body)
	want := `{"id":"` + id + `","slug":"/getting-started","title":"Getting Started","content":"Welcome.\n\n","visibility":"public",
		"status":"unpublished","parent_page_id":null,"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:07.123Z"}`
	r.jsonEq(t, want) // content exactly as sent: the trailing newlines stay
	fx.ok("GET", base+"/"+id, nil, 200).jsonEq(t, want)

	fx.clock.Advance(time.Second)
	r = fx.ok("PATCH", base+"/"+id, map[string]any{"status": "published", "description": "Start here"}, 200)
	r.jsonEq(t, `{"id":"`+id+`","slug":"/getting-started","title":"Getting Started","content":"Welcome.\n\n","visibility":"public",
		"status":"published","description":"Start here","parent_page_id":null,"created_at":"2026-03-04T05:06:07.123Z","updated_at":"2026-03-04T05:06:08.123Z"}`)
	fx.do("PATCH", base+"/"+id, map[string]any{"title": strings.Repeat("t", 513)}).invalid(t, `title: value of "title" must not exceed 512 characters`)
	fx.do("PATCH", base+"/"+id, map[string]any{"my_property": 1}).invalid(t, `my_property: "my_property" is not allowed`)
	fx.do("PATCH", base+"/"+id, map[string]any{"slug": nil, "content": nil, "visibility": nil}).invalid(t,
		`slug: value of "slug" must be a utf-8 string`, `content: value of "content" must be a utf-8 string`, `visibility: must be one of [public, private]`)
	fx.do("POST", base, map[string]any{"title": "no slug"}).invalid(t, `slug: "slug" is required`, `content: "content" is required`)
	fx.do("POST", base, map[string]any{"slug": "/x", "content": "x", "visibility": "hidden", "status": "draft", "description": strings.Repeat("d", 161)}).invalid(t,
		`visibility: must be one of [public, private]`, `status: must be one of [published, unpublished]`,
		`description: value of "description" must not exceed 160 characters`)

	fx.ok("DELETE", base+"/"+id, nil, 204)
	fx.do("GET", base+"/"+id, nil).notFound(t)
	fx.do("DELETE", base+"/"+id, nil).notFound(t)
	fx.do("GET", "/v3/portals/"+missing+"/pages", nil).notFound(t)
	fx.do("POST", "/v3/portals/"+missing+"/pages", map[string]any{"slug": "/x", "content": "x"}).notFound(t)
}

func TestPageFrontMatter(t *testing.T) {
	fx := newFixture(t)
	base := "/v3/portals/" + fx.portal("p") + "/pages"
	content := "---\ntitle: From Front Matter\ndescription: 'It''s described'\nother: x\n---\n# Body\n"
	// the front matter's title and description take precedence over the request's
	r := fx.ok("POST", base, map[string]any{"slug": "/fm", "title": "From Request", "description": "req", "content": content}, 201)
	if r.str("title") != "From Front Matter" || r.str("description") != "It's described" || r.str("content") != content {
		t.Fatalf("front matter: %s", r.raw)
	}
	id := r.str("id")
	// without front matter the request's stay; a title never given is ""
	r = fx.ok("POST", base, map[string]any{"slug": "/plain", "content": "no front matter\n"}, 201)
	if r.str("title") != "" || r.body["description"] != nil {
		t.Fatalf("no front matter: %s", r.raw)
	}
	// PATCH with new content reads its front matter too; a PATCH of title alone sets the title
	r = fx.ok("PATCH", base+"/"+id, map[string]any{"title": "ignored", "content": "---\ntitle: \"Quoted: yes\"\n---\nx"}, 200)
	if r.str("title") != "Quoted: yes" || r.str("description") != "It's described" {
		t.Fatalf("patch front matter: %s", r.raw)
	}
	if r = fx.ok("PATCH", base+"/"+id, map[string]any{"title": "Set"}, 200); r.str("title") != "Set" {
		t.Fatalf("patch title: %s", r.raw)
	}
	// an unterminated block is not front matter
	if r = fx.ok("POST", base, map[string]any{"slug": "/open", "title": "T", "content": "---\ntitle: no\n"}, 201); r.str("title") != "T" {
		t.Fatalf("unterminated: %s", r.raw)
	}
	fx.do("POST", base, map[string]any{"slug": "/long", "content": "---\ntitle: " + strings.Repeat("t", 513) + "\n---\n"}).invalid(t,
		`content: "content" front matter title must not exceed 512 characters`)
	// the portal editor's edit (out of band) applies front matter as well
	fx.clock.Advance(time.Second)
	pg, err := fx.f.EditPage(strings.Split(base, "/")[3], id, "---\ntitle: Edited\n---\nnew body")
	if err != nil || pg.Title != "Edited" || pg.Content != "---\ntitle: Edited\n---\nnew body" || pg.UpdatedAt != "2026-03-04T05:06:08.123Z" {
		t.Fatalf("EditPage: %+v %v", pg, err)
	}
	if r = fx.ok("GET", base+"/"+id, nil, 200); r.str("title") != "Edited" || r.str("content") != "---\ntitle: Edited\n---\nnew body" {
		t.Fatalf("after EditPage: %s", r.raw)
	}
	if _, err := fx.f.EditPage(missing, id, "x"); err != ErrNotFound {
		t.Fatalf("EditPage of another portal: %v", err)
	}
}

func TestPageTreeMoveAndSlugs(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	base := "/v3/portals/" + p + "/pages"
	mk := func(slug string, parent any) string {
		t.Helper()
		body := map[string]any{"slug": slug, "content": slug}
		if parent != nil {
			body["parent_page_id"] = parent
		}
		return fx.ok("POST", base, body, 201).str("id")
	}
	a := mk("/a", nil)
	b := mk("/b", nil)
	c := mk("/c", nil)
	a1 := mk("a1", a)
	a2 := mk("a2", a)
	a2x := mk("x", a2)
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/a(a1 a2(x)) /b /c" {
		t.Fatalf("tree: %s", got)
	}
	r := fx.ok("GET", base, nil, 200)
	if _, paged := r.body["meta"]; paged {
		t.Fatalf("the page list is not paged: %s", r.raw)
	}
	kid := r.data(t)[0]["children"].([]any)[0].(map[string]any)
	if kid["parent_page_id"] != a || kid["content"] != nil {
		t.Fatalf("a child in the tree: %v", kid)
	}

	// slugs are unique among siblings only, compared without slashes
	fx.do("POST", base, map[string]any{"slug": "/b", "content": "again"}).conflict(t, "A page with the slug [/b] already exists under the same parent")
	fx.do("POST", base, map[string]any{"slug": "b/", "content": "again"}).conflict(t, "A page with the slug [b/] already exists under the same parent")
	fx.do("POST", base, map[string]any{"slug": "a1", "content": "x", "parent_page_id": a}).conflict(t, "A page with the slug [a1] already exists under the same parent")
	mk("/a1", nil) // the same slug under another parent
	fx.do("PATCH", base+"/"+b, map[string]any{"slug": "/c"}).conflict(t, "A page with the slug [/c] already exists under the same parent")
	fx.ok("PATCH", base+"/"+b, map[string]any{"slug": "/b"}, 200) // its own slug

	// move within the top level: index 0 first, -1 last, past the end is the end
	fx.do("POST", base+"/"+c+"/move", map[string]any{"index": 0}).expect(t, 201, "")
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/c /a(a1 a2(x)) /b /a1" {
		t.Fatalf("move to first: %s", got)
	}
	fx.do("POST", base+"/"+c+"/move", map[string]any{"index": -1}).expect(t, 201, "")
	fx.do("POST", base+"/"+b+"/move", map[string]any{"index": 99}).expect(t, 201, "")
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/a(a1 a2(x)) /a1 /c /b" {
		t.Fatalf("move to last: %s", got)
	}
	fx.do("POST", base+"/"+b+"/move", map[string]any{"index": -2}).expect(t, 201, "")
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/a(a1 a2(x)) /a1 /b /c" {
		t.Fatalf("move to -2: %s", got)
	}
	// move under another parent, at a position; updated_at moves
	fx.clock.Advance(time.Second)
	fx.do("POST", base+"/"+c+"/move", map[string]any{"parent_page_id": a, "index": 1}).expect(t, 201, "")
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/a(a1 /c a2(x)) /a1 /b" {
		t.Fatalf("move under a: %s", got)
	}
	if r := fx.ok("GET", base+"/"+c, nil, 200); r.body["parent_page_id"] != a || r.str("updated_at") != "2026-03-04T05:06:08.123Z" {
		t.Fatalf("moved page: %s", r.raw)
	}
	// back to the top level: parent_page_id null (or absent), at the end by default
	fx.do("POST", base+"/"+c+"/move", map[string]any{"parent_page_id": nil}).expect(t, 201, "")
	fx.do("POST", base+"/"+a2x+"/move", nil).expect(t, 201, "")
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/a(a1 a2) /a1 /b /c x" {
		t.Fatalf("move to top: %s", got)
	}
	// a move that would repeat a slug among the new siblings is a 409; under itself a 400
	fx.do("POST", base+"/"+a1+"/move", nil).conflict(t, "A page with the slug [a1] already exists under the same parent")
	fx.do("POST", base+"/"+a+"/move", map[string]any{"parent_page_id": a2}).invalid(t,
		`parent_page_id: "parent_page_id" must not be the page itself or one of its children`)
	fx.do("PATCH", base+"/"+a, map[string]any{"parent_page_id": a}).invalid(t,
		`parent_page_id: "parent_page_id" must not be the page itself or one of its children`)
	fx.do("POST", base+"/"+a+"/move", map[string]any{"index": "first"}).invalid(t, `index: "index" must be a number`)
	fx.do("POST", base+"/"+missing+"/move", nil).notFound(t)

	// PATCH parent_page_id moves the page to the end of its new siblings
	r = fx.ok("PATCH", base+"/"+b, map[string]any{"parent_page_id": a}, 200)
	if r.body["parent_page_id"] != a || tree(t, fx.ok("GET", base, nil, 200)) != "/a(a1 a2 /b) /a1 /c x" {
		t.Fatalf("patch parent: %s %s", r.raw, tree(t, fx.ok("GET", base, nil, 200)))
	}
	fx.ok("PATCH", base+"/"+b, map[string]any{"parent_page_id": nil}, 200)

	// a parent in another portal is refused, like one that does not exist
	q := fx.portal("q")
	foreign := fx.ok("POST", "/v3/portals/"+q+"/pages", map[string]any{"slug": "/f", "content": "f"}, 201).str("id")
	for _, parent := range []string{foreign, missing} {
		fx.do("POST", base, map[string]any{"slug": "/z", "content": "z", "parent_page_id": parent}).invalid(t,
			`parent_page_id: "parent_page_id" must name a page of this portal`)
		fx.do("PATCH", base+"/"+b, map[string]any{"parent_page_id": parent}).invalid(t,
			`parent_page_id: "parent_page_id" must name a page of this portal`)
		fx.do("POST", base+"/"+b+"/move", map[string]any{"parent_page_id": parent}).invalid(t,
			`parent_page_id: "parent_page_id" must name a page of this portal`)
	}
	fx.do("GET", base+"/"+foreign, nil).notFound(t) // another portal's page is not this portal's

	// filters: matching pages at any depth, each with its subtree; sort at every level
	for q, want := range map[string]string{
		"filter[slug]=a2":          "a2",
		"filter[slug][contains]=a": "/a(a1 a2) a1 a2 /a1",
		"filter[id]=" + a:          "/a(a1 a2)",
		"sort=-slug":               "x /c /b /a1 /a(a2 a1)",
		"filter[created_at][lt]=2026-03-05T00:00:00Z":                "/a(a1 a2) a1 a2 /a1 /c x /b",
		"filter[updated_at][gte]=2026-03-04T05:06:08.123Z":           "/c x /b",
		"filter[updated_at][lt]=2026-03-04T05:06:08.123Z":            "/a(a1 a2) a1 a2 /a1",
		"filter[created_at]=2026-03-04T05:06:07.123Z&filter[slug]=x": "x",
	} {
		if got := tree(t, fx.ok("GET", base+"?"+q, nil, 200)); got != want {
			t.Errorf("%s: %s, want %s", q, got, want)
		}
	}
	fx.do("GET", base+"?filter[parent_page_id]="+a, nil).invalid(t, `filter[parent_page_id]: "filter[parent_page_id]" is not allowed`)
	fx.do("GET", base+"?filter[created_at][lt]=yesterday", nil).invalid(t, `filter[created_at][lt]: value of "filter[created_at][lt]" must be an RFC 3339 date-time`)
	fx.do("GET", base+"?sort=status", nil).invalid(t, `sort: must be one of [created_at, updated_at, slug, title, visibility]`)

	// deleting a page deletes the pages under it
	fx.ok("DELETE", base+"/"+a, nil, 204)
	if got := tree(t, fx.ok("GET", base, nil, 200)); got != "/a1 /c x /b" {
		t.Fatalf("after deleting /a: %s", got)
	}
	fx.do("GET", base+"/"+a1, nil).notFound(t)
}

func TestSnippets(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	base := "/v3/portals/" + p + "/snippets"
	r := fx.ok("POST", base, map[string]any{"name": "snip1", "title": "Home", "content": "Welcome to the first snippet of the portal.", "status": "published"}, 201)
	id := r.str("id")
	stamps(t, r.body)
	r.jsonEq(t, `{"id":"`+id+`","name":"snip1","title":"Home","content":"Welcome to the first snippet of the portal.","visibility":"private","status":"published"}`,
		"created_at", "updated_at")
	fx.do("POST", base, map[string]any{"name": "snip1", "content": "x"}).conflict(t, "A snippet with the name [snip1] already exists")
	fx.do("POST", base, map[string]any{"content": "x"}).invalid(t, `name: "name" is required`)
	fx.do("POST", base, map[string]any{"name": "fm", "title": "req", "content": "---\ntitle: fm title\ndescription: fm desc\n---\nbody"}).expect(t, 201, "application/json")
	other := fx.ok("POST", base, map[string]any{"name": "other", "content": "x"}, 201).str("id")

	fx.clock.Advance(time.Second)
	r = fx.ok("PATCH", base+"/"+id, map[string]any{"content": "changed\n"}, 200)
	if r.str("content") != "changed\n" || r.str("title") != "Home" || r.str("name") != "snip1" || r.str("updated_at") != "2026-03-04T05:06:08.123Z" {
		t.Fatalf("patch: %s", r.raw)
	}
	fx.do("PATCH", base+"/"+other, map[string]any{"name": "snip1"}).conflict(t, "A snippet with the name [snip1] already exists")
	fx.ok("PATCH", base+"/"+id, map[string]any{"name": "snip1"}, 200)

	// the list has no content, and pages, filters and sorts
	r = fx.ok("GET", base+"?page[size]=2", nil, 200)
	if r.meta(t) != "1/2/3" || fmt.Sprint(r.names(t, "name")) != "[snip1 fm]" || r.data(t)[0]["content"] != nil {
		t.Fatalf("list: %s", r.raw)
	}
	if got := fx.ok("GET", base+"?filter[title]=fm%20title", nil, 200).names(t, "name"); fmt.Sprint(got) != "[fm]" {
		t.Fatalf("front matter title filter: %v", got)
	}
	if got := fx.ok("GET", base+"?sort=name", nil, 200).names(t, "name"); fmt.Sprint(got) != "[fm other snip1]" {
		t.Fatalf("sort: %v", got)
	}
	fx.do("GET", base+"?page[size]=x", nil).invalid(t, `page[size]: "page[size]" must be a number`)
	fx.do("GET", base+"?filter[my_attribute]=x", nil).invalid(t, `filter[my_attribute]: "filter[my_attribute]" is not allowed`)

	fx.ok("DELETE", base+"/"+id, nil, 204)
	fx.do("GET", base+"/"+id, nil).notFound(t)
	fx.ok("POST", base, map[string]any{"name": "snip1", "content": "reused"}, 201) // the name is free again
}

func TestDefaultContent(t *testing.T) {
	fx := newFixture(t)
	p := fx.portal("p")
	fx.ok("POST", "/v3/portals/"+p+"/pages", map[string]any{"slug": "/home", "content": "mine"}, 201)
	fx.ok("POST", "/v3/portals/"+p+"/default-content", nil, 201).
		jsonEq(t, `{"pages":["/about","/privacy"],"snippets":["guides-sidebar-navigation","guides-sidebar-toc"]}`)
	fx.ok("POST", "/v3/portals/"+p+"/default-content", nil, 201).jsonEq(t, `{"pages":[],"snippets":[]}`)
	pages := fx.ok("GET", "/v3/portals/"+p+"/pages", nil, 200)
	if got := tree(t, pages); got != "/home /about /privacy" {
		t.Fatalf("pages: %s", got)
	}
	home := fx.ok("GET", "/v3/portals/"+p+"/pages/"+pages.data(t)[0]["id"].(string), nil, 200)
	if home.str("content") != "mine" {
		t.Fatalf("existing page changed: %s", home.raw)
	}
	about := pages.data(t)[1]
	if about["title"] != "About" || about["status"] != "published" || about["visibility"] != "private" {
		t.Fatalf("default page: %v", about)
	}
	fx.do("POST", "/v3/portals/"+missing+"/default-content", nil).notFound(t)
}
