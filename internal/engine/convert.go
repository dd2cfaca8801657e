package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// The one place that converts between Konnect's JSON and Terraform values.

func (t Type) TFType() tftypes.Type {
	switch t.Kind {
	case KString, KJSON:
		return tftypes.String
	case KInt64, KFloat64:
		return tftypes.Number
	case KBool:
		return tftypes.Bool
	case KList:
		return tftypes.List{ElementType: t.Elem.TFType()}
	case KSet:
		return tftypes.Set{ElementType: t.Elem.TFType()}
	case KMap:
		return tftypes.Map{ElementType: t.Elem.TFType()}
	case KObject:
		return ObjectType(t.Attrs)
	}
	panic(fmt.Sprintf("unknown kind %d", t.Kind))
}

func ObjectType(attrs []Attr) tftypes.Object {
	types := make(map[string]tftypes.Type, len(attrs))
	for _, a := range attrs {
		types[a.Name] = a.Type.TFType()
	}
	return tftypes.Object{AttributeTypes: types}
}

// errUnknown is returned when a value (or part of it) is not known until apply.
var ErrUnknown = fmt.Errorf("value not known until apply")

// toJSON converts a Terraform value into decoded JSON (nil for null).
func (t Type) ToJSON(v tftypes.Value) (any, error) {
	if !v.IsKnown() {
		return nil, ErrUnknown
	}
	if v.IsNull() {
		return nil, nil
	}
	switch t.Kind {
	case KString:
		var s string
		err := v.As(&s)
		return s, err
	case KJSON:
		var s string
		if err := v.As(&s); err != nil {
			return nil, err
		}
		return canonjson.ParseJSON(s)
	case KInt64, KFloat64:
		var f big.Float
		if err := v.As(&f); err != nil {
			return nil, err
		}
		if t.Kind == KInt64 {
			i, _ := f.Int64()
			return json.Number(fmt.Sprint(i)), nil
		}
		return json.Number(f.Text('g', -1)), nil
	case KBool:
		var b bool
		err := v.As(&b)
		return b, err
	case KList, KSet:
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return nil, err
		}
		out := make([]any, 0, len(elems))
		for _, e := range elems {
			j, err := t.Elem.ToJSON(e)
			if err != nil {
				return nil, err
			}
			out = append(out, j)
		}
		return out, nil
	case KMap:
		var elems map[string]tftypes.Value
		if err := v.As(&elems); err != nil {
			return nil, err
		}
		out := make(map[string]any, len(elems))
		for k, e := range elems {
			j, err := t.Elem.ToJSON(e)
			if err != nil {
				return nil, err
			}
			out[k] = j
		}
		return out, nil
	case KObject:
		var fields map[string]tftypes.Value
		if err := v.As(&fields); err != nil {
			return nil, err
		}
		out := make(map[string]any, len(t.Attrs))
		for _, a := range t.Attrs {
			if a.Mode == Computed {
				continue
			}
			j, err := a.Type.ToJSON(fields[a.Name])
			if err != nil {
				return nil, err
			}
			putField(out, a, j)
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown kind %d", t.Kind)
}

// bodyJSON is toJSON for request bodies: inside an object, attributes not known until
// apply (unset optional nested attributes on create) are left out, so Konnect fills its
// defaults for them instead of the whole object being dropped.
func (t Type) BodyJSON(v tftypes.Value) (any, error) {
	if !v.IsKnown() || v.IsNull() {
		return t.ToJSON(v)
	}
	if (t.Kind == KList || t.Kind == KSet) && t.Elem.Kind == KObject {
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return nil, err
		}
		out := make([]any, 0, len(elems))
		for _, e := range elems {
			j, err := t.Elem.BodyJSON(e)
			if err != nil {
				return nil, err
			}
			out = append(out, j)
		}
		return out, nil
	}
	if t.Kind != KObject {
		return t.ToJSON(v)
	}
	var fields map[string]tftypes.Value
	if err := v.As(&fields); err != nil {
		return nil, err
	}
	out := make(map[string]any, len(t.Attrs))
	for _, a := range t.Attrs {
		if a.Mode == Computed {
			continue
		}
		j, err := a.Type.BodyJSON(fields[a.Name])
		if errors.Is(err, ErrUnknown) {
			continue
		}
		if err != nil {
			return nil, err
		}
		putField(out, a, j)
	}
	return out, nil
}

// putField sets one attribute's JSON value in its parent object: under its JSON name, or for
// an Inline object, its fields among the parent's. A null value sets nothing.
func putField(out map[string]any, a Attr, j any) {
	if j == nil {
		return
	}
	if m, ok := j.(map[string]any); ok && a.Inline {
		for k, v := range m {
			out[k] = v
		}
		return
	}
	out[a.JSONName()] = j
}

// InlinePresent is inlinePresent, for the export's renderer.
func InlinePresent(a Attr, m map[string]any) bool { return inlinePresent(a, m) }

// inlinePresent reports whether a parent's JSON object holds an Inline attribute's branch:
// one of its fields.
func inlinePresent(a Attr, m map[string]any) bool {
	if field, value, ok := strings.Cut(a.Branch, "="); ok {
		return fmt.Sprint(m[field]) == value
	}
	for _, f := range a.Type.Attrs {
		if _, ok := m[f.JSONName()]; ok {
			return true
		}
	}
	return false
}

// fromJSON converts decoded JSON into a Terraform value of this type.
func (t Type) FromJSON(j any) (tftypes.Value, error) {
	tt := t.TFType()
	if j == nil {
		return tftypes.NewValue(tt, nil), nil
	}
	switch t.Kind {
	case KString:
		switch s := j.(type) {
		case string:
			return tftypes.NewValue(tt, s), nil
		case json.Number:
			return tftypes.NewValue(tt, s.String()), nil
		}
	case KJSON:
		c, err := canonjson.Canonical(canonjson.Normalize(j))
		if err != nil {
			return tftypes.Value{}, err
		}
		return tftypes.NewValue(tt, string(c)), nil
	case KInt64, KFloat64:
		var f *big.Float
		switch n := j.(type) {
		case json.Number:
			var ok bool
			f, ok = new(big.Float).SetString(n.String())
			if !ok {
				return tftypes.Value{}, fmt.Errorf("bad number %q", n)
			}
		case float64:
			f = big.NewFloat(n)
		case int:
			f = new(big.Float).SetInt64(int64(n))
		case int64:
			f = new(big.Float).SetInt64(n)
		default:
			return tftypes.Value{}, fmt.Errorf("expected a number, got %T", j)
		}
		if t.Kind == KInt64 {
			i, _ := f.Int64()
			f = new(big.Float).SetInt64(i)
		}
		return tftypes.NewValue(tt, f), nil
	case KBool:
		if b, ok := j.(bool); ok {
			return tftypes.NewValue(tt, b), nil
		}
	case KList, KSet:
		arr, ok := j.([]any)
		if !ok {
			break
		}
		elems := make([]tftypes.Value, 0, len(arr))
		for _, e := range arr {
			v, err := t.Elem.FromJSON(e)
			if err != nil {
				return tftypes.Value{}, err
			}
			elems = append(elems, v)
		}
		return tftypes.NewValue(tt, elems), nil
	case KMap:
		m, ok := j.(map[string]any)
		if !ok {
			break
		}
		elems := make(map[string]tftypes.Value, len(m))
		for k, e := range m {
			v, err := t.Elem.FromJSON(e)
			if err != nil {
				return tftypes.Value{}, err
			}
			elems[k] = v
		}
		return tftypes.NewValue(tt, elems), nil
	case KObject:
		m, ok := j.(map[string]any)
		if !ok {
			break
		}
		return ObjectFromJSON(t.Attrs, m, nil)
	}
	return tftypes.Value{}, fmt.Errorf("expected %s, got %T", t.Describe(), j)
}

// objectFromJSON builds an object value from a response; keep supplies the values of
// attributes a response never carries (path parameters).
func ObjectFromJSON(attrs []Attr, m map[string]any, keep map[string]tftypes.Value) (tftypes.Value, error) {
	vals := make(map[string]tftypes.Value, len(attrs))
	for _, a := range attrs {
		if v, ok := keep[a.Name]; ok {
			vals[a.Name] = v
			continue
		}
		j := Lookup(m, a)
		if a.Inline {
			j = nil
			if inlinePresent(a, m) {
				j = m // its fields are the parent's
			}
		}
		v, err := a.Type.FromJSON(j)
		if err != nil {
			return tftypes.Value{}, fmt.Errorf("%s: %w", a.Name, err)
		}
		vals[a.Name] = v
	}
	return tftypes.NewValue(ObjectType(attrs), vals), nil
}

func Lookup(m map[string]any, a Attr) any {
	p := a.JSONName()
	if a.ReadFrom != "" {
		p = a.ReadFrom
	}
	var cur any = m
	for _, part := range strings.Split(p, ".") {
		obj, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = obj[part]
	}
	return cur
}

func (t Type) Describe() string {
	switch t.Kind {
	case KString:
		return "a string"
	case KJSON:
		return "a JSON value"
	case KInt64, KFloat64:
		return "a number"
	case KBool:
		return "a boolean"
	case KList, KSet:
		return "a list"
	case KMap, KObject:
		return "an object"
	}
	return "a value"
}

// holdsNotReturned reports whether an object type holds, in itself or in its nested objects,
// an attribute Konnect never returns.
func (t Type) holdsNotReturned() bool {
	if t.Kind != KObject {
		return false
	}
	for _, a := range t.Attrs {
		if a.NotReturned || a.Type.holdsNotReturned() {
			return true
		}
	}
	return false
}

// keepNotReturned is an object value read from Konnect (fresh) with each nested attribute
// Konnect never returns taken from prev, what was written there: prev's value where it is
// known, else null (an import: nothing written, and whatever Konnect returns there is not
// the value).
func (t Type) keepNotReturned(fresh, prev tftypes.Value) (tftypes.Value, error) {
	if t.Kind != KObject || !fresh.IsKnown() || fresh.IsNull() {
		return fresh, nil
	}
	vals, err := AsObject(fresh)
	if err != nil {
		return tftypes.Value{}, err
	}
	var was ObjectValues
	if prev.IsKnown() && !prev.IsNull() {
		if was, err = AsObject(prev); err != nil {
			return tftypes.Value{}, err
		}
	}
	for _, a := range t.Attrs {
		p, ok := was[a.Name]
		if !ok || !p.IsKnown() {
			p = tftypes.NewValue(a.Type.TFType(), nil)
		}
		switch {
		case a.NotReturned:
			vals[a.Name] = p
		case a.Type.holdsNotReturned():
			if vals[a.Name], err = a.Type.keepNotReturned(vals[a.Name], p); err != nil {
				return tftypes.Value{}, fmt.Errorf("%s: %w", a.Name, err)
			}
		}
	}
	return tftypes.NewValue(t.TFType(), map[string]tftypes.Value(vals)), nil
}

// withoutNotReturned is an object's JSON without the nested attributes Konnect never returns:
// what the guard records and compares of it (Konnect shows nothing of them, and the record
// in private state never holds a secret).
func (t Type) withoutNotReturned(j any) any {
	m, ok := j.(map[string]any)
	if t.Kind != KObject || !ok {
		return j
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	for _, a := range t.Attrs {
		switch {
		case a.NotReturned:
			delete(out, a.JSONName())
		case !a.Type.holdsNotReturned():
		case a.Inline:
			if m, ok := a.Type.withoutNotReturned(out).(map[string]any); ok {
				out = m // its fields are the parent's
			}
		default:
			if v, ok := out[a.JSONName()]; ok {
				out[a.JSONName()] = a.Type.withoutNotReturned(v)
			}
		}
	}
	return out
}
