package acctest

// The access family's fixtures, for its tests (internal/access, TestAccKinds' rows among
// them) and the provider's tests that use a team or an identity provider (internal/provider:
// the batched refresh).

// IdentityProviderBlock is the body of an OIDC konnect_identity_provider; %s is its
// login_path (an HCL expression).
const IdentityProviderBlock = "type = \"oidc\"\n  login_path = %s\n" +
	"  config = {\n    oidc_identity_provider_config = {\n      issuer_url = \"https://idp.example.com\"\n      client_id = \"konnect\"\n      client_secret = \"row-client-secret\"\n    }\n  }"

// TeamID returns the id of the one team Konnect has with this name, failing the test when
// it has none or several.
func (e *Env) TeamID(name string) string {
	e.T.Helper()
	var ids []string
	for _, tm := range e.List("/v3/teams") {
		if tm["name"] == name {
			ids = append(ids, e.id(tm, "team "+name))
		}
	}
	if len(ids) != 1 {
		e.T.Fatalf("Konnect has %d teams named %q, want 1", len(ids), name)
	}
	return ids[0]
}
