package provider

import (
	"context"
	"net/http/httptest"
	"sort"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The schema Terraform sees and the values the engine writes to state come from the same
// declaration; this proves they agree for every kind, so a declaration cannot produce a
// state that its schema rejects.
func TestSchemaMatchesModel(t *testing.T) {
	ctx := context.Background()
	for _, k := range Kinds {
		r := engine.NewEntityResource(k)
		var resp resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &resp)
		if resp.Diagnostics.HasError() {
			t.Fatalf("%s: %v", k.TypeName, resp.Diagnostics)
		}
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
			t.Errorf("%s: invalid schema: %v", k.TypeName, diags)
		}
		if got, want := resp.Schema.Type().TerraformType(ctx), engine.ObjectType(r.Attrs); !got.Equal(want) {
			t.Errorf("%s: schema type %s differs from the model %s", k.TypeName, got, want)
		}
		seen := map[string]bool{}
		for _, a := range r.Attrs {
			if seen[a.Name] {
				t.Errorf("%s: attribute %s declared twice", k.TypeName, a.Name)
			}
			seen[a.Name] = true
		}
	}
}

// Konnect's own JSON schemas (served by the mock as Konnect serves them) and the kinds'
// declarations name the same fields: nothing Konnect holds is missed, nothing declared is
// misspelled.
func TestDeclarationsMatchKonnectSchemas(t *testing.T) {
	srv := httptest.NewServer(konnectmock.New(konnectmock.Options{Tokens: []string{testToken}}))
	defer srv.Close()
	client, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	cp, _, err := client.CreateControlPlane(context.Background(), konnect.Object{"name": "parity"})
	if err != nil {
		t.Fatal(err)
	}
	// Fields Konnect has that are deliberately not attributes, with the reason.
	notAttributes := map[string]string{
		"id":  "the engine's id",
		"url": "write-only shorthand for protocol, host, port and path",
	}
	for schema, kind := range map[string]engine.EntityKind{"service": gateway.ServiceKind, "route": gateway.RouteKind, "upstream": gateway.UpstreamKind, "target": gateway.TargetKind} {
		var doc struct {
			Properties map[string]any `json:"properties"`
		}
		if _, err := client.Do(context.Background(), "GET", konnect.CoreEntitiesPath(cp["id"].(string), "v1", "schemas", "json", schema), nil, nil, &doc); err != nil {
			t.Fatalf("%s schema: %v", schema, err)
		}
		if len(doc.Properties) < 4 {
			t.Fatalf("%s schema has %d properties: %v", schema, len(doc.Properties), doc.Properties)
		}
		declared := map[string]bool{}
		for _, a := range kind.Attrs {
			if a.Parent {
				continue
			}
			declared[a.JSONName()] = true
			if _, ok := doc.Properties[a.JSONName()]; !ok {
				t.Errorf("%s declares %q, which Konnect's %s schema does not have", kind.TypeName, a.JSONName(), schema)
			}
			// What configuration stops setting goes back to this default: it must be the one
			// Konnect advertises (and applies), or the plan would show a value Konnect does
			// not write.
			if def, known := a.ResetValue(); known {
				prop, _ := doc.Properties[a.JSONName()].(map[string]any)
				if !guard.Equal(guard.Field{Set: a.Type.Kind == engine.KSet}, def, prop["default"]) {
					t.Errorf("%s.%s: declared default %v, Konnect's %s schema says %v", kind.TypeName, a.Name, def, schema, prop["default"])
				}
			}
		}
		var missing []string
		for p := range doc.Properties {
			if !declared[p] && notAttributes[p] == "" && !parentField(kind, p) {
				missing = append(missing, p)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s has no attribute for Konnect's %s fields %v", kind.TypeName, schema, missing)
		}
	}
}

// parentField is a reference Konnect keeps in the body that the kind holds as a path
// parameter (a target's upstream).
func parentField(k engine.EntityKind, field string) bool {
	for _, a := range k.Attrs {
		if a.Parent && a.Name == field+"_id" {
			return true
		}
	}
	return false
}
