package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The custom domain, add-on and serverless cloud gateway in TestMigrateAccFromKong, recorded
// in a Kong-format state as Kong's provider (kong/konnect) writes them: every attribute
// Konnect returned; an add-on's owner and config by branch, with Konnect's report of the
// cache under config.managed_cache_add_on_config_response; a serverless cloud gateway with no
// id (Kong addresses it by control_plane.id), its certificate and key as configuration set
// them (Konnect returns neither), the key sensitive.

func init() {
	for typ, attrs := range map[string][]string{
		"konnect_cloud_gateway_custom_domain": {"certificate_id", "control_plane_geo", "control_plane_id", "created_at", "domain", "entity_version", "id",
			"kind", "sni_id", "state", "state_metadata", "updated_at"},
		"konnect_cloud_gateway_addon":      {"config", "created_at", "entity_version", "id", "name", "owner", "state", "updated_at"},
		"konnect_serverless_cloud_gateway": {"cluster_cert", "cluster_cert_key", "control_plane", "created_at", "gateway_endpoint", "labels", "updated_at"},
	} {
		kongAttrs[typ] = attrs
	}
	kongSensitive["konnect_serverless_cloud_gateway"] = []string{"cluster_cert_key"}
}

// migrationServerlessKey is the serverless cloud gateway's key in Kong's state.
const migrationServerlessKey = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmigration0123\n-----END PRIVATE KEY-----\n"

// addKongCloudGatewayMore creates a custom domain and a managed cache add-on of the control
// plane cpID (konnect_gateway_control_plane.prod), and a serverless control plane with its
// serverless cloud gateway; records them as Kong's provider would have after a refresh (the
// domain and the add-on ready), and returns this provider's configuration of them.
func addKongCloudGatewayMore(t *testing.T, e *konnectEnv, state *kongStateFile, cpID string) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	post := func(path string, body konnect.Object) konnect.Object {
		var out konnect.Object
		if _, err := e.client.Do(ctx, http.MethodPost, path, nil, body, &out); err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		return out
	}
	ready := func(path string) konnect.Object {
		obj := e.get(path) // ready: the mock provisions at the next request
		if obj["state"] != "ready" {
			t.Fatalf("%s is %v, want ready", path, obj["state"])
		}
		obj["created_at"], obj["updated_at"] = kongTime(t, obj["created_at"]), kongTime(t, obj["updated_at"])
		return obj
	}
	var s kongSameNamed

	domain := post("/v2/cloud-gateways/custom-domains", konnect.Object{"control_plane_id": cpID, "control_plane_geo": "us", "domain": "api.example.com"})
	state.add("konnect_cloud_gateway_custom_domain", "api", ready("/v2/cloud-gateways/custom-domains/"+domain["id"].(string)),
		map[string]any{"state_metadata": map[string]any{"reason": nil, "reported_status": nil}})

	addOn := post("/v2/cloud-gateways/add-ons", konnect.Object{"name": "prod-cache",
		"owner":  map[string]any{"kind": "control-plane", "control_plane_id": cpID, "control_plane_geo": "us"},
		"config": map[string]any{"kind": "managed-cache.v0", "capacity_config": map[string]any{"kind": "tiered", "tier": "small"}}})
	addOnPath := "/v2/cloud-gateways/add-ons/" + addOn["id"].(string)
	addOn = ready(addOnPath)
	cfg := addOn["config"].(map[string]any)
	var groups []any
	for _, g := range cfg["data_plane_groups"].([]any) {
		m := g.(map[string]any)
		groups = append(groups, map[string]any{"id": m["id"], "cloud_gateway_network_id": m["cloud_gateway_network_id"], "provider": m["provider"],
			"region": m["region"], "state": m["state"], "state_metadata": map[string]any{"error_reason": nil}})
	}
	tiered := map[string]any{"tiered": map[string]any{"tier": "small"}}
	state.add("konnect_cloud_gateway_addon", "cache", addOn, map[string]any{
		"owner": map[string]any{"control_plane": map[string]any{"control_plane_id": cpID, "control_plane_geo": "us"}, "control_plane_group": nil},
		"config": map[string]any{"managed_cache": map[string]any{"capacity_config": tiered},
			"managed_cache_add_on_config_response": map[string]any{"capacity_config": tiered, "data_plane_groups": groups, "state_metadata": cfg["state_metadata"]}},
	})
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_cloud_gateway_addon.cache", typeName: "konnect_cloud_gateway_addon",
		attr: "config.managed_cache.capacity_config.tiered.tier", do: func() { e.edit(addOnPath, set("config.capacity_config.tier", "large")) }})

	serverlessCP, _, err := e.client.CreateControlPlane(ctx, konnect.Object{"name": "prod-serverless", "cluster_type": "CLUSTER_TYPE_SERVERLESS"})
	if err != nil {
		t.Fatal(err)
	}
	const cert = "-----BEGIN CERTIFICATE-----\nMIIBmigration\n-----END CERTIFICATE-----\n"
	serverlessID := serverlessCP["id"].(string)
	post("/v0/serverless-cloud-gateways", konnect.Object{"control_plane": map[string]any{"id": serverlessID, "prefix": "518da50bf7", "region": "us"},
		"cluster_cert": cert, "cluster_cert_key": migrationServerlessKey, "labels": map[string]any{"env": "prod"}})
	gw := e.get("/v0/serverless-cloud-gateways/" + serverlessID)
	state.add("konnect_gateway_control_plane", "serverless", serverlessCP, nil)
	state.add("konnect_serverless_cloud_gateway", "prod", gw, map[string]any{"cluster_cert": cert, "cluster_cert_key": migrationServerlessKey,
		"created_at": kongTime(t, gw["created_at"]), "updated_at": kongTime(t, gw["updated_at"])})
	s.secrets = append(s.secrets, migrationServerlessKey)
	// Konnect has no update for either: every attribute replaces them.
	s.notEditable = append(s.notEditable, "konnect_cloud_gateway_custom_domain", "konnect_serverless_cloud_gateway")

	s.config = fmt.Sprintf(`
resource "konnect_cloud_gateway_custom_domain" "api" {
  control_plane_id  = konnect_gateway_control_plane.prod.id
  control_plane_geo = "us"
  domain            = "api.example.com"
}

resource "konnect_cloud_gateway_addon" "cache" {
  name   = "prod-cache"
  owner  = { control_plane = { control_plane_id = konnect_gateway_control_plane.prod.id, control_plane_geo = "us" } }
  config = { managed_cache = { capacity_config = { tiered = { tier = "small" } } } }
}

resource "konnect_gateway_control_plane" "serverless" {
  name         = "prod-serverless"
  cluster_type = "CLUSTER_TYPE_SERVERLESS"
}

resource "konnect_serverless_cloud_gateway" "prod" {
  control_plane    = { id = konnect_gateway_control_plane.serverless.id, prefix = "518da50bf7", region = "us" }
  cluster_cert     = %q
  cluster_cert_key = %q
  labels           = { env = "prod" }
}
`, cert, migrationServerlessKey)
	return s
}
