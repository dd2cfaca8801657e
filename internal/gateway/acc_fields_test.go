package gateway_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
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

// Acceptance tests of the fields Konnect's current API has (issue 12 #2): service tls_sans,
// plugin condition and partials, key x5t, certificate snis, created_at/updated_at, and an
// id chosen in configuration.

// tickingClock is the mock's clock: every reading is one second after the last, so every
// write gets a new updated_at without the test waiting.
func tickingClock() func() time.Time {
	var mu sync.Mutex
	t := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Second)
		return t
	}
}

const (
	fieldsServiceID  = "6f5a3c1e-0b7d-4c1a-9e2f-3a4b5c6d7e8f"
	fieldsServiceID2 = "0e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b"
)

func fieldsServiceConfig(e *acctest.Env, id, extra string) string {
	idLine := ""
	if id != "" {
		idLine = fmt.Sprintf("  id               = %q\n", id)
	}
	return e.ProviderBlock("") + acctest.TLSCP("fields") + `
resource "konnect_gateway_service" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
` + idLine + `  name             = "orders"
  host             = "orders.internal"
` + extra + `}
`
}

// A service created under a chosen id with tls_sans: Konnect holds that id; the timestamps
// are known after the create, stable in an empty plan, and updated_at moves on an update
// (no inconsistent result); removing tls_sans resets it; import by the chosen id; a new id
// replaces the service.
func TestAccFields_ServiceIDTLSSANsTimestamps(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock()})
	const addr = "konnect_gateway_service.s"
	sameCreated := statecheck.CompareValue(compare.ValuesSame())
	updated := statecheck.CompareValue(compare.ValuesDiffer())
	sans1 := "  tls_sans         = { dnsnames = [\"orders.example.com\"] }\n"
	sans2 := "  tls_sans         = { dnsnames = [\"orders.example.com\", \"b.example.com\"], uris = [\"spiffe://orders\"] }\n"
	svc := func(id string) konnect.Object { return env.Get(env.CorePath("fields", "services", id)) }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: fieldsServiceConfig(env, fieldsServiceID, sans1),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(fieldsServiceID)),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("created_at")),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("updated_at")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(fieldsServiceID)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("tls_sans").AtMapKey("dnsnames"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("orders.example.com")})),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("tls_sans").AtMapKey("uris"), knownvalue.Null()),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("created_at"), knownvalue.Int64Func(func(v int64) error {
						if v < 1735689600 {
							return fmt.Errorf("created_at %d is not the mock's time", v)
						}
						return nil
					})),
					sameCreated.AddStateValue(addr, tfjsonpath.New("created_at")),
					updated.AddStateValue(addr, tfjsonpath.New("updated_at")),
				},
				Check: func(*terraform.State) error {
					s := svc(fieldsServiceID)
					acctest.WantField(t, "service under the chosen id", s, "name", "orders")
					acctest.WantField(t, "service", s, "tls_sans", map[string]any{"dnsnames": []any{"orders.example.com"}, "uris": nil})
					return nil
				},
			},
			{
				// an empty plan: the timestamps are stable
				Config:   fieldsServiceConfig(env, fieldsServiceID, sans1),
				PlanOnly: true,
			},
			{
				Config: fieldsServiceConfig(env, fieldsServiceID, sans2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("updated_at")),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("created_at"), knownvalue.NotNull()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameCreated.AddStateValue(addr, tfjsonpath.New("created_at")),
					updated.AddStateValue(addr, tfjsonpath.New("updated_at")),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("tls_sans").AtMapKey("uris"), knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("spiffe://orders")})),
				},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "service", svc(fieldsServiceID), "tls_sans", map[string]any{"dnsnames": []any{"orders.example.com", "b.example.com"}, "uris": []any{"spiffe://orders"}})
					return nil
				},
			},
			{
				// configuration stops setting tls_sans: Konnect's default (null) again
				Config: fieldsServiceConfig(env, fieldsServiceID, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("tls_sans"), knownvalue.Null()),
				}},
				ConfigStateChecks: []statecheck.StateCheck{updated.AddStateValue(addr, tfjsonpath.New("updated_at"))},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "service after removing tls_sans", svc(fieldsServiceID), "tls_sans", nil)
					return nil
				},
			},
			{
				// removing the id from configuration keeps the object and its id
				Config: fieldsServiceConfig(env, "", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
			{
				ResourceName:      addr,
				ImportState:       true,
				ImportStateIdFunc: acctest.ImportID(addr),
				ImportStateVerify: true,
				ImportStateCheck: func(s []*terraform.InstanceState) error {
					if len(s) != 1 || s[0].ID != fieldsServiceID {
						return fmt.Errorf("imported %v, want the id %s", s, fieldsServiceID)
					}
					return nil
				},
			},
			{
				// another id replaces the service
				Config: fieldsServiceConfig(env, fieldsServiceID2, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionReplace),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("id"), knownvalue.StringExact(fieldsServiceID2)),
				},
				Check: func(*terraform.State) error {
					if svc(fieldsServiceID) != nil {
						return fmt.Errorf("the service under the old id is still in Konnect")
					}
					acctest.WantField(t, "service under the new id", svc(fieldsServiceID2), "name", "orders")
					return nil
				},
			},
		},
	})
}

// A chosen id that another object already has: the create stops, naming it and the import
// block, and that object is left as it was (a PUT would have replaced it).
func TestAccFields_ChosenIDTaken(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.ProviderBlock("") + acctest.TLSCP("fields")},
			{
				PreConfig: func() {
					path := env.CorePath("fields", "services", fieldsServiceID)
					if _, err := env.Client.Do(context.Background(), http.MethodPut, path, nil, konnect.Object{"name": "legacy", "host": "legacy.internal"}, nil); err != nil {
						t.Fatal(err)
					}
				},
				Config:      fieldsServiceConfig(env, fieldsServiceID, ""),
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this id already exists.*konnect_gateway_service with id ` + fieldsServiceID + `\s+already\s+exists.*[Nn]othing\s+was\s+written.*import \{.*id = "[0-9a-f-]{36}/` + fieldsServiceID + `"`),
			},
			{
				Config: env.ProviderBlock("") + acctest.TLSCP("fields"),
				Check: func(*terraform.State) error {
					s := env.Get(env.CorePath("fields", "services", fieldsServiceID))
					acctest.WantField(t, "the existing service", s, "name", "legacy")
					acctest.WantField(t, "the existing service", s, "host", "legacy.internal")
					return nil
				},
			},
			{
				// the existing service goes, so that destroying the control plane deletes nothing it does not manage
				PreConfig: func() { env.Remove(env.CorePath("fields", "services", fieldsServiceID)) },
				Config:    env.ProviderBlock("") + acctest.TLSCP("fields"),
			},
		},
	})
}

func fieldsPluginConfig(e *acctest.Env, extra string) string {
	return e.ProviderBlock("") + acctest.TLSCP("fields-plugin") + `
resource "konnect_gateway_plugin" "rl" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5 })
` + extra + `}
`
}

// condition and partials (the partial created out of band: there is no partial resource
// yet): Konnect fills in the partial's name and path, an empty plan follows, a change of
// condition updates without an inconsistent result, and removing both resets them.
func TestAccFields_PluginConditionPartials(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock()})
	const addr = "konnect_gateway_plugin.rl"
	const partialID = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"
	extra := func(cond string) string {
		return fmt.Sprintf("  condition        = %q\n  partials         = [{ id = %q }]\n", cond, partialID)
	}
	plugin := func() konnect.Object { return env.Only(env.CorePath("fields-plugin", "plugins")) }
	updated := statecheck.CompareValue(compare.ValuesDiffer())
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: env.ProviderBlock("") + acctest.TLSCP("fields-plugin")},
			{
				PreConfig: func() {
					path := env.CorePath("fields-plugin", "partials", partialID)
					if _, err := env.Client.Do(context.Background(), http.MethodPut, path, nil,
						konnect.Object{"name": "shared-redis", "type": "redis-ce", "config": map[string]any{"host": "redis.internal"}}, nil); err != nil {
						t.Fatal(err)
					}
				},
				Config: fieldsPluginConfig(env, extra(`http.path == "/orders"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("condition"), knownvalue.StringExact(`http.path == "/orders"`)),
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("partials"), knownvalue.ListExact([]knownvalue.Check{knownvalue.ObjectExact(map[string]knownvalue.Check{
						"id": knownvalue.StringExact(partialID), "name": knownvalue.StringExact("shared-redis"), "path": knownvalue.StringExact("config.redis")})})),
					updated.AddStateValue(addr, tfjsonpath.New("updated_at")),
				},
				Check: func(*terraform.State) error {
					p := plugin()
					acctest.WantField(t, "plugin", p, "condition", `http.path == "/orders"`)
					acctest.WantField(t, "plugin", p, "partials", []any{map[string]any{"id": partialID, "name": "shared-redis", "path": "config.redis"}})
					return nil
				},
			},
			{Config: fieldsPluginConfig(env, extra(`http.path == "/orders"`)), PlanOnly: true},
			{
				Config: fieldsPluginConfig(env, extra(`http.path ^= "/orders"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("updated_at")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{updated.AddStateValue(addr, tfjsonpath.New("updated_at"))},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "plugin", plugin(), "condition", `http.path ^= "/orders"`)
					return nil
				},
			},
			{
				Config: fieldsPluginConfig(env, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("condition"), knownvalue.Null()),
					plancheck.ExpectKnownValue(addr, tfjsonpath.New("partials"), knownvalue.Null()),
				}},
				Check: func(*terraform.State) error {
					p := plugin()
					acctest.WantField(t, "plugin after removing both", p, "condition", nil)
					if ps, _ := p["partials"].([]any); len(ps) != 0 {
						return fmt.Errorf("Konnect still links partials %v", ps)
					}
					return nil
				},
			},
			{
				// the partial made out of band goes, so that destroying the control plane deletes nothing it does not manage
				PreConfig: func() { env.Remove(env.CorePath("fields-plugin", "partials", partialID)) },
				Config:    fieldsPluginConfig(env, ""),
			},
		},
	})
}

// A condition over 1024 characters is refused at plan time, naming the attribute.
func TestAccFields_PluginConditionTooLong(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{{
			Config:      fieldsPluginConfig(env, fmt.Sprintf("  condition        = %q\n", strings.Repeat("a", 1025))),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Attribute condition string length must be between 1 and 1024`),
		}},
	})
}

func fieldsKeyConfig(e *acctest.Env, x5t string) string {
	line := ""
	if x5t != "" {
		line = fmt.Sprintf("  x5t              = %q\n", x5t)
	}
	return e.ProviderBlock("") + acctest.TLSCP("fields-key") + `
resource "konnect_gateway_key" "k" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  kid              = "k1"
  jwk              = jsonencode({ kty = "oct", kid = "k1", k = "c2VjcmV0" })
` + line + `}
`
}

func TestAccFields_KeyX5t(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock()})
	const addr = "konnect_gateway_key.k"
	key := func() konnect.Object { return env.Only(env.CorePath("fields-key", "keys")) }
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config:            fieldsKeyConfig(env, "dGh1bWJwcmludA"),
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("x5t"), knownvalue.StringExact("dGh1bWJwcmludA"))},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "key", key(), "x5t", "dGh1bWJwcmludA")
					return nil
				},
			},
			{Config: fieldsKeyConfig(env, "dGh1bWJwcmludA"), PlanOnly: true},
			{
				Config:            fieldsKeyConfig(env, "b3RoZXI"),
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("x5t"), knownvalue.StringExact("b3RoZXI"))},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "key", key(), "x5t", "b3RoZXI")
					return nil
				},
			},
			{
				Config: fieldsKeyConfig(env, ""),
				Check: func(*terraform.State) error {
					acctest.WantField(t, "key after removing x5t", key(), "x5t", nil)
					return nil
				},
			},
		},
	})
}

func fieldsCertConfig(e *acctest.Env, p acctest.TLSPair, tag string) string {
	return e.ProviderBlock("") + acctest.TLSCP("fields-cert") + fmt.Sprintf(`
resource "konnect_gateway_certificate" "c" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  cert             = %q
  key              = %q
  tags             = [%q]
}

resource "konnect_gateway_sni" "s" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "api.example.com"
  certificate      = { id = konnect_gateway_certificate.c.id }
}
`, p.Cert, p.Key, tag)
}

// A certificate's snis: read from Konnect, not part of its revision (creating an SNI plans
// nothing for the certificate), and an SNI created in Konnect between a plan and its apply
// that updates the certificate is no inconsistent result.
func TestAccFields_CertificateSNIs(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{Now: tickingClock()})
	p := acctest.TLSTestPEM(t, "api.example.com", false)
	const addr = "konnect_gateway_certificate.c"
	certID := func() string {
		return env.Only(env.CorePath("fields-cert", "certificates"))["id"].(string)
	}
	strs := func(ss ...string) knownvalue.Check {
		var c []knownvalue.Check
		for _, s := range ss {
			c = append(c, knownvalue.StringExact(s))
		}
		return knownvalue.ListExact(c)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: fieldsCertConfig(env, p, "one")},
			{
				// the refresh reads the SNI's name; the certificate plans nothing
				Config: fieldsCertConfig(env, p, "one"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("snis"), strs("api.example.com"))},
			},
			{
				Config: fieldsCertConfig(env, p, "two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(addr, tfjsonpath.New("snis")),
					acctest.OutOfBand(func() {
						env.Create(env.CorePath("fields-cert", "snis"), konnect.Object{"name": "ui.example.com", "certificate": map[string]any{"id": certID()}})
					}),
				}},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, tfjsonpath.New("snis"), strs("api.example.com", "ui.example.com"))},
				Check: func(*terraform.State) error {
					acctest.WantField(t, "certificate", env.Get(env.CorePath("fields-cert", "certificates", certID())), "tags", []any{"two"})
					return nil
				},
			},
			{
				// the SNI made in the UI goes again, so that the destroy may delete the certificate
				PreConfig: func() { env.Remove(env.CorePath("fields-cert", "snis", "ui.example.com")) },
				Config:    fieldsCertConfig(env, p, "two"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(addr, tfjsonpath.New("snis"), strs("api.example.com")),
				},
			},
		},
	})
}
