package provider

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The scenarios of the reconciliation guard contract, each with a real CLI against the
// mock: arrange Konnect, run Terraform, assert the diagnostic and what Konnect holds.

// serviceConfig declares a control plane named cp and one service; extra is spliced into
// the service block.
func (e *konnectEnv) serviceConfig(policy, cpName, extra string) string {
	return e.providerBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = %q
}

resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
%s
}
`, cpName, extra)
}

var (
	staleDiag = regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*konnect_gateway_service \(id [0-9a-f-]{36}, control plane [0-9a-f-]{36}\).*revision at plan:\s+sha256:[0-9a-f]{64}\s+\(updated_at \d{4}-\d\d-\d\dT[0-9:]+Z\).*revision now:\s+sha256:[0-9a-f]{64}\s+\(updated_at \d{4}-\d\d-\d\dT.*Nothing was written.*Run\s+.terraform\s+plan.\s+again`)
	goneDiag  = regexp.MustCompile(`(?s)Konnect object deleted since this plan was made.*konnect_gateway_service \(id [0-9a-f-]{36}.*no longer exists in Konnect.*Nothing was written.*not\s+recreated\s+blindly.*Run\s+.terraform\s+plan.\s+again`)
)

// Scenario 1: saved plan, out-of-band update, apply of the saved plan fails; Konnect keeps
// the edit and nothing of the plan is written.
func TestAccGuardScenario1_SavedPlanOutOfBandUpdate(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s1", `read_timeout = 60000`)},
			{
				Config: env.serviceConfig("", "s1", `read_timeout = 90000`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionUpdate),
					outOfBand(func() { env.edit(env.corePath("s1", "services", "orders"), setAll(konnect.Object{"retries": 2})) }),
				}},
				ExpectError: staleDiag,
			},
			{
				PreConfig: func() {
					svc := env.get(env.corePath("s1", "services", "orders"))
					wantField(t, "after the refused apply", svc, "retries", 2)
					wantField(t, "after the refused apply", svc, "read_timeout", 60000)
				},
				// Planning again sees the edit; configuration does not set retries, so it
				// follows Konnect and only read_timeout changes.
				Config: env.serviceConfig("", "s1", `read_timeout = 90000`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("konnect_gateway_service.orders", tfjsonpath.New("retries"), knownvalue.Int64Exact(2)),
				},
				Check: func(*terraform.State) error {
					svc := env.get(env.corePath("s1", "services", "orders"))
					wantField(t, "after re-planning", svc, "retries", 2)
					wantField(t, "after re-planning", svc, "read_timeout", 90000)
					return nil
				},
			},
		},
	})
}

// Scenario 2: saved plan, out-of-band delete: a clear diagnostic, nothing recreated blindly.
func TestAccGuardScenario2_SavedPlanOutOfBandDelete(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s2", `read_timeout = 60000`)},
			{
				Config: env.serviceConfig("", "s2", `read_timeout = 90000`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					outOfBand(func() { env.remove(env.corePath("s2", "services", "orders")) }),
				}},
				ExpectError: goneDiag,
			},
			{
				PreConfig: func() {
					if env.get(env.corePath("s2", "services", "orders")) != nil {
						t.Error("the refused apply recreated the deleted service")
					}
				},
				// A fresh plan reports the deletion and plans to create it again.
				Config: env.serviceConfig("", "s2", `read_timeout = 90000`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionCreate),
				}},
				Check: func(*terraform.State) error {
					wantField(t, "after re-planning", env.get(env.corePath("s2", "services", "orders")), "read_timeout", 90000)
					return nil
				},
			},
		},
	})
}

// Scenario 3: an out-of-band update that configuration would revert is a conflict, handled
// per policy.
func TestAccGuardScenario3_RemoteEditPolicyFail(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s3f", "retries = 5\n  read_timeout = 60000")},
			{
				PreConfig: func() { env.edit(env.corePath("s3f", "services", "orders"), setAll(konnect.Object{"retries": 2})) },
				Config:    env.serviceConfig("", "s3f", "retries = 5\n  read_timeout = 90000"),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
					`konnect_gateway_service \(id [0-9a-f-]{36}, control plane [0-9a-f-]{36}\) was changed outside Terraform at \d{4}-\d\d-\d\dT[0-9:]+Z.*` +
					`retries\s+last applied: 5\s+in Konnect now: 2\s+planned: 5.*` +
					`Keep the Konnect values: set them in\s+configuration.*KONNECT_CONFLICT_POLICY=overwrite`),
			},
			{
				PreConfig: func() {
					svc := env.get(env.corePath("s3f", "services", "orders"))
					wantField(t, "after the refused plan", svc, "retries", 2)
					wantField(t, "after the refused plan", svc, "read_timeout", 60000)
				},
				// Adopt the Konnect value into configuration: the plan proceeds.
				Config: env.serviceConfig("", "s3f", "retries = 2\n  read_timeout = 90000"),
				Check: func(*terraform.State) error {
					wantField(t, "after adopting", env.get(env.corePath("s3f", "services", "orders")), "retries", 2)
					wantField(t, "after adopting", env.get(env.corePath("s3f", "services", "orders")), "read_timeout", 90000)
					return nil
				},
			},
		},
	})
}

func TestAccGuardScenario3_RemoteEditPolicyWarnAndOverwrite(t *testing.T) {
	t.Parallel()
	for _, policy := range []string{"warn", "overwrite"} {
		t.Run(policy, func(t *testing.T) {
			env := newKonnectEnv(t, konnectmock.Options{})
			cp := "s3" + policy
			acctest.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: protoV6Factories,
				Steps: []resource.TestStep{
					{Config: env.serviceConfig(policy, cp, "retries = 5")},
					{
						PreConfig: func() { env.edit(env.corePath(cp, "services", "orders"), setAll(konnect.Object{"retries": 2})) },
						Config:    env.serviceConfig(policy, cp, "retries = 5"),
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionUpdate),
						}},
						Check: func(*terraform.State) error {
							wantField(t, "policy "+policy, env.get(env.corePath(cp, "services", "orders")), "retries", 5)
							return nil
						},
					},
				},
			})
		})
	}
}

// Scenario 4: an out-of-band update that configuration already matches plans nothing.
func TestAccGuardScenario4_ConfigurationAlreadyAgrees(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s4", "retries = 5")},
			func() resource.TestStep {
				// Configuration already agrees: the plan adopts the value and writes nothing.
				s := env.adoptionStep(env.serviceConfig("", "s4", "retries = 3"), "konnect_gateway_service.orders")
				s.PreConfig = func() {
					env.edit(env.corePath("s4", "services", "orders"), setAll(konnect.Object{"retries": 3}))
					env.resetRequests()
				}
				check := s.Check
				s.Check = func(st *terraform.State) error {
					wantField(t, "after the adoption", env.get(env.corePath("s4", "services", "orders")), "retries", 3)
					return check(st)
				}
				return s
			}(),
		},
	})
}

// Scenario 5: a destroy of an object modified since the plan fails and deletes nothing.
func TestAccGuardScenario5_DestroyOfModifiedObject(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s5", "")},
			{
				Config:  env.serviceConfig("", "s5", ""),
				Destroy: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("konnect_gateway_service.orders", plancheck.ResourceActionDestroy),
					outOfBand(func() {
						env.edit(env.corePath("s5", "services", "orders"), setAll(konnect.Object{"host": "orders-v2.internal"}))
					}),
				}},
				ExpectError: regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*planned delete was made against an older\s+version`),
			},
			{
				PreConfig: func() {
					wantField(t, "after the refused destroy", env.get(env.corePath("s5", "services", "orders")), "host", "orders-v2.internal")
					if env.controlPlaneByName("s5") == nil {
						t.Error("the refused destroy deleted the control plane")
					}
				},
				// The configuration would undo the edit: the user decides to overwrite.
				Config: env.serviceConfig("overwrite", "s5", ""),
				Check: func(*terraform.State) error {
					wantField(t, "after overwriting", env.get(env.corePath("s5", "services", "orders")), "host", "orders.internal")
					return nil
				},
			},
		},
	})
}

// Scenario 6: creating an object whose name already exists fails with the import hint and
// leaves the existing object alone.
func TestAccGuardScenario6_CreateWhenNameExists(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	var existingID string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.providerBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "s6" }`},
			{
				PreConfig: func() {
					obj, _, err := env.client.PutService(context.Background(), env.cpID("s6"), "0b9c5e1a-6f00-4c3b-9a53-4ad7d1d2a001",
						konnect.Object{"name": "orders", "host": "theirs.internal"}, "")
					if err != nil {
						t.Fatal(err)
					}
					existingID = obj["id"].(string)
				},
				Config: env.serviceConfig("", "s6", ""),
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*` +
					`konnect_gateway_service with name "orders" already exists in Konnect: id\s+0b9c5e1a-6f00-4c3b-9a53-4ad7d1d2a001,\s+created_at \d{4}-.*` +
					wrappedText("an interrupted apply (Ctrl-C, a lost connection) may have created it").String() + `.*` +
					`import \{\s+to = konnect_gateway_service.<name>\s+id = "[0-9a-f-]{36}/0b9c5e1a-6f00-4c3b-9a53-4ad7d1d2a001"\s+\}`),
			},
			{
				PreConfig: func() {
					svc := env.get(env.corePath("s6", "services", "orders"))
					wantField(t, "after the refused create", svc, "id", existingID)
					wantField(t, "after the refused create", svc, "host", "theirs.internal")
				},
				Config: env.providerBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "s6" }`,
			},
			{
				// theirs goes, so that destroying the control plane deletes nothing it does not manage
				PreConfig: func() { env.remove(env.corePath("s6", "services", "orders")) },
				Config:    env.providerBlock("") + `resource "konnect_gateway_control_plane" "cp" { name = "s6" }`,
			},
		},
	})
}

// Scenario 7: a -refresh=false plan against a changed object is caught by Guard 1.
func TestAccGuardScenario7_NoRefreshPlan(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		AdditionalCLIOptions:     &resource.AdditionalCLIOptions{Plan: resource.PlanOptions{NoRefresh: true}},
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s7", `read_timeout = 60000`)},
			{
				PreConfig:   func() { env.edit(env.corePath("s7", "services", "orders"), setAll(konnect.Object{"retries": 2})) },
				Config:      env.serviceConfig("", "s7", `read_timeout = 90000`),
				ExpectError: staleDiag,
			},
			{
				PreConfig: func() {
					svc := env.get(env.corePath("s7", "services", "orders"))
					wantField(t, "after the refused plan", svc, "retries", 2)
					wantField(t, "after the refused plan", svc, "read_timeout", 60000)
				},
				RefreshState:       true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config: env.serviceConfig("", "s7", `read_timeout = 90000`),
				Check: func(*terraform.State) error {
					svc := env.get(env.corePath("s7", "services", "orders"))
					wantField(t, "after re-planning", svc, "retries", 2)
					wantField(t, "after re-planning", svc, "read_timeout", 90000)
					return nil
				},
			},
		},
	})
}

// raceOnce is a Konnect in front of the mock that lets another writer in between the
// provider's last read and its write: the first matching write is preceded by an
// out-of-band edit.
type raceOnce struct {
	next  http.Handler
	match func(*http.Request) bool
	edit  func()
	once  sync.Once
}

func (h *raceOnce) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.match(r) {
		h.once.Do(h.edit)
	}
	h.next.ServeHTTP(w, r)
}

// Scenario 8: with ETags on, a write racing an out-of-band write gets 412 and is reported
// as a conflict; Konnect keeps the other write.
func TestAccGuardScenario8_ETagRace(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{ETags: true})
	race := &raceOnce{
		next:  env.mock,
		match: func(r *http.Request) bool { return r.Method == http.MethodPut && r.Header.Get("If-Match") != "" },
	}
	srv := httptest.NewServer(race)
	t.Cleanup(srv.Close)
	env.URL = srv.URL // the provider talks to the racing front
	race.edit = func() {
		// Edit through the mock directly (the outer server is what the provider talks to).
		obj := env.get(env.corePath("s8", "services", "orders"))
		body, _ := jsonBody(obj, map[string]any{"retries": 2})
		req := httptest.NewRequest(http.MethodPut, "/v2/control-planes/"+env.cpID("s8")+"/core-entities/services/"+obj["id"].(string), bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+testToken)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		env.mock.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b, _ := io.ReadAll(rec.Body)
			t.Errorf("racing edit: %d %s", rec.Code, b)
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.serviceConfig("", "s8", `read_timeout = 60000`)},
			{
				Config:      env.serviceConfig("", "s8", `read_timeout = 90000`),
				ExpectError: regexp.MustCompile(`(?s)Konnect object changed since this plan was made.*revision now:\s+sha256:[0-9a-f]{64}.*Nothing was written`),
			},
			{
				PreConfig: func() {
					svc := env.get(env.corePath("s8", "services", "orders"))
					wantField(t, "after the 412", svc, "retries", 2)
					wantField(t, "after the 412", svc, "read_timeout", 60000)
				},
				Config: env.serviceConfig("", "s8", `read_timeout = 90000`),
				Check: func(*terraform.State) error {
					svc := env.get(env.corePath("s8", "services", "orders"))
					wantField(t, "after re-planning", svc, "retries", 2)
					wantField(t, "after re-planning", svc, "read_timeout", 90000)
					return nil
				},
			},
		},
	})
}

func jsonBody(obj konnect.Object, changes map[string]any) ([]byte, error) {
	body := map[string]any{}
	for k, v := range obj {
		if !strings.HasSuffix(k, "_at") {
			body[k] = v
		}
	}
	for k, v := range changes {
		body[k] = v
	}
	return jsonMarshal(body)
}

// A password Konnect stores hashed cannot be compared, but its hash can: a password changed
// in Konnect is a conflict when the plan would write the configured one back.
func TestAccGuardHiddenValueChangedInKonnect(t *testing.T) {
	env := newKonnectEnv(t, konnectmock.Options{})
	config := func(policy, tags string) string {
		return env.cpAndConsumers(policy, "hidden") + fmt.Sprintf(`
resource "konnect_gateway_basic_auth" "alice" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  consumer_id      = konnect_gateway_consumer.alice.id
  username         = "alice-web"
  password         = "first-password-0001"
  tags             = %s
}
`, tags)
	}
	hash := func() any {
		alice := env.get(env.corePath("hidden", "consumers", "alice"))
		return env.get(env.corePath("hidden", "consumers", alice["id"].(string), "basic-auth", "alice-web"))["password"]
	}
	var uiHash any
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: config("", `["a"]`)},
			{
				PreConfig: func() {
					alice := env.get(env.corePath("hidden", "consumers", "alice"))
					env.edit(env.corePath("hidden", "consumers", alice["id"].(string), "basic-auth", "alice-web"), set("password", "rotated-in-the-ui-0002"))
					uiHash = hash()
				},
				Config: config("", `["a", "b"]`),
				ExpectError: regexp.MustCompile(`(?s)Applying this plan would overwrite changes made in Konnect.*` +
					`konnect_gateway_basic_auth \(id [0-9a-f-]{36}.*password\s+last applied: \(a\s+secret\)\s+in Konnect now: \(a\s+different\s+secret\)\s+planned: \((?:the\s+same\s+secret\s+as\s+before|another\s+secret|the\s+secret\s+in\s+configuration,\s+sent\s+again)\)`),
			},
			{
				PreConfig: func() {
					if got := hash(); fmt.Sprint(got) != fmt.Sprint(uiHash) {
						t.Errorf("the refused plan changed the password in Konnect")
					}
				},
				Config: config("overwrite", `["a", "b"]`),
				Check: func(*terraform.State) error {
					if fmt.Sprint(hash()) == fmt.Sprint(uiHash) {
						t.Error("overwrite did not write the configured password")
					}
					return nil
				},
			},
		},
	})
}
