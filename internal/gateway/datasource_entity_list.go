package gateway

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// entityLists are the kinds with a list data source (konnect_gateway_<kind>_list): the
// objects of one control plane, for adopting them with `for_each` import blocks. nameArg
// is the argument that filters by Konnect's filter[name][eq]: the kind's unique name, or
// for a plugin the plugin's name.
var entityLists = []struct {
	kind    engine.EntityKind
	nameArg string
}{
	{ServiceKind, "name"},
	{RouteKind, "name"},
	{ConsumerKind, "username"},
	{PluginKind, "name"},
}

// entityListDataSources returns the list data sources of entityLists.
func EntityListDataSources() []func() datasource.DataSource {
	out := make([]func() datasource.DataSource, 0, len(entityLists))
	for _, l := range entityLists {
		out = append(out, func() datasource.DataSource {
			return &entityListDataSource{kind: l.kind, nameArg: l.nameArg, attrs: entityListAttrs(l.kind)}
		})
	}
	return out
}

// entityListAttrs is an object of a kind as its list reports it: as the resource reads it,
// except that a JSON document (a plugin's config) comes without its secrets (withoutSecrets).
func entityListAttrs(k engine.EntityKind) []engine.Attr {
	attrs := engine.WithoutOverlays(engine.NewEntityResource(k).Attrs) // config_secrets.go
	for i, a := range attrs {
		if a.Type.Kind == engine.KJSON {
			attrs[i].Description += " Without the secrets it holds: the keys that the plugin's schema in Konnect marks encrypted or referenceable, " +
				"and keys whose names say they hold a secret (`password`, `client_secret`, ...). A resource written from it leaves them as Konnect holds them."
		}
	}
	return attrs
}

// entityListDataSource lists every object of a kind in a control plane (all pages),
// filtered by Konnect (filter[name][eq], tags).
type entityListDataSource struct {
	engine.DataSourceWithConfigure
	kind    engine.EntityKind
	nameArg string
	attrs   []engine.Attr
}

func (d *entityListDataSource) typeName() string { return d.kind.TypeName + "_list" }

func (d *entityListDataSource) Metadata(_ context.Context, _ datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = d.typeName()
}

func (d *entityListDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	noun := what(d.kind)
	attrs := map[string]schema.Attribute{}
	for _, a := range d.attrs {
		if a.Parent {
			attrs[a.Name] = engine.FrameworkAttribute(a, engine.ForDataSource)
		}
	}
	nameDesc := fmt.Sprintf("Only the %ss whose `%s` is exactly this.", noun, d.nameArg)
	attrs[d.nameArg] = schema.StringAttribute{Optional: true, Description: nameDesc, MarkdownDescription: nameDesc,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)}}
	tagsDesc := fmt.Sprintf("Only the %ss carrying every one of these tags.", noun)
	attrs["tags"] = schema.SetAttribute{Optional: true, ElementType: types.StringType, Description: tagsDesc, MarkdownDescription: tagsDesc,
		Validators: []validator.Set{engine.KongTags()}}
	dataDesc := fmt.Sprintf("The matching %ss, each as `%s` reads it.", noun, d.kind.TypeName)
	attrs["data"] = schema.ListNestedAttribute{Computed: true, Description: dataDesc, MarkdownDescription: dataDesc,
		NestedObject: schema.NestedAttributeObject{Attributes: engine.DataSourceAttributes(d.attrs)}}
	desc := fmt.Sprintf("Lists the %ss of a control plane (every page), optionally filtered by `%s` and `tags` (applied by Konnect). "+
		"With `for_each` import blocks (Terraform 1.7 or later) it adopts every %s of a control plane.", noun, d.nameArg, noun)
	resp.Schema = schema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

func (d *entityListDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	cfg, err := engine.AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	parents := map[string]string{}
	for _, a := range d.attrs {
		if a.Parent {
			parents[a.Name] = engine.Str(cfg[a.Name])
		}
	}
	query := url.Values{}
	if name := engine.Str(cfg[d.nameArg]); name != "" {
		query.Set("filter[name][eq]", name)
	}
	if v := cfg["tags"]; v.IsKnown() && !v.IsNull() {
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			resp.Diagnostics.AddError("Internal error", err.Error())
			return
		}
		tags := make([]string, 0, len(elems))
		for _, e := range elems {
			tags = append(tags, engine.Str(e))
		}
		if len(tags) > 0 {
			sort.Strings(tags)
			query.Set("tags", strings.Join(tags, ",")) // a,b: every tag
		}
	}
	col, ok := d.kind.API.(interface {
		ListPath(map[string]string) string
	})
	if !ok {
		resp.Diagnostics.AddError("Internal error", d.typeName()+": the kind has no collection to list")
		return
	}
	found, err := d.Data.Client.ListEntities(ctx, col.ListPath(parents), query)
	if err != nil {
		resp.Diagnostics.AddError("Could not list "+what(d.kind)+"s", err.Error())
		return
	}
	r := &engine.EntityResource{Kind: d.kind, Attrs: d.attrs}
	r.Data = d.Data // the digest key of keyed revisions
	data, err := r.ListFromAPI(found, parents, func(v tftypes.Value, obj konnect.Object) (tftypes.Value, error) {
		return engine.WithoutSecrets(ctx, d.Data, d.kind, d.attrs, v, obj, parents["control_plane_id"], nil)
	})
	if err != nil {
		resp.Diagnostics.AddError("Unexpected response from Konnect", err.Error())
		return
	}
	cfg["data"] = data
	resp.State.Raw = tftypes.NewValue(req.Config.Raw.Type(), map[string]tftypes.Value(cfg))
}

func what(k engine.EntityKind) string { return strings.TrimPrefix(k.TypeName, "konnect_gateway_") }
