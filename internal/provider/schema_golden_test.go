package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

var updateSchemas = flag.Bool("update-schemas", false, "rewrite testdata/schemas from the provider's current schemas")

// TestSchemasUnchanged holds every resource and data source schema, as Terraform receives it
// (GetProviderSchema) and with the validators and plan modifiers behind each attribute, to
// the golden files in testdata/schemas: a refactoring of the declarations must not change
// what users see. After an intended change, run with -update-schemas and review the diff.
func TestSchemasUnchanged(t *testing.T) {
	ctx := context.Background()
	got := map[string]any{}

	resp, err := NewServer("test")().GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) > 0 {
		t.Fatalf("GetProviderSchema: %v", resp.Diagnostics)
	}
	p := &konnectProvider{version: "test"}
	for _, f := range p.Resources(ctx) {
		r := f()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "konnect"}, &md)
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		got["resource/"+md.TypeName] = goldenSchema{Protocol: sortedSchema(resp.ResourceSchemas[md.TypeName]), Behaviour: behaviour(ctx, sr.Schema.Attributes)}
	}
	for _, f := range p.DataSources(ctx) {
		d := f()
		var md datasource.MetadataResponse
		d.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "konnect"}, &md)
		var sr datasource.SchemaResponse
		d.Schema(ctx, datasource.SchemaRequest{}, &sr)
		got["data-source/"+md.TypeName] = goldenSchema{Protocol: sortedSchema(resp.DataSourceSchemas[md.TypeName]), Behaviour: behaviour(ctx, sr.Schema.Attributes)}
	}
	if len(got) != len(resp.ResourceSchemas)+len(resp.DataSourceSchemas) {
		t.Fatalf("%d schemas from Resources and DataSources, %d from GetProviderSchema", len(got), len(resp.ResourceSchemas)+len(resp.DataSourceSchemas))
	}

	dir := filepath.Join("testdata", "schemas")
	if *updateSchemas {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	for name, s := range got {
		b, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
		file := filepath.Join(dir, name+".json")
		if *updateSchemas {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s: no golden schema (%v); run with -update-schemas to record it", name, err)
			continue
		}
		if !bytes.Equal(b, want) {
			t.Errorf("%s: schema differs from %s:\n%s", name, file, lineDiff(string(want), string(b)))
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	for _, f := range files {
		name := strings.TrimSuffix(filepath.ToSlash(strings.TrimPrefix(f, dir+string(filepath.Separator))), ".json")
		if _, ok := got[name]; !ok {
			t.Errorf("%s: golden schema for a type the provider no longer serves", name)
		}
	}
}

type goldenSchema struct {
	Protocol *tfprotov6.Schema `json:"protocol"`
	// Behaviour lists, per attribute path, the descriptions of its validators and plan
	// modifiers in order: what the protocol schema does not carry.
	Behaviour map[string][]string `json:"behaviour"`
}

// sortedSchema orders attributes and blocks by name, so the file does not depend on the
// framework's map iteration.
func sortedSchema(s *tfprotov6.Schema) *tfprotov6.Schema {
	if s != nil && s.Block != nil {
		sortBlock(s.Block)
	}
	return s
}

func sortBlock(b *tfprotov6.SchemaBlock) {
	sortAttributes(b.Attributes)
	sort.Slice(b.BlockTypes, func(i, j int) bool { return b.BlockTypes[i].TypeName < b.BlockTypes[j].TypeName })
	for _, nb := range b.BlockTypes {
		sortBlock(nb.Block)
	}
}

func sortAttributes(as []*tfprotov6.SchemaAttribute) {
	sort.Slice(as, func(i, j int) bool { return as[i].Name < as[j].Name })
	for _, a := range as {
		if a.NestedType != nil {
			sortAttributes(a.NestedType.Attributes)
		}
	}
}

// behaviour walks framework attributes of either package (resource or data source schema)
// by their field names: Validators, PlanModifiers, and nested Attributes.
func behaviour[A any](ctx context.Context, attrs map[string]A) map[string][]string {
	out := map[string][]string{}
	var walk func(prefix string, v reflect.Value)
	walk = func(prefix string, attrs reflect.Value) {
		for _, k := range attrs.MapKeys() {
			p := prefix + k.String()
			a := attrs.MapIndex(k).Elem()
			var lines []string
			for _, field := range []string{"Validators", "PlanModifiers"} {
				f := a.FieldByName(field)
				if !f.IsValid() {
					continue
				}
				for i := 0; i < f.Len(); i++ {
					d := f.Index(i).Interface().(interface {
						Description(context.Context) string
					})
					lines = append(lines, strings.ToLower(field[:1])+field[1:len(field)-1]+": "+d.Description(ctx))
				}
			}
			if len(lines) > 0 {
				out[p] = lines
			}
			if f := a.FieldByName("Attributes"); f.IsValid() {
				walk(p+".", f)
			}
			if f := a.FieldByName("NestedObject"); f.IsValid() {
				walk(p+"[*].", f.FieldByName("Attributes"))
			}
		}
	}
	walk("", reflect.ValueOf(attrs))
	return out
}

// lineDiff shows the lines only one side has (enough to see what a schema change is).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	if b.Len() == 0 {
		return "(the same lines in another order)"
	}
	return b.String()
}
