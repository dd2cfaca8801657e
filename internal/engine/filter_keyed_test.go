package engine

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A keyed field (labels) becomes one filter[labels.<key>][op] per key, in key order, next to
// the other fields' terms; a null map adds none.
func TestKongFilterKeyedTerms(t *testing.T) {
	f := KongFilter{Noun: "API", Fields: []KongFilterField{
		{Name: "name", Ops: []string{"eq", "contains"}},
		{Name: "labels", Keyed: true, Ops: []string{"eq", "neq"}},
	}}
	opsType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"eq": tftypes.String, "neq": tftypes.String}}
	nameType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"eq": tftypes.String, "contains": tftypes.String}}
	filterType := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": nameType, "labels": tftypes.Map{ElementType: opsType}}}
	ops := func(eq, neq any) tftypes.Value {
		return tftypes.NewValue(opsType, map[string]tftypes.Value{
			"eq": tftypes.NewValue(tftypes.String, eq), "neq": tftypes.NewValue(tftypes.String, neq)})
	}
	filter := tftypes.NewValue(filterType, map[string]tftypes.Value{
		"name": tftypes.NewValue(nameType, map[string]tftypes.Value{
			"eq": tftypes.NewValue(tftypes.String, nil), "contains": tftypes.NewValue(tftypes.String, "pay")}),
		"labels": tftypes.NewValue(tftypes.Map{ElementType: opsType}, map[string]tftypes.Value{
			"team": ops("billing", nil), "env": ops(nil, "dev")}),
	})
	terms, described, err := f.Terms(filter)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(terms); got != "[{name contains pay} {labels.env neq dev} {labels.team eq billing}]" {
		t.Errorf("terms: %s", got)
	}
	if got := Query(terms).Encode(); got != "filter%5Blabels.env%5D%5Bneq%5D=dev&filter%5Blabels.team%5D%5Beq%5D=billing&filter%5Bname%5D%5Bcontains%5D=pay" {
		t.Errorf("query: %s", got)
	}
	if got := fmt.Sprint(described); got != `[filter.labels.env.neq = "dev" filter.labels.team.eq = "billing" filter.name.contains = "pay"]` {
		t.Errorf("described: %s", got)
	}
	noLabels := tftypes.NewValue(filterType, map[string]tftypes.Value{
		"name":   tftypes.NewValue(nameType, nil),
		"labels": tftypes.NewValue(tftypes.Map{ElementType: opsType}, nil),
	})
	if terms, _, err := f.Terms(noLabels); err != nil || len(terms) != 0 {
		t.Errorf("null fields: %v %v", terms, err)
	}
}
