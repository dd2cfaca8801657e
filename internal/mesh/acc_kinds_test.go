package mesh_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/mesh"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// kind of the mesh family; internal/provider's TestKindRowsCoverEveryKind checks that this
// runs mesh.Kinds, the family's part of the provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, mesh.Kinds, kindRows, newServer)
}

// kindRows: one row per kind of the mesh family.
var kindRows = map[string]acctest.KindRow{
	// A mesh control plane renamed; a label someone adds in Konnect survives the update (a
	// PATCH of what the plan changes, labels key by key); scenario 9 removes the description,
	// which goes.
	mesh.ControlPlaneKind.TypeName: {
		Block:   "features = [{ type = \"MeshCreation\", mesh_creation = { enabled = true } }]\n  name = %s",
		Update:  &acctest.KindUpdate{Attr: "name", Values: [2]any{"prod-mesh", "production-mesh"}, UI: "renamed-in-the-ui"},
		Removal: &acctest.KindRemoval{Attr: "description", HCL: `"Production mesh"`, UI: "set in the UI"},
	},
}
