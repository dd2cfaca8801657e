package export

import (
	"slices"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// --tag keeps the gateway objects carrying the tag, with the objects they live below and
// the ones they reference; it drops the rest of the gateway family, never another family.
func TestKeepTagged(t *testing.T) {
	w := &walk{byType: map[string][]*object{}, byID: map[string]*object{}, counts: map[string]int{}}
	add := func(typeName, family, id string, parent *object, values map[string]any) *object {
		i := slices.IndexFunc(provider.Kinds, func(k engine.EntityKind) bool { return k.TypeName == typeName })
		o := &object{kind: provider.Kinds[i], family: family, id: id, parent: parent, values: values}
		if parent != nil {
			o.cp = parent.cp
		} else if family == "gateway" {
			o.cp = o
		}
		w.objects = append(w.objects, o)
		w.byType[typeName] = append(w.byType[typeName], o)
		w.byID[id] = o
		w.counts[typeName]++
		return o
	}
	prod := add("konnect_gateway_control_plane", "gateway", "cp-prod", nil, map[string]any{"name": "prod"})
	add("konnect_gateway_control_plane", "gateway", "cp-dev", nil, map[string]any{"name": "dev"})
	add("konnect_gateway_service", "gateway", "svc-orders", prod, map[string]any{"name": "orders"})
	add("konnect_gateway_service", "gateway", "svc-billing", prod, map[string]any{"name": "billing", "tags": []any{"billing"}})
	add("konnect_gateway_route", "gateway", "rt-orders", prod, map[string]any{"name": "orders-api", "tags": []any{"team-a", "public"},
		"service": map[string]any{"id": "svc-orders"}})
	alice := add("konnect_gateway_consumer", "gateway", "c-alice", prod, map[string]any{"username": "alice"})
	add("konnect_gateway_key_auth", "gateway", "ka-alice", alice, map[string]any{"tags": []any{"team-a"}})
	add("konnect_gateway_consumer", "gateway", "c-bob", prod, map[string]any{"username": "bob", "tags": []any{"team-b"}})
	add("konnect_team", "access", "team-1", nil, map[string]any{"name": "Platform"})

	w.keepTagged("team-a")
	var got []string
	for _, o := range w.objects {
		got = append(got, o.id)
	}
	want := []string{"cp-prod", "svc-orders", "rt-orders", "c-alice", "ka-alice", "team-1"}
	if !slices.Equal(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	if w.counts["konnect_gateway_service"] != 1 || w.counts["konnect_gateway_control_plane"] != 1 || len(w.byType["konnect_gateway_consumer"]) != 1 {
		t.Errorf("counts %v, byType consumers %d", w.counts, len(w.byType["konnect_gateway_consumer"]))
	}
	if _, ok := w.byID["svc-billing"]; ok {
		t.Error("a dropped service is still a reference target")
	}
}
