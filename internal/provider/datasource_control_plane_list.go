package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// controlPlaneListDataSource lists control planes, every page, filtered by name and labels.
type controlPlaneListDataSource struct {
	dataSourceWithConfigure
	attrs []Attr // a control plane as the resource declares it, plus id and revision
}

func newControlPlaneListDataSource() datasource.DataSource {
	return &controlPlaneListDataSource{attrs: newEntityResource(ControlPlaneKind).attrs}
}

func (d *controlPlaneListDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "konnect_gateway_control_plane_list"
}

func (d *controlPlaneListDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	desc := "Lists the control planes of the organization (all pages), optionally filtered by exact name and by labels."
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: map[string]schema.Attribute{
		"name":   schema.StringAttribute{Optional: true, Description: "Only the control plane with exactly this name.", MarkdownDescription: "Only the control plane with exactly this name."},
		"labels": schema.MapAttribute{Optional: true, ElementType: types.StringType, Description: "Only control planes carrying every one of these labels.", MarkdownDescription: "Only control planes carrying every one of these labels."},
		"control_planes": schema.ListNestedAttribute{Computed: true, Description: "The matching control planes, oldest first.", MarkdownDescription: "The matching control planes, oldest first.",
			NestedObject: schema.NestedAttributeObject{Attributes: dataSourceAttributes(d.attrs)}},
	}}
}

func (d *controlPlaneListDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg struct {
		Name   types.String `tfsdk:"name"`
		Labels types.Map    `tfsdk:"labels"`
		List   types.List   `tfsdk:"control_planes"`
	}
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	filter := konnect.ControlPlaneFilter{Name: cfg.Name.ValueString(), Labels: map[string]string{}}
	resp.Diagnostics.Append(cfg.Labels.ElementsAs(ctx, &filter.Labels, false)...)
	if resp.Diagnostics.HasError() {
		return
	}
	found, err := d.data.client.ListControlPlanes(ctx, filter)
	if err != nil {
		resp.Diagnostics.AddError("Could not list control planes", err.Error())
		return
	}
	r := &entityResource{kind: ControlPlaneKind, attrs: d.attrs}
	elemType := objectType(d.attrs)
	items := make([]tftypes.Value, 0, len(found))
	for _, cp := range found {
		v, _, err := r.stateFromAPI(cp, nil, nil)
		if err != nil {
			resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
			return
		}
		items = append(items, v)
	}
	top, err := asObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	top["control_planes"] = tftypes.NewValue(tftypes.List{ElementType: elemType}, items)
	resp.State.Raw = tftypes.NewValue(req.Config.Raw.Type(), map[string]tftypes.Value(top))
}
