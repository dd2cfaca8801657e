package provider

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The eight guard scenarios for control planes: Konnect creates them with POST and changes
// them with PATCH, and their updated_at is RFC 3339, so they take other paths than
// gateway entities through the same engine.

func (e *konnectEnv) cpConfig(policy, name, description string) string {
	return e.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name        = %q
  description = %q
  labels      = { team = "platform" }
}
`, name, description)
}

var (
	cpStaleDiag = regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*konnect_gateway_control_plane \(id [0-9a-f-]{36}\).*revision at plan:\s+sha256:[0-9a-f]{64}\s+\(updated_at \d{4}-\d\d-\d\dT[0-9:]+Z\).*revision now:\s+sha256:[0-9a-f]{64}\s+\(updated_at \d{4}-\d\d-\d\dT[0-9:]+Z\).*Nothing was written`)
	cpGoneDiag  = regexp.MustCompile(`(?s)Konnect object deleted since this plan was made.*konnect_gateway_control_plane \(id [0-9a-f-]{36}\).*no longer exists in Konnect.*Nothing was written`)
)

func TestAccControlPlaneGuardScenario1_SavedPlanOutOfBandUpdate(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp1", "v1")},
			{
				Config: env.cpConfig("", "cp1", "v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					outOfBand(func() {
						env.edit(env.cpPath("cp1"), setAll(konnect.Object{"labels": map[string]any{"oncall": "ui-edit"}}))
					}),
				}},
				ExpectError: cpStaleDiag,
			},
			{
				PreConfig: func() {
					cp := env.controlPlaneByName("cp1")
					wantField(t, "after the refused apply", cp, "description", "v1")
					wantField(t, "after the refused apply", cp, "labels", map[string]any{"team": "platform", "oncall": "ui-edit"})
				},
				// Planning again: configuration sets labels, so the label added in the UI
				// would be removed. That is Guard 2's conflict, not a silent overwrite.
				Config:      env.cpConfig("", "cp1", "v2"),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*labels\s+last applied: \{"team":"platform"\}\s+in Konnect now: \{"oncall":"ui-edit","team":"platform"\}`),
			},
			{
				Config: env.cpConfig("overwrite", "cp1", "v2"),
				Check: func(*terraform.State) error {
					cp := env.controlPlaneByName("cp1")
					wantField(t, "after overwriting", cp, "description", "v2")
					wantField(t, "after overwriting", cp, "labels", map[string]any{"team": "platform"})
					return nil
				},
			},
		},
	})
}

func TestAccControlPlaneGuardScenario2_SavedPlanOutOfBandDelete(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp2", "v1")},
			{
				Config: env.cpConfig("", "cp2", "v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					outOfBand(func() {
						if _, err := env.client.DeleteControlPlane(context.Background(), env.cpID("cp2"), ""); err != nil {
							t.Fatal(err)
						}
					}),
				}},
				ExpectError: cpGoneDiag,
			},
			{
				PreConfig: func() {
					if env.controlPlaneByName("cp2") != nil {
						t.Error("the refused apply recreated the control plane")
					}
				},
				Config: env.cpConfig("", "cp2", "v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_control_plane.cp", plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestAccControlPlaneGuardScenario3_Policies(t *testing.T) {
	for _, policy := range []string{"fail", "warn", "overwrite"} {
		t.Run(policy, func(t *testing.T) {
			env := newKonnectEnv(t, konnectmock.Options{})
			name := "cp3" + policy
			step2 := resource.TestStep{
				PreConfig: func() { env.edit(env.cpPath(name), setAll(konnect.Object{"description": "edited in the UI"})) },
				Config:    env.cpConfig(policy, name, "v1"),
			}
			if policy == "fail" {
				step2.ExpectError = regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
					`konnect_gateway_control_plane \(id [0-9a-f-]{36}\) was changed outside Terraform at \d{4}-\d\d-\d\dT[0-9:]+Z.*` +
					`description\s+last applied: "v1"\s+in Konnect now: "edited in the UI"\s+planned: "v1"`)
			} else {
				step2.Check = func(*terraform.State) error {
					wantField(t, "policy "+policy, env.controlPlaneByName(name), "description", "v1")
					return nil
				}
			}
			steps := []resource.TestStep{{Config: env.cpConfig(policy, name, "v1")}, step2}
			if policy == "fail" {
				adopt := env.adoptionStep(env.cpConfig(policy, name, "edited in the UI"), "konnect_gateway_control_plane.cp")
				pre := adopt.PreConfig
				adopt.PreConfig = func() {
					wantField(t, "after the refused plan", env.controlPlaneByName(name), "description", "edited in the UI")
					pre()
				}
				steps = append(steps, adopt)
			}
			resource.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
		})
	}
}

func TestAccControlPlaneGuardScenario4_ConfigurationAlreadyAgrees(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp4", "v1")},
			func() resource.TestStep {
				// Configuration already agrees: the plan adopts the value, writing nothing.
				s := env.adoptionStep(env.cpConfig("", "cp4", "v2"), "konnect_gateway_control_plane.cp")
				s.PreConfig = func() { env.edit(env.cpPath("cp4"), setAll(konnect.Object{"description": "v2"})); env.resetRequests() }
				return s
			}(),
		},
	})
}

func TestAccControlPlaneGuardScenario5_DestroyOfModifiedObject(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp5", "v1")},
			{
				Config:  env.cpConfig("", "cp5", "v1"),
				Destroy: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					outOfBand(func() {
						env.edit(env.cpPath("cp5"), setAll(konnect.Object{"description": "in use by the incident team"}))
					}),
				}},
				ExpectError: regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*konnect_gateway_control_plane.*planned delete was made against an older\s+version`),
			},
			{
				PreConfig: func() {
					wantField(t, "after the refused destroy", env.controlPlaneByName("cp5"), "description", "in use by the incident team")
				},
				Config: env.cpConfig("overwrite", "cp5", "v1"),
			},
		},
	})
}

func TestAccControlPlaneGuardScenario6_CreateWhenNameExists(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	// Someone else created it before this configuration was applied.
	existing, _, err := env.client.CreateControlPlane(context.Background(), konnect.Object{"name": "cp6", "description": "theirs"})
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.cpConfig("", "cp6", "ours"),
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*` +
					`konnect_gateway_control_plane with name "cp6" already exists in Konnect: id\s+[0-9a-f-]{36},\s+created_at\s+\d{4}-.*` +
					`import \{\s+to = konnect_gateway_control_plane.<name>\s+id = "[0-9a-f-]{36}"\s+\}`),
			},
			{
				PreConfig: func() {
					all, err := env.client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{})
					if err != nil {
						t.Fatal(err)
					}
					if len(all) != 1 || all[0]["id"] != existing["id"] || all[0]["description"] != "theirs" {
						t.Errorf("Konnect holds %v after the refused create, want only the existing control plane, untouched", all)
					}
				},
				// Adopt it with an import block, as the diagnostic says.
				Config: env.cpConfig("", "cp6", "theirs") + fmt.Sprintf(`
import {
  to = konnect_gateway_control_plane.cp
  id = %q
}
`, existing["id"]),
				Check: func(*terraform.State) error {
					cp := env.controlPlaneByName("cp6")
					wantField(t, "after adopting", cp, "id", existing["id"])
					wantField(t, "after adopting", cp, "labels", map[string]any{"team": "platform"})
					return nil
				},
			},
		},
	})
}

func TestAccControlPlaneGuardScenario7_NoRefreshPlan(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		AdditionalCLIOptions:     &resource.AdditionalCLIOptions{Plan: resource.PlanOptions{NoRefresh: true}},
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp7", "v1")},
			{
				PreConfig:   func() { env.edit(env.cpPath("cp7"), setAll(konnect.Object{"auth_type": "pki_client_certs"})) },
				Config:      env.cpConfig("", "cp7", "v2"),
				ExpectError: cpStaleDiag,
			},
			{
				PreConfig: func() {
					cp := env.controlPlaneByName("cp7")
					wantField(t, "after the refused plan", cp, "description", "v1")
					wantField(t, "after the refused plan", cp["config"].(map[string]any), "auth_type", "pki_client_certs")
				},
				RefreshState:       true,
				ExpectNonEmptyPlan: true,
			},
			// auth_type, which configuration never set, was changed in Konnect: a destroy
			// would delete that change, so the teardown needs the overwrite policy.
			{Config: env.cpConfig("overwrite", "cp7", "v1"), PlanOnly: true},
		},
	})
}

func TestAccControlPlaneGuardScenario8_ETagRace(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{ETags: true})
	race := &raceOnce{
		next:  env.mock,
		match: func(r *http.Request) bool { return r.Method == http.MethodPatch && r.Header.Get("If-Match") != "" },
	}
	srv := httptest.NewServer(race)
	t.Cleanup(srv.Close)
	env.URL = srv.URL
	race.edit = func() {
		req := httptest.NewRequest(http.MethodPatch, "/v2/control-planes/"+env.cpID("cp8"), bytes.NewReader([]byte(`{"description":"racing UI edit"}`)))
		req.Header.Set("Authorization", "Bearer "+testToken)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		env.mock.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b, _ := io.ReadAll(rec.Body)
			t.Errorf("racing edit: %d %s", rec.Code, b)
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.cpConfig("", "cp8", "v1")},
			{
				Config: env.cpConfig("", "cp8", "v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_control_plane.cp", plancheck.ResourceActionUpdate),
				}},
				ExpectError: regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*konnect_gateway_control_plane.*Nothing was written`),
			},
			{
				PreConfig: func() {
					wantField(t, "after the 412", env.controlPlaneByName("cp8"), "description", "racing UI edit")
				},
				Config: env.cpConfig("overwrite", "cp8", "v2"),
			},
		},
	})
}
