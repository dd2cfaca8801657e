package provider

import (
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
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

// Kinds lists every resource kind the provider serves, and so the data sources of those
// with DataSource set and the <type>_list data sources of those with a Filter (the other
// lists and konnect_roles are added in DataSources): each family's own list, in which each
// kind is a declaration in its kind_*.go file; the engine in resource.go serves them all.
// A family's TestAccKinds runs its list (TestKindRowsCoverEveryKind).
var Kinds = familyKinds()

// Family is one family's folder of kinds, by the name the export command's --family takes.
type Family struct {
	Name  string
	Kinds []engine.EntityKind
}

// Families are the families, in the order Kinds lists them.
var Families = []Family{
	{"gateway", gateway.Kinds}, {"access", access.Kinds}, {"portal", portal.Kinds},
	{"catalog", catalog.Kinds}, {"organization", organization.Kinds}, {"cloudgateway", cloudgateway.Kinds},
	{"consumers", consumers.Kinds},
	{"kongidentity", kongidentity.Kinds},
	{"servicecatalog", servicecatalog.Kinds}, {"mesh", mesh.Kinds},
}

func familyKinds() []engine.EntityKind {
	var all []engine.EntityKind
	for _, f := range Families {
		all = slices.Concat(all, f.Kinds)
	}
	return all
}

// DataOnlyKinds are read by a data source only: Konnect's users, who join by invitation;
// the cloud provider accounts Konnect links (a list only).
var DataOnlyKinds = slices.Concat([]engine.EntityKind{access.UserKind}, cloudgateway.DataOnlyKinds)
