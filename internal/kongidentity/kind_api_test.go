package kongidentity

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	mock "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/kongidentity"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// konnectAt is a client of the family's mock, on a clock the test moves.
func konnectAt(t *testing.T) (*konnect.Client, *mock.Family, *mocktest.Clock) {
	t.Helper()
	clk := mocktest.NewClock(time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC))
	f := mock.New(mockcore.Env{Now: clk.Now})
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test_token_0123456789"})
	if err != nil {
		t.Fatal(err)
	}
	return cl, f, clk
}

// A client without a secret of configuration's is POSTed and Konnect's generated secret comes
// back once; one with a secret is PUT under its id (chosen, or made here), and Konnect keeps
// that secret. Every object carries the secrets listing, never a value.
func TestClientCreate(t *testing.T) {
	cl, f, _ := konnectAt(t)
	ctx := context.Background()
	srv, _, err := AuthServerKind.API.Create(ctx, cl, nil, konnect.Object{"name": "idp", "audience": "api://idp"})
	if err != nil {
		t.Fatal(err)
	}
	parents := map[string]string{"auth_server_id": srv["id"].(string)}
	base := konnect.Object{"name": "a", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}}
	gen, _, err := ClientKind.API.Create(ctx, cl, parents, base)
	if err != nil {
		t.Fatal(err)
	}
	held := f.ClientSecrets(parents["auth_server_id"], gen["id"].(string))
	if len(held) != 1 || gen["client_secret"] != held[0] {
		t.Errorf("the generated secret is not the create's answer (%d held)", len(held))
	}
	if list, _ := gen[secretsField].([]any); len(list) != 1 || strings.Contains(mustString(list), held[0]) {
		t.Errorf("the secrets listing: %d entries, or a value shown", len(list))
	}
	read, _, err := ClientKind.API.Get(ctx, cl, engine.Address{Parents: parents, ID: gen["id"].(string)})
	if err != nil || read["client_secret"] != nil || len(read[secretsField].([]any)) != 1 {
		t.Fatalf("a read: %v %v", read, err)
	}

	given := konnect.Object{"name": "b", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}, "client_secret": "given-0123456789"}
	made, _, err := ClientKind.API.Create(ctx, cl, parents, given)
	if err != nil || !clientIDRE.MatchString(made["id"].(string)) || len(made["id"].(string)) != 20 {
		t.Fatalf("a create with a secret: %v %v", made, err)
	}
	if got := f.ClientSecrets(parents["auth_server_id"], made["id"].(string)); len(got) != 1 || got[0] != "given-0123456789" {
		t.Errorf("Konnect does not hold the given secret alone (%d)", len(got))
	}
	given["name"], given["id"] = "c", "chosen-id"
	if chosen, _, err := ClientKind.API.Create(ctx, cl, parents, given); err != nil || chosen["id"] != "chosen-id" {
		t.Fatalf("a create with an id and a secret: %v %v", chosen, err)
	}
	if given["id"] != "chosen-id" {
		t.Error("the engine's body was changed")
	}
}

// An update sends the secret it sent before only while no secret was added in Konnect since
// the client was last written; after a rotation it is refused, and a new secret goes.
func TestClientUpdateAfterRotation(t *testing.T) {
	cl, f, clk := konnectAt(t)
	ctx := context.Background()
	srv, _, _ := AuthServerKind.API.Create(ctx, cl, nil, konnect.Object{"name": "idp", "audience": "api://idp"})
	parents := map[string]string{"auth_server_id": srv["id"].(string)}
	created, _, err := ClientKind.API.Create(ctx, cl, parents, konnect.Object{"name": "a", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}})
	if err != nil {
		t.Fatal(err)
	}
	addr := engine.Address{Parents: parents, ID: created["id"].(string)}
	api := ClientKind.API.(engine.UpdatesFromPrior)
	prior := konnect.Object{"name": "a", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}, "client_secret": created["client_secret"]}
	body := konnect.Object{"name": "a", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}, "client_secret": created["client_secret"], "access_token_duration": 900}
	live, _, _ := ClientKind.API.Get(ctx, cl, addr)
	noSecret := konnect.Object{"name": "a", "grant_types": []any{"client_credentials"}, "response_types": []any{"token"}}
	if _, _, err := api.UpdateFrom(ctx, cl, addr, noSecret, noSecret, live, ""); err == nil || !strings.Contains(err.Error(), "Terraform holds no secret of this client") {
		t.Errorf("an update without a secret (an imported client): %v", err)
	}
	if rotatedSecrets(live) != "" {
		t.Fatalf("a client just created reads as rotated: %s", rotatedSecrets(live))
	}
	clk.Advance(time.Second)
	if _, _, err := api.UpdateFrom(ctx, cl, addr, body, prior, live, ""); err != nil {
		t.Fatalf("an update with the same secret and no rotation: %v", err)
	}

	clk.Advance(2 * time.Second)
	var added konnect.Object
	if _, err := cl.Do(ctx, http.MethodPost, "/v1/auth-servers/"+parents["auth_server_id"]+"/clients/"+addr.ID+"/secrets", nil, konnect.Object{}, &added); err != nil {
		t.Fatal(err)
	}
	live, _, _ = ClientKind.API.Get(ctx, cl, addr)
	notice := rotatedSecrets(live)
	if !strings.Contains(notice, added["id"].(string)) || strings.Contains(notice, added["secret"].(string)) {
		t.Errorf("the notice does not name the added secret by its id alone: %s", notice)
	}
	clk.Advance(time.Second)
	if _, _, err := api.UpdateFrom(ctx, cl, addr, body, prior, live, ""); err == nil || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("an update sending the old secret over a rotation: %v", err)
	}
	if got := f.ClientSecrets(parents["auth_server_id"], addr.ID); len(got) != 2 {
		t.Errorf("the refused update changed Konnect's secrets (%d)", len(got))
	}
	body["client_secret"] = "new-0123456789"
	if _, _, err := api.UpdateFrom(ctx, cl, addr, body, prior, live, ""); err != nil {
		t.Fatalf("an update with a new secret: %v", err)
	}
	if got := f.ClientSecrets(parents["auth_server_id"], addr.ID); len(got) != 1 || got[0] != "new-0123456789" {
		t.Errorf("Konnect does not hold the new secret alone (%d)", len(got))
	}
	if live, _, _ = ClientKind.API.Get(ctx, cl, addr); rotatedSecrets(live) != "" {
		t.Errorf("after the write the client still reads as rotated")
	}
}

// An auth server's delete is forced (the cascade guard has decided): one holding a scope goes.
func TestAuthServerDeleteIsForced(t *testing.T) {
	cl, f, _ := konnectAt(t)
	ctx := context.Background()
	srv, _, _ := AuthServerKind.API.Create(ctx, cl, nil, konnect.Object{"name": "idp", "audience": "api://idp"})
	id := srv["id"].(string)
	if _, _, err := ScopeKind.API.Create(ctx, cl, map[string]string{"auth_server_id": id}, konnect.Object{"name": "read"}); err != nil {
		t.Fatal(err)
	}
	if _, err := AuthServerKind.API.Delete(ctx, cl, engine.Address{ID: id}, ""); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if f.AuthServer(id) != nil {
		t.Error("the auth server is still there")
	}
}

func mustString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
