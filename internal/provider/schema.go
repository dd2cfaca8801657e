package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// resourceAttributes builds the framework schema from a kind's declaration. Every optional
// attribute is also computed and keeps the state's value when configuration leaves it
// unset, so unset attributes follow Konnect instead of diffing forever.
func resourceAttributes(attrs []Attr) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(attrs))
	for _, a := range attrs {
		out[a.Name] = resourceAttribute(a)
	}
	return out
}

func (t Type) attrType() attr.Type {
	switch t.Kind {
	case KString, KJSON:
		return types.StringType
	case KInt64:
		return types.Int64Type
	case KFloat64:
		return types.Float64Type
	case KBool:
		return types.BoolType
	case KList:
		return types.ListType{ElemType: t.Elem.attrType()}
	case KSet:
		return types.SetType{ElemType: t.Elem.attrType()}
	case KMap:
		return types.MapType{ElemType: t.Elem.attrType()}
	case KObject:
		m := make(map[string]attr.Type, len(t.Attrs))
		for _, a := range t.Attrs {
			m[a.Name] = a.Type.attrType()
		}
		return types.ObjectType{AttrTypes: m}
	}
	panic(fmt.Sprintf("unknown kind %d", t.Kind))
}

func resourceAttribute(a Attr) schema.Attribute {
	required := a.Mode == Required
	optional := a.Mode == Optional
	computed := a.Mode != Required
	keep := computed // keep the state's value when unset in configuration
	replace := a.ForceNew || a.Parent
	desc := a.Description
	if replace && a.Mode != Computed {
		desc += " Changing this forces a new resource to be created."
	}

	switch a.Type.Kind {
	case KString, KJSON:
		var mods []planmodifier.String
		if keep {
			mods = append(mods, stringplanmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, stringplanmodifier.RequiresReplace())
		}
		mods = append(mods, a.StringPlanModifiers...)
		return schema.StringAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.StringValidators, PlanModifiers: mods}
	case KInt64:
		var mods []planmodifier.Int64
		if keep {
			mods = append(mods, int64planmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, int64planmodifier.RequiresReplace())
		}
		return schema.Int64Attribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.Int64Validators, PlanModifiers: mods}
	case KFloat64:
		var mods []planmodifier.Float64
		if keep {
			mods = append(mods, float64planmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, float64planmodifier.RequiresReplace())
		}
		return schema.Float64Attribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, PlanModifiers: mods}
	case KBool:
		var mods []planmodifier.Bool
		if keep {
			mods = append(mods, boolplanmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, boolplanmodifier.RequiresReplace())
		}
		return schema.BoolAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.BoolValidators, PlanModifiers: mods}
	case KList:
		var mods []planmodifier.List
		if keep {
			mods = append(mods, listplanmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, listplanmodifier.RequiresReplace())
		}
		if a.Type.Elem.Kind == KObject {
			return schema.ListNestedAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.ListValidators, PlanModifiers: mods,
				NestedObject: schema.NestedAttributeObject{Attributes: nestedAttributes(a)}}
		}
		return schema.ListAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.ListValidators, PlanModifiers: mods, ElementType: a.Type.Elem.attrType()}
	case KSet:
		var mods []planmodifier.Set
		if keep {
			mods = append(mods, setplanmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, setplanmodifier.RequiresReplace())
		}
		if a.Type.Elem.Kind == KObject {
			return schema.SetNestedAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.SetValidators, PlanModifiers: mods,
				NestedObject: schema.NestedAttributeObject{Attributes: nestedAttributes(a)}}
		}
		return schema.SetAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.SetValidators, PlanModifiers: mods, ElementType: a.Type.Elem.attrType()}
	case KMap:
		var mods []planmodifier.Map
		if keep {
			mods = append(mods, mapplanmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, mapplanmodifier.RequiresReplace())
		}
		return schema.MapAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.MapValidators, PlanModifiers: mods, ElementType: a.Type.Elem.attrType()}
	case KObject:
		var mods []planmodifier.Object
		if keep {
			mods = append(mods, objectplanmodifier.UseStateForUnknown())
		}
		if replace {
			mods = append(mods, objectplanmodifier.RequiresReplace())
		}
		return schema.SingleNestedAttribute{Description: desc, MarkdownDescription: desc, Required: required, Optional: optional, Computed: computed, Sensitive: a.Sensitive, Validators: a.ObjectValidators, PlanModifiers: mods, Attributes: nestedAttributes(a)}
	}
	panic(fmt.Sprintf("%s: unknown kind %d", a.Name, a.Type.Kind))
}

// nestedAttributes builds the attributes of a nested object; inside a read-only parent
// every attribute is read-only too.
func nestedAttributes(parent Attr) map[string]schema.Attribute {
	elem := parent.Type
	if elem.Kind != KObject {
		elem = *elem.Elem
	}
	out := make(map[string]schema.Attribute, len(elem.Attrs))
	for _, a := range elem.Attrs {
		if parent.Mode == Computed {
			a.Mode = Computed
		}
		out[a.Name] = resourceAttribute(a)
	}
	return out
}
