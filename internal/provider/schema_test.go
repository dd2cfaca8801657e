package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/float64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
)

// Every declared validator and plan modifier is of the framework type its attribute's Type
// takes, in every kind.
func TestDeclarationsTypeTheirValidators(t *testing.T) {
	for _, k := range Kinds {
		if err := engine.CheckDeclaration(k.Attrs); err != nil {
			t.Errorf("%s: %v", k.TypeName, err)
		}
	}
	// and a mismatch is named, at any depth
	for _, tc := range []struct {
		attrs []engine.Attr
		want  string
	}{
		{[]engine.Attr{{Name: "port", Type: engine.Int64, Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}}},
			"attribute port: stringvalidator.lengthAtLeastValidator is not a *validator.Int64"},
		{[]engine.Attr{{Name: "outer", Type: engine.ObjectOf(engine.Attr{Name: "ratio", Type: engine.Float64, Validators: []engine.Validator{int64validator.AtLeast(0)}})}},
			"attribute ratio: int64validator.atLeastValidator is not a *validator.Float64"},
		{[]engine.Attr{{Name: "name", Type: engine.String, PlanModifiers: []engine.PlanModifier{boolplanmodifier.RequiresReplace()}}},
			"attribute name: boolplanmodifier.requiresReplaceIfModifier is not a *planmodifier.String"},
		{[]engine.Attr{{Name: "ok", Type: engine.ListOf(engine.Float64), Validators: []engine.Validator{float64validator.AtLeast(0)}}},
			"attribute ok: float64validator.atLeastValidator is not a *validator.List"},
	} {
		err := engine.CheckDeclaration(tc.attrs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
}

// Float64 attributes take validators like every other type: an upstream's health-check
// numbers are checked where they are declared, and the error names the attribute.
func TestFloat64AttributesValidated(t *testing.T) {
	ctx := context.Background()
	srv := NewServer("test")()
	if _, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{}); err != nil {
		t.Fatal(err)
	}
	typ := engine.ObjectType(engine.NewEntityResource(gateway.UpstreamKind).Attrs)
	for _, tc := range []struct {
		set  map[string]any
		want string // "" means valid
	}{
		{map[string]any{"threshold": 101.0}, "Attribute healthchecks.threshold value must be between 0.000000 and 100.000000, got: 101.000000"},
		{map[string]any{"threshold": 100.0}, ""},
		{map[string]any{"active": map[string]any{"timeout": 70000.0}}, "Attribute healthchecks.active.timeout value must be between 0.000000 and 65535.000000, got: 70000.000000"},
		{map[string]any{"active": map[string]any{"healthy": map[string]any{"interval": -1.0}}}, "Attribute healthchecks.active.healthy.interval value must be between 0.000000 and 65535.000000, got: -1.000000"},
		{map[string]any{"active": map[string]any{"unhealthy": map[string]any{"interval": 65536.0}}}, "Attribute healthchecks.active.unhealthy.interval value must be between 0.000000 and 65535.000000, got: 65536.000000"},
		{map[string]any{"active": map[string]any{"unhealthy": map[string]any{"interval": 0.5}}}, ""},
	} {
		cfg := configValue(typ, map[string]any{"control_plane_id": "5b1c2d3e-0000-4000-8000-000000000001", "name": "u", "healthchecks": tc.set})
		resp, err := srv.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: gateway.UpstreamKind.TypeName, Config: dynamic(t, cfg)})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range resp.Diagnostics {
			got = append(got, d.Summary+": "+d.Detail)
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%v: unexpected diagnostics %q", tc.set, got)
		case tc.want != "" && (len(got) != 1 || got[0] != "Invalid Attribute Value: "+tc.want):
			t.Errorf("%v: got %q, want %q", tc.set, got, tc.want)
		}
	}
}

// configValue is a configuration of typ: the given values (strings, float64s, nested maps
// for objects), everything else null.
func configValue(typ tftypes.Type, v any) tftypes.Value {
	if v == nil {
		return tftypes.NewValue(typ, nil)
	}
	obj, ok := typ.(tftypes.Object)
	if !ok {
		return tftypes.NewValue(typ, v)
	}
	set := v.(map[string]any)
	vals := map[string]tftypes.Value{}
	for name, at := range obj.AttributeTypes {
		vals[name] = configValue(at, set[name])
	}
	return tftypes.NewValue(typ, vals)
}
