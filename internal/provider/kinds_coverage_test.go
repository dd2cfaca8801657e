package provider

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/catalog"
	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/consumers"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongidentity"
	"github.com/konnectguard/terraform-provider-konnect/internal/mesh"
	"github.com/konnectguard/terraform-provider-konnect/internal/organization"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
	"github.com/konnectguard/terraform-provider-konnect/internal/servicecatalog"
)

// The guard scenarios every kind takes part in (acctest.RunKinds) run in each family's
// package, from rows declared there: internal/<family>'s TestAccKinds runs <family>.Kinds,
// and fails, before any subtest, unless its rows cover exactly those kinds (acctest's
// CheckKindRows; it runs without TF_ACC too). What is left to check here is that those
// lists and tests together cover the provider's registry.

// kindFamilies are the packages whose kinds the provider serves, each with its list.
var kindFamilies = []struct {
	pkg   string // its package's name and directory under internal/
	kinds []engine.EntityKind
}{
	{"gateway", gateway.Kinds},
	{"access", access.Kinds},
	{"portal", portal.Kinds},
	{"catalog", catalog.Kinds},
	{"organization", organization.Kinds},
	{"cloudgateway", cloudgateway.Kinds},
	{"consumers", consumers.Kinds},
	{"kongidentity", kongidentity.Kinds},
	{"servicecatalog", servicecatalog.Kinds},
	{"mesh", mesh.Kinds},
}

// Every kind in Kinds belongs to exactly one family's list and no family lists another, and
// every family's package has the TestAccKinds that runs its list with its rows: so every kind
// has its one row and its subtest of TestAccKinds, and none can be dropped silently.
func TestKindRowsCoverEveryKind(t *testing.T) {
	families := map[string][]string{}
	for _, fam := range kindFamilies {
		for _, k := range fam.kinds {
			families[k.TypeName] = append(families[k.TypeName], fam.pkg)
		}
	}
	served := map[string]bool{}
	for _, k := range Kinds {
		served[k.TypeName] = true
		if n := len(families[k.TypeName]); n != 1 {
			t.Errorf("%s is in %d families' Kinds (%v), want 1: its family's TestAccKinds runs it", k.TypeName, n, families[k.TypeName])
		}
	}
	for typeName, fams := range families {
		if !served[typeName] {
			t.Errorf("%s is in %v's Kinds but not in the provider's Kinds", typeName, fams)
		}
	}
	for _, fam := range kindFamilies {
		runs := regexp.MustCompile(`(?m)^func TestAccKinds\(t \*testing\.T\) \{\n\tacctest\.RunKinds\(t, ` + fam.pkg + `\.Kinds, kindRows, newServer\)\n\}$`)
		files, err := filepath.Glob(filepath.Join("..", fam.pkg, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			found += len(runs.FindAll(src, -1))
		}
		if found != 1 {
			t.Errorf("internal/%s has %d TestAccKinds running acctest.RunKinds(t, %s.Kinds, kindRows, newServer), want 1", fam.pkg, found, fam.pkg)
		}
	}
}

// Every kind's tags are the engine's set of strings: configuration that lists the same tags
// in another order plans nothing. TestAccKinds proves it through the CLI for the kinds in
// acctest.TagsOrderKinds; the declaration is what the other kinds share with them.
func TestKindTagsAreSets(t *testing.T) {
	n := 0
	for _, k := range Kinds {
		for _, a := range k.Attrs {
			if a.Name != "tags" {
				continue
			}
			n++
			if a.Type.Kind != engine.KSet || a.Type.Elem == nil || a.Type.Elem.Kind != engine.String.Kind {
				t.Errorf("%s.tags is not a set of strings", k.TypeName)
			}
		}
	}
	for name := range acctest.TagsOrderKinds {
		if !slices.ContainsFunc(Kinds, func(k engine.EntityKind) bool { return k.TypeName == name }) {
			t.Errorf("acctest.TagsOrderKinds names %s, which is no kind", name)
		}
	}
	if n < 20 {
		t.Errorf("only %d kinds have tags", n)
	}
}
