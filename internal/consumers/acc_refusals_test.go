package consumers_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// What the plan refuses in this family, each with nothing written, and the cascade guard: a
// key-auth plugin whose config.identity_realms names a realm Konnect does not have (one of
// this configuration goes through); a key of type new given a secret and a legacy key
// without one (naming the attribute); a consumer whose username someone already has in the
// realm, at creation and in a rename (checked against Konnect when the plan is made, with the
// import block that adopts theirs); the destroy of a consumer holding someone's key, refused
// with the key's import block; the destroy of a realm holding someone's consumer (which the
// data sources find, by the realm's name and the username), refused under fail (named with
// its import block; the realm and the consumer stay), and done once configuration says
// force_destroy = "true", the user's choice as on a portal or an auth server: the delete
// carries force=true and Konnect deletes the consumer with the realm.
func TestAccCentralizedConsumersRefusals(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	realmForced := func(force string) string {
		return "\nresource \"konnect_realm\" \"shop\" {\n  name          = \"shop\"\n  force_destroy = \"" + force + "\"\n}\n"
	}
	realm := realmForced("false")
	consumer := func(username string) string {
		return "\nresource \"konnect_centralized_consumer\" \"c\" {\n  realm_id = konnect_realm.shop.id\n  username = \"" + username + "\"\n}\n"
	}
	key := func(body string) string {
		return "\nresource \"konnect_centralized_consumer_key\" \"k\" {\n  realm_id    = konnect_realm.shop.id\n  consumer_id = konnect_centralized_consumer.c.id\n" + body + "}\n"
	}
	keyAuth := func(realmID string) string {
		return `
resource "konnect_gateway_control_plane" "cp" {
  name = "realms"
}

resource "konnect_gateway_plugin" "key_auth" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "key-auth"
  config = jsonencode({
    identity_realms = [{ id = ` + realmID + `, scope = "realm" }]
  })
}
`
	}
	var realmID, theirs, ours string
	oursKeys := func() string { return "/v1/realms/" + realmID + "/consumers/" + ours + "/keys" }
	consumersHeld := func(what string, want int) {
		t.Helper()
		if got := env.List("/v1/realms/" + realmID + "/consumers"); len(got) != want {
			t.Errorf("%s: the realm holds %d consumers, want %d: %v", what, len(got), want, got)
		}
	}
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if got := env.List("/v1/realms"); len(got) != 0 {
				t.Errorf("after destroy Konnect holds the realms %v", got)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + realm,
				Check: func(s *terraform.State) error {
					realmID = s.RootModule().Resources["konnect_realm.shop"].Primary.ID
					return nil
				},
			},
			{
				// A key-auth plugin's identity realm that Konnect does not have: refused at plan.
				Config:      env.ProviderBlock("") + realm + keyAuth(`"0b7f0a8c-7f3c-4a55-9a39-6cb64b8f9d11"`),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)Identity realm not found.*with konnect_gateway_plugin\.key_auth.*config\.identity_realms\[0\]\.id: Konnect has no\s+realm\s+0b7f0a8c-7f3c-4a55-9a39-6cb64b8f9d11`),
			},
			{
				// The realm of this configuration: the plan goes through.
				Config:             env.ProviderBlock("") + realm + keyAuth("konnect_realm.shop.id"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config:      env.ProviderBlock("") + realm + consumer("ours") + key("  type   = \"new\"\n  secret = \"mine-1234\"\n"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)A key of type new takes no secret.*with konnect_centralized_consumer_key\.k.*secret`),
			},
			{
				Config:      env.ProviderBlock("") + realm + consumer("ours") + key("  type = \"legacy\"\n"),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)A legacy key needs its secret.*with konnect_centralized_consumer_key\.k.*secret`),
			},
			{
				// Someone made a consumer "theirs" in the realm.
				PreConfig: func() {
					var out konnect.Object
					if _, err := env.Client.Do(t.Context(), http.MethodPost, "/v1/realms/"+realmID+"/consumers", nil, konnect.Object{"username": "theirs"}, &out); err != nil {
						t.Fatal(err)
					}
					theirs, _ = out["id"].(string)
				},
				Config:   env.ProviderBlock("") + realm + consumer("theirs"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)A Konnect object with this name already exists.*with konnect_centralized_consumer\.c.*username.*` +
					`konnect_centralized_consumer\s+with\s+username\s+"theirs"\s+already\s+exists\s+in\s+Konnect.*` +
					`import \{\s+to = konnect_centralized_consumer.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				// Ours is created; the data sources read the realm by name and theirs by username.
				PreConfig: func() { consumersHeld("after the refused plan", 1) },
				Config: env.ProviderBlock("") + realm + consumer("ours") + `
data "konnect_realm" "shop" {
  name = "shop"
}

data "konnect_centralized_consumer" "theirs" {
  realm_id = data.konnect_realm.shop.id
  username = "theirs"
}
`,
				Check: resource.ComposeTestCheckFunc(
					func(s *terraform.State) error {
						ours = s.RootModule().Resources["konnect_centralized_consumer.c"].Primary.ID
						return nil
					},
					resource.TestCheckResourceAttrPair("data.konnect_realm.shop", "id", "konnect_realm.shop", "id"),
					resource.TestCheckResourceAttr("data.konnect_realm.shop", "ttl", "10"),
					func(s *terraform.State) error {
						got := s.RootModule().Resources["data.konnect_centralized_consumer.theirs"].Primary.Attributes
						if got["id"] != theirs || got["type"] != "proxy" || got["realm_id"] != realmID {
							t.Errorf("the consumer data source read %v, want theirs (%s)", got, theirs)
						}
						return nil
					},
				),
			},
			{
				// A rename to their username is refused at plan too.
				Config:   env.ProviderBlock("") + realm + consumer("theirs"),
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Username taken in the realm.*with konnect_centralized_consumer\.c.*username.*` +
					`konnect_centralized_consumer\s+with\s+username\s+"theirs"\s+already\s+exists\s+in\s+Konnect.*` +
					`import \{\s+to = konnect_centralized_consumer.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				// A change of anything but the username looks no username up (CheckOn).
				PreConfig:          env.ResetRequests,
				Config:             env.ProviderBlock("") + realm + strings.Replace(consumer("ours"), "username =", "custom_id = \"crm-1\"\n  username =", 1),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				// Someone gave our consumer a key: its destroy would take the key with it.
				PreConfig: func() {
					if _, listings := env.Reads("consumers"); listings != 0 {
						t.Errorf("the plan of a custom_id change listed the realm's consumers %d times (a username look-up):\n%s",
							listings, strings.Join(env.Requests(), "\n"))
					}
					consumersHeld("after the refused rename", 2)
					var out konnect.Object
					if _, err := env.Client.Do(t.Context(), http.MethodPost, oursKeys(), nil, konnect.Object{"type": "new"}, &out); err != nil {
						t.Fatal(err)
					}
				},
				Config: env.ProviderBlock(""),
				ExpectError: regexp.MustCompile(`(?s)konnect_centralized_consumer .*has 1 object in Konnect that Konnect deletes with it.*konnect_centralized_consumer_key.*` +
					`import \{\s+to = konnect_centralized_consumer_key.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				// Their key gone, ours goes; the destroy of the realm would take their consumer
				// with it: refused (the guard decides before force=true could be sent).
				PreConfig: func() {
					consumersHeld("after the refused consumer destroy", 2)
					for _, k := range env.List(oursKeys()) {
						env.Remove(oursKeys() + "/" + k["id"].(string))
					}
				},
				Config:      env.ProviderBlock(""),
				ExpectError: regexp.MustCompile(`(?s)konnect_realm .*has 1 object in Konnect that Konnect deletes with it.*theirs.*import \{\s+to = konnect_centralized_consumer.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}"`),
			},
			{
				// The user chooses to delete the realm with what it holds.
				PreConfig: func() {
					consumersHeld("after the refused destroy (ours destroyed before it)", 1)
					if env.Get("/v1/realms/"+realmID+"/consumers/"+theirs) == nil {
						t.Error("the refused destroy removed their consumer")
					}
				},
				Config: env.ProviderBlock("") + realmForced("true"),
			},
			{
				// The delete goes with force=true: Konnect deletes their consumer too.
				Config: env.ProviderBlock(""),
			},
		},
	})
}
