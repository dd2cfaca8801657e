package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/cloudgateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// cloudGatewayMoreFixtures creates a custom domain, an add-on and a serverless cloud gateway
// for TestPlanShortcutEveryKindAfterImport, with the import id of each.
func cloudGatewayMoreFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	post := func(kind, path string, body konnect.Object) konnect.Object {
		var out konnect.Object
		if _, err := client.Do(context.Background(), http.MethodPost, path, nil, body, &out); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		return out
	}
	cp := post("control plane", "/v2/control-planes", konnect.Object{"name": "fast-path-more", "cloud_gateway": true})
	domain := post("custom domain", "/v2/cloud-gateways/custom-domains", konnect.Object{"control_plane_id": cp["id"], "control_plane_geo": "us", "domain": "fast.example.com"})
	ids[cloudgateway.CustomDomainKind.TypeName] = fmt.Sprintf(`{"id":%q}`, domain["id"])
	addOn := post("add-on", "/v2/cloud-gateways/add-ons", konnect.Object{"name": "fast-cache",
		"owner":  map[string]any{"kind": "control-plane", "control_plane_id": cp["id"], "control_plane_geo": "us"},
		"config": map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": "small"}}})
	ids[cloudgateway.AddOnKind.TypeName] = fmt.Sprintf(`{"id":%q}`, addOn["id"])
	serverless := post("control plane", "/v2/control-planes", konnect.Object{"name": "fast-path-serverless", "cluster_type": "CLUSTER_TYPE_SERVERLESS"})
	post("serverless cloud gateway", "/v0/serverless-cloud-gateways", konnect.Object{"control_plane": map[string]any{"id": serverless["id"], "prefix": "518da50bf7", "region": "us"},
		"cluster_cert": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n", "cluster_cert_key": "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n"})
	ids[cloudgateway.ServerlessKind.TypeName] = fmt.Sprintf(`{"id":%q}`, serverless["id"])
}
