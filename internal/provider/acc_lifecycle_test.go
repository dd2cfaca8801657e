package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

func (e *konnectEnv) lifecycleConfig(description string, readTimeout int) string {
	return e.providerBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name        = "lifecycle"
  description = %q
  labels      = { team = "payments" }
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
  read_timeout     = %d
  tags             = ["b", "a"]
}
`, description, readTimeout)
}

// Create, update in place, import in both id formats, an empty second plan, and destroy.
func TestAccLifecycle(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	sameID := statecheck.CompareValue(compare.ValuesSame())
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if env.controlPlaneByName("lifecycle") != nil {
				return fmt.Errorf("control plane still in Konnect after destroy")
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: env.lifecycleConfig("first", 60000),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionCreate),
					plancheck.ExpectUnknownValue("konnect_gateway_service.orders", tfjsonpath.New("revision")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue("konnect_gateway_service.orders", tfjsonpath.New("id")),
					statecheck.ExpectKnownValue("konnect_gateway_service.orders", tfjsonpath.New("port"), knownvalue.Int64Exact(80)),
					statecheck.ExpectKnownValue("konnect_gateway_service.orders", tfjsonpath.New("retries"), knownvalue.Int64Exact(5)),
					statecheck.ExpectKnownValue("konnect_gateway_service.orders", tfjsonpath.New("protocol"), knownvalue.StringExact("http")),
					statecheck.ExpectKnownValue("konnect_gateway_service.orders", tfjsonpath.New("revision"), knownvalue.StringRegexp(regexp.MustCompile(`^sha256:[0-9a-f]{64}$`))),
					statecheck.ExpectKnownValue("konnect_gateway_control_plane.cp", tfjsonpath.New("cluster_type"), knownvalue.StringExact("CLUSTER_TYPE_CONTROL_PLANE")),
					statecheck.ExpectKnownValue("konnect_gateway_control_plane.cp", tfjsonpath.New("config").AtMapKey("control_plane_endpoint"), knownvalue.StringRegexp(regexp.MustCompile(`^https://`))),
				},
				Check: func(*terraform.State) error {
					wantField(t, "service orders", env.get(env.corePath("lifecycle", "services", "orders")), "read_timeout", 60000)
					return nil
				},
			},
			{
				Config: env.lifecycleConfig("second", 120000),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("konnect_gateway_control_plane.cp", plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue("konnect_gateway_service.orders", tfjsonpath.New("id")),
					statecheck.ExpectKnownValue("konnect_gateway_service.orders", tfjsonpath.New("read_timeout"), knownvalue.Int64Exact(120000)),
				},
				Check: func(*terraform.State) error {
					wantField(t, "service orders", env.get(env.corePath("lifecycle", "services", "orders")), "read_timeout", 120000)
					wantField(t, "control plane", env.controlPlaneByName("lifecycle"), "description", "second")
					return nil
				},
			},
			// (The same configuration again plans nothing: terraform-plugin-testing fails an
			// applied step whose next plans, refreshed or not, are not empty.)
			{
				ResourceName:      "konnect_gateway_service.orders",
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					rs := s.RootModule().Resources["konnect_gateway_service.orders"]
					return rs.Primary.Attributes["control_plane_id"] + "/" + rs.Primary.ID, nil
				},
			},
			{
				// By name, in the provider's own format.
				ResourceName:      "konnect_gateway_service.orders",
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return s.RootModule().Resources["konnect_gateway_service.orders"].Primary.Attributes["control_plane_id"] + "/orders", nil
				},
			},
			{
				// Kong's official provider format.
				ResourceName:      "konnect_gateway_service.orders",
				ImportState:       true,
				ImportStateVerify: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					rs := s.RootModule().Resources["konnect_gateway_service.orders"]
					return fmt.Sprintf(`{"control_plane_id":%q,"id":%q}`, rs.Primary.Attributes["control_plane_id"], rs.Primary.ID), nil
				},
			},
			{
				ResourceName:      "konnect_gateway_control_plane.cp",
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				ResourceName:  "konnect_gateway_service.orders",
				ImportState:   true,
				ImportStateId: "not-a-valid-id",
				ExpectError:   regexp.MustCompile(`import id "not-a-valid-id" has 1 part\(s\); expected`),
			},
		},
	})
}

// Bad input fails at plan time, naming the attribute, before anything reaches Konnect.
func TestAccValidation(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.providerBlock("") + `
resource "konnect_gateway_service" "bad" {
  control_plane_id = "5b1c2d3e-0000-4000-8000-000000000001"
  host             = "x.internal"
  port             = 70000
}`,
				ExpectError: regexp.MustCompile(`(?s)Attribute port value must be between 0 and 65535`),
			},
			{
				Config:      env.providerBlock("sometimes") + `resource "konnect_gateway_control_plane" "cp" { name = "cp" }`,
				ExpectError: regexp.MustCompile(`(?s)conflict_policy.*value must be one of.*"fail".*"warn".*"overwrite"`),
			},
			{
				Config:      env.providerBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "x" }`,
				ExpectError: regexp.MustCompile(`(?s)Attribute name string length must be between 2 and 256`),
			},
		},
	})
	if n := len(env.mock.Counts()); n != 0 {
		t.Errorf("invalid configuration reached Konnect: %v", env.mock.Counts())
	}
}
