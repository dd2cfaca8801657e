package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 17, item 5: the two parents the cascade guard missed.

// A route someone created in Konnect on a managed service: Konnect refuses to delete the
// service while the route references it. The destroy fails with the guard's diagnostic,
// naming the route and giving its import block (not Konnect's "data constraint error" with
// an id only), under any policy, at plan: the route this configuration manages on the same
// service does not block (the plan destroys it first) and is not deleted either. Once the route is gone, the destroy goes through.
func TestAccCascadeParents_ServiceRoute(t *testing.T) {
	env := newCascadeEnv(t, "casc-route")
	routeID := uuid.NewString()
	var svcID, managedRouteID string
	config := func(policy string) string {
		return env.serviceAndConsumer(policy, "casc-route", `
resource "konnect_gateway_route" "managed" {
  control_plane_id = konnect_gateway_service.orders.control_plane_id
  name             = "orders-managed"
  paths            = ["/orders"]
  service          = { id = konnect_gateway_service.orders.id }
}
`)
	}
	refused := func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)Konnect refuses to delete this object while objects that Terraform does\s+not\s+manage\s+reference it.*` +
			regexp.QuoteMeta("konnect_gateway_service (id ") + uuidPattern + `.*` +
			dependentLine("konnect_gateway_route", routeID, "legacy") + `.*` +
			importBlock("konnect_gateway_route", env.cps["casc-route"]+"/"+routeID) +
			`.*No\s+conflict_policy\s+lets\s+this\s+delete\s+through`)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config("")},
			{
				PreConfig: func() {
					svcID, managedRouteID = env.idOf("casc-route", "services", "orders"), env.idOf("casc-route", "routes", "orders-managed")
					env.addOutOfBand("casc-route", routeID, konnect.Object{"name": "legacy", "paths": []any{"/legacy"}, "service": map[string]any{"id": svcID}}, "routes")
				},
				Config:      config(""),
				Destroy:     true,
				ExpectError: refused(),
			},
			{
				PreConfig: func() {
					env.holds("after the refused destroy", "casc-route", true, []string{"services", svcID}, []string{"routes", routeID})
					// refused at plan: the managed route, which the apply would delete first, stays too
					env.holds("after the destroy refused at plan", "casc-route", true, []string{"routes", managedRouteID})
				},
				// overwrite cannot let Konnect delete what it refuses to: the same diagnostic
				Config:      config("overwrite"),
				Destroy:     true,
				ExpectError: refused(),
			},
			{
				PreConfig: func() {
					env.holds("after the refused destroy under overwrite", "casc-route", true, []string{"services", svcID}, []string{"routes", routeID})
					env.remove(env.corePath("casc-route", "routes", routeID))
				},
				Config:  config(""),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.holds("after the destroy", "casc-route", false, []string{"services", svcID})
					return nil
				},
			},
		},
	})
}

// cpWithContents is a control plane this configuration manages, with a service and a
// partial in it.
func (e *konnectEnv) cpWithContents(policy string) string {
	return e.providerBlock(policy) + `
resource "konnect_gateway_control_plane" "cp" {
  name = "casc-cp"
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
}

resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shared-redis"
  type             = "redis-ce"
  config           = jsonencode({ host = "redis.internal" })
}
`
}

// The control plane is a parent too: Konnect deletes every gateway entity in it with it.
// A service, a consumer with a key-auth credential and an upstream with a target, someone
// created in Konnect: the destroy is refused under the default policy, at plan, naming all
// five, the grandchildren with their import ids through their parent, and counting them;
// the service and partial this
// configuration manages do not block, and stay; each of the control plane's collections is
// listed once per command, not once per object. Under overwrite the destroy goes through.
func TestAccCascadeParents_ControlPlane(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	legacyID, consumerID, keyID, upstreamID, targetID := uuid.NewString(), uuid.NewString(), uuid.NewString(), uuid.NewString(), uuid.NewString()
	var cpID, managedSvcID, partialID string
	put := func(collection, id string, body konnect.Object) {
		segments := strings.Split(collection, "/") // a nested collection: consumers/<id>/key-auth
		if _, _, err := env.client.PutEntity(context.Background(), konnect.CoreEntitiesPath(cpID, segments...), id, body, ""); err != nil {
			t.Fatalf("out-of-band create in %s: %v", collection, err)
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.cpWithContents("")},
			{
				PreConfig: func() {
					cpID = env.cpID("casc-cp")
					managedSvcID = env.get(konnect.CoreEntitiesPath(cpID, "services", "orders"))["id"].(string)
					partialID = env.only(konnect.CoreEntitiesPath(cpID, "partials"))["id"].(string)
					put("services", legacyID, konnect.Object{"name": "legacy", "host": "legacy.internal"})
					put("consumers", consumerID, konnect.Object{"username": "bob"})
					put("consumers/"+consumerID+"/key-auth", keyID, konnect.Object{"key": "bob-key-5f3a9c"})
					put("upstreams", upstreamID, konnect.Object{"name": "legacy.upstream"})
					put("upstreams/"+upstreamID+"/targets", targetID, konnect.Object{"target": "10.0.0.9:80"})
					env.resetRequests()
				},
				Config:  env.cpWithContents(""),
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does\s+not\s+manage.*` +
					regexp.QuoteMeta("konnect_gateway_control_plane (id ") + `.*has 5 objects in Konnect.*` +
					dependentLine("konnect_gateway_service", legacyID, "legacy") + `.*` +
					dependentLine("konnect_gateway_consumer", consumerID, "bob") + `.*` +
					dependentLine("konnect_gateway_upstream", upstreamID, "legacy.upstream") + `.*` +
					dependentLine("konnect_gateway_target", targetID, "10.0.0.9:80") + `.*` +
					dependentLine("konnect_gateway_key_auth", keyID, "") + `.*Nothing was deleted.*` +
					importBlock("konnect_gateway_service", "") + uuidPattern + "/" + legacyID + `.*` +
					importBlock("konnect_gateway_consumer", "") + uuidPattern + "/" + consumerID + `.*` +
					importBlock("konnect_gateway_upstream", "") + uuidPattern + "/" + upstreamID + `.*` +
					importBlock("konnect_gateway_target", "") + uuidPattern + "/" + upstreamID + "/" + targetID + `.*` +
					importBlock("konnect_gateway_key_auth", "") + uuidPattern + "/" + consumerID + "/" + keyID + `.*KONNECT_CONFLICT_POLICY=overwrite`),
			},
			{
				PreConfig: func() {
					var paths []string
					for _, d := range engine.ControlPlaneContents {
						if d.Above { // below the control plane's own path
							paths = append(paths, "/v2/control-planes/"+cpID+"/"+d.Collection)
							continue
						}
						paths = append(paths, konnect.CoreEntitiesPath(cpID, d.Collection))
					}
					(&cascadeEnv{konnectEnv: env}).wantOneListEach(paths...)
					if env.get("/v2/control-planes/"+cpID) == nil {
						t.Error("the refused destroy deleted the control plane")
					}
					for _, p := range []string{konnect.CoreEntitiesPath(cpID, "services", legacyID), konnect.CoreEntitiesPath(cpID, "consumers", consumerID),
						konnect.CoreEntitiesPath(cpID, "consumers", consumerID, "key-auth", keyID), konnect.CoreEntitiesPath(cpID, "upstreams", upstreamID, "targets", targetID)} {
						if env.get(p) == nil {
							t.Errorf("after the refused destroy, Konnect lacks %s", p)
						}
					}
					// what this configuration manages did not block (the plan destroys it first),
					// and, refused at plan, was not deleted either
					for _, p := range []string{konnect.CoreEntitiesPath(cpID, "services", managedSvcID), konnect.CoreEntitiesPath(cpID, "partials", partialID)} {
						if env.get(p) == nil {
							t.Errorf("after the destroy refused at plan, Konnect lacks the managed %s", p)
						}
					}
				},
				Config:  env.cpWithContents("overwrite"),
				Destroy: true,
				Check: func(*terraform.State) error {
					if env.controlPlaneByName("casc-cp") != nil {
						return fmt.Errorf("the control plane is still in Konnect after the destroy under overwrite")
					}
					return nil
				},
			},
		},
	})
}
