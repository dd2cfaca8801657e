package export

import (
	"encoding/json"
	"maps"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

func TestOmitted(t *testing.T) {
	attrs := map[string]engine.Attr{}
	for _, k := range []engine.EntityKind{gateway.ServiceKind, gateway.PluginKind} {
		for _, a := range k.Attrs {
			attrs[k.TypeName+"."+a.Name] = a
		}
	}
	for _, c := range []struct {
		attr string
		v    any
		want bool
	}{
		{"konnect_gateway_service.port", json.Number("80"), true}, // Konnect's default
		{"konnect_gateway_service.port", json.Number("8080"), false},
		{"konnect_gateway_service.retries", json.Number("5"), true},
		{"konnect_gateway_service.tags", []any{}, true}, // empty is the null default
		{"konnect_gateway_service.tags", []any{"team-a"}, false},
		{"konnect_gateway_service.path", nil, true},
		{"konnect_gateway_service.host", "orders.internal", false},                          // required: always written
		{"konnect_gateway_service.control_plane_id", "x", false},                            // a path parameter: always written
		{"konnect_gateway_plugin.protocols", []any{"https", "http", "grpcs", "grpc"}, true}, // a set, in another order
		{"konnect_gateway_plugin.protocols", []any{"https"}, false},
		{"konnect_gateway_plugin.config", map[string]any{"minute": 10}, false}, // no declared default
	} {
		if got := omitted(attrs[c.attr], c.v); got != c.want {
			t.Errorf("omitted(%s = %v) = %v, want %v", c.attr, c.v, got, c.want)
		}
	}
}

const (
	cpID     = "11111111-1111-4111-8111-111111111111"
	svcID    = "22222222-2222-4222-8222-222222222222"
	pluginID = "33333333-3333-4333-8333-333333333333"
	otherID  = "44444444-4444-4444-8444-444444444444"
)

// exampleWalk is what a walk reads of a control plane with a service and a plugin on it
// whose config held a Redis password, listed plugin first: the files list kinds parents
// first all the same.
func exampleWalk() *walk {
	cp := &object{kind: gateway.ControlPlaneKind, family: "gateway", id: cpID, parents: map[string]string{},
		values: map[string]any{"name": "Prod EU", "description": "", "cluster_type": "CLUSTER_TYPE_CONTROL_PLANE", "labels": map[string]any{"env": "prod", "cost-center": "42"}}}
	cp.cp = cp
	in := map[string]string{"control_plane_id": cpID}
	plugin := &object{kind: gateway.PluginKind, family: "gateway", id: pluginID, parents: in, cp: cp, parent: cp,
		values: map[string]any{"control_plane_id": cpID, "name": "rate-limiting", "enabled": true, "service": map[string]any{"id": svcID},
			"protocols": []any{"grpc", "grpcs", "http", "https"},
			"config":    map[string]any{"minute": json.Number("10"), "policy": "redis", "path": nil, "redis": map[string]any{"host": "redis.internal", "username": nil}}},
		secrets: map[string][]engine.SecretAt{"config": {{Path: []string{"redis", "password"}, Value: "hidden"}}}}
	svc := &object{kind: gateway.ServiceKind, family: "gateway", id: svcID, parents: in, cp: cp, parent: cp,
		values: map[string]any{"control_plane_id": cpID, "name": "orders", "host": "orders.internal", "port": json.Number("80"),
			"retries": json.Number("3"), "tags": []any{"b", "a"}, "ca_certificates": []any{otherID}, "created_at": json.Number("1")}}
	w := &walk{byType: map[string][]*object{}, byID: map[string]*object{}}
	for _, o := range []*object{cp, plugin, svc} {
		w.objects = append(w.objects, o)
		w.byType[o.kind.TypeName] = append(w.byType[o.kind.TypeName], o)
		w.byID[o.id] = o
	}
	return w
}

// The configuration as a person would write it: references to exported objects (a literal
// id for one that is not exported), no defaults or computed attributes, config as
// jsonencode without nulls and with its secret from a sensitive variable, in a stable order.
func TestRender(t *testing.T) {
	files := render(exampleWalk())
	want := map[string]string{
		"gateway_prod_eu.tf": header + `
import {
  to = konnect_gateway_control_plane.prod_eu
  id = "11111111-1111-4111-8111-111111111111"
}

resource "konnect_gateway_control_plane" "prod_eu" {
  name = "Prod EU"
  labels = {
    cost-center = "42"
    env         = "prod"
  }
}

import {
  to = konnect_gateway_service.orders
  id = "11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.prod_eu.id
  name             = "orders"
  host             = "orders.internal"
  retries          = 3
  ca_certificates  = ["44444444-4444-4444-8444-444444444444"]
  tags             = ["a", "b"]
}

import {
  to = konnect_gateway_plugin.orders_rate_limiting
  id = "11111111-1111-4111-8111-111111111111/33333333-3333-4333-8333-333333333333"
}

resource "konnect_gateway_plugin" "orders_rate_limiting" {
  control_plane_id = konnect_gateway_control_plane.prod_eu.id
  name             = "rate-limiting"
  config = jsonencode({
    minute = 10
    policy = "redis"
    redis = {
      host     = "redis.internal"
      password = var.orders_rate_limiting_config_redis_password
    }
  })
  service = {
    id = konnect_gateway_service.orders.id
  }
}

`,
		"variables.tf": header + `# Secrets: the export never writes one. Supply each (TF_VAR_<name>, or a .tfvars file kept out of version control).

variable "orders_rate_limiting_config_redis_password" {
  description = "konnect_gateway_plugin.orders_rate_limiting: config.redis.password. Konnect holds this secret and the export does not write it: supply its current value (TF_VAR_orders_rate_limiting_config_redis_password, or a .tfvars file kept out of version control)."
  type        = string
  sensitive   = true
}

`,
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.name] = string(f.content)
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got[name], w)
		}
	}
	if len(got) != 3 { // and terraform.tf
		t.Errorf("files: %v", len(got))
	}
	if again := render(exampleWalk()); string(again[0].content) != got["gateway_prod_eu.tf"] {
		t.Errorf("a second rendering differs")
	}
}

// A singleton whose every setting is Konnect's default for a new one is left out; one setting
// changed, or a secret set, and it is exported.
func TestOnlyDefaults(t *testing.T) {
	fresh := map[string]any{"portal_id": "p1", "basic_auth_enabled": true, "oidc_auth_enabled": false, "saml_auth_enabled": false,
		"oidc_team_mapping_enabled": false, "idp_mapping_enabled": false, "konnect_mapping_enabled": false}
	if !onlyDefaults(portal.AuthKind, fresh, nil) {
		t.Error("a new portal's login settings are exported")
	}
	changed := maps.Clone(fresh)
	changed["konnect_mapping_enabled"] = true
	if onlyDefaults(portal.AuthKind, changed, nil) {
		t.Error("konnect_mapping_enabled = true, changed in Konnect, is left out")
	}
	secret := maps.Clone(fresh)
	secret["oidc_client_secret"] = "s3cret-value"
	if onlyDefaults(portal.AuthKind, secret, nil) {
		t.Error("a set OIDC client secret is left out")
	}
	// A portal's customization as Konnect makes it: the spec renderer's defaults, which only
	// the singleton's Defaults declare.
	renderer := map[string]any{"try_it_ui": true, "try_it_insomnia": true, "infinite_scroll": true, "show_schemas": true,
		"hide_internal": false, "hide_deprecated": false, "allow_custom_server_urls": true}
	custom := map[string]any{"portal_id": "p1", "spec_renderer": renderer}
	api, ok := portal.CustomizationKind.API.(engine.SingletonAPI)
	if !ok {
		t.Fatalf("konnect_portal_customization's API is %T", portal.CustomizationKind.API)
	}
	if !onlyDefaults(portal.CustomizationKind, custom, api.Defaults) {
		t.Error("a new portal's customization is exported")
	}
	custom["css"] = "body { color: teal }"
	if onlyDefaults(portal.CustomizationKind, custom, api.Defaults) {
		t.Error("css set in Konnect is left out")
	}
}
