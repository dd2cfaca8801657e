package gateway

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// controlPlaneListDataSource lists control planes, every page, filtered by name and labels
// or by Kong's provider's `filter`, `filter_labels` and `sort`. The list is in `data`, as in
// Kong's provider, and in `control_planes` (this provider's first name for it).
type controlPlaneListDataSource struct {
	engine.DataSourceWithConfigure
	attrs []engine.Attr // a control plane as the data sources report it, plus id and revision
}

var _ datasource.DataSourceWithConfigValidators = (*controlPlaneListDataSource)(nil)

func NewControlPlaneListDataSource() datasource.DataSource {
	return &controlPlaneListDataSource{attrs: controlPlaneDataAttrs()}
}

func (d *controlPlaneListDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "konnect_gateway_control_plane_list"
}

func (d *controlPlaneListDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	desc := "Lists the control planes of the organization (all pages), optionally filtered by exact name and by labels, or with Kong's provider's `filter`, `filter_labels` and `sort` (applied by Konnect)."
	elem := schema.NestedAttributeObject{Attributes: engine.DataSourceAttributes(d.attrs)}
	attrs := controlPlaneFilterAttributes()
	attrs["name"] = schema.StringAttribute{Optional: true, Description: "Only the control plane with exactly this name.", MarkdownDescription: "Only the control plane with exactly this name."}
	attrs["labels"] = schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: "Only control planes carrying every one of these labels.", MarkdownDescription: "Only control planes carrying every one of these labels."}
	attrs["data"] = schema.ListNestedAttribute{Computed: true, NestedObject: elem,
		Description:         "The matching control planes, oldest first (or in the order `sort` asks for).",
		MarkdownDescription: "The matching control planes, oldest first (or in the order `sort` asks for)."}
	attrs["control_planes"] = schema.ListNestedAttribute{Computed: true, NestedObject: elem,
		Description:         "The same list as `data`.",
		MarkdownDescription: "The same list as `data`."}
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

func (d *controlPlaneListDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return controlPlaneFilterValidators("name")
}

func (d *controlPlaneListDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := engine.AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	filter, _, err := controlPlaneFilter(cfg)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	filter.Name = engine.Str(cfg["name"])
	var labels map[string]tftypes.Value
	if v := cfg["labels"]; v.IsKnown() && !v.IsNull() {
		if err := v.As(&labels); err != nil {
			resp.Diagnostics.AddError("Internal error", err.Error())
			return
		}
		filter.Labels = map[string]string{}
		for k, lv := range labels {
			filter.Labels[k] = engine.Str(lv)
		}
	}
	found, err := d.Data.Client.ListControlPlanes(ctx, filter)
	if err != nil {
		resp.Diagnostics.AddError("Could not list control planes", err.Error())
		return
	}
	r := &engine.EntityResource{Kind: ControlPlaneKind, Attrs: d.attrs}
	list, err := r.ListFromAPI(found, nil, nil)
	if err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	cfg["data"], cfg["control_planes"] = list, list
	resp.State.Raw = tftypes.NewValue(req.Config.Raw.Type(), map[string]tftypes.Value(cfg))
}
