package portal

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// PageKind is a page of a Dev Portal (/v3/portals/{portalId}/pages). Pages form a tree:
// parent_page_id places a page under another page of the same portal, and a slug is unique
// among the pages under the same parent. Konnect keeps content exactly as written; the
// title and description that the content's front matter sets take precedence over the
// attributes when the content is written.
var PageKind = engine.EntityKind{
	TypeName: "konnect_portal_page",
	Unique:   []string{"portal_id", "parent_page_id?", "slug"}, // duplicates at plan
	Description: "A page of a Dev Portal, written in Markdown (MDC). `parent_page_id` places it under another page of the same portal; its slug is unique among the pages under the same parent. " +
		"An update sends Konnect only the attributes the plan changes (PATCH). " +
		"A title or description set in the content's front matter is the one Konnect keeps when the content is written: leave the attribute unset (the plan shows the front matter's value) or set it to the same value. " +
		"A page someone edits or moves in the portal editor is reported as a change of that page; a change of its content is shown as a short diff. " +
		"Konnect deletes a page's sub-pages with it: a destroy is refused while sub-pages this configuration does not manage are under it, naming each with its `import` block (`conflict_policy` decides as for every cascade).",
	// Konnect lists a portal's pages as a tree without their content, each with its
	// updated_at (PortalPageInfo, portal-management v3): refresh reads a page in full only
	// when that moved since the last full read (engine.PlatformAPI.Detector).
	API:        pageAPI{engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: pagesPath, Tree: "children", Detector: "updated_at"}}},
	NameAttr:   "slug",
	Check:      checkPage,
	Dependents: []engine.Dependent{subPagesOf}, // cascade.go
	Attrs: []engine.Attr{
		engine.ParentID("portal_id", "The id of the portal."),
		{Name: "slug", Type: engine.String, Mode: engine.Required,
			Description: "The page's path segment (`/getting-started`), unique among the pages under the same parent (at most 512 characters). A child page's full path is its parent's joined with its own.",
			Validators:  []engine.Validator{stringvalidator.UTF8LengthBetween(1, 512)}},
		contentAttr("page"),
		titleAttr("page"),
		descriptionAttr("page"),
		visibilityAttr("page"),
		statusAttr("page"),
		{Name: "parent_page_id", Type: engine.String, Default: engine.DefaultNull,
			Description: "The id of the page this page is under, a page of the same portal; unset: a top-level page. Removing it from configuration moves the page back to the top level.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

func pagesPath(p map[string]string) string {
	return "/v3/portals/" + url.PathEscape(p["portal_id"]) + "/pages"
}

// The content attributes pages and snippets share.

func contentAttr(what string) engine.Attr {
	return engine.Attr{Name: "content", Type: engine.String, Mode: engine.Required,
		Description: "The " + what + "'s content in Markdown (MDC), at most 1,000,000 characters, kept by Konnect exactly as written. " +
			"Front matter (a first line `---` up to the next `---` line) may set `title` and `description`.",
		Validators: []engine.Validator{stringvalidator.UTF8LengthBetween(1, 1000000)}, MergeLines: true}
}

func titleAttr(what string) engine.Attr {
	return engine.Attr{Name: "title", Type: engine.String,
		Description:   "The " + what + "'s title (at most 512 characters). The content's front matter `title` takes precedence when the content is written: unset, the plan shows the front matter's.",
		Validators:    []engine.Validator{stringvalidator.UTF8LengthAtMost(512)},
		PlanModifiers: []engine.PlanModifier{frontMatterField("title")}}
}

func descriptionAttr(what string) engine.Attr {
	// Konnect refuses a null description in a PATCH: removed from configuration, it stays as
	// Konnect holds it (no known default).
	return engine.Attr{Name: "description", Type: engine.String,
		Description:   "A short description of the " + what + " (at most 160 characters). The content's front matter `description` takes precedence when the content is written: unset, the plan shows the front matter's. Removed from configuration, it stays as Konnect holds it.",
		Validators:    []engine.Validator{stringvalidator.UTF8LengthAtMost(160)},
		PlanModifiers: []engine.PlanModifier{frontMatterField("description")}}
}

func visibilityAttr(what string) engine.Attr {
	return engine.Attr{Name: "visibility", Type: engine.String,
		Description: "Who sees the " + what + ": `public` or `private`. Konnect's default is the portal's `default_page_visibility`.",
		Validators:  []engine.Validator{stringvalidator.OneOf("public", "private")}}
}

func statusAttr(what string) engine.Attr {
	return engine.Attr{Name: "status", Type: engine.String, Default: "unpublished",
		Description: "Whether the " + what + " is `published` or `unpublished` (Konnect's default).",
		Validators:  []engine.Validator{stringvalidator.OneOf("published", "unpublished")}}
}

// pageAPI is the page collection: a slug is unique among the pages under the same parent,
// so the creation guard looks it up there (the page list is the whole tree).
type pageAPI struct{ engine.PatchAPI }

// pageNode is a page in Konnect's page tree.
type pageNode struct {
	ID           string     `json:"id"`
	Slug         string     `json:"slug"`
	ParentPageID *string    `json:"parent_page_id"`
	CreatedAt    string     `json:"created_at"`
	Children     []pageNode `json:"children"`
}

// FindByName finds a top-level page with the slug.
func (a pageAPI) FindByName(ctx context.Context, c *konnect.Client, parents map[string]string, slug string) (konnect.Object, error) {
	return a.FindByNameIn(ctx, c, parents, slug, nil)
}

// FindByNameIn finds the page with the slug under the body's parent page (slugs compare as
// Konnect compares them: without leading and trailing slashes).
func (a pageAPI) FindByNameIn(ctx context.Context, c *konnect.Client, parents map[string]string, slug string, body konnect.Object) (konnect.Object, error) {
	var out struct {
		Data []pageNode `json:"data"`
	}
	if _, err := c.Do(ctx, http.MethodGet, pagesPath(parents), nil, nil, &out); err != nil {
		return nil, err
	}
	parent, _ := body["parent_page_id"].(string)
	siblings := out.Data
	if parent != "" {
		siblings = nil
		var walk func([]pageNode) bool
		walk = func(ns []pageNode) bool {
			for _, n := range ns {
				if n.ID == parent {
					siblings = n.Children
					return true
				}
				if walk(n.Children) {
					return true
				}
			}
			return false
		}
		walk(out.Data)
	}
	for _, n := range siblings {
		if strings.Trim(n.Slug, "/") == strings.Trim(slug, "/") {
			return konnect.Object{"id": n.ID, "slug": n.Slug, "created_at": n.CreatedAt}, nil
		}
	}
	return nil, nil
}

// NameIndex: a page's slug is unique among the pages under the same parent page (slugs
// compare without leading and trailing slashes), as FindByNameIn looks it up.
func (pageAPI) NameIndex() (func(konnect.Object) string, func(string, konnect.Object) string, bool) {
	key := func(slug string, o konnect.Object) string {
		parent, _ := o["parent_page_id"].(string)
		return parent + "/" + strings.Trim(slug, "/")
	}
	return func(o konnect.Object) string { return key(fmt.Sprint(o["slug"]), o) },
		func(slug string, body konnect.Object) string { return key(slug, body) },
		true
}

// checkPage: the parent page must be a page of the same portal, and a title or description
// configuration sets must agree with the content's front matter (which Konnect keeps).
func checkPage(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
	problems := checkFrontMatter(values)
	parent, _ := values["parent_page_id"].(string)
	portal, _ := values["portal_id"].(string)
	if parent == "" || portal == "" || c == nil {
		return problems
	}
	_, err := c.Do(ctx, http.MethodGet, pagesPath(map[string]string{"portal_id": portal})+"/"+url.PathEscape(parent), nil, nil, nil)
	var apiErr *konnect.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound {
		problems = append(problems, engine.Problem{Attr: "parent_page_id", Summary: "Parent page not in this portal",
			Detail: fmt.Sprintf("parent_page_id %s is not a page of portal %s: a page can only be under a page of its own portal. "+
				"Use the id of a page of portal %s, or leave parent_page_id unset for a top-level page.", parent, portal, portal)})
	}
	if id, _ := values["id"].(string); id != "" && err == nil {
		if under, ok := underItself(ctx, c, portal, id, parent); ok {
			problems = append(problems, engine.Problem{Attr: "parent_page_id", Summary: "A page cannot be under itself",
				Detail: fmt.Sprintf("parent_page_id %s is %s: a page cannot move under itself or one of its own sub-pages. "+
					"Choose a page outside its tree, or leave parent_page_id unset for a top-level page.", parent, under)})
		}
	}
	return problems
}

// underItself reports whether parent is the page id itself or one of its sub-pages, at any
// depth, in the portal's page tree (how it says so); false when the tree cannot be read.
func underItself(ctx context.Context, c *konnect.Client, portal, id, parent string) (string, bool) {
	if parent == id {
		return "the page itself", true
	}
	var out struct {
		Data []pageNode `json:"data"`
	}
	if _, err := c.Do(ctx, http.MethodGet, pagesPath(map[string]string{"portal_id": portal}), nil, nil, &out); err != nil {
		return "", false
	}
	var find func([]pageNode) *pageNode
	find = func(ns []pageNode) *pageNode {
		for i := range ns {
			if ns[i].ID == id {
				return &ns[i]
			}
			if n := find(ns[i].Children); n != nil {
				return n
			}
		}
		return nil
	}
	self := find(out.Data)
	if self == nil {
		return "", false
	}
	var in func([]pageNode) bool
	in = func(ns []pageNode) bool {
		for _, n := range ns {
			if n.ID == parent || in(n.Children) {
				return true
			}
		}
		return false
	}
	if in(self.Children) {
		return "one of its own sub-pages", true
	}
	return "", false
}

// checkFrontMatter refuses a configured title or description that the content's front
// matter sets to another value: Konnect would keep the front matter's, and the plan would
// never settle.
func checkFrontMatter(values konnect.Object) []engine.Problem {
	content, ok := values["content"].(string)
	if !ok {
		return nil
	}
	fm := FrontMatter(content)
	var problems []engine.Problem
	for _, f := range []string{"title", "description"} {
		set, ok := values[f].(string)
		want, has := fm[f]
		if !ok || !has || set == want {
			continue
		}
		problems = append(problems, engine.Problem{Attr: f, Summary: "The content's front matter sets another " + f,
			Detail: fmt.Sprintf("%s is %q in configuration and %q in the content's front matter. Konnect keeps the front matter's when the content is written. "+
				"Set the same value in both, or leave %s unset to take the front matter's.", f, set, want, f)})
	}
	return problems
}

// FrontMatter returns the title and description that a page's or snippet's front matter
// sets: the content's first line is "---", up to the next "---" line, and its top-level
// `title:` and `description:` values count (plain, 'single-' or "double-quoted").
func FrontMatter(content string) map[string]string {
	lines := strings.Split(content, "\n")
	if len(lines) == 0 || strings.TrimRight(lines[0], " \r") != "---" {
		return nil
	}
	out := map[string]string{}
	for _, l := range lines[1:] {
		l = strings.TrimRight(l, "\r")
		if strings.TrimRight(l, " ") == "---" {
			return out
		}
		for _, f := range []string{"title", "description"} {
			if rest, ok := strings.CutPrefix(l, f+":"); ok {
				out[f] = yamlScalar(rest)
			}
		}
	}
	return nil // no closing line: no front matter
}

// yamlScalar reads a YAML scalar as front matter writes one.
func yamlScalar(raw string) string {
	s := strings.TrimSpace(raw)
	switch {
	case len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"':
		var b strings.Builder
		for i := 1; i < len(s)-1; i++ {
			if s[i] == '\\' && i+1 < len(s)-1 {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(s[i])
				}
				continue
			}
			b.WriteByte(s[i])
		}
		return b.String()
	case len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'':
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
	}
	if i := strings.Index(s, " #"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// frontMatterField plans the title or description that the content's front matter sets when
// configuration leaves the attribute unset and the plan writes the content (a create, or a
// change of the content): Konnect keeps the front matter's.
type frontMatterField string

func (m frontMatterField) Description(context.Context) string {
	return "Takes the content's front matter " + string(m) + " when the content is written."
}

func (m frontMatterField) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (m frontMatterField) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var planned types.String
	if d := req.Plan.GetAttribute(ctx, path.Root("content"), &planned); d.HasError() || planned.IsUnknown() || planned.IsNull() {
		return
	}
	if !req.State.Raw.IsNull() {
		var prior types.String
		if d := req.State.GetAttribute(ctx, path.Root("content"), &prior); d.HasError() || prior.Equal(planned) {
			return // the content is not written: Konnect keeps the attribute as it is
		}
	}
	if v, ok := FrontMatter(planned.ValueString())[string(m)]; ok {
		resp.PlanValue = types.StringValue(v)
	}
}

// UnchangedPlanNoop: an unchanged plan writes no content, and the modifier does nothing.
func (frontMatterField) UnchangedPlanNoop() {}
