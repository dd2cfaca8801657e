package acctest

import (
	"context"
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// The second import form of a kind's row (by name, or Kong's JSON form) is checked through the
// plugin protocol, as the CLI drives an import: ImportResourceState with the id, then
// ReadResource of what it returned. The CLI adds nothing of its own to a second id form (it
// passes the id through); the row's first import, by the documented form, goes through the
// CLI, and TestAccImportByName imports by name through both CLIs. Each call to the CLI costs
// about 0.15 s of CPU on the build machine (#34), and a CLI import in a working directory of its
// own is six of them.

// protocolImport imports id as the CLI would and returns the state read, through a provider
// server of its own configured for this test's mock.
func (f *KindFixture) protocolImport(id string) (tftypes.Value, error) {
	ctx := context.Background()
	srv := f.newServer()
	schemas, err := srv.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		return tftypes.Value{}, err
	}
	rs, ok := schemas.ResourceSchemas[f.Kind.TypeName]
	if !ok {
		return tftypes.Value{}, fmt.Errorf("the provider has no resource type %s", f.Kind.TypeName)
	}
	typ := rs.ValueType()
	pt, ok := schemas.Provider.ValueType().(tftypes.Object)
	if !ok {
		return tftypes.Value{}, fmt.Errorf("the provider's configuration is no object")
	}
	vals := map[string]tftypes.Value{}
	for name, at := range pt.AttributeTypes {
		vals[name] = tftypes.NewValue(at, nil)
	}
	vals["server_url"] = tftypes.NewValue(tftypes.String, f.Env.URL)
	vals["personal_access_token"] = tftypes.NewValue(tftypes.String, TestToken)
	cfg, err := tfprotov6.NewDynamicValue(pt, tftypes.NewValue(pt, vals))
	if err != nil {
		return tftypes.Value{}, err
	}
	conf, err := srv.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: &cfg})
	if err != nil || len(conf.Diagnostics) > 0 {
		return tftypes.Value{}, fmt.Errorf("configure: %v%s", err, ShowDiags(conf.Diagnostics))
	}
	imp, err := srv.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: f.Kind.TypeName, ID: id})
	if err != nil || len(imp.Diagnostics) > 0 || len(imp.ImportedResources) != 1 {
		return tftypes.Value{}, fmt.Errorf("import %q: %v%s (%d objects)", id, err, ShowDiags(imp.Diagnostics), len(imp.ImportedResources))
	}
	read, err := srv.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: f.Kind.TypeName,
		CurrentState: imp.ImportedResources[0].State, Private: imp.ImportedResources[0].Private})
	if err != nil || len(read.Diagnostics) > 0 || read.NewState == nil {
		return tftypes.Value{}, fmt.Errorf("read after import %q: %v%s", id, err, ShowDiags(read.Diagnostics))
	}
	v, err := read.NewState.Unmarshal(typ)
	if err != nil {
		return tftypes.Value{}, err
	}
	if v.IsNull() {
		return tftypes.Value{}, fmt.Errorf("import %q: the read found no object", id)
	}
	return v, nil
}

// importsAlike fails unless importing id (the row's second form) reads the object the state
// holds: every attribute but those an import cannot know (ignore) equal to the state's, as
// ImportStateVerify compares them, sets in any order.
func (f *KindFixture) importsAlike(s *terraform.State, id string, ignore []string) error {
	rs, ok := s.RootModule().Resources[f.Address()]
	if !ok {
		return fmt.Errorf("%s not in state", f.Address())
	}
	v, err := f.protocolImport(id)
	if err != nil {
		return err
	}
	typ, ok := v.Type().(tftypes.Object)
	if !ok {
		return fmt.Errorf("%s's state is no object", f.Kind.TypeName)
	}
	got, want := map[string]any{}, map[string]any{}
	var vals map[string]tftypes.Value
	if err := v.As(&vals); err != nil {
		return err
	}
	for name, at := range typ.AttributeTypes {
		if g := plainValue(vals[name]); g != nil {
			got[name] = g
		}
		if w := unflatten(name, at, rs.Primary.Attributes); w != nil {
			want[name] = w
		}
	}
	for _, p := range ignore {
		dropPath(got, strings.Split(p, "."))
		dropPath(want, strings.Split(p, "."))
	}
	if !reflect.DeepEqual(got, want) {
		var diffs []string
		for _, k := range unionKeys(got, want) {
			if !reflect.DeepEqual(got[k], want[k]) {
				diffs = append(diffs, fmt.Sprintf("  %s: imported %v, state %v", k, got[k], want[k]))
			}
		}
		return fmt.Errorf("importing %s by %q reads another object than the state holds:\n%s", f.Kind.TypeName, id, strings.Join(diffs, "\n"))
	}
	return nil
}

func unionKeys(a, b map[string]any) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// plainValue is v as the state's flatmap would hold it, structured: strings for every
// primitive (a number as Terraform writes it into JSON state), maps for objects and maps,
// slices for lists and tuples, and sorted slices for sets; nil for null (the flatmap omits it).
func plainValue(v tftypes.Value) any {
	if v.IsNull() || !v.IsKnown() {
		return nil
	}
	t := v.Type()
	switch {
	case t.Is(tftypes.String):
		var s string
		_ = v.As(&s)
		return s
	case t.Is(tftypes.Number):
		var n big.Float
		_ = v.As(&n)
		return n.Text('f', -1)
	case t.Is(tftypes.Bool):
		var b bool
		_ = v.As(&b)
		return strconv.FormatBool(b)
	case t.Is(tftypes.Object{}), t.Is(tftypes.Map{}):
		var m map[string]tftypes.Value
		_ = v.As(&m)
		out := map[string]any{}
		for k, e := range m {
			if p := plainValue(e); p != nil {
				out[k] = p
			}
		}
		return out
	default: // list, set, tuple
		var l []tftypes.Value
		_ = v.As(&l)
		out := make([]any, 0, len(l))
		for _, e := range l {
			out = append(out, plainValue(e))
		}
		if t.Is(tftypes.Set{}) {
			sortAny(out)
		}
		return out
	}
}

// unflatten reads the value at key from a state's flatmap, structured as plainValue gives it.
func unflatten(key string, t tftypes.Type, flat map[string]string) any {
	switch tt := t.(type) {
	case tftypes.Object:
		if _, ok := flat[key+".%"]; !ok && !hasPrefix(flat, key+".") {
			return nil
		}
		out := map[string]any{}
		for name, at := range tt.AttributeTypes {
			if e := unflatten(key+"."+name, at, flat); e != nil {
				out[name] = e
			}
		}
		return out
	case tftypes.Map:
		n, ok := flat[key+".%"]
		if !ok {
			return nil
		}
		out := map[string]any{}
		for k := range flat {
			rest, found := strings.CutPrefix(k, key+".")
			if !found || rest == "%" {
				continue
			}
			name := mapKey(rest, tt.ElementType)
			if _, done := out[name]; !done {
				if e := unflatten(key+"."+name, tt.ElementType, flat); e != nil {
					out[name] = e
				}
			}
		}
		if strconv.Itoa(len(out)) != n {
			out["%"] = n // a count that disagrees shows in the comparison
		}
		return out
	case tftypes.List, tftypes.Set:
		n, ok := flat[key+".#"]
		if !ok {
			return nil
		}
		count, _ := strconv.Atoi(n)
		et, isSet := tftypes.Type(nil), false
		switch c := tt.(type) {
		case tftypes.List:
			et = c.ElementType
		case tftypes.Set:
			et, isSet = c.ElementType, true
		}
		out := make([]any, 0, count)
		for i := 0; i < count; i++ {
			out = append(out, unflatten(key+"."+strconv.Itoa(i), et, flat))
		}
		if isSet {
			sortAny(out)
		}
		return out
	default:
		if s, ok := flat[key]; ok {
			return s
		}
		return nil
	}
}

// mapKey is the map key that starts rest (a flatmap key below the map's): the whole of it for
// primitive elements; otherwise the part before the element's own keys (an attribute's name, a
// count, an index), since a key may hold dots (a DNS zone, corp.internal).
func mapKey(rest string, et tftypes.Type) string {
	obj, isObj := et.(tftypes.Object)
	if !isObj && !et.Is(tftypes.List{}) && !et.Is(tftypes.Set{}) && !et.Is(tftypes.Map{}) {
		return rest
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] != '.' {
			continue
		}
		next, _, _ := strings.Cut(rest[i+1:], ".")
		if _, attr := obj.AttributeTypes[next]; (isObj && attr) || next == "%" || next == "#" {
			return rest[:i]
		}
		if _, err := strconv.Atoi(next); err == nil && !isObj && !et.Is(tftypes.Map{}) {
			return rest[:i]
		}
	}
	return rest
}

func hasPrefix(flat map[string]string, prefix string) bool {
	for k := range flat {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

func sortAny(l []any) {
	sort.Slice(l, func(i, j int) bool { return fmt.Sprint(l[i]) < fmt.Sprint(l[j]) })
}

// dropPath removes the attribute at path (a flatmap prefix without list indexes) from a
// structured value, in every element of a list on the way.
func dropPath(v any, path []string) {
	switch x := v.(type) {
	case map[string]any:
		if len(path) == 1 {
			delete(x, path[0])
			return
		}
		dropPath(x[path[0]], path[1:])
	case []any:
		for _, e := range x {
			dropPath(e, path)
		}
	}
}
