package engine

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// listDataSource is <type>_list of a kind with Kong's filter (EntityKind.Filter): every
// object Konnect's filter matches, all pages, in `data`, each as the kind's data source
// reads it. The names are Kong's provider's (konnect_team_list, konnect_system_account_list).
type listDataSource struct {
	DataSourceWithConfigure
	kind  EntityKind
	attrs []Attr
}

var _ datasource.DataSourceWithConfigure = (*listDataSource)(nil)

// NewListDataSource returns the list data source of a kind with a Filter.
func NewListDataSource(k EntityKind) func() datasource.DataSource {
	if k.Filter == nil {
		panic(declarationError(k.TypeName + ": a list data source needs the kind's Filter"))
	}
	lister(k) // a declaration error panics when the provider starts
	return func() datasource.DataSource {
		return &listDataSource{kind: k, attrs: dataSourceAttrs(k)}
	}
}

func (d *listDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.kind.TypeName + "_list"
}

func (d *listDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	noun := d.kind.Filter.Noun
	attrs := map[string]schema.Attribute{attrFilter: d.kind.Filter.Attribute()}
	for _, a := range d.attrs {
		if a.Parent {
			attrs[a.Name] = FrameworkAttribute(a, ForDataSource)
		}
	}
	dataDesc := fmt.Sprintf("The matching %ss, in Konnect's order, each as the `%s` data source reads it.", noun, d.kind.TypeName)
	attrs["data"] = schema.ListNestedAttribute{Computed: true, Description: dataDesc, MarkdownDescription: dataDesc,
		NestedObject: schema.NestedAttributeObject{Attributes: DataSourceAttributes(d.attrs)}}
	desc := fmt.Sprintf("Lists the %ss of the organization (every page), optionally filtered with Kong's provider's `%s` (applied by Konnect).", noun, attrFilter)
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

func (d *listDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	parents := map[string]string{}
	for _, a := range d.attrs {
		if a.Parent {
			parents[a.Name] = Str(cfg[a.Name])
		}
	}
	terms, _, err := d.kind.Filter.Terms(cfg[attrFilter])
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	found, err := lister(d.kind).List(ctx, d.Data.Client, parents, Query(terms))
	if err != nil {
		resp.Diagnostics.AddError(fmt.Sprintf("Could not list %ss", d.kind.Filter.Noun), err.Error())
		return
	}
	r := &EntityResource{Kind: d.kind, Attrs: d.attrs}
	r.Data = d.Data // the digest key of keyed revisions
	if cfg["data"], err = r.ListFromAPI(found, parents, nil); err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	resp.State.Raw = tftypes.NewValue(req.Config.Raw.Type(), map[string]tftypes.Value(cfg))
}

// ListFromAPI is the `data` of a list data source: each object as StateFromAPI reads it
// (the revision is the whole object's), then through each when it is set.
func (r *EntityResource) ListFromAPI(found []konnect.Object, parents map[string]string,
	each func(v tftypes.Value, obj konnect.Object) (tftypes.Value, error)) (tftypes.Value, error) {
	items := make([]tftypes.Value, 0, len(found))
	for _, obj := range found {
		v, _, err := r.StateFromAPI(obj, parents, nil)
		if err == nil && each != nil {
			v, err = each(v, obj)
		}
		if err != nil {
			return tftypes.Value{}, err
		}
		items = append(items, v)
	}
	return tftypes.NewValue(tftypes.List{ElementType: ObjectType(r.Attrs)}, items), nil
}
