package engine

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A dependent is named by its first non-empty name field; a dotted field reads inside an
// object field (an API implementation by its gateway service's id).
func TestDescribeNameFields(t *testing.T) {
	parent := Address{ID: "api-1", Parents: map[string]string{}}
	d := Dependent{Platform: true, TypeName: "konnect_api_implementation", NameFields: []string{"service.id"}}
	got := d.Describe(konnect.Object{"id": "im-1", "service": map[string]any{"control_plane_id": "cp-1", "id": "svc-1"}}, parent)
	if got.Name != "svc-1" || got.ImportID != "api-1/im-1" {
		t.Errorf("implementation: name %q import %q, want svc-1 and api-1/im-1", got.Name, got.ImportID)
	}
	if got := d.Describe(konnect.Object{"id": "im-2", "service": "not an object"}, parent); got.Name != "" {
		t.Errorf("a non-object service: name %q, want none", got.Name)
	}
	if got := d.Describe(konnect.Object{"id": "im-3"}, parent); got.Name != "" {
		t.Errorf("no service: name %q, want none", got.Name)
	}
	doc := Dependent{Platform: true, TypeName: "konnect_api_document", NameFields: []string{"title", "slug"}}
	if got := doc.Describe(konnect.Object{"id": "d", "title": "", "slug": "guide"}, parent); got.Name != "guide" {
		t.Errorf("document without a title: name %q, want its slug", got.Name)
	}
}

// An Across dependent (an API implementation found from its gateway service) is imported
// under its owner, named by the owner's name (else its id), and refuses the delete.
func TestDescribeAcross(t *testing.T) {
	service := Address{ID: "svc-1", Parents: map[string]string{"control_plane_id": "cp-1"}}
	d := ImplementationsOf
	got := d.Describe(konnect.Object{"id": "im-1", "api_id": "api-1", "owner": map[string]any{"name": "billing"}}, service)
	if got.Name != "billing" || got.ImportID != "api-1/im-1" || !got.Refuses {
		t.Errorf("got name %q import %q refuses %v, want billing, api-1/im-1, true", got.Name, got.ImportID, got.Refuses)
	}
	if got := d.Describe(konnect.Object{"id": "im-2", "api_id": "api-2"}, service); got.Name != "api-2" {
		t.Errorf("an owner not read: name %q, want its id api-2", got.Name)
	}
}
