package gateway

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// controlPlaneDataSource reads one control plane: by id, by exact name, or with Kong's
// provider's `filter`/`filter_labels` (which must match exactly one, unless `sort` says
// which comes first).
type controlPlaneDataSource struct {
	engine.DataSourceWithConfigure
	attrs []engine.Attr
}

var _ datasource.DataSourceWithConfigValidators = (*controlPlaneDataSource)(nil)

func NewControlPlaneDataSource() datasource.DataSource {
	return &controlPlaneDataSource{attrs: controlPlaneDataAttrs()}
}

func (d *controlPlaneDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = ControlPlaneKind.TypeName
}

func (d *controlPlaneDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := controlPlaneFilterAttributes()
	for _, a := range d.attrs {
		if a.Name == engine.AttrID || a.Name == ControlPlaneKind.NameAttr {
			a.Mode, a.Validators = engine.Optional, nil
			a.Description += " Set this, or the other lookup attribute, or `filter`/`filter_labels`."
		} else {
			a = engine.ReadOnly(a)
		}
		attrs[a.Name] = engine.FrameworkAttribute(a, engine.ForDataSource)
	}
	desc := "Reads one control plane from Konnect by `id`, by `name`, or with Kong's provider's `filter` and `filter_labels` " +
		"(applied by Konnect). A filter must match exactly one control plane, unless `sort` is set: then the first in that order is read."
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

func (d *controlPlaneDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	lookups := []path.Expression{path.MatchRoot(engine.AttrID), path.MatchRoot("name"), path.MatchRoot("filter"), path.MatchRoot("filter_labels")}
	out := []datasource.ConfigValidator{
		datasourcevalidator.AtLeastOneOf(lookups...),
		datasourcevalidator.Conflicting(path.MatchRoot(engine.AttrID), path.MatchRoot("name")),
		datasourcevalidator.Conflicting(path.MatchRoot(engine.AttrID), path.MatchRoot("filter")),
		datasourcevalidator.Conflicting(path.MatchRoot(engine.AttrID), path.MatchRoot("filter_labels")),
		datasourcevalidator.Conflicting(path.MatchRoot("name"), path.MatchRoot("filter_labels")),
	}
	return append(out, controlPlaneFilterValidators("name")...)
}

func (d *controlPlaneDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := engine.AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	var obj konnect.Object
	var what string
	switch id, name := engine.Str(cfg[engine.AttrID]), engine.Str(cfg["name"]); {
	case id != "":
		what = "id " + id
		obj, _, err = d.Data.Client.GetControlPlane(ctx, id)
		if konnect.IsNotFound(err) {
			obj, err = nil, nil
		}
	case name != "":
		what = "name " + name
		obj, err = ControlPlaneKind.API.FindByName(ctx, d.Data.Client, nil, name)
	default:
		filter, described, ferr := controlPlaneFilter(cfg)
		if ferr != nil {
			resp.Diagnostics.AddError("Internal error", ferr.Error())
			return
		}
		what = strings.Join(described, ", ")
		var found []konnect.Object
		found, err = d.Data.Client.ListControlPlanes(ctx, filter)
		if err == nil && len(found) > 1 && filter.Sort == "" {
			resp.Diagnostics.AddError(engine.NotOne("control plane", found, what,
				"Narrow the filter (filter.id.eq or filter.name.eq), set sort to read the first in that order, or use konnect_gateway_control_plane_list."))
			return
		}
		if len(found) > 0 {
			obj = found[0]
		}
	}
	if err != nil {
		resp.Diagnostics.AddError("Could not read "+ControlPlaneKind.TypeName, err.Error())
		return
	}
	if obj == nil {
		resp.Diagnostics.AddError("No such Konnect object", fmt.Sprintf("No %s with %s exists in Konnect.", ControlPlaneKind.TypeName, what))
		return
	}
	r := &engine.EntityResource{Kind: ControlPlaneKind, Attrs: d.attrs}
	read, _, err := r.StateFromAPI(obj, nil, nil)
	if err == nil {
		resp.State.Raw, err = engine.WithConfigArgs(req.Config.Raw, read, controlPlaneFilterArgs...)
	}
	if err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
	}
}
