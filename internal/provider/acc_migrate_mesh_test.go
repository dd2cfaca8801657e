package provider

import (
	"context"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The mesh family in TestMigrateAccFromKong: a mesh control plane with a feature, recorded as
// Kong's provider writes it (docs/resources/mesh_control_plane.md of
// Kong/terraform-provider-konnect: features in snake_case, each feature's settings null when
// not set).

func init() {
	kongAttrs["konnect_mesh_control_plane"] = []string{"created_at", "description", "features", "id", "labels", "name", "updated_at"}
}

// addKongMesh creates a mesh control plane in the mock, records it in state as Kong's
// provider would have, and returns this provider's configuration.
func addKongMesh(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	var cp konnect.Object
	if _, err := e.client.Do(context.Background(), http.MethodPost, "/v1/mesh/control-planes", nil, konnect.Object{"name": "prod-mesh", "description": "The production mesh.",
		"labels": map[string]any{"env": "prod"}, "features": []any{map[string]any{"type": "MeshCreation", "meshCreation": map[string]any{"enabled": true}}}}, &cp); err != nil {
		t.Fatal(err)
	}
	cp["created_at"], cp["updated_at"] = kongTime(t, cp["created_at"]), kongTime(t, cp["updated_at"])
	state.add("konnect_mesh_control_plane", "prod", cp, map[string]any{"features": []any{map[string]any{"type": "MeshCreation",
		"mesh_creation": map[string]any{"enabled": true}, "hostname_generator_creation": nil}}})
	path := "/v1/mesh/control-planes/" + cp["id"].(string)
	return kongSameNamed{
		edits: []kongMigrationEdit{{round: 1, address: "konnect_mesh_control_plane.prod", typeName: "konnect_mesh_control_plane", attr: "description",
			do: func() { e.edit(path, set("description", "Changed in the UI.")) }}},
		config: `
resource "konnect_mesh_control_plane" "prod" {
  name        = "prod-mesh"
  description = "The production mesh."
  labels      = { env = "prod" }
  features    = [{ type = "MeshCreation", mesh_creation = { enabled = true } }]
}
`,
	}
}
