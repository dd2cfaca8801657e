package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// entityDataSource reads one object of a kind by id or by unique name; like refresh, it
// reports exactly what Konnect holds.
type entityDataSource struct {
	kind  EntityKind
	attrs []Attr
	data  *providerData
}

var _ datasource.DataSourceWithConfigure = (*entityDataSource)(nil)

func newDataSource(k EntityKind) func() datasource.DataSource {
	return func() datasource.DataSource {
		return &entityDataSource{kind: k, attrs: newEntityResource(k).attrs}
	}
}

func (d *entityDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.kind.TypeName
}

func (d *entityDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := map[string]schema.Attribute{}
	oneOf := []path.Expression{path.MatchRoot(attrID)}
	if d.kind.NameAttr != "" {
		oneOf = append(oneOf, path.MatchRoot(d.kind.NameAttr))
	}
	for _, a := range d.attrs {
		switch {
		case a.Parent:
			attrs[a.Name] = schema.StringAttribute{Required: true, Description: a.Description, MarkdownDescription: a.Description, Validators: a.StringValidators}
		case a.Name == attrID || a.Name == d.kind.NameAttr:
			v := []validator.String{stringvalidator.ExactlyOneOf(oneOf...)}
			attrs[a.Name] = schema.StringAttribute{Optional: true, Computed: true, Description: a.Description + " Set this or the other lookup attribute.", MarkdownDescription: a.Description + " Set this or the other lookup attribute.", Validators: v}
		default:
			attrs[a.Name] = dataSourceAttribute(a)
		}
	}
	desc := fmt.Sprintf("Reads one %s from Konnect by id or by name.", d.kind.TypeName)
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

// dataSourceAttribute is a read-only attribute of a data source.
func dataSourceAttribute(a Attr) schema.Attribute {
	desc := a.Description
	switch a.Type.Kind {
	case KString, KJSON:
		return schema.StringAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc}
	case KInt64:
		return schema.Int64Attribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc}
	case KFloat64:
		return schema.Float64Attribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc}
	case KBool:
		return schema.BoolAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc}
	case KList:
		if a.Type.Elem.Kind == KObject {
			return schema.ListNestedAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc,
				NestedObject: schema.NestedAttributeObject{Attributes: dataSourceAttributes(a.Type.Elem.Attrs)}}
		}
		return schema.ListAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc, ElementType: a.Type.Elem.attrType()}
	case KSet:
		if a.Type.Elem.Kind == KObject {
			return schema.SetNestedAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc,
				NestedObject: schema.NestedAttributeObject{Attributes: dataSourceAttributes(a.Type.Elem.Attrs)}}
		}
		return schema.SetAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc, ElementType: a.Type.Elem.attrType()}
	case KMap:
		return schema.MapAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc, ElementType: a.Type.Elem.attrType()}
	case KObject:
		return schema.SingleNestedAttribute{Computed: true, Sensitive: a.Sensitive, Description: desc, MarkdownDescription: desc, Attributes: dataSourceAttributes(a.Type.Attrs)}
	}
	panic(fmt.Sprintf("%s: unknown kind %d", a.Name, a.Type.Kind))
}

func dataSourceAttributes(attrs []Attr) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(attrs))
	for _, a := range attrs {
		out[a.Name] = dataSourceAttribute(a)
	}
	return out
}

func (d *entityDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	if req.ProviderData == nil {
		return
	}
	data, ok := req.ProviderData.(*providerData)
	if !ok {
		resp.Diagnostics.AddError("Unexpected provider data", fmt.Sprintf("expected *providerData, got %T", req.ProviderData))
		return
	}
	d.data = data
}

func (d *entityDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := asObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := Address{Parents: map[string]string{}, ID: str(cfg[attrID])}
	for _, a := range d.attrs {
		if a.Parent {
			addr.Parents[a.Name] = str(cfg[a.Name])
		}
	}
	var obj konnect.Object
	what := "id " + addr.ID
	if addr.ID == "" {
		name := str(cfg[d.kind.NameAttr])
		what = d.kind.NameAttr + " " + name
		obj, err = d.kind.API.FindByName(ctx, d.data.client, addr.Parents, name)
	} else {
		obj, _, err = d.kind.API.Get(ctx, d.data.client, addr)
		if konnect.IsNotFound(err) {
			obj, err = nil, nil
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+d.kind.TypeName, err.Error())
		return
	}
	if obj == nil {
		resp.Diagnostics.AddError("No such Konnect object", fmt.Sprintf("No %s with %s exists in Konnect.", d.kind.TypeName, what))
		return
	}
	r := &entityResource{kind: d.kind, attrs: d.attrs}
	val, _, err := r.stateFromAPI(obj, addr.Parents, nil)
	if err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	resp.State.Raw = val
}
