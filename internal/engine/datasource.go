package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// entityDataSource reads one object of a kind by id or by unique name; like refresh, it
// reports exactly what Konnect holds.
type entityDataSource struct {
	DataSourceWithConfigure
	kind  EntityKind
	attrs []Attr
}

var _ datasource.DataSourceWithConfigure = (*entityDataSource)(nil)

func NewDataSource(k EntityKind) func() datasource.DataSource {
	if k.Filter != nil {
		lister(k) // a declaration error panics when the provider starts
	}
	if len(k.Lookups) > 0 && k.Filter == nil {
		panic(declarationError(k.TypeName + ": Lookups need the kind's Filter (a listing Konnect filters)"))
	}
	return func() datasource.DataSource {
		return &entityDataSource{kind: k, attrs: dataSourceAttrs(k)}
	}
}

func (d *entityDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.kind.TypeName
}

func (d *entityDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := map[string]schema.Attribute{}
	oneOf := []path.Expression{path.MatchRoot(AttrID)}
	for _, l := range d.lookups() {
		oneOf = append(oneOf, path.MatchRoot(l))
	}
	lookup := " Set this or the other lookup attribute."
	desc := fmt.Sprintf("Reads one %s from Konnect by id or by name.", d.kind.TypeName)
	if d.kind.Filter != nil {
		oneOf = append(oneOf, path.MatchRoot(attrFilter))
		lookup = fmt.Sprintf(" Set exactly one of %s.", joinCode(oneOf))
		f := d.kind.Filter.Attribute()
		f.Description += " Exactly one " + d.kind.Filter.Noun + " must match."
		f.MarkdownDescription = f.Description
		attrs[attrFilter] = f
		desc = fmt.Sprintf("Reads one %s from Konnect by %s (the filter argument of Kong's provider, applied by Konnect). "+
			"A lookup other than `%s` must match exactly one %s; to read several, use `%s_list`.",
			d.kind.Filter.Noun, joinCode(oneOf), AttrID, d.kind.Filter.Noun, d.kind.TypeName)
	}
	for _, a := range d.attrs {
		switch {
		case a.Parent:
			a.Mode = Required
		case a.Name == AttrID || slices.Contains(d.lookups(), a.Name):
			a.Mode, a.Description = Optional, a.Description+lookup
			a.Validators = []Validator{stringvalidator.ExactlyOneOf(oneOf...)}
		default:
			a = ReadOnly(a)
		}
		attrs[a.Name] = FrameworkAttribute(a, ForDataSource)
	}
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

func (d *entityDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := Address{Parents: map[string]string{}, ID: Str(cfg[AttrID])}
	for _, a := range d.attrs {
		if a.Parent {
			addr.Parents[a.Name] = Str(cfg[a.Name])
		}
	}
	var obj konnect.Object
	what := "id " + addr.ID
	switch {
	case addr.ID != "":
		obj, _, err = d.kind.API.Get(ctx, d.Data.Client, addr)
		if konnect.IsNotFound(err) {
			obj, err = nil, nil
		}
	case d.kind.Filter != nil:
		var found []konnect.Object
		found, what, err = d.find(ctx, cfg, addr.Parents)
		if err == nil && len(found) > 1 {
			resp.Diagnostics.AddError(NotOne(d.kind.Filter.Noun, found, what, fmt.Sprintf(
				"Read it by `%s` or with a narrower `%s`, or list them all with `%s_list`.", AttrID, attrFilter, d.kind.TypeName)))
			return
		}
		if len(found) == 1 {
			obj = found[0]
		}
	default:
		name := Str(cfg[d.kind.NameAttr])
		what = d.kind.NameAttr + " " + name
		obj, err = d.kind.API.FindByName(ctx, d.Data.Client, addr.Parents, name)
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+d.kind.TypeName, err.Error())
		return
	}
	if obj == nil {
		resp.Diagnostics.AddError("No such Konnect object", fmt.Sprintf("No %s with %s exists in Konnect.", d.kind.TypeName, what))
		return
	}
	r := &EntityResource{Kind: d.kind, Attrs: d.attrs}
	r.Data = d.Data // the digest key of keyed revisions
	val, _, err := r.StateFromAPI(obj, addr.Parents, nil)
	if err == nil && d.kind.Filter != nil {
		val, err = WithConfigArgs(req.Config.Raw, val, attrFilter)
	}
	if err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	resp.State.Raw = val
}

// dataSourceAttrs are the attributes a kind's data sources read: neither overlays nor
// attributes Konnect never returns (an API's spec_content), which would always be null.
func dataSourceAttrs(k EntityKind) []Attr {
	return slices.DeleteFunc(WithoutOverlays(NewEntityResource(k).Attrs), func(a Attr) bool { return a.NotReturned })
}

// attrFilter is the argument of Kong's filter (EntityKind.Filter).
const attrFilter = "filter"

// lookups are the attributes besides id that the data source reads one object by: the
// unique name, then the kind's Lookups.
func (d *entityDataSource) lookups() []string {
	var out []string
	if d.kind.NameAttr != "" {
		out = append(out, d.kind.NameAttr)
	}
	return append(out, d.kind.Lookups...)
}

// find lists the objects a kind with Kong's filter has under the configured name or other
// lookup attribute (exactly that value) or filter; what names the lookup as configuration
// wrote it. Konnect filters a lookup when the kind's Filter has its field with `eq`; a
// lookup it cannot filter on is compared on every page.
func (d *entityDataSource) find(ctx context.Context, cfg ObjectValues, parents map[string]string) (found []konnect.Object, what string, err error) {
	name, field, attr := "", "", ""
	for _, a := range d.attrs {
		if v := Str(cfg[a.Name]); v != "" && name == "" && slices.Contains(d.lookups(), a.Name) {
			name, field, attr = v, a.JSONName(), a.Name
		}
	}
	var terms []FilterTerm
	var described []string
	if name != "" {
		described = []string{fmt.Sprintf("%s = %q", attr, name)}
		if attr == d.kind.NameAttr || d.kind.Filter.filters(field, "eq") {
			terms = []FilterTerm{{Field: field, Op: "eq", Value: name}}
		}
	} else if terms, described, err = d.kind.Filter.Terms(cfg[attrFilter]); err != nil {
		return nil, "", err
	}
	what = strings.Join(described, ", ")
	if len(described) == 0 {
		what = attrFilter + " = {}"
	}
	found, err = lister(d.kind).List(ctx, d.Data.Client, parents, Query(terms))
	if name != "" { // Konnect's eq is exact; this keeps it so whatever it answers
		found = slices.DeleteFunc(found, func(o konnect.Object) bool { return o[field] != name })
	}
	return found, what, err
}

// joinCode lists attribute paths as Markdown code: `a`, `b` or `c`.
func joinCode(paths []path.Expression) string {
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = "`" + p.String() + "`"
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// lister is the API of a kind with Kong's filter.
func lister(k EntityKind) FilteredLister {
	l, ok := k.API.(FilteredLister)
	if !ok {
		panic(declarationError(fmt.Sprintf("%s: a kind with a Filter needs an API that is a FilteredLister; %T is not", k.TypeName, k.API)))
	}
	return l
}
