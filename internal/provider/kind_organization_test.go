package provider

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/organization"
)

// The protocol tests' fixtures of the organization family. Its rows in TestAccKinds and its
// own acceptance tests are in internal/organization.

// auditDestination creates an audit log destination of the organization named name, for a
// webhook to point at, and returns its id.
func auditDestination(t *testing.T, client *konnect.Client, name string) string {
	t.Helper()
	obj, _, err := organization.AuditLogDestinationKind.API.Create(context.Background(), client, nil,
		konnect.Object{"name": name, "endpoint": "https://siem.example.com/" + name, "authorization": "Bearer " + name})
	if err != nil {
		t.Fatalf("audit log destination %s: %v", name, err)
	}
	return obj["id"].(string)
}

// organizationFixtures creates one object of each kind of the organization family for the
// protocol tests' fixtures (server_test.go), recording each one's JSON import id.
func organizationFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	record := func(typeName, id string) {
		b, _ := json.Marshal(map[string]string{"id": id})
		ids[typeName] = string(b)
	}
	dest := auditDestination(t, client, "fast-path")
	record(organization.AuditLogDestinationKind.TypeName, dest)
	if _, _, err := organization.AuditLogKind.API.Create(ctx, client, nil, konnect.Object{"enabled": true, "audit_log_destination_id": dest}); err != nil {
		t.Fatalf("audit log webhook: %v", err)
	}
	record(organization.AuditLogKind.TypeName, "audit_log")
	if _, _, err := organization.CMEKKind.API.Create(ctx, client, nil, konnect.Object{"id": "default", "name": "fast-path",
		"key_arn": "arn:aws:kms:us-east-1:123456789012:key/mrk-fast-path", "description": "fast path"}); err != nil {
		t.Fatalf("cmek: %v", err)
	}
	record(organization.CMEKKind.TypeName, "default")
}
