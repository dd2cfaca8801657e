package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The cascade guard with a real CLI: Konnect deletes a service's plugins, a consumer's
// credentials, an upstream's targets (…) together with them. Objects that this
// configuration manages are deleted by Terraform first; anything still there when the
// parent's delete comes was created outside it, and is not deleted silently.
//
// The control planes are created by the test, outside the configuration, so that
// destroying the configuration never deletes a control plane: what Konnect holds
// afterwards is what the parent's delete left.

// cascadeEnv is a mock with control planes that the configuration does not manage.
type cascadeEnv struct {
	*konnectEnv
	cps map[string]string // name -> id
}

func newCascadeEnv(t *testing.T, cpNames ...string) *cascadeEnv {
	t.Helper()
	e := &cascadeEnv{konnectEnv: newKonnectEnv(t, konnectmock.Options{}), cps: map[string]string{}}
	for _, name := range cpNames {
		cp, _, err := e.client.CreateControlPlane(context.Background(), konnect.Object{"name": name})
		if err != nil {
			t.Fatal(err)
		}
		e.cps[name] = cp["id"].(string)
	}
	return e
}

// serviceAndConsumer declares the service orders and the consumer alice in control plane
// cp; extra is appended.
func (e *cascadeEnv) serviceAndConsumer(policy, cp, extra string) string {
	return e.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_service" "orders" {
  control_plane_id = %q
  name             = "orders"
  host             = "orders.internal"
}

resource "konnect_gateway_consumer" "alice" {
  control_plane_id = %q
  username         = "alice"
}
`, e.cps[cp], e.cps[cp]) + extra
}

// idOf is the id of a core entity that Konnect holds, by name.
func (e *cascadeEnv) idOf(cp string, segments ...string) string {
	e.t.Helper()
	obj := e.get(e.corePath(cp, segments...))
	if obj == nil {
		e.t.Fatalf("%v not in Konnect", segments)
	}
	return obj["id"].(string)
}

// addOutOfBand creates an object below a parent the way someone in the UI would, with an
// id chosen by the test (PUT …/{id}) so that the expected diagnostic can name it up front.
func (e *cascadeEnv) addOutOfBand(cp, id string, body konnect.Object, segments ...string) {
	e.t.Helper()
	if _, _, err := e.client.PutEntity(context.Background(), konnect.CoreEntitiesPath(e.cps[cp], segments...), id, body, ""); err != nil {
		e.t.Fatalf("out-of-band create in %v: %v", segments, err)
	}
}

// holds fails the test unless Konnect holds (want true) or lacks each object.
func (e *cascadeEnv) holds(what string, cp string, want bool, objects ...[]string) {
	e.t.Helper()
	for _, segs := range objects {
		if got := e.get(e.corePath(cp, segs...)) != nil; got != want {
			e.t.Errorf("%s: Konnect holds %v = %v, want %v", what, segs, got, want)
		}
	}
}

// wantOneListEach counts, per path, the GETs of the given collection paths since the last
// resetRequests, and fails unless each was listed once per command that ran the guard, not
// once per parent: a destroy step runs two destroy plans (the cascade guard at plan) and an
// apply, so at most three.
func (e *cascadeEnv) wantOneListEach(paths ...string) {
	e.t.Helper()
	count := map[string]int{}
	for _, r := range e.requests() {
		count[r]++
	}
	for _, p := range paths {
		if n := count["GET "+p]; n < 1 || n > 3 {
			e.t.Errorf("GET %s: %d calls, want 1 to 3 (one listing per dependent collection per control plane per command: two plans and an apply)", p, n)
		}
	}
}

// consumerCollections are the control plane's listings of what Konnect deletes with a
// consumer; plugins is also what it deletes with a service.
var consumerCollections = []string{"plugins", "key-auths", "basic-auths", "acls", "jwts", "hmac-auths"}

// guardListings are the listings the cascade guard makes for a destroy of a service and a
// consumer: each control-plane-wide collection once for the whole apply
// (cascade_snapshot.go), no longer one per parent (the service's and the consumer's
// plugins come from the same listing).
func (e *cascadeEnv) guardListings(cp, _, _ string) []string {
	var paths []string
	for _, c := range consumerCollections {
		paths = append(paths, konnect.CoreEntitiesPath(e.cps[cp], c))
	}
	return paths
}

// cascadeDiag matches the refusal of a delete naming the given dependents, in any order.
func cascadeDiag(dependents ...string) *regexp.Regexp {
	var parts []string
	for _, d := range dependents {
		parts = append(parts, `(?s).*`+d)
	}
	// Go's regexp has no lookahead: every order of two dependents is spelled out.
	alt := strings.Join(parts, "")
	if len(parts) == 2 {
		alt = "(?:" + alt + "|" + parts[1] + parts[0] + ")"
	}
	return regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does\s+not\s+manage` + alt +
		`.*Nothing was deleted.*KONNECT_CONFLICT_POLICY=overwrite`)
}

func dependentLine(typeName, id, name string) string {
	s := regexp.QuoteMeta(typeName) + `\s+id ` + id + `\s+`
	if name != "" {
		s += regexp.QuoteMeta(fmt.Sprintf("name %q", name)) + `\s+`
	}
	return s + `created_at \d{4}-\d\d-\d\dT`
}

// (a) Someone adds a plugin to a managed service and a key-auth credential to a managed
// consumer. Destroy is refused under the default policy, names both, and deletes nothing.
func TestAccCascade_DestroyRefused(t *testing.T) {
	env := newCascadeEnv(t, "casc-a")
	pluginID, keyID := uuid.NewString(), uuid.NewString()
	var svcID, consumerID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceAndConsumer("", "casc-a", "")},
			{
				PreConfig: func() {
					svcID, consumerID = env.idOf("casc-a", "services", "orders"), env.idOf("casc-a", "consumers", "alice")
					env.addOutOfBand("casc-a", pluginID, konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 5}}, "services", svcID, "plugins")
					env.addOutOfBand("casc-a", keyID, konnect.Object{"key": "oob-secret-key-0123456789"}, "consumers", consumerID, "key-auth")
					env.resetRequests()
				},
				Config:  env.serviceAndConsumer("", "casc-a", ""),
				Destroy: true,
				ExpectError: cascadeDiag(dependentLine("konnect_gateway_plugin", pluginID, "rate-limiting"),
					dependentLine("konnect_gateway_key_auth", keyID, "")),
			},
			{
				PreConfig: func() {
					env.wantOneListEach(env.guardListings("casc-a", svcID, consumerID)...)
					env.holds("after the refused destroy", "casc-a", true,
						[]string{"services", svcID}, []string{"consumers", consumerID},
						[]string{"plugins", pluginID}, []string{"consumers", consumerID, "key-auth", keyID})
				},
				// The user decides Konnect may delete them: the same destroy goes through.
				Config:           env.serviceAndConsumer("overwrite", "casc-a", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:  env.serviceAndConsumer("overwrite", "casc-a", ""),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.holds("after the destroy under overwrite", "casc-a", false,
						[]string{"services", svcID}, []string{"consumers", consumerID}, []string{"plugins", pluginID}, []string{"key-auths", keyID})
					return nil
				},
			},
		},
	})
}

// (b) The same under conflict_policy "warn": the destroy goes through (with a warning,
// asserted through the protocol in TestProtocolCascadePolicies), and Konnect's cascade
// removes the plugin and the key-auth with their parents. The control plane is not in the
// configuration, so nothing else deleted them.
func TestAccCascade_DestroyWarn(t *testing.T) {
	env := newCascadeEnv(t, "casc-b")
	pluginID, keyID := uuid.NewString(), uuid.NewString()
	var svcID, consumerID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceAndConsumer("warn", "casc-b", "")},
			{
				PreConfig: func() {
					svcID, consumerID = env.idOf("casc-b", "services", "orders"), env.idOf("casc-b", "consumers", "alice")
					env.addOutOfBand("casc-b", pluginID, konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 5}}, "services", svcID, "plugins")
					env.addOutOfBand("casc-b", keyID, konnect.Object{"key": "oob-secret-key-0123456789"}, "consumers", consumerID, "key-auth")
					env.resetRequests()
				},
				Config:  env.serviceAndConsumer("warn", "casc-b", ""),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.wantOneListEach(env.guardListings("casc-b", svcID, consumerID)...)
					env.holds("after the destroy under warn", "casc-b", false,
						[]string{"services", svcID}, []string{"consumers", consumerID}, []string{"plugins", pluginID}, []string{"key-auths", keyID})
					return nil
				},
			},
		},
	})
}

// (c) A replacement deletes the old object first, with the same Delete call: moving the
// service to another control plane is refused while an out-of-band plugin hangs on it,
// and nothing is created in the new control plane.
func TestAccCascade_ReplaceRefused(t *testing.T) {
	env := newCascadeEnv(t, "casc-c1", "casc-c2")
	pluginID := uuid.NewString()
	var svcID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceAndConsumer("", "casc-c1", "")},
			{
				PreConfig: func() {
					svcID = env.idOf("casc-c1", "services", "orders")
					env.addOutOfBand("casc-c1", pluginID, konnect.Object{"name": "rate-limiting", "config": map[string]any{"minute": 5}}, "services", svcID, "plugins")
				},
				Config: env.serviceAndConsumer("", "casc-c2", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ExpectError: cascadeDiag(dependentLine("konnect_gateway_plugin", pluginID, "rate-limiting")),
			},
			{
				PreConfig: func() {
					env.holds("after the refused replacement", "casc-c1", true, []string{"services", svcID}, []string{"plugins", pluginID})
					env.holds("after the refused replacement", "casc-c2", false, []string{"services", "orders"})
				},
				// Under overwrite the replacement goes through; Konnect deletes the plugin with
				// the old service.
				Config: env.serviceAndConsumer("overwrite", "casc-c2", ""),
				Check: func(*terraform.State) error {
					env.holds("after the replacement under overwrite", "casc-c1", false, []string{"services", svcID}, []string{"plugins", pluginID})
					env.holds("after the replacement under overwrite", "casc-c2", true, []string{"services", "orders"})
					return nil
				},
			},
		},
	})
}

// (d) Children that the configuration manages never trip the guard: Terraform deletes
// them before their parent, so the parent's listings come back empty and the destroy
// succeeds under the default policy.
func TestAccCascade_ManagedChildrenDeletedFirst(t *testing.T) {
	env := newCascadeEnv(t, "casc-d")
	children := `
resource "konnect_gateway_plugin" "limit" {
  control_plane_id = konnect_gateway_service.orders.control_plane_id
  name             = "rate-limiting"
  service          = { id = konnect_gateway_service.orders.id }
  config           = jsonencode({ minute = 5 })
}

resource "konnect_gateway_key_auth" "alice" {
  control_plane_id = konnect_gateway_consumer.alice.control_plane_id
  consumer_id      = konnect_gateway_consumer.alice.id
}
`
	var svcID, consumerID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceAndConsumer("", "casc-d", children)},
			{
				PreConfig: func() {
					svcID, consumerID = env.idOf("casc-d", "services", "orders"), env.idOf("casc-d", "consumers", "alice")
					env.resetRequests()
				},
				Config:  env.serviceAndConsumer("", "casc-d", children),
				Destroy: true,
				Check: func(*terraform.State) error {
					env.wantOneListEach(env.guardListings("casc-d", svcID, consumerID)...)
					env.holds("after the destroy", "casc-d", false, []string{"services", svcID}, []string{"consumers", consumerID})
					return nil
				},
			},
		},
	})
}

// (e) An upstream with a target added in Konnect: its destroy is refused and names the
// target by its address.
func TestAccCascade_UpstreamTarget(t *testing.T) {
	env := newCascadeEnv(t, "casc-e")
	targetID := uuid.NewString()
	cfg := func(policy string) string {
		return env.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_upstream" "u" {
  control_plane_id = %q
  name             = "orders.upstream"
}
`, env.cps["casc-e"])
	}
	var upstreamID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: cfg("")},
			{
				PreConfig: func() {
					upstreamID = env.idOf("casc-e", "upstreams", "orders.upstream")
					env.addOutOfBand("casc-e", targetID, konnect.Object{"target": "10.0.0.7:8080"}, "upstreams", upstreamID, "targets")
					env.resetRequests()
				},
				Config:      cfg(""),
				Destroy:     true,
				ExpectError: cascadeDiag(dependentLine("konnect_gateway_target", targetID, "10.0.0.7:8080")),
			},
			{
				PreConfig: func() {
					env.wantOneListEach(konnect.CoreEntitiesPath(env.cps["casc-e"], "upstreams", upstreamID, "targets"))
					env.holds("after the refused destroy", "casc-e", true, []string{"upstreams", upstreamID}, []string{"upstreams", upstreamID, "targets", targetID})
				},
				Config: cfg("overwrite"),
			},
		},
	})
}
