package kongidentity_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// What the plan and the guard refuse for an auth server, each with nothing written: a claim
// and a client listing a scope of another auth server (at plan, naming include_in_scopes and
// allow_scopes); the destroy of an auth server that holds a client and a claim someone made
// in Konnect (under fail, naming each with the import block that adopts it, Konnect keeping
// all of them); with force_destroy = "true" the destroy takes them with it.
func TestAccAuthServerRefusals(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	provider := env.ProviderBlock("")
	other := env.PostObj("/v1/auth-servers", konnect.Object{"name": "other", "audience": "api://other"})
	otherScope := env.PostObj("/v1/auth-servers/"+other["id"].(string)+"/scopes", konnect.Object{"name": "other:read"})
	server := func(extra string) string {
		return provider + `
resource "konnect_identity_auth_server" "idp" {
  name     = "idp"
  audience = "api://idp"
` + extra + `}
`
	}
	withScope := server("") + `
resource "konnect_identity_auth_server_scope" "read" {
  auth_server_id = konnect_identity_auth_server.idp.id
  name           = "orders:read"
}

resource "konnect_identity_auth_server_claim" "team" {
  auth_server_id    = konnect_identity_auth_server.idp.id
  name              = "team"
  value             = "orders"
  include_in_scopes = [konnect_identity_auth_server_scope.read.id]
}
`
	var serverID string
	var made []string
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		CheckDestroy: func(*terraform.State) error {
			if got := env.List("/v1/auth-servers"); len(got) != 1 || got[0]["name"] != "other" {
				t.Errorf("after destroy Konnect holds the auth servers %v, want other alone", got)
			}
			return nil
		},
		Steps: []resource.TestStep{
			{
				Config: server("") + `
resource "konnect_identity_auth_server_claim" "team" {
  auth_server_id    = konnect_identity_auth_server.idp.id
  name              = "team"
  value             = "orders"
  include_in_scopes = ["` + otherScope["id"].(string) + `"]
}
`,
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Scope of another auth server.*with konnect_identity_auth_server_claim.team.*include_in_scopes.*include_in_scopes lists\s+` +
					otherScope["id"].(string) + `, which is not a\s+scope of the auth server this plan creates \(it is a scope of auth server\s+"other" \(` + other["id"].(string) + `\)\)`),
			},
			{
				// A client of an auth server in Konnect (imported, say) allowing another's scope.
				Config: provider + `
resource "konnect_identity_auth_server_client" "app" {
  auth_server_id = "` + other["id"].(string) + `"
  name           = "app"
  grant_types    = ["client_credentials"]
  response_types = ["token"]
  allow_scopes   = ["0b6f4e6a-2f7c-4c1e-9d6b-2d0f6b9a7c11"]
}
`,
				PlanOnly: true,
				ExpectError: regexp.MustCompile(`(?s)Scope of another auth server.*with konnect_identity_auth_server_client.app.*allow_scopes.*allow_scopes lists\s+0b6f4e6a-2f7c-4c1e-9d6b-2d0f6b9a7c11,\s+which\s+is\s+not\s+a\s+scope\s+of\s+auth\s+server\s+` +
					other["id"].(string) + `\s+\(no\s+auth\s+server\s+has\s+it\)`),
			},
			{
				PreConfig: func() {
					if got := env.List("/v1/auth-servers"); len(got) != 1 {
						t.Errorf("a refused plan wrote: %v", got)
					}
				},
				Config: withScope,
				Check: func(s *terraform.State) error {
					serverID = s.RootModule().Resources["konnect_identity_auth_server.idp"].Primary.ID
					return nil
				},
			},
			{
				// Someone adds a client and a claim to the auth server in Konnect; the
				// configuration no longer declares it.
				PreConfig: func() {
					base := "/v1/auth-servers/" + serverID
					c := env.PostObj(base+"/clients", konnect.Object{"name": "made-in-konnect", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}})
					m := env.PostObj(base+"/claims", konnect.Object{"name": "region", "value": "eu"})
					made = []string{base + "/clients/" + c["id"].(string), base + "/claims/" + m["id"].(string)}
				},
				Config: provider,
				ExpectError: regexp.MustCompile(`(?s)Deleting this object would delete objects that Terraform does not manage.*konnect_identity_auth_server\b.*` +
					`konnect_identity_auth_server_claim\s+id \S+\s+name "region".*konnect_identity_auth_server_client\s+id \S+\s+name "made-in-konnect".*` +
					`to = konnect_identity_auth_server_claim\.<name>\s+id = "[0-9a-f-]{36}/[0-9a-f-]{36}".*` +
					`to = konnect_identity_auth_server_client\.<name>\s+id = "[0-9a-f-]{36}/[-_0-9A-Za-z]+"`),
			},
			{
				// Nothing someone made was deleted; force_destroy = "true" lets the destroy take them.
				PreConfig: func() {
					for _, p := range append(made, "/v1/auth-servers/"+serverID) {
						if env.Get(p) == nil {
							t.Errorf("%s was deleted by a refused destroy", p)
						}
					}
				},
				Config: server("  force_destroy = \"true\"\n"),
			},
			{
				Config: provider,
				Check: func(*terraform.State) error {
					env.WantGone("the auth server", "/v1/auth-servers/"+serverID)
					return nil
				},
			},
		},
	})
}

// The data source reads an auth server by name (as Konnect's listing filters it) or by id,
// with what Konnect chose for it (its issuer); a name no auth server has is an error saying so.
func TestAccAuthServerDataSource(t *testing.T) {
	env := acctest.NewEnv(t, konnectmock.Options{})
	env.PostObj("/v1/auth-servers", konnect.Object{"name": "idp-staging", "audience": "api://staging"})
	idp := env.PostObj("/v1/auth-servers", konnect.Object{"name": "idp", "audience": "api://idp", "labels": map[string]any{"env": "prod"}})
	acctest.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: protoV6Factories,
		Steps: []resource.TestStep{
			{
				Config: env.ProviderBlock("") + `
data "konnect_identity_auth_server" "by_name" {
  name = "idp"
}

data "konnect_identity_auth_server" "by_id" {
  id = data.konnect_identity_auth_server.by_name.id
}
`,
				Check: resource.ComposeAggregateTestCheckFunc(
					resource.TestCheckResourceAttr("data.konnect_identity_auth_server.by_name", "id", idp["id"].(string)),
					resource.TestCheckResourceAttr("data.konnect_identity_auth_server.by_name", "issuer", idp["issuer"].(string)),
					resource.TestCheckResourceAttr("data.konnect_identity_auth_server.by_name", "labels.env", "prod"),
					resource.TestCheckResourceAttr("data.konnect_identity_auth_server.by_id", "audience", "api://idp"),
				),
			},
			{
				Config: env.ProviderBlock("") + `
data "konnect_identity_auth_server" "missing" {
  name = "idp-prod"
}
`,
				ExpectError: regexp.MustCompile(`(?s)konnect_identity_auth_server.*idp-prod`),
			},
		},
	})
}
