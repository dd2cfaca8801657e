package engine

import (
	"context"
	"fmt"

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
	return func() datasource.DataSource {
		return &entityDataSource{kind: k, attrs: WithoutOverlays(NewEntityResource(k).Attrs)}
	}
}

func (d *entityDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.kind.TypeName
}

func (d *entityDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := map[string]schema.Attribute{}
	oneOf := []path.Expression{path.MatchRoot(AttrID)}
	if d.kind.NameAttr != "" {
		oneOf = append(oneOf, path.MatchRoot(d.kind.NameAttr))
	}
	for _, a := range d.attrs {
		switch {
		case a.Parent:
			a.Mode = Required
		case a.Name == AttrID || a.Name == d.kind.NameAttr:
			a.Mode, a.Description = Optional, a.Description+" Set this or the other lookup attribute."
			a.Validators = []Validator{stringvalidator.ExactlyOneOf(oneOf...)}
		default:
			a = ReadOnly(a)
		}
		attrs[a.Name] = FrameworkAttribute(a, ForDataSource)
	}
	desc := fmt.Sprintf("Reads one %s from Konnect by id or by name.", d.kind.TypeName)
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
	if addr.ID == "" {
		name := Str(cfg[d.kind.NameAttr])
		what = d.kind.NameAttr + " " + name
		obj, err = d.kind.API.FindByName(ctx, d.Data.Client, addr.Parents, name)
	} else {
		obj, _, err = d.kind.API.Get(ctx, d.Data.Client, addr)
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
	r := &EntityResource{Kind: d.kind, Attrs: d.attrs}
	r.Data = d.Data // the digest key of keyed revisions
	val, _, err := r.StateFromAPI(obj, addr.Parents, nil)
	if err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	resp.State.Raw = val
}
