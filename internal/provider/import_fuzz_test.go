package provider

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// The import id parser never panics, and what it accepts round-trips: the id it returns
// rebuilt in the provider's own format parses to the same address.
func FuzzParseImportID(f *testing.F) {
	for _, seed := range []string{
		"9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a/orders",
		`{"control_plane_id":"9d2e4f1a-7c3b-4e8d-a1f0-3b2c1d0e9f8a","id":"5b1c0a2e-8f3d-4c6b-9e1a-7d2f0c4b8a6e"}`,
		"a/b/c", "/", "//", "", "{", `{"id":1}`, " cp / id ", "cp/consumer/id",
		"9f9fd312-a987-4628-b4c5-bb4f4fddd5f7", `{"portal_id":"9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"}`,
	} {
		f.Add(seed)
	}
	kinds := []*engine.EntityResource{engine.NewEntityResource(gateway.ControlPlaneKind), engine.NewEntityResource(gateway.ServiceKind),
		engine.NewEntityResource(portal.AuthKind)} // keyed by its portal: the portal's id alone is an import id
	for _, k := range Kinds {
		if k.TypeName == "konnect_gateway_key_auth" {
			kinds = append(kinds, engine.NewEntityResource(k)) // two path parameters
		}
	}
	f.Fuzz(func(t *testing.T, id string) {
		for _, r := range kinds {
			addr, err := r.ParseImportID(id)
			if err != nil {
				if !strings.Contains(err.Error(), "expected") {
					t.Fatalf("%s: error without the expected format: %v", r.Kind.TypeName, err)
				}
				continue
			}
			if addr.ID == "" {
				t.Fatalf("%s: accepted %q with an empty id", r.Kind.TypeName, id)
			}
			parents := r.Parents()
			if len(addr.Parents) != len(parents) {
				t.Fatalf("%s: %q gave parents %v, want %v", r.Kind.TypeName, id, addr.Parents, parents)
			}
			// Rebuild in the JSON form (which allows any characters) and parse again.
			m := map[string]string{"id": addr.ID}
			for _, p := range parents {
				if addr.Parents[p] == "" {
					t.Fatalf("%s: accepted %q with an empty %s", r.Kind.TypeName, id, p)
				}
				m[p] = addr.Parents[p]
			}
			b, _ := json.Marshal(m)
			again, err := r.ParseImportID(string(b))
			if err != nil || again.ID != addr.ID {
				t.Fatalf("%s: %q parsed to %+v, its JSON form %s to %+v (%v)", r.Kind.TypeName, id, addr, b, again, err)
			}
			for _, p := range parents {
				if again.Parents[p] != addr.Parents[p] {
					t.Fatalf("%s: %s differs after a round trip: %q vs %q", r.Kind.TypeName, p, again.Parents[p], addr.Parents[p])
				}
			}
		}
	})
}

// A portal's settings are imported by the portal's id alone (Kong's form), by Kong's JSON
// form without an id, and by this provider's own forms.
func TestParseImportIDKeyedByParent(t *testing.T) {
	r := engine.NewEntityResource(portal.AuthKind)
	const p = "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	for _, id := range []string{p, `{"portal_id":"` + p + `"}`, `{"portal_id":"` + p + `","id":"` + p + `"}`, p + "/" + p} {
		addr, err := r.ParseImportID(id)
		if err != nil || addr.ID != p || addr.Parents["portal_id"] != p {
			t.Errorf("%s: %+v %v", id, addr, err)
		}
	}
	if r.ImportFormat() != "<portal_id>" {
		t.Errorf("import format %s", r.ImportFormat())
	}
}

// An API's publication to a portal is imported by <api_id>/<portal_id> (as every other
// kind's parents then id read), and by Kong's JSON form; the hint for a wrong id names both
// (it named <portal_id>, a form that cannot say which API).
func TestParseImportIDPublication(t *testing.T) {
	r := engine.NewEntityResource(catalog.PublicationKind)
	const api, p = "1f9fd312-a987-4628-b4c5-bb4f4fddd5f7", "9f9fd312-a987-4628-b4c5-bb4f4fddd5f7"
	for _, id := range []string{api + "/" + p, `{"api_id":"` + api + `","portal_id":"` + p + `"}`} {
		addr, err := r.ParseImportID(id)
		if err != nil || addr.ID != p || addr.Parents["portal_id"] != p || addr.Parents["api_id"] != api {
			t.Errorf("%s: %+v %v", id, addr, err)
		}
	}
	want := `<api_id>/<portal_id> or {"api_id":"…","portal_id":"…"}`
	if r.ImportFormat() != want {
		t.Errorf("import format %s, want %s", r.ImportFormat(), want)
	}
	if _, err := r.ParseImportID(api + "/"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("an empty portal id: %v", err)
	}
}
