package engine

import (
	"fmt"
	"maps"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// schemaFor says which framework schema an attribute is built for.
type schemaFor int

const (
	forResource schemaFor = iota
	// forDataSource: data-source attributes have no plan modifiers, and a path parameter
	// does not force a replacement.
	ForDataSource
)

// resourceAttributes builds the framework schema from a kind's declaration. Every optional
// attribute is also computed and keeps the state's value when configuration leaves it
// unset, so unset attributes follow Konnect instead of diffing forever.
func resourceAttributes(attrs []Attr) map[string]schema.Attribute {
	out := make(map[string]schema.Attribute, len(attrs))
	for _, a := range attrs {
		if a.Inline {
			panic(declarationError(fmt.Sprintf("attribute %s: Inline lays an object into its parent object; a kind's own attributes have none", a.Name)))
		}
		out[a.Name] = FrameworkAttribute(a, forResource)
	}
	return out
}

// checkInline refuses Inline attributes that are no object, and an object whose fields (its
// inline attributes' included) would share a JSON name: the JSON could not tell them apart.
// Branches (Inline with Branch) are told apart by their discriminator, so two branches may
// share a field (two kinds of private DNS resolver, each with its dns_config); none may
// share one with the object's own fields.
func checkInline(parent string, attrs []Attr) {
	seen := map[string]string{}
	claim := func(seen map[string]string, field, by string) {
		if other, ok := seen[field]; ok {
			panic(declarationError(fmt.Sprintf("attribute %s: %s and %s both write the JSON field %q", parent, other, by, field)))
		}
		seen[field] = by
	}
	var branches []Attr
	for _, a := range attrs {
		switch {
		case a.Inline && a.Type.Kind != KObject:
			panic(declarationError(fmt.Sprintf("attribute %s.%s: only an object can be Inline", parent, a.Name)))
		case a.Inline && a.Branch != "":
			branches = append(branches, a)
		case a.Inline:
			for _, f := range a.Type.Attrs {
				claim(seen, f.JSONName(), a.Name+"."+f.Name)
			}
		default:
			claim(seen, a.JSONName(), a.Name)
		}
	}
	for _, a := range branches {
		own := maps.Clone(seen)
		shared, _, _ := strings.Cut(a.Branch, "=")
		for _, f := range a.Type.Attrs {
			if f.JSONName() != shared { // every branch declares its discriminator
				claim(own, f.JSONName(), a.Name+"."+f.Name)
			}
		}
	}
}

// dataSourceAttributes builds read-only data-source attributes from declarations.
func DataSourceAttributes(attrs []Attr) map[string]dschema.Attribute {
	out := make(map[string]dschema.Attribute, len(attrs))
	for _, a := range attrs {
		if a.configOnly() {
			continue // nothing to read: a write-only secret and its version live in configuration
		}
		out[a.Name] = FrameworkAttribute(ReadOnly(a), ForDataSource)
	}
	return out
}

// readOnly is an attribute as a data source reports it: computed, nothing to validate.
func ReadOnly(a Attr) Attr {
	a.Mode, a.Validators, a.PlanModifiers = Computed, nil, nil
	return a
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

// frameworkAttribute is the one place a declared attribute becomes a framework attribute,
// for a resource or a data source. The result satisfies both packages' Attribute
// interfaces (both are the framework's one attribute interface).
func FrameworkAttribute(a Attr, target schemaFor) schema.Attribute {
	f := flags{required: a.Mode == Required, optional: a.Mode == Optional, computed: a.Mode != Required && (!a.configOnly() || a.KongDefault != ""), desc: a.Description}
	ds := target == ForDataSource
	if a.WriteOnly && ((a.Type.Kind != KString && a.Type.Kind != KJSON) || a.Mode != Optional || ds) {
		panic(declarationError(fmt.Sprintf("attribute %s: write-only attributes are optional strings of resources", a.Name)))
	}
	if !ds && (a.ForceNew || a.Parent) && a.Mode != Computed {
		f.desc += " Changing this forces a new resource to be created."
	}

	switch a.Type.Kind {
	case KString, KJSON:
		v := Typed[validator.String](a, a.Validators)
		if ds {
			return dschema.StringAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v}
		}
		m := planModifiers(a, stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace())
		return schema.StringAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Validators: v, PlanModifiers: m}
	case KInt64:
		v := Typed[validator.Int64](a, a.Validators)
		if ds {
			return dschema.Int64Attribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v}
		}
		m := planModifiers(a, int64planmodifier.UseStateForUnknown(), int64planmodifier.RequiresReplace())
		return schema.Int64Attribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m}
	case KFloat64:
		v := Typed[validator.Float64](a, a.Validators)
		if ds {
			return dschema.Float64Attribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v}
		}
		m := planModifiers(a, float64planmodifier.UseStateForUnknown(), float64planmodifier.RequiresReplace())
		return schema.Float64Attribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m}
	case KBool:
		v := Typed[validator.Bool](a, a.Validators)
		if ds {
			return dschema.BoolAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v}
		}
		m := planModifiers(a, boolplanmodifier.UseStateForUnknown(), boolplanmodifier.RequiresReplace())
		return schema.BoolAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m}
	case KList:
		v := Typed[validator.List](a, a.Validators)
		switch {
		case ds && a.Type.Elem.Kind == KObject:
			return dschema.ListNestedAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v,
				NestedObject: dschema.NestedAttributeObject{Attributes: nestedAttributes[dschema.Attribute](a, target)}}
		case ds:
			return dschema.ListAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, ElementType: a.Type.Elem.attrType()}
		}
		m := planModifiers(a, listplanmodifier.UseStateForUnknown(), listplanmodifier.RequiresReplace())
		if a.Type.Elem.Kind == KObject {
			return schema.ListNestedAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m,
				NestedObject: schema.NestedAttributeObject{Attributes: nestedAttributes[schema.Attribute](a, target)}}
		}
		return schema.ListAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m, ElementType: a.Type.Elem.attrType()}
	case KSet:
		v := Typed[validator.Set](a, a.Validators)
		switch {
		case ds && a.Type.Elem.Kind == KObject:
			return dschema.SetNestedAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v,
				NestedObject: dschema.NestedAttributeObject{Attributes: nestedAttributes[dschema.Attribute](a, target)}}
		case ds:
			return dschema.SetAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, ElementType: a.Type.Elem.attrType()}
		}
		m := planModifiers(a, setplanmodifier.UseStateForUnknown(), setplanmodifier.RequiresReplace())
		if a.Type.Elem.Kind == KObject {
			return schema.SetNestedAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m,
				NestedObject: schema.NestedAttributeObject{Attributes: nestedAttributes[schema.Attribute](a, target)}}
		}
		return schema.SetAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m, ElementType: a.Type.Elem.attrType()}
	case KMap:
		v := Typed[validator.Map](a, a.Validators)
		if ds {
			return dschema.MapAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, ElementType: a.Type.Elem.attrType()}
		}
		m := planModifiers(a, mapplanmodifier.UseStateForUnknown(), mapplanmodifier.RequiresReplace())
		return schema.MapAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m, ElementType: a.Type.Elem.attrType()}
	case KObject:
		v := Typed[validator.Object](a, a.Validators)
		if ds {
			return dschema.SingleNestedAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v,
				Attributes: nestedAttributes[dschema.Attribute](a, target)}
		}
		m := planModifiers(a, objectplanmodifier.UseStateForUnknown(), objectplanmodifier.RequiresReplace())
		return schema.SingleNestedAttribute{Description: f.desc, MarkdownDescription: f.desc, Required: f.required, Optional: f.optional, Computed: f.computed, Sensitive: a.Sensitive, Validators: v, PlanModifiers: m,
			Attributes: nestedAttributes[schema.Attribute](a, target)}
	}
	panic(fmt.Sprintf("%s: unknown kind %d", a.Name, a.Type.Kind))
}

// flags are the parts of a framework attribute that follow from Mode and ForceNew alike
// for every type.
type flags struct {
	required, optional, computed bool
	desc                         string
}

// planModifiers are the engine's plan modifiers for a resource attribute, then the
// declared ones: optional and computed attributes keep the state's value when
// configuration leaves them unset (but for ChangesOnWrite ones, unknown whenever the plan
// writes, like the revision); path parameters and ForceNew attributes replace.
func planModifiers[T PlanModifier](a Attr, useState, requiresReplace T) []T {
	var mods []T
	if a.Mode != Required && !a.ChangesOnWrite && !a.configOnly() {
		if s, ok := any(sameElementState{}).(T); ok && a.inElement {
			useState = s // element_state.go: the state's element may be another one
		}
		mods = append(mods, useState)
	}
	if a.ForceNew || a.Parent {
		mods = append(mods, requiresReplace)
	}
	return append(mods, Typed[T](a, a.PlanModifiers)...)
}

// typed returns the declared validators or plan modifiers as the framework type the
// attribute's Type takes. A declaration that gives another type is a programming error,
// caught by building the schema (every unit test does, and so does the provider's start).
func Typed[T any, D any](a Attr, declared []D) []T {
	if len(declared) == 0 {
		return nil
	}
	out := make([]T, 0, len(declared))
	for _, d := range declared {
		t, ok := any(d).(T)
		if !ok {
			panic(declarationError(fmt.Sprintf("attribute %s: %T is not a %T, which its type takes", a.Name, d, (*T)(nil))))
		}
		out = append(out, t)
	}
	return out
}

type declarationError string

func (e declarationError) Error() string { return string(e) }

// checkDeclaration builds the resource and data-source schema of a list of attributes and
// returns the first declaration error instead of panicking.
func CheckDeclaration(attrs []Attr) (err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(declarationError)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	resourceAttributes(attrs)
	for _, a := range attrs {
		if !a.configOnly() {
			FrameworkAttribute(a, ForDataSource)
		}
	}
	return nil
}

// nestedAttributes builds the attributes of a nested object; inside a read-only parent
// every attribute is read-only too.
func nestedAttributes[A schema.Attribute](parent Attr, target schemaFor) map[string]A {
	elem := parent.Type
	inElement := elem.Kind != KObject
	if inElement {
		elem = *elem.Elem
	}
	checkInline(parent.Name, elem.Attrs)
	out := make(map[string]A, len(elem.Attrs))
	for _, a := range elem.Attrs {
		a.inElement = a.inElement || inElement || parent.inElement
		switch {
		case target == ForDataSource:
			a = ReadOnly(a)
		case parent.Mode == Computed:
			a.Mode = Computed
		}
		fa, ok := FrameworkAttribute(a, target).(A)
		if !ok {
			panic(fmt.Sprintf("attribute %s: frameworkAttribute built the wrong attribute type for its target", a.Name))
		}
		out[a.Name] = fa
	}
	return out
}
