package protocol

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// UnchangedPlanNoop is implemented by a plan modifier that changes nothing, and asks for
// nothing, when the planned value equals the prior state's: the plan shortcut then takes
// types that use it. The framework's UseStateForUnknown and RequiresReplace(If) are known
// to be such; any other modifier makes its type ineligible.
type UnchangedPlanNoop interface {
	UnchangedPlanNoop()
}

// resourceType is what the shortcut knows of one managed resource type, all of it derived
// from the resource's framework schema and interfaces when the server is built.
type resourceType struct {
	name    string
	typ     tftypes.Object // the schema's value type
	notPlan string         // why the plan shortcut does not take the type (empty: it does)
}

// inspect derives a resource type's eligibility from its framework schema (not from any
// declaration the provider keeps beside it).
//
// The type is not eligible when the resource has an identity, or when its schema has a
// block or an attribute (at any depth) with a framework default, the write-only flag or a
// custom type: the framework's answer then depends on work the shortcut skips (identity
// handling, defaults, write-only nulling, semantic equality). Every plan modifier must do
// nothing on an unchanged plan, and, when the resource has ModifyPlan, the engine must be
// there to vouch for it. The schema version does not matter: a state reaches a plan only
// after UpgradeResourceState (the framework's, always) has brought it to the current
// version.
func inspect(ctx context.Context, r resource.Resource, name string, engine Engine) resourceType {
	var resp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &resp)
	rt := resourceType{name: name}
	if resp.Diagnostics.HasError() {
		rt.notPlan = "schema error"
		return rt
	}
	typ, ok := resp.Schema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		rt.notPlan = "schema type"
		return rt
	}
	rt.typ = typ

	var common []string
	if _, ok := r.(resource.ResourceWithIdentity); ok {
		common = append(common, "has an identity")
	}
	if len(resp.Schema.Blocks) > 0 {
		common = append(common, "has blocks")
	}
	var modifiers []string
	walkAttributes(resp.Schema.Attributes, "", func(path string, a schema.Attribute) {
		v := reflect.ValueOf(a)
		if f := v.FieldByName("Default"); f.IsValid() && !f.IsNil() {
			common = append(common, path+" has a default")
		}
		if a.IsWriteOnly() {
			common = append(common, path+" is write-only")
		}
		if f := v.FieldByName("CustomType"); f.IsValid() && !f.IsNil() || !baseType(a.GetType()) {
			common = append(common, path+" has a custom type")
		}
		if f := v.FieldByName("NestedObject"); f.IsValid() {
			if ct := f.FieldByName("CustomType"); ct.IsValid() && !ct.IsNil() {
				common = append(common, path+" has a custom type")
			}
		}
		if f := v.FieldByName("PlanModifiers"); f.IsValid() {
			for i := range f.Len() {
				if m := f.Index(i).Interface(); !noopOnUnchangedPlan(m) {
					modifiers = append(modifiers, fmt.Sprintf("%s: plan modifier %T", path, m))
				}
			}
		}
	})
	sort.Strings(common)
	sort.Strings(modifiers)
	if len(common) > 0 {
		rt.notPlan = strings.Join(common, "; ")
	} else if len(modifiers) > 0 {
		rt.notPlan = strings.Join(modifiers, "; ")
	} else if _, ok := r.(resource.ResourceWithModifyPlan); ok && engine == nil {
		rt.notPlan = "ModifyPlan without the engine's word on unchanged plans"
	}
	return rt
}

// walkAttributes calls fn for every attribute, nested ones included, with its path.
func walkAttributes(attrs map[string]schema.Attribute, prefix string, fn func(string, schema.Attribute)) {
	for name, a := range attrs {
		p := prefix + name
		fn(p, a)
		v := reflect.ValueOf(a)
		if f := v.FieldByName("NestedObject"); f.IsValid() {
			if nested, ok := f.FieldByName("Attributes").Interface().(map[string]schema.Attribute); ok {
				walkAttributes(nested, p+".", fn)
			}
		} else if f := v.FieldByName("Attributes"); f.IsValid() {
			if nested, ok := f.Interface().(map[string]schema.Attribute); ok {
				walkAttributes(nested, p+".", fn)
			}
		}
	}
}

const basetypesPkg = "github.com/hashicorp/terraform-plugin-framework/types/basetypes"

// baseType reports that t and every type inside it are the framework's own (no custom
// type, so no semantic equality and no value conversion of a provider's own).
func baseType(t attr.Type) bool {
	if t == nil || reflect.TypeOf(t).PkgPath() != basetypesPkg {
		return false
	}
	if e, ok := t.(attr.TypeWithElementType); ok && !baseType(e.ElementType()) {
		return false
	}
	if o, ok := t.(attr.TypeWithAttributeTypes); ok {
		for _, at := range o.AttributeTypes() {
			if !baseType(at) {
				return false
			}
		}
	}
	return true
}

// noopOnUnchangedPlan: the framework's UseStateForUnknown (acts only on an unknown planned
// value, and an unchanged plan has none: it is the prior state) and RequiresReplace and
// RequiresReplaceIf (act only when the planned value differs from the state's), as they
// are in terraform-plugin-framework v1.19.0; or a modifier that says so itself.
func noopOnUnchangedPlan(m any) bool {
	if _, ok := m.(UnchangedPlanNoop); ok {
		return true
	}
	t := reflect.TypeOf(m)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	pkg := t.PkgPath()
	if !strings.HasPrefix(pkg, "github.com/hashicorp/terraform-plugin-framework/resource/schema/") || !strings.HasSuffix(pkg, "planmodifier") {
		return false
	}
	switch t.Name() {
	case "useStateForUnknownModifier", "requiresReplaceIfModifier":
		return true
	}
	return false
}
