package cloudgateway_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/cloudgateway"
)

// provisioningEnv is a mock whose networks take 8 seconds of its clock to provision and
// to tear down, a second passing at each reading of the clock: each wait sees several
// polls of `initializing` or `terminating` first.
func provisioningEnv(t *testing.T) *acctest.Env {
	return acctest.NewEnv(t, konnectmock.Options{Now: tickingClock(), CloudGateways: cloudgateway.Options{ProvisioningTime: 8 * time.Second}})
}

func networkConfig(env *acctest.Env, name string) string {
	return env.ProviderBlock("") + fmt.Sprintf("\nresource \"konnect_cloud_gateway_network\" \"this\" {\n  %s\n}\n", fmt.Sprintf(networkBlock, `"`+name+`"`))
}

// reads counts the GETs of a network since the last ResetRequests.
func reads(env *acctest.Env, id string) int {
	n := 0
	for _, r := range env.Requests() {
		if r == "GET /v2/cloud-gateways/networks/"+id {
			n++
		}
	}
	return n
}

// TestAccNetworkCreateAndDestroyWait: the create returns once Konnect reports the network
// ready (state holds the ready network: its VPC, its second entity_version), after polling
// it while it initialized; the destroy returns once Konnect reports it terminated, never
// while it is still terminating.
func TestAccNetworkCreateAndDestroyWait(t *testing.T) {
	env := provisioningEnv(t)
	var id string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			PreConfig: env.ResetRequests,
			Config:    networkConfig(env, "waits"),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("konnect_cloud_gateway_network.this", tfjsonpath.New("entity_version"), knownvalue.Int64Exact(2)),
				statecheck.ExpectKnownValue("konnect_cloud_gateway_network.this", tfjsonpath.New("provider_metadata").AtMapKey("vpc_id"), knownvalue.StringRegexp(regexp.MustCompile(`^vpc-`))),
			},
			Check: func(s *terraform.State) error {
				id = s.RootModule().Resources["konnect_cloud_gateway_network.this"].Primary.ID
				if st, _ := env.Mock.CloudGateways().NetworkState(id); st != "ready" {
					return fmt.Errorf("the create returned while Konnect reported the network %s", st)
				}
				if n := reads(env, id); n < 3 {
					return fmt.Errorf("the create read the network %d times: it did not wait for it to provision", n)
				}
				env.ResetRequests()
				return nil
			},
		}},
		CheckDestroy: func(*terraform.State) error {
			if st, _ := env.Mock.CloudGateways().NetworkState(id); st != "terminated" && st != "" {
				return fmt.Errorf("the destroy returned while Konnect reported the network %s", st)
			}
			if n := reads(env, id); n < 3 {
				return fmt.Errorf("the destroy read the network %d times after its delete: it did not wait", n)
			}
			return nil
		},
	})
}

// TestAccNetworkProvisioningFails: Konnect's provisioning of the network fails; the apply
// fails naming the network and Konnect's reason, and the network is in state, tainted: the
// next apply replaces it (the failed one is torn down in Konnect, nothing is orphaned).
func TestAccNetworkProvisioningFails(t *testing.T) {
	env := provisioningEnv(t)
	const reason = "insufficient capacity in use2-az1"
	var failed string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				PreConfig:   func() { env.Mock.CloudGateways().FailNextProvisioning(reason) },
				Config:      networkConfig(env, "fails"),
				ExpectError: regexp.MustCompile(`(?s)Konnect could not provision konnect_cloud_gateway_network.*konnect_cloud_gateway_network \(id [0-9a-f-]{36}\).*state\s+"error",\s+reason:\s+` + strings.ReplaceAll(reason, " ", `\s+`) + `.*marked\s+tainted`),
			},
			{
				PreConfig: func() {
					ids := env.Mock.CloudGateways().Networks()
					if len(ids) != 1 {
						t.Fatalf("Konnect holds %d networks, want the failed one", len(ids))
					}
					failed = ids[0]
				},
				Config: networkConfig(env, "fails"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_cloud_gateway_network.this", plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: func(s *terraform.State) error {
					if st, _ := env.Mock.CloudGateways().NetworkState(failed); st != "terminated" && st != "" {
						return fmt.Errorf("the replaced network %s is %s in Konnect", failed, st)
					}
					now := s.RootModule().Resources["konnect_cloud_gateway_network.this"].Primary.ID
					if st, _ := env.Mock.CloudGateways().NetworkState(now); now == failed || st != "ready" {
						return fmt.Errorf("the replacement %s is %s", now, st)
					}
					return nil
				},
			},
		},
	})
}

// TestAccNetworkBadInput: CIDR blocks that are not CIDRs and timeouts that are not
// durations are refused at plan, on their attribute, before anything reaches Konnect; so are
// a region, a zone or a CIDR block that Konnect does not offer the provider account's cloud
// provider (availability.json: a block outside the region's or overlapping a reserved one),
// and a provider account the organization does not have.
func TestAccNetworkBadInput(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	bad := func(from, to string) string {
		return strings.Replace(networkConfig(env, "bad"), from, to, 1)
	}
	account := cloudgateway.SeededProviderAccount("aws")
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:      bad(`"10.0.0.0/16"`, `"10.0.0.0/33"`),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid CIDR block.*cidr_block.*"10.0.0.0/33" is not a CIDR block`),
			},
			{
				Config:      bad(`"10.0.0.0/16"`, `"10.0.0.1/16"`),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid CIDR block.*host bits set: the block it names is "10.0.0.0/16"`),
			},
			{
				Config:      bad(`cidr_block`, "timeouts = { create = \"soon\" }\n  cidr_block"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Invalid duration.*"soon" is not a duration above zero`),
			},
			// What Konnect offers the account's provider (availability.json), at plan: Konnect
			// would refuse each at apply.
			{
				Config:      bad(`"us-east-2"`, `"us-east-9"`),
				PlanOnly:    true,
				ExpectError: acctest.Both("Unknown region", `Konnect offers no region "us-east-9" for the aws provider account `+account+`. Regions offered: "us-east-2", "eu-west-1".`),
			},
			{
				Config:      bad(`"use2-az2"`, `"euw1-az2"`),
				PlanOnly:    true,
				ExpectError: acctest.Both("Unknown availability zone", `Konnect offers no availability zone "euw1-az2" in aws region us-east-2. Zones offered there: "use2-az1", "use2-az2", "use2-az3".`),
			},
			{
				Config:      bad(`"10.0.0.0/16"`, `"10.100.0.0/20"`),
				PlanOnly:    true,
				ExpectError: acctest.Both("CIDR block not allowed in this region", "Konnect refuses a network's CIDR block in aws region us-east-2 that overlaps 10.100.0.0/16, which it reserves."),
			},
			{
				Config:      bad(`"10.0.0.0/16"`, `"11.0.0.0/16"`),
				PlanOnly:    true,
				ExpectError: acctest.Both("CIDR block not allowed in this region", "that lies outside the blocks it supports (10.0.0.0/8, 100.64.0.0/10, 172.16.0.0/12, 192.168.0.0/16, 198.18.0.0/15)."),
			},
			{
				Config:      bad(account, "0b7e1d5c-6f3a-4c2e-9d8b-1a2b3c4d5e6f"),
				PlanOnly:    true,
				ExpectError: acctest.Both("Unknown provider account", "The organization has no cloud provider account 0b7e1d5c-6f3a-4c2e-9d8b-1a2b3c4d5e6f"),
			},
		},
		CheckDestroy: func(*terraform.State) error {
			if ids := env.Mock.CloudGateways().Networks(); len(ids) != 0 {
				return fmt.Errorf("a refused plan created networks: %v", ids)
			}
			return nil
		},
	})
}

// TestAccNetworkProvisioningIsNoDrift: a network someone created in Konnect is adopted
// with an import block while it still initializes, and a rename is planned; Konnect then
// finishes provisioning it (its state and entity_version move) before the saved plan is
// applied. Neither the import's plan nor the refresh shows a change, and the saved plan is
// not stale: provisioning is no change of the network's own.
func TestAccNetworkProvisioningIsNoDrift(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock(), CloudGateways: cloudgateway.Options{ProvisioningTime: time.Hour}})
	var id, path string
	adopt := func(name string) string {
		return networkConfig(env, name) + fmt.Sprintf("\nimport {\n  to = konnect_cloud_gateway_network.this\n  id = %q\n}\n", id)
	}
	// provision moves the clock on by reading the network until Konnect reports it ready.
	provision := func() { untilReady(t, env, path) } // acc_addon_test.go
	var out map[string]any
	if _, err := env.Client.Do(t.Context(), "POST", "/v2/cloud-gateways/networks", nil, map[string]any{"name": "adopted",
		"cloud_gateway_provider_account_id": cloudgateway.SeededProviderAccount("aws"), "region": "us-east-2",
		"availability_zones": []any{"use2-az1", "use2-az2"}, "cidr_block": "10.0.0.0/16"}, &out); err != nil {
		t.Fatal(err)
	}
	id, path = out["id"].(string), "/v2/cloud-gateways/networks/"+out["id"].(string)
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: adopt("adopted"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_cloud_gateway_network.this", plancheck.ResourceActionNoop),
				}},
				Check: func(*terraform.State) error {
					if st := env.Get(path)["state"]; st != "initializing" {
						return fmt.Errorf("the network is %v: this test needs it still initializing", st)
					}
					return nil
				},
			},
			{
				// A saved plan, then Konnect finishes provisioning: the apply writes the rename.
				Config: adopt("renamed"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_cloud_gateway_network.this", plancheck.ResourceActionUpdate),
					acctest.OutOfBand(provision),
				}},
				Check: func(*terraform.State) error {
					if got := env.Get(path); got["name"] != "renamed" || got["state"] != "ready" {
						return fmt.Errorf("Konnect holds %v (%v), want renamed and ready", got["name"], got["state"])
					}
					return nil
				},
			},
			{
				// The teardown need not wait an hour of the mock's clock.
				PreConfig: func() { env.Mock.CloudGateways().SetProvisioningTime(0) },
				Config:    adopt("renamed"),
				PlanOnly:  true,
			},
		},
	})
}

// TestAccProvisioningProgressInLog runs the CLI as a user would, with TF_LOG_PROVIDER=INFO:
// the log of a network's create shows each state Konnect reported while the apply waited,
// initializing then ready, with the network's id and the time waited so far; the destroy's
// log shows its wait through terminating until the network is gone. The personal access
// token is nowhere in the log or the CLI's output.
func TestAccProvisioningProgressInLog(t *testing.T) {
	t.Parallel()
	env := provisioningEnv(t)
	cli := acctest.NewCLIRun(t)
	cli.Write(acctest.CLIRequiredProviders + networkConfig(env, "logged"))
	logPath := filepath.Join(t.TempDir(), "provider.log")
	run := func(args ...string) []string {
		t.Helper()
		_ = os.Remove(logPath)
		out, code := cli.Run([]string{"TF_LOG_PROVIDER=INFO", "TF_LOG_PATH=" + logPath}, append(args, "-auto-approve", "-input=false", "-no-color")...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", args[0], code, out)
		}
		raw, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		if found := acctest.SecretShown(out+string(raw), []string{acctest.TestToken}); found != "" {
			t.Errorf("%s: the output or the log shows the access token", args[0])
		}
		var lines []string
		for _, l := range strings.Split(string(raw), "\n") {
			if strings.Contains(l, "konnect provisioning") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	// states are the successive states the lines show for id and operation op, each line
	// checked for the time waited.
	states := func(lines []string, id, op string) []string {
		t.Helper()
		var seen []string
		for _, l := range lines {
			if !strings.Contains(l, "id="+id) || !strings.Contains(l, "operation="+op) {
				t.Errorf("a progress line of the %s names another object or operation: %s", op, l)
				continue
			}
			if !regexp.MustCompile(`elapsed=[0-9][0-9hms.]*s\b`).MatchString(l) {
				t.Errorf("a progress line of the %s shows no time waited: %s", op, l)
			}
			st := regexp.MustCompile(`state=([a-z-]+)`).FindStringSubmatch(l)
			if st == nil {
				t.Errorf("a progress line of the %s shows no state: %s", op, l)
				continue
			}
			if len(seen) == 0 || seen[len(seen)-1] != st[1] {
				seen = append(seen, st[1])
			}
		}
		return seen
	}
	created := run("apply")
	ids := env.Mock.CloudGateways().Networks()
	if len(ids) != 1 {
		t.Fatalf("Konnect holds %d networks after the create, want 1", len(ids))
	}
	if got := states(created, ids[0], "create"); !slices.Equal(got, []string{"initializing", "ready"}) {
		t.Errorf("the create's log shows the states %v, want initializing then ready:\n%s", got, strings.Join(created, "\n"))
	}
	destroyed := run("destroy")
	if got := states(destroyed, ids[0], "delete"); len(got) < 2 || got[0] != "terminating" || got[len(got)-1] != "gone" && got[len(got)-1] != "terminated" {
		t.Errorf("the destroy's log shows the states %v, want terminating until gone:\n%s", got, strings.Join(destroyed, "\n"))
	}
}
