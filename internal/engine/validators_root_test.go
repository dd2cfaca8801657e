package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Every combination of null, unknown and set for an attribute and two or three root
// attributes it names: the root validators give exactly the originals' diagnostics.
func TestRootValidatorsAreTheFrameworkValidators(t *testing.T) {
	ctx := context.Background()
	setOf := tftypes.Set{ElementType: tftypes.String}
	objType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"expression": tftypes.String, "regex_priority": tftypes.Number, "methods": setOf, "paths": setOf,
	}}
	sch := schema.Schema{Attributes: map[string]schema.Attribute{
		"expression":     schema.StringAttribute{Optional: true},
		"regex_priority": schema.Int64Attribute{Optional: true},
		"methods":        schema.SetAttribute{Optional: true, ElementType: types.StringType},
		"paths":          schema.SetAttribute{Optional: true, ElementType: types.StringType},
	}}
	states := []string{"null", "unknown", "set"}
	value := func(typ tftypes.Type, state string) tftypes.Value {
		switch state {
		case "null":
			return tftypes.NewValue(typ, nil)
		case "unknown":
			return tftypes.NewValue(typ, tftypes.UnknownValue)
		}
		switch {
		case typ.Is(tftypes.String):
			return tftypes.NewValue(typ, `http.path ^= "/a"`)
		case typ.Is(tftypes.Number):
			return tftypes.NewValue(typ, 1)
		}
		return tftypes.NewValue(typ, []tftypes.Value{tftypes.NewValue(tftypes.String, "GET")})
	}
	compared := 0
	for _, e := range states {
		for _, r := range states {
			for _, m := range states {
				for _, p := range states {
					raw := tftypes.NewValue(objType, map[string]tftypes.Value{
						"expression": value(tftypes.String, e), "regex_priority": value(tftypes.Number, r),
						"methods": value(setOf, m), "paths": value(setOf, p),
					})
					config := tfsdk.Config{Schema: sch, Raw: raw}
					name := fmt.Sprintf("expression=%s regex_priority=%s methods=%s paths=%s", e, r, m, p)

					var expr types.String
					if d := config.GetAttribute(ctx, path.Root("expression"), &expr); d.HasError() {
						t.Fatal(d)
					}
					sreq := validator.StringRequest{Path: path.Root("expression"), PathExpression: path.MatchRoot("expression"), Config: config, ConfigValue: expr}
					for _, pair := range []struct {
						what      string
						framework validator.String
						root      validator.String
					}{
						{"ConflictsWith", stringvalidator.ConflictsWith(path.MatchRoot("methods"), path.MatchRoot("paths")), ConflictsWithRoot("methods", "paths")},
						{"AtLeastOneOf", stringvalidator.AtLeastOneOf(path.MatchRoot("methods"), path.MatchRoot("paths")), AtLeastOneOfRoot("methods", "paths")},
					} {
						var want, got validator.StringResponse
						pair.framework.ValidateString(ctx, sreq, &want)
						pair.root.ValidateString(ctx, sreq, &got)
						if !got.Diagnostics.Equal(want.Diagnostics) {
							t.Errorf("%s, %s on expression: got %v, want %v", name, pair.what, got.Diagnostics, want.Diagnostics)
						}
						if g, w := pair.root.Description(ctx), pair.framework.Description(ctx); g != w {
							t.Errorf("%s description: got %q, want %q", pair.what, g, w)
						}
						compared++
					}

					var prio types.Int64
					if d := config.GetAttribute(ctx, path.Root("regex_priority"), &prio); d.HasError() {
						t.Fatal(d)
					}
					ireq := validator.Int64Request{Path: path.Root("regex_priority"), PathExpression: path.MatchRoot("regex_priority"), Config: config, ConfigValue: prio}
					var want, got validator.Int64Response
					int64validator.ConflictsWith(path.MatchRoot("expression"), path.MatchRoot("paths")).ValidateInt64(ctx, ireq, &want)
					ConflictsWithRoot("expression", "paths").ValidateInt64(ctx, ireq, &got)
					if !got.Diagnostics.Equal(want.Diagnostics) {
						t.Errorf("%s, ConflictsWith on regex_priority: got %v, want %v", name, got.Diagnostics, want.Diagnostics)
					}
					compared++
				}
			}
		}
	}
	if compared != 81*3 {
		t.Fatalf("compared %d cases", compared)
	}
}
