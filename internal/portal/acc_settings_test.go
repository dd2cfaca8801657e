package portal_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// A portal's settings (authentication, customization, custom domain, images) and the
// application auth strategies: bad input, updates, imports, destroys, and the examples.

// pixelSHA256 is the SHA-256 of acctest.PNGPixel's bytes (`sha256sum` of the PNG file).
const pixelSHA256 = "7d959ae9353a02d3707dbeefe68f0af43e35d3ff8b479e8a9b16121d90ce947c"

// TestAccPortalAuth: the settings with OIDC apply and plan nothing more; an import by the
// portal's id alone (Kong's form) plans nothing but the client secret it cannot know; a
// configuration that stops setting the OIDC settings clears them; a destroy puts a new
// portal's settings back; bad input is refused at plan, naming the
// attribute, before anything is written.
func TestAccPortalAuth(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalBlock := "\nresource \"konnect_portal\" \"dev\" {\n  name = \"auth\"\n}\n"
	config := func(body string) string {
		return env.ProviderBlock("") + portalBlock + "\nresource \"konnect_portal_auth\" \"this\" {\n  portal_id = konnect_portal.dev.id\n" + body + "}\n"
	}
	oidc := `  basic_auth_enabled      = false
  oidc_auth_enabled       = true
  konnect_mapping_enabled = true
  oidc_issuer             = "https://identity.example.com/v2"
  oidc_client_id          = "x7id0o42lklas0blidl2"
  oidc_client_secret      = "s3cr3t-value"
  oidc_scopes             = ["openid"]
  oidc_claim_mappings = {
    groups = "custom-group-claim"
  }
`
	var portalID string
	settings := func() konnect.Object { return env.Get("/v3/portals/" + portalID + "/authentication-settings") }
	bad := []struct{ body, want string }{
		{"  oidc_issuer = \"https://identity.example.com\"\n", `(?s)oidc_issuer.*"oidc_client_id" must be specified`},
		{"  oidc_issuer = \"identity.example.com\"\n  oidc_client_id = \"x\"\n", `(?s)oidc_issuer.*must be an http or https URL`},
		{"  oidc_scopes = [\"openid\"]\n", `(?s)oidc_scopes.*must be specified`},
		{"  oidc_client_secret = \"a\"\n  oidc_client_secret_wo = \"b\"\n  oidc_client_secret_wo_version = 1\n", `(?s)oidc_client_secret.*cannot be specified when`},
		{"  oidc_client_secret_wo_version = 1\n", `(?s)oidc_client_secret_wo.*must be specified`},
		{"  oidc_client_secret = \"\"\n", `(?s)oidc_client_secret.*length must be at least 1`},
	}
	var steps []resource.TestStep
	for _, b := range bad {
		steps = append(steps, resource.TestStep{Config: config(b.body), PlanOnly: true, ExpectError: regexp.MustCompile(b.want)})
	}
	steps = append(steps,
		resource.TestStep{
			Config: config(oidc),
			Check: resource.ComposeAggregateTestCheckFunc(
				func(s *terraform.State) error {
					portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
					return nil
				},
				resource.TestCheckResourceAttrPair("konnect_portal_auth.this", "id", "konnect_portal.dev", "id"),
				resource.TestCheckResourceAttr("konnect_portal_auth.this", "oidc_claim_mappings.groups", "custom-group-claim"),
				resource.TestCheckResourceAttr("konnect_portal_auth.this", "oidc_claim_mappings.email", "email"),
				resource.TestCheckResourceAttr("konnect_portal_auth.this", "oidc_scopes.#", "1"),
				resource.TestCheckResourceAttr("konnect_portal_auth.this", "oidc_config.issuer", "https://identity.example.com/v2"),
				func(*terraform.State) error {
					got := settings()
					if got["basic_auth_enabled"] != false || got["oidc_auth_enabled"] != true || got["oidc_config"] == nil {
						return fmt.Errorf("Konnect holds %v", got)
					}
					return nil
				},
			),
		},
		resource.TestStep{Config: config(oidc), PlanOnly: true},
		resource.TestStep{
			// Kong's import id: the portal's id alone.
			ResourceName: "konnect_portal_auth.this", ImportState: true, ImportStateVerify: true,
			ImportStateVerifyIgnore: []string{"oidc_client_secret", "oidc_client_secret_wo", "oidc_client_secret_wo_version"},
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return s.RootModule().Resources["konnect_portal.dev"].Primary.ID, nil
			},
		},
		resource.TestStep{
			// An update sends only what changed, in one PATCH; the scopes configuration stops
			// setting go back to Konnect's default.
			PreConfig: env.ResetRequests,
			Config: config(strings.Replace(strings.Replace(oidc, "konnect_mapping_enabled = true", "konnect_mapping_enabled = false", 1),
				"  oidc_scopes             = [\"openid\"]\n", "", 1)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_portal_auth.this", plancheck.ResourceActionUpdate),
				plancheck.ExpectKnownValue("konnect_portal_auth.this", tfjsonpath.New("oidc_scopes"),
					knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("email"), knownvalue.StringExact("openid"), knownvalue.StringExact("profile")})),
			}},
			Check: func(*terraform.State) error {
				if w := env.WritesSince(); len(w) != 1 || !strings.HasPrefix(w[0], "PATCH ") {
					return fmt.Errorf("the update wrote %v, want one PATCH", w)
				}
				got := settings()
				if scopes, _ := got["oidc_config"].(map[string]any); got["konnect_mapping_enabled"] != false || fmt.Sprint(scopes["scopes"]) != "[email openid profile]" {
					return fmt.Errorf("Konnect holds %v", got)
				}
				return nil
			},
		},
		resource.TestStep{
			// Configuration stops setting the deprecated OIDC settings: the PATCH sends null
			// for the issuer and the client id (nullable in Kong's copy of the spec), which
			// clears them in Konnect, and the plan after the apply is empty.
			Config: config("  basic_auth_enabled = false\n  oidc_auth_enabled = true\n  konnect_mapping_enabled = false\n"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_portal_auth.this", plancheck.ResourceActionUpdate),
				plancheck.ExpectKnownValue("konnect_portal_auth.this", tfjsonpath.New("oidc_issuer"), knownvalue.Null()),
			}},
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckNoResourceAttr("konnect_portal_auth.this", "oidc_issuer"),
				resource.TestCheckNoResourceAttr("konnect_portal_auth.this", "oidc_config.issuer"),
				func(*terraform.State) error {
					if got := settings(); got["oidc_config"] != nil || got["oidc_auth_enabled"] != true {
						return fmt.Errorf("Konnect holds %v, want no oidc_config", got)
					}
					return nil
				},
			),
		},
		resource.TestStep{
			// Destroying the settings (the portal stays) puts a new portal's flags back.
			Config: env.ProviderBlock("") + portalBlock,
			Check: func(*terraform.State) error {
				got := settings()
				for k, want := range map[string]any{"basic_auth_enabled": true, "oidc_auth_enabled": false, "konnect_mapping_enabled": false, "idp_mapping_enabled": false} {
					if got[k] != want {
						return fmt.Errorf("after destroy: Konnect holds %s = %v, want %v", k, got[k], want)
					}
				}
				return nil
			},
		},
	)
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
}

// portalSettingsExampleTypes are the types of a portal's settings whose
// examples/resources/<type>/resource.tf TestAccPortalSettingsExamples keeps honest: applied
// with the portal's example against the mock, they create what they say and plan nothing
// afterwards.
var portalSettingsExampleTypes = []string{"konnect_portal", "konnect_portal_auth", "konnect_portal_customization", "konnect_portal_custom_domain",
	"konnect_portal_logo", "konnect_portal_favicon", "konnect_application_auth_strategy"}

func TestAccPortalSettingsExamples(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	cfg := env.ProviderBlock("")
	for _, typeName := range portalSettingsExampleTypes {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "resources", typeName, "resource.tf"))
		if err != nil {
			t.Fatal(err)
		}
		cfg += "\n" + string(b)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{Config: cfg, Check: resource.TestCheckResourceAttr("konnect_portal_auth.developers", "konnect_mapping_enabled", "true")},
		},
	})
}

// TestAccPortalCustomization: a whole document applies and plans nothing more; a change of one
// color is one PATCH; a menu or spec renderer configuration stops setting leaves Konnect
// (the plan after it is empty); the import by the
// portal's id plans nothing; a destroy puts a new portal's customization back; bad input is
// refused at plan, naming the attribute.
func TestAccPortalCustomization(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalBlock := "\nresource \"konnect_portal\" \"dev\" {\n  name = \"looks\"\n}\n"
	config := func(body string) string {
		return env.ProviderBlock("") + portalBlock + "\nresource \"konnect_portal_customization\" \"this\" {\n  portal_id = konnect_portal.dev.id\n" + body + "}\n"
	}
	theme := func(color string) string {
		return "  theme = {\n    name = \"mint\"\n    mode = \"dark\"\n    colors = { primary = \"" + color + "\" }\n  }\n"
	}
	menu := `  menu = {
    main = [{ path = "/apis", title = "APIs", visibility = "public", external = false }]
    footer_sections = [{ title = "More", items = [{ path = "/about", title = "About", visibility = "private", external = false }] }]
  }
`
	var portalID string
	doc := func() konnect.Object { return env.Get("/v3/portals/" + portalID + "/customization") }
	bad := []struct{ body, want string }{
		{"  theme = { mode = \"sepia\" }\n", `(?s)theme\.mode.*value must be one of`},
		{"  theme = { colors = { primary = \"blue\" } }\n", `(?s)theme\.colors\.primary.*must be a hex color`},
		{"  menu = { main = [{ path = \"/x\", visibility = \"public\", external = false }] }\n", `(?s)Incorrect attribute value type|title.*required`},
		{"  menu = { main = [{ path = \"/x\", title = \"X\", visibility = \"everyone\", external = false }] }\n", `(?s)visibility.*value must be one of`},
	}
	var steps []resource.TestStep
	for _, b := range bad {
		steps = append(steps, resource.TestStep{Config: config(b.body), PlanOnly: true, ExpectError: regexp.MustCompile(b.want)})
	}
	full := theme("#0A0") + menu + "  css = \"h1 {}\"\n  spec_renderer = { hide_internal = true }\n"
	steps = append(steps,
		resource.TestStep{
			Config: config(full),
			Check: resource.ComposeAggregateTestCheckFunc(
				func(s *terraform.State) error {
					portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
					return nil
				},
				resource.TestCheckResourceAttrPair("konnect_portal_customization.this", "id", "konnect_portal.dev", "id"),
				resource.TestCheckResourceAttr("konnect_portal_customization.this", "spec_renderer.try_it_ui", "true"),
				resource.TestCheckResourceAttr("konnect_portal_customization.this", "menu.footer_sections.0.items.0.visibility", "private"),
				func(*terraform.State) error {
					if d := doc(); fmt.Sprint(d["theme"]) != "map[colors:map[primary:#0A0] mode:dark name:mint]" || d["css"] != "h1 {}" {
						return fmt.Errorf("Konnect holds %v", d)
					}
					return nil
				},
			),
		},
		resource.TestStep{Config: config(full), PlanOnly: true},
		resource.TestStep{
			ResourceName: "konnect_portal_customization.this", ImportState: true, ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return s.RootModule().Resources["konnect_portal.dev"].Primary.ID, nil
			},
		},
		resource.TestStep{
			// One color: one PATCH; the menu configuration stops setting goes.
			PreConfig: env.ResetRequests,
			Config:    config(theme("#123456") + "  css = \"h1 {}\"\n  spec_renderer = { hide_internal = true }\n"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_portal_customization.this", plancheck.ResourceActionUpdate),
			}},
			Check: func(*terraform.State) error {
				if w := env.WritesSince(); len(w) != 1 || !strings.HasPrefix(w[0], "PATCH ") {
					return fmt.Errorf("the update wrote %v, want one PATCH", w)
				}
				d := doc()
				if d["menu"] != nil || fmt.Sprint(d["theme"]) != "map[colors:map[primary:#123456] mode:dark name:mint]" {
					return fmt.Errorf("Konnect holds %v", d)
				}
				return nil
			},
		},
		resource.TestStep{Config: config(theme("#123456") + "  css = \"h1 {}\"\n  spec_renderer = { hide_internal = true }\n"), PlanOnly: true},
		resource.TestStep{
			// Issue 32, part 4: nested objects are compared member by member. Someone turns
			// spec_renderer.show_schemas off in Konnect (configuration never sets it) while
			// the plan changes hide_internal: no conflict, and Konnect keeps both.
			PreConfig: func() {
				env.Edit("/v3/portals/"+portalID+"/customization", func(b konnect.Object) {
					b["spec_renderer"].(map[string]any)["show_schemas"] = false
				})
			},
			Config: config(theme("#123456") + "  css = \"h1 {}\"\n  spec_renderer = { hide_internal = false }\n"),
			Check: func(*terraform.State) error {
				if r := doc()["spec_renderer"].(map[string]any); r["show_schemas"] != false || r["hide_internal"] != false {
					return fmt.Errorf("Konnect holds spec_renderer %v, want show_schemas and hide_internal false", r)
				}
				return nil
			},
		},
		resource.TestStep{
			// A member the plan would set back is a conflict on that member, with its values
			// (not the whole theme as a hash).
			PreConfig: func() {
				env.Edit("/v3/portals/"+portalID+"/customization", func(b konnect.Object) {
					b["theme"].(map[string]any)["name"] = "other"
				})
			},
			Config:      config(strings.Replace(theme("#123456"), `"dark"`, `"light"`, 1) + "  css = \"h1 {}\"\n  spec_renderer = { hide_internal = false }\n"),
			ExpectError: regexp.MustCompile(`(?s)overwrite changes made in Konnect.*theme\.name\s+last applied: "mint"\s+in Konnect now: "other"\s+planned: "mint"`),
		},
		resource.TestStep{
			// configuration takes Konnect's name: the mode is written, the name kept
			Config: config(strings.Replace(strings.Replace(theme("#123456"), `"dark"`, `"light"`, 1), `"mint"`, `"other"`, 1) + "  css = \"h1 {}\"\n  spec_renderer = { hide_internal = false }\n"),
			Check: func(*terraform.State) error {
				if th := fmt.Sprint(doc()["theme"]); th != "map[colors:map[primary:#123456] mode:light name:other]" {
					return fmt.Errorf("Konnect holds theme %s", th)
				}
				return nil
			},
		},
		resource.TestStep{
			// Configuration stops setting spec_renderer: the PATCH removes it from Konnect's
			// document, which then shows none (as after Kong's PUT without it), and the plan
			// after the apply is empty.
			Config: config(strings.Replace(strings.Replace(theme("#123456"), `"dark"`, `"light"`, 1), `"mint"`, `"other"`, 1) + "  css = \"h1 {}\"\n"),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_portal_customization.this", plancheck.ResourceActionUpdate),
				plancheck.ExpectKnownValue("konnect_portal_customization.this", tfjsonpath.New("spec_renderer"), knownvalue.Null()),
			}},
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckNoResourceAttr("konnect_portal_customization.this", "spec_renderer.try_it_ui"),
				func(*terraform.State) error {
					if d := doc(); d["spec_renderer"] != nil || d["css"] != "h1 {}" {
						return fmt.Errorf("Konnect holds %v, want no spec_renderer", d)
					}
					return nil
				},
			),
		},
		resource.TestStep{
			// Destroying the customization (the portal stays) puts a new portal's back.
			Config: env.ProviderBlock("") + portalBlock,
			Check: func(*terraform.State) error {
				d := doc()
				if len(d) != 1 || fmt.Sprint(d["spec_renderer"].(map[string]any)["hide_internal"]) != "false" {
					return fmt.Errorf("after destroy: Konnect holds %v", d)
				}
				return nil
			},
		},
	)
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
}

// TestAccPortalCustomDomain: bad input is refused at plan; a host name a portal's domain
// already has is the creation guard's error with the portal's id to import; a domain with a
// certificate of its own applies and plans nothing more; a renewed certificate with the same
// key is one PATCH (Konnect takes a certificate only with its key); the import by the portal's
// id plans nothing but what Konnect never returns; a destroy deletes the domain.
func TestAccPortalCustomDomain(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	var taken konnect.Object
	if _, err := env.Client.Do(context.Background(), http.MethodPost, "/v3/portals", nil, konnect.Object{"name": "taken"}, &taken); err != nil {
		t.Fatal(err)
	}
	takenID := taken["id"].(string)
	env.Post("/v3/portals/"+takenID+"/custom-domain", konnect.Object{"hostname": "taken.example.com", "enabled": true,
		"ssl": map[string]any{"domain_verification_method": "http"}})
	first := acctest.TLSTestPEM(t, "docs.example.com", false)
	renewedSameKey := first // a new certificate for the same key
	renewedSameKey.Cert = acctest.Reissue(t, first.Key, "docs.example.com")
	portalBlock := "\nresource \"konnect_portal\" \"dev\" {\n  name = \"domains\"\n}\n"
	config := func(body string) string {
		return env.ProviderBlock("") + portalBlock + "\nresource \"konnect_portal_custom_domain\" \"this\" {\n" + body + "}\n"
	}
	withCert := func(p acctest.TLSPair) string {
		return fmt.Sprintf("  portal_id = konnect_portal.dev.id\n  hostname = \"docs.example.com\"\n  enabled = true\n  ssl = {\n    domain_verification_method = \"custom_certificate\"\n    custom_certificate = %q\n    custom_private_key = %q\n  }\n", p.Cert, p.Key)
	}
	var portalID, uploaded string
	domain := func() konnect.Object { return env.Get("/v3/portals/" + portalID + "/custom-domain") }
	bad := []struct{ body, want string }{
		{"  portal_id = konnect_portal.dev.id\n  hostname = \"not a host\"\n  enabled = true\n  ssl = { domain_verification_method = \"http\" }\n", `(?s)hostname.*must be a fully qualified domain name`},
		{"  portal_id = konnect_portal.dev.id\n  hostname = \"docs.example.com\"\n  enabled = true\n  ssl = { domain_verification_method = \"dns\" }\n", `(?s)domain_verification_method.*value must be one of`},
		{"  portal_id = konnect_portal.dev.id\n  hostname = \"docs.example.com\"\n  enabled = true\n  ssl = { domain_verification_method = \"custom_certificate\" }\n", `(?s)Missing custom certificate.*konnect_portal_custom_domain\.this.*set\s+"ssl\.custom_certificate"`},
		{"  portal_id = konnect_portal.dev.id\n  hostname = \"docs.example.com\"\n  enabled = true\n  ssl = {\n    domain_verification_method = \"custom_certificate\"\n    custom_certificate = \"-----BEGIN CERTIFICATE-----\"\n  }\n", `(?s)Missing attribute configuration.*custom certificate needs its private key`},
	}
	var steps []resource.TestStep
	for _, b := range bad {
		steps = append(steps, resource.TestStep{Config: config(b.body), PlanOnly: true, ExpectError: regexp.MustCompile(b.want)})
	}
	steps = append(steps,
		resource.TestStep{
			// The creation guard: that portal's domain has this host name.
			Config:      config(fmt.Sprintf("  portal_id = %q\n  hostname = \"taken.example.com\"\n  enabled = true\n  ssl = { domain_verification_method = \"http\" }\n", takenID)),
			ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*konnect_portal_custom_domain.*"taken.example.com".*import \{.*` + takenID),
		},
		resource.TestStep{
			Config: config(withCert(first)),
			Check: func(s *terraform.State) error {
				portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
				d := domain()
				ssl, _ := d["ssl"].(map[string]any)
				if d["hostname"] != "docs.example.com" || ssl["verification_status"] != "verified" {
					return fmt.Errorf("Konnect holds %v", d)
				}
				uploaded = fmt.Sprint(ssl["uploaded_at"])
				return nil
			},
		},
		resource.TestStep{Config: config(withCert(first)), PlanOnly: true},
		resource.TestStep{
			ResourceName: "konnect_portal_custom_domain.this", ImportState: true, ImportStateVerify: true,
			ImportStateVerifyIgnore: []string{"ssl.custom_certificate", "ssl.custom_private_key"},
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return s.RootModule().Resources["konnect_portal.dev"].Primary.ID, nil
			},
		},
		resource.TestStep{
			// A renewed certificate for the same key: one PATCH, which carries the key too.
			PreConfig: env.ResetRequests,
			Config:    config(withCert(renewedSameKey)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_portal_custom_domain.this", plancheck.ResourceActionUpdate),
			}},
			Check: func(*terraform.State) error {
				if w := env.WritesSince(); len(w) != 1 || !strings.HasPrefix(w[0], "PATCH ") {
					return fmt.Errorf("the renewal wrote %v, want one PATCH", w)
				}
				if ssl, _ := domain()["ssl"].(map[string]any); fmt.Sprint(ssl["uploaded_at"]) == uploaded {
					return fmt.Errorf("Konnect holds the first certificate still: %v", ssl)
				}
				return nil
			},
		},
		resource.TestStep{Config: config(withCert(renewedSameKey)), PlanOnly: true},
		resource.TestStep{
			Config: env.ProviderBlock("") + portalBlock,
			Check: func(*terraform.State) error {
				if d := domain(); d != nil {
					return fmt.Errorf("after destroy: Konnect holds %v", d)
				}
				return nil
			},
		},
	)
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
}

// TestAccPortalImages: bad image data is refused at plan, naming the attribute (SVG, which
// Kong's validator refuses, is taken); the logo and favicon import by the portal's id and
// plan nothing; a destroy writes nothing and leaves the images in Konnect, which cannot
// remove them.
func TestAccPortalImages(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalBlock := "\nresource \"konnect_portal\" \"dev\" {\n  name = \"images\"\n}\n"
	config := func(logo, favicon string) string {
		return env.ProviderBlock("") + portalBlock + fmt.Sprintf(`
resource "konnect_portal_logo" "this" {
  portal_id = konnect_portal.dev.id
  data      = %q
}

resource "konnect_portal_favicon" "this" {
  portal_id = konnect_portal.dev.id
  data      = %q
}
`, logo, favicon)
	}
	svg := "data:image/svg+xml;base64,PHN2Zy8+"
	var portalID string
	var steps []resource.TestStep
	for _, bad := range []string{"data:text/plain;base64,SGk=", "data:image/png;base64,abc", "https://example.com/logo.png"} {
		steps = append(steps, resource.TestStep{Config: config(bad, svg), PlanOnly: true,
			ExpectError: regexp.MustCompile(`(?s)konnect_portal_logo.this.*data.*must be a data URL with base64 PNG, JPEG, GIF, ICO or SVG`)})
	}
	steps = append(steps,
		resource.TestStep{
			Config: config(acctest.PNGPixel, svg),
			// The plan shows which image it writes by its SHA-256 (the image itself is
			// marked sensitive, so that no plan prints it): filesha256() of the file.
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue("konnect_portal_logo.this", tfjsonpath.New("data_sha256"), knownvalue.StringExact(pixelSHA256)),
				plancheck.ExpectSensitiveValue("konnect_portal_logo.this", tfjsonpath.New("data")),
			}},
			Check: func(s *terraform.State) error {
				portalID = s.RootModule().Resources["konnect_portal.dev"].Primary.ID
				if got := env.Get("/v3/portals/" + portalID + "/assets/favicon"); got["data"] != svg {
					return fmt.Errorf("Konnect holds the favicon %v", got)
				}
				if got := s.RootModule().Resources["konnect_portal_logo.this"].Primary.Attributes["data_sha256"]; got != pixelSHA256 {
					return fmt.Errorf("data_sha256 in state: %q", got)
				}
				return nil
			},
		},
		resource.TestStep{Config: config(acctest.PNGPixel, svg), PlanOnly: true},
	)
	for _, typ := range []string{"konnect_portal_logo", "konnect_portal_favicon"} {
		steps = append(steps, resource.TestStep{
			ResourceName: typ + ".this", ImportState: true, ImportStateVerify: true,
			ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return s.RootModule().Resources["konnect_portal.dev"].Primary.ID, nil
			},
		})
	}
	steps = append(steps, resource.TestStep{
		PreConfig: env.ResetRequests,
		Config:    env.ProviderBlock("") + portalBlock,
		Check: func(*terraform.State) error {
			for _, r := range env.WritesSince() {
				if strings.Contains(r, "/assets/") {
					return fmt.Errorf("the destroy wrote %s", r)
				}
			}
			if got := env.Get("/v3/portals/" + portalID + "/assets/logo"); got["data"] != acctest.PNGPixel {
				return fmt.Errorf("after destroy: Konnect holds the logo %v", got)
			}
			return nil
		},
	})
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
}

// TestAccApplicationAuthStrategy: bad input is refused at plan; an OpenID Connect strategy
// with settings Kong's schema does not name (additional_properties) applies and plans nothing
// more; a change of its display name and scopes is one PATCH; the import by id plans nothing;
// a change of type replaces the strategy.
func TestAccApplicationAuthStrategy(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	config := func(body string) string {
		return env.ProviderBlock("") + "\nresource \"konnect_application_auth_strategy\" \"this\" {\n" + body + "}\n"
	}
	oidc := func(display, scopes string) string {
		return fmt.Sprintf(`  openid_connect = {
    name         = "oidc"
    display_name = %q
    labels       = { team = "platform" }
    configs = {
      openid_connect = {
        issuer                = "https://issuer.example.com/default"
        credential_claim      = ["client_id"]
        scopes                = %s
        auth_methods          = ["client_credentials"]
        additional_properties = jsonencode({ client_credentials_ttl = 3600 })
      }
    }
  }
`, display, scopes)
	}
	keys := "  key_auth = {\n    name = \"keys\"\n    display_name = \"Keys\"\n    configs = { key_auth = { key_names = [\"apikey\"], ttl = { value = 30, unit = \"days\" } } }\n  }\n"
	var id string
	path := func() string { return "/v2/application-auth-strategies/" + id }
	var steps []resource.TestStep
	for _, b := range []struct{ body, want string }{
		{oidc("OIDC", `["openid"]`) + keys, `(?s)Invalid Attribute Combination`},
		{"", `(?s)Invalid Attribute Combination|No attribute specified`},
		{strings.Replace(keys, `"days"`, `"months"`, 1), `(?s)key_auth\.configs\.key_auth\.ttl\.unit.*value must be one of`},
	} {
		steps = append(steps, resource.TestStep{Config: config(b.body), PlanOnly: true, ExpectError: regexp.MustCompile(b.want)})
	}
	steps = append(steps,
		resource.TestStep{
			Config: config(oidc("OIDC", `["openid", "email"]`)),
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("konnect_application_auth_strategy.this", "strategy_type", "openid_connect"),
				resource.TestCheckResourceAttr("konnect_application_auth_strategy.this", "display_name", "OIDC"),
				resource.TestCheckNoResourceAttr("konnect_application_auth_strategy.this", "key_auth"),
				func(s *terraform.State) error {
					id = s.RootModule().Resources["konnect_application_auth_strategy.this"].Primary.ID
					cfg, _ := env.Get(path())["configs"].(map[string]any)
					if oc, _ := cfg["openid-connect"].(map[string]any); fmt.Sprint(oc["client_credentials_ttl"]) != "3600" {
						return fmt.Errorf("Konnect holds configs %v", cfg)
					}
					return nil
				},
			),
		},
		resource.TestStep{Config: config(oidc("OIDC", `["openid", "email"]`)), PlanOnly: true},
		resource.TestStep{ResourceName: "konnect_application_auth_strategy.this", ImportState: true, ImportStateVerify: true},
		resource.TestStep{
			PreConfig: env.ResetRequests,
			Config:    config(oidc("OpenID Connect", `["openid"]`)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_application_auth_strategy.this", plancheck.ResourceActionUpdate),
			}},
			Check: func(*terraform.State) error {
				if w := env.WritesSince(); len(w) != 1 || !strings.HasPrefix(w[0], "PATCH ") {
					return fmt.Errorf("the update wrote %v, want one PATCH", w)
				}
				got := env.Get(path())
				cfg, _ := got["configs"].(map[string]any)
				oc, _ := cfg["openid-connect"].(map[string]any)
				if got["display_name"] != "OpenID Connect" || fmt.Sprint(oc["scopes"]) != "[openid]" || fmt.Sprint(oc["client_credentials_ttl"]) != "3600" {
					return fmt.Errorf("Konnect holds %v", got)
				}
				return nil
			},
		},
		resource.TestStep{Config: config(oidc("OpenID Connect", `["openid"]`)), PlanOnly: true},
		resource.TestStep{
			Config: config(keys),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("konnect_application_auth_strategy.this", plancheck.ResourceActionReplace),
			}},
			Check: resource.ComposeAggregateTestCheckFunc(
				resource.TestCheckResourceAttr("konnect_application_auth_strategy.this", "strategy_type", "key_auth"),
				resource.TestCheckResourceAttr("konnect_application_auth_strategy.this", "key_auth.configs.key_auth.ttl.unit", "days"),
				resource.TestCheckResourceAttr("konnect_application_auth_strategy.this", "supports_multiple_credentials", "true"),
				func(*terraform.State) error {
					if env.Get(path()) != nil {
						return fmt.Errorf("the OpenID Connect strategy is still in Konnect")
					}
					return nil
				},
			),
		},
		resource.TestStep{Config: config(keys), PlanOnly: true},
	)
	acctest.ParallelTest(t, resource.TestCase{ProtoV6ProviderFactories: protoV6Factories, Steps: steps})
}

// Settings Konnect creates with the portal: "creating" konnect_portal_auth writes over what
// the portal holds. Someone changed two settings in Konnect; the plan that would write another
// value over one of them fails before anything is written, naming it with Konnect's default,
// its value now and the planned one (the other, which configuration does not set, is not
// written and stays). Configuration that says what Konnect holds adopts it.
func TestAccPortalAuthCreateOverEdits(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	portalID := env.PortalID("settings-edited")
	settings := "/v3/portals/" + portalID + "/authentication-settings"
	env.Edit(settings, func(o konnect.Object) { o["konnect_mapping_enabled"] = true; o["basic_auth_enabled"] = false })
	config := func(body, policy string) string {
		return env.ProviderBlock(policy) + fmt.Sprintf("\nresource \"konnect_portal_auth\" \"this\" {\n  portal_id = %q\n%s}\n", portalID, body)
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: config("  konnect_mapping_enabled = false\n", ""),
				ExpectError: regexp.MustCompile(`(?s)Creating this object would overwrite changes made in Konnect.*` +
					`konnect_portal_auth \(id ` + portalID + `\) exists already.*` +
					`konnect_mapping_enabled\s+Konnect's default: false\s+in Konnect now: true\s+planned: false.*Nothing was written`),
			},
			{
				// Nothing was written; configuration that says what Konnect holds adopts it.
				PreConfig: func() {
					if s := env.Get(settings); s["konnect_mapping_enabled"] != true || s["basic_auth_enabled"] != false {
						t.Errorf("a refused plan wrote: %v", s)
					}
				},
				Config: config("  konnect_mapping_enabled = true\n", ""),
				Check: func(*terraform.State) error {
					if s := env.Get(settings); s["konnect_mapping_enabled"] != true || s["basic_auth_enabled"] != false {
						t.Errorf("Konnect holds %v", s)
					}
					return nil
				},
			},
		},
	})
}
