package engine

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// KongFilter is the `filter` argument of Kong's provider's data sources, so a lookup
// written for Kong's provider works here unchanged: an object of fields, each an object of
// operators (`name = { eq = "…" }`) or a bool (`konnect_managed = true`). Konnect applies
// it: every term becomes a filter[field][op] query parameter of the listing.
type KongFilter struct {
	// Noun is what the listing holds, singular: "team", "control plane".
	Noun   string
	Fields []KongFilterField
}

// KongFilterField is one field of a KongFilter.
type KongFilterField struct {
	Name string
	// What names the field in descriptions (default Name): "cluster type".
	What string
	// Ops are the operators Konnect takes on the field (at most one is set at a time).
	// None: the field is a bool, compared for equality.
	Ops []string
	// Keyed: the field is a map (labels), filtered per key: `labels = { team = { eq = "x" } }`
	// is Konnect's filter[labels.team][eq]=x.
	Keyed bool
}

// kongFilterOps describes each operator.
var kongFilterOps = map[string]string{
	"eq":        "The field exactly matches this value.",
	"neq":       "The field does not match this value.",
	"contains":  "The field contains this value.",
	"oeq":       "The field matches any of these comma-separated values.",
	"ocontains": "The field contains any of these comma-separated values.",
}

// FilterTerm is one term of a configured filter: field, operator ("" for a bool field) and
// value as Konnect's query takes it.
type FilterTerm struct {
	Field, Op, Value string
}

// Attribute is the `filter` argument as a data-source attribute.
func (f KongFilter) Attribute() dschema.SingleNestedAttribute {
	fields := map[string]dschema.Attribute{}
	for _, ff := range f.Fields {
		if len(ff.Ops) == 0 {
			desc := fmt.Sprintf("Only %ss whose `%s` is this value.", f.Noun, ff.Name)
			fields[ff.Name] = dschema.BoolAttribute{Optional: true, Description: desc, MarkdownDescription: desc}
			continue
		}
		ops := map[string]dschema.Attribute{}
		for _, op := range ff.Ops {
			var others []path.Expression
			for _, o := range ff.Ops {
				if o != op {
					others = append(others, path.MatchRelative().AtParent().AtName(o))
				}
			}
			ops[op] = dschema.StringAttribute{Optional: true, Description: kongFilterOps[op], MarkdownDescription: kongFilterOps[op],
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), stringvalidator.ConflictsWith(others...)}}
		}
		desc := fmt.Sprintf("Filter on the %s's %s with one of the operators `%s`.", f.Noun, ff.what(), strings.Join(ff.Ops, "`, `"))
		if ff.Keyed {
			desc = fmt.Sprintf("Filter on the %s's %s, by key (`%s = { team = { eq = \"billing\" } }`), each with one of the operators `%s`; an operator other than `neq` skips %ss without the key.",
				f.Noun, ff.what(), ff.Name, strings.Join(ff.Ops, "`, `"), f.Noun)
			fields[ff.Name] = dschema.MapNestedAttribute{Optional: true, Description: desc, MarkdownDescription: desc,
				NestedObject: dschema.NestedAttributeObject{Attributes: ops}}
			continue
		}
		fields[ff.Name] = dschema.SingleNestedAttribute{Optional: true, Description: desc, MarkdownDescription: desc, Attributes: ops}
	}
	desc := fmt.Sprintf("Konnect's filters on %ss, as Kong's provider takes them; every filter set must hold.", f.Noun)
	return dschema.SingleNestedAttribute{Optional: true, Attributes: fields, Description: desc, MarkdownDescription: desc}
}

// filters tells whether Konnect filters on the field with the operator.
func (f KongFilter) filters(field, op string) bool {
	for _, ff := range f.Fields {
		if ff.Name == field && slices.Contains(ff.Ops, op) {
			return true
		}
	}
	return false
}

func (ff KongFilterField) what() string {
	if ff.What != "" {
		return ff.What
	}
	return ff.Name
}

// Terms reads the configured `filter` (null: no terms). described lists the terms as
// configuration wrote them (`filter.name.eq = "x"`), sorted, for diagnostics.
func (f KongFilter) Terms(filter tftypes.Value) (terms []FilterTerm, described []string, err error) {
	if !filter.IsKnown() || filter.IsNull() {
		return nil, nil, nil
	}
	fields, err := AsObject(filter)
	if err != nil {
		return nil, nil, err
	}
	for _, ff := range f.Fields {
		fv := fields[ff.Name]
		if !fv.IsKnown() || fv.IsNull() {
			continue
		}
		if len(ff.Ops) == 0 {
			var b bool
			if err := fv.As(&b); err != nil {
				return nil, nil, err
			}
			terms = append(terms, FilterTerm{Field: ff.Name, Value: fmt.Sprint(b)})
			described = append(described, fmt.Sprintf("filter.%s = %t", ff.Name, b))
			continue
		}
		byField := map[string]tftypes.Value{ff.Name: fv}
		if ff.Keyed {
			byKey := map[string]tftypes.Value{}
			if err := fv.As(&byKey); err != nil {
				return nil, nil, err
			}
			byField = map[string]tftypes.Value{}
			for k, v := range byKey {
				byField[ff.Name+"."+k] = v
			}
		}
		for _, field := range slices.Sorted(maps.Keys(byField)) {
			ops, err := AsObject(byField[field])
			if err != nil {
				return nil, nil, err
			}
			for _, op := range ff.Ops {
				if s := Str(ops[op]); s != "" {
					terms = append(terms, FilterTerm{Field: field, Op: op, Value: s})
					described = append(described, fmt.Sprintf("filter.%s.%s = %q", field, op, s))
				}
			}
		}
	}
	sort.Strings(described)
	return terms, described, nil
}

// Query is the terms as Konnect's listing query: filter[field][op]=value, and
// filter[field]=true|false for a bool.
func Query(terms []FilterTerm) url.Values {
	q := url.Values{}
	for _, t := range terms {
		key := "filter[" + t.Field + "]"
		if t.Op != "" {
			key += "[" + t.Op + "]"
		}
		q.Set(key, t.Value)
	}
	return q
}

// NotOne is the diagnostic of a lookup that must match exactly one object and matched
// several: how many, what they matched (the lookup as configured), the first five by name
// and id, and how to narrow it down.
func NotOne(noun string, found []konnect.Object, what, hint string) (summary, detail string) {
	names := make([]string, 0, 6)
	for i, o := range found {
		if i == 5 {
			names = append(names, "…")
			break
		}
		names = append(names, fmt.Sprintf("%s (%s)", text(o["name"]), text(o["id"])))
	}
	return "More than one " + noun + " matches",
		fmt.Sprintf("%d %ss in Konnect match %s: %s. %s", len(found), noun, what, strings.Join(names, ", "), hint)
}

// text is a JSON value as text for a diagnostic.
func text(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

// WithConfigArgs returns a data source's state: the values read from Konnect (read, an
// object of the read attributes) and the arguments args as configured.
func WithConfigArgs(config tftypes.Value, read tftypes.Value, args ...string) (tftypes.Value, error) {
	vals, err := AsObject(read)
	if err != nil {
		return tftypes.Value{}, err
	}
	cfg, err := AsObject(config)
	if err != nil {
		return tftypes.Value{}, err
	}
	for _, a := range args {
		vals[a] = cfg[a]
	}
	return tftypes.NewValue(config.Type(), map[string]tftypes.Value(vals)), nil
}
