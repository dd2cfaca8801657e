package consumers

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	mock "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/consumers"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

func mockClient(t *testing.T) *konnect.Client {
	t.Helper()
	srv := httptest.NewServer(mock.New(mockcore.Env{}))
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test_token_0123456789"})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

func create(t *testing.T, cl *konnect.Client, k engine.EntityKind, parents map[string]string, body konnect.Object) konnect.Object {
	t.Helper()
	obj, _, err := k.API.Create(context.Background(), cl, parents, body)
	if err != nil {
		t.Fatalf("%s: %v", k.TypeName, err)
	}
	return obj
}

// A realm is found by name across the cursor pages of Konnect's listing, which has no filter.
func TestRealmFoundByNameAcrossPages(t *testing.T) {
	cl := mockClient(t)
	for i := range 102 {
		create(t, cl, RealmKind, nil, konnect.Object{"name": fmt.Sprintf("realm-%03d", i)})
	}
	got, err := RealmKind.API.FindByName(context.Background(), cl, nil, "realm-101")
	if err != nil || got == nil || got["name"] != "realm-101" {
		t.Fatalf("realm-101 on the second page: %v %v", got, err)
	}
	if got, err := RealmKind.API.FindByName(context.Background(), cl, nil, "nope"); got != nil || err != nil {
		t.Errorf("an unknown name: %v %v", got, err)
	}
}

// A key's create answers as Konnect's GET does (no updated_at), with the secret Konnect
// generated for a key of type new and without the one a legacy key's body carried.
func TestKeyCreateKeepsOnlyTheGeneratedSecret(t *testing.T) {
	cl := mockClient(t)
	realm := create(t, cl, RealmKind, nil, konnect.Object{"name": "r"})["id"].(string)
	consumer := create(t, cl, ConsumerKind, map[string]string{"realm_id": realm}, konnect.Object{"username": "ann"})["id"].(string)
	parents := map[string]string{"realm_id": realm, "consumer_id": consumer}
	generated := create(t, cl, KeyKind, parents, konnect.Object{"type": "new"})
	if s, _ := generated["secret"].(string); len(s) < 16 {
		t.Errorf("the generated key's answer has no secret: %v", generated)
	}
	body := konnect.Object{"type": "legacy", "secret": "mine-0123456789"}
	legacy := create(t, cl, KeyKind, parents, body)
	if _, ok := legacy["secret"]; ok {
		t.Errorf("the legacy key's answer keeps the secret sent")
	}
	if body["secret"] != "mine-0123456789" {
		t.Errorf("the create changed the engine's body")
	}
	for _, o := range []konnect.Object{generated, legacy} {
		if _, ok := o["updated_at"]; ok {
			t.Errorf("a create's answer has updated_at, which no GET shows: %v", o)
		}
	}
	read, _, err := KeyKind.API.Get(context.Background(), cl, engine.Address{Parents: parents, ID: legacy["id"].(string)})
	if err != nil || read["type"] != "legacy" {
		t.Fatalf("GET: %v %v", read, err)
	}
}

// A rename to a username another consumer of the realm has is a problem on username naming
// that consumer's import id; the consumer's own username, a create (the engine's check) and a
// username in another realm are not.
func TestUsernameTaken(t *testing.T) {
	cl, ctx := mockClient(t), context.Background()
	realm := create(t, cl, RealmKind, nil, konnect.Object{"name": "r"})["id"].(string)
	other := create(t, cl, RealmKind, nil, konnect.Object{"name": "o"})["id"].(string)
	in := map[string]string{"realm_id": realm}
	ann := create(t, cl, ConsumerKind, in, konnect.Object{"username": "ann"})["id"].(string)
	bob := create(t, cl, ConsumerKind, in, konnect.Object{"username": "bob"})["id"].(string)
	create(t, cl, ConsumerKind, map[string]string{"realm_id": other}, konnect.Object{"username": "cid"})
	ps := usernameTaken(ctx, cl, konnect.Object{"realm_id": realm, "username": "ann", "id": bob})
	if len(ps) != 1 || ps[0].Attr != "username" || !strings.Contains(ps[0].Detail, `id = "`+realm+"/"+ann+`"`) {
		t.Fatalf("bob renamed ann: %+v", ps)
	}
	for what, values := range map[string]konnect.Object{
		"its own username": {"realm_id": realm, "username": "ann", "id": ann},
		"a create":         {"realm_id": realm, "username": "ann"},
		"another realm's":  {"realm_id": realm, "username": "cid", "id": bob},
	} {
		if ps := usernameTaken(ctx, cl, values); len(ps) != 0 {
			t.Errorf("%s: %+v", what, ps)
		}
	}
}
