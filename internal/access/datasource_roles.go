package access

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// catalogueRoleAttrs are one role of the catalogue as konnect_roles reports it.
var catalogueRoleAttrs = []engine.Attr{
	{Name: "entity_type_name", Type: engine.String, Mode: engine.Computed,
		Description: "The entity type the role is granted on (for example `Control Planes`), spelled as `entity_type_name` of `konnect_team_role` and `konnect_system_account_role` takes it. (Konnect's catalogue spells one type in the singular, `Mesh Control Plane`; it is reported here as a grant names it, `Mesh Control Planes`.)"},
	{Name: "role_name", Type: engine.String, Mode: engine.Computed,
		Description: "The role's name: the `role_name` of `konnect_team_role` and `konnect_system_account_role`."},
	{Name: "description", Type: engine.String, Mode: engine.Computed, Description: "What the role allows."},
}

// rolesDataSource is konnect_roles: Konnect's catalogue of predefined roles (GET /v3/roles),
// for which Kong's provider has no data source.
type rolesDataSource struct {
	engine.DataSourceWithConfigure
}

var _ datasource.DataSourceWithConfigure = (*rolesDataSource)(nil)

// NewRolesDataSource returns the konnect_roles data source.
func NewRolesDataSource() datasource.DataSource { return &rolesDataSource{} }

func (d *rolesDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = "konnect_roles"
}

func (d *rolesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	const (
		typeDesc  = "Only the roles of this entity type (for example `Control Planes`; the singular and plural spellings of a type are the same here). An entity type the catalogue does not describe is an error that lists the ones it does."
		rolesDesc = "Konnect's predefined roles, ordered by entity type and then by role name."
		desc      = "Reads Konnect's catalogue of predefined roles (GET /v3/roles): for each entity type it describes, the roles that `konnect_team_role` and `konnect_system_account_role` can grant on it. (Konnect also takes grants on entity types the catalogue does not describe, such as `Portals`.) Kong's provider has no such data source."
	)
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: map[string]schema.Attribute{
		"entity_type_name": schema.StringAttribute{Optional: true, Description: typeDesc, MarkdownDescription: typeDesc,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)}},
		"roles": schema.ListNestedAttribute{Computed: true, Description: rolesDesc, MarkdownDescription: rolesDesc,
			NestedObject: schema.NestedAttributeObject{Attributes: engine.DataSourceAttributes(catalogueRoleAttrs)}},
	}}
}

func (d *rolesDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := engine.AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	c, err := rolesOf(ctx, d.Data.Client)
	if err != nil {
		resp.Diagnostics.AddError("Could not read Konnect's roles", err.Error())
		return
	}
	// Each group under the name a role grant takes for it, in that order.
	only := engine.Str(cfg["entity_type_name"])
	var groups, described []string
	for name := range c {
		described = append(described, grantName(name))
		if only == "" || sameType(only, name) {
			groups = append(groups, name)
		}
	}
	slices.SortFunc(groups, func(a, b string) int { return strings.Compare(grantName(a), grantName(b)) })
	if len(groups) == 0 && only != "" {
		slices.Sort(described)
		resp.Diagnostics.AddAttributeError(path.Root("entity_type_name"), "Unknown entity type",
			fmt.Sprintf("Konnect's catalogue of roles has no entity type %q. Its entity types: %s.", only, engine.QuotedList(described)))
		return
	}
	elem := engine.ObjectType(catalogueRoleAttrs)
	items := []tftypes.Value{}
	for _, g := range groups {
		for _, r := range c[g] {
			items = append(items, tftypes.NewValue(elem, map[string]tftypes.Value{
				"entity_type_name": tftypes.NewValue(tftypes.String, grantName(g)),
				"role_name":        tftypes.NewValue(tftypes.String, r.Name),
				"description":      tftypes.NewValue(tftypes.String, r.Description),
			}))
		}
	}
	cfg["roles"] = tftypes.NewValue(tftypes.List{ElementType: elem}, items)
	resp.State.Raw = tftypes.NewValue(req.Config.Raw.Type(), map[string]tftypes.Value(cfg))
}
