package cloudgateway_test

import (
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// dcgwConfig is a control plane, a network and, with cfg set, a configuration of the control
// plane on the network (cfg is what goes in its block besides its control plane and geo).
func dcgwConfig(env *acctest.Env, cfg string) string {
	out := env.ProviderBlock("") + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name          = "dcgw"
  cloud_gateway = true
}

resource "konnect_cloud_gateway_network" "net" {
  %s
}
`, fmt.Sprintf(networkBlock, `"dcgw-net"`))
	if cfg != "" {
		out += `
resource "konnect_cloud_gateway_configuration" "this" {
  control_plane_id  = konnect_gateway_control_plane.cp.id
  control_plane_geo = "us"
  ` + cfg + `
}
`
	}
	return out
}

const autopilotGroup = `dataplane_groups = [{
    provider                 = "aws"
    region                   = "us-east-2"
    cloud_gateway_network_id = konnect_cloud_gateway_network.net.id
    autoscale = {
      configuration_data_plane_group_autoscale_autopilot = { kind = "autopilot", base_rps = 100 }
    }
  }]`

func puts(env *acctest.Env) int {
	n := 0
	for _, r := range env.Requests() {
		if r == "PUT /v2/cloud-gateways/configurations" {
			n++
		}
	}
	return n
}

// TestAccConfigurationTeardown: the create waits for the data-plane group to be ready; an
// update that adds a group returns once Konnect reports both ready, and one that removes it
// once Konnect has torn it down (state holds the configuration as it then is); a
// plan that changes nothing Konnect holds (only timeouts) sends no PUT (Konnect would answer
// an identical one 409); the destroy tears the configuration down and waits: afterwards
// Konnect holds no configuration, and the network it ran on is deleted after it.
func TestAccConfigurationTeardown(t *testing.T) {
	env := provisioningEnv(t)
	var id string
	cfg := "version = \"3.10\"\n  " + autopilotGroup
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: dcgwConfig(env, cfg),
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources["konnect_cloud_gateway_configuration.this"].Primary.ID
					got := env.Get("/v2/cloud-gateways/configurations/" + id)
					groups, _ := got["dataplane_groups"].([]any)
					if len(groups) != 1 || groups[0].(map[string]any)["state"] != "ready" {
						return fmt.Errorf("the create returned before the data-plane group was ready: %v", groups)
					}
					return nil
				},
			},
			{
				// A second group, then without it again: the plan after the apply is empty
				// while Konnect still tears that group down.
				Config: dcgwConfig(env, strings.Replace(cfg, "  }]", `  }, {
    provider                 = "aws"
    region                   = "eu-west-1"
    cloud_gateway_network_id = konnect_cloud_gateway_network.net.id
    autoscale = {
      configuration_data_plane_group_autoscale_static = { kind = "static", instance_type = "small", requested_instances = 2 }
    }
  }]`, 1)),
				Check: readyAgain(env, &id, map[string]string{"us-east-2": "ready", "eu-west-1": "ready"}),
			},
			{
				Config: dcgwConfig(env, cfg),
				Check: func(s *terraform.State) error {
					if err := readyAgain(env, &id, map[string]string{"us-east-2": "ready"})(s); err != nil {
						return err
					}
					env.ResetRequests()
					return nil
				},
			},
			{
				Config: dcgwConfig(env, cfg+"\n  timeouts = { create = \"2h\" }"),
				Check: func(*terraform.State) error {
					if n := puts(env); n != 0 {
						return fmt.Errorf("a plan that changes nothing in Konnect sent %d PUTs", n)
					}
					return nil
				},
			},
		},
		CheckDestroy: func(*terraform.State) error {
			var out konnect.Object
			_, err := env.Client.Do(t.Context(), "GET", "/v2/cloud-gateways/configurations/"+id, nil, nil, &out)
			if !konnect.IsNotFound(err) {
				return fmt.Errorf("after the destroy Konnect still holds the configuration: %v %v", out, err)
			}
			if ids := env.Mock.CloudGateways().Networks(); len(ids) > 0 {
				if st, _ := env.Mock.CloudGateways().NetworkState(ids[0]); st != "terminated" {
					return fmt.Errorf("the network is %s after the destroy", st)
				}
			}
			return nil
		},
	})
}

// readyAgain checks that an update returned only once Konnect held exactly the groups want
// (region: state) besides groups torn down (terminated, which Konnect drops a while later),
// and that state holds the configuration as Konnect then did (its entity_version, which
// each group's provisioning moves).
func readyAgain(env *acctest.Env, id *string, want map[string]string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		got := env.Mock.CloudGateways().Groups(*id)
		maps.DeleteFunc(got, func(_, state string) bool { return state == "terminated" })
		if !maps.Equal(got, want) {
			return fmt.Errorf("the apply returned while Konnect's data-plane groups were %v, want %v", got, want)
		}
		obj := env.Get("/v2/cloud-gateways/configurations/" + *id)
		if v, inState := fmt.Sprint(obj["entity_version"]), s.RootModule().Resources["konnect_cloud_gateway_configuration.this"].Primary.Attributes["entity_version"]; v != inState {
			return fmt.Errorf("state holds entity_version %s, Konnect %s: state is not the configuration as it ended", inState, v)
		}
		return nil
	}
}

// TestAccNetworkReferencedRefusesDelete: someone runs a configuration on the network in
// Konnect; the destroy of the network is refused before any write, naming the configuration
// and its import block (Konnect would answer 400), under any policy; once that configuration
// is torn down, the destroy goes through.
func TestAccNetworkReferencedRefusesDelete(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	var cfgID, cpID string
	put := func(groups []any) {
		t.Helper()
		var out konnect.Object
		if _, err := env.Client.Do(t.Context(), "PUT", "/v2/cloud-gateways/configurations", nil, konnect.Object{"control_plane_id": cpID,
			"control_plane_geo": "us", "version": "3.10", "dataplane_groups": groups}, &out); err != nil {
			t.Fatal(err)
		}
		cfgID = out["id"].(string)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: dcgwConfig(env, ""),
				Check: func(s *terraform.State) error {
					cpID = s.RootModule().Resources["konnect_gateway_control_plane.cp"].Primary.ID
					netID := s.RootModule().Resources["konnect_cloud_gateway_network.net"].Primary.ID
					put([]any{map[string]any{"provider": "aws", "region": "us-east-2", "cloud_gateway_network_id": netID,
						"autoscale": map[string]any{"kind": "autopilot", "base_rps": 100}}})
					env.ResetRequests()
					return nil
				},
			},
			{
				Config:  strings.Replace(dcgwConfig(env, ""), "provider \"konnect\" {", "provider \"konnect\" {\n  conflict_policy = \"overwrite\"", 1),
				Destroy: true,
				ExpectError: regexp.MustCompile(`(?s)konnect_cloud_gateway_network \(id [0-9a-f-]{36}\).*konnect_cloud_gateway_configuration.*` +
					`to\s+=\s+konnect_cloud_gateway_configuration\.\S+\s+id\s+=\s+"[0-9a-f-]{36}"`),
			},
			{
				PreConfig: func() {
					if env.Get("/v2/cloud-gateways/configurations/"+cfgID) == nil {
						t.Errorf("someone's configuration %s is gone after the refused destroy", cfgID)
					}
					for _, r := range env.Requests() {
						if strings.HasPrefix(r, "DELETE /v2/cloud-gateways/networks/") {
							t.Errorf("the refused destroy sent %s", r)
						}
					}
					put([]any{}) // someone tears their configuration down
				},
				Config:   dcgwConfig(env, ""),
				PlanOnly: true,
			},
		},
	})
}

// TestAccConfigurationKindRules: a dedicated.v0 configuration without a version or a
// group's network and autoscale, and a serverless.v1 one with a version, are refused at
// plan, on their attributes, before anything reaches Konnect.
func TestAccConfigurationKindRules(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	serverlessGroup := `dataplane_groups = [{ provider = "aws", region = "us-east-2" }]`
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      dcgwConfig(env, autopilotGroup),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Missing a gateway version \(.version.\) for a dedicated.v0 configuration`),
			},
			{
				Config:      dcgwConfig(env, "version = \"3.10\"\n  "+serverlessGroup),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Missing dataplane_groups\[0\].cloud_gateway_network_id for a dedicated.v0.*Missing dataplane_groups\[0\].autoscale for a dedicated.v0`),
			},
			{
				Config:      dcgwConfig(env, "kind = \"serverless.v1\"\n  version = \"3.10\"\n  "+serverlessGroup),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)A serverless.v1 configuration takes no .version.`),
			},
		},
	})
}
