package organization

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
	mock "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/organization"
)

func mockClient(t *testing.T) *konnect.Client {
	t.Helper()
	srv := httptest.NewServer(mock.New(mockcore.Env{}, nil))
	t.Cleanup(srv.Close)
	cl, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test_token_0123456789"})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// A destination's create sends Konnect's default log_format when configuration leaves it
// unset (Konnect requires the field), and the configured one otherwise; the body the
// engine built is not changed.
func TestDestinationCreateSendsLogFormat(t *testing.T) {
	cl, ctx := mockClient(t), context.Background()
	api := AuditLogDestinationKind.API
	body := konnect.Object{"name": "a", "endpoint": "https://siem.example.com/a", "authorization": "Bearer a"}
	obj, _, err := api.Create(ctx, cl, nil, body)
	if err != nil || obj["log_format"] != "cef" || obj["authorization"] != nil {
		t.Fatalf("create without log_format: %v %v", obj, err)
	}
	if _, set := body["log_format"]; set {
		t.Error("the engine's body was changed")
	}
	obj, _, err = api.Create(ctx, cl, nil, konnect.Object{"name": "b", "endpoint": "https://siem.example.com/b", "authorization": "Bearer b", "log_format": "cps"})
	if err != nil || obj["log_format"] != "cps" {
		t.Fatalf("create with log_format: %v %v", obj, err)
	}
	found, err := api.FindByName(ctx, cl, nil, "b")
	if err != nil || found == nil || found["id"] != obj["id"] {
		t.Errorf("FindByName: %v %v", found, err)
	}
}

// A CMEK is created under the id the plan chose (default when unset), replaced whole by an
// update, and deleted; its id attribute is configuration's, defaulting to Konnect's one id.
func TestCMEKAPI(t *testing.T) {
	cl, ctx := mockClient(t), context.Background()
	api := CMEKKind.API
	if _, _, err := api.Get(ctx, cl, engine.Address{ID: "default"}); !konnect.IsNotFound(err) {
		t.Fatalf("a CMEK never put: %v", err)
	}
	obj, _, err := api.Create(ctx, cl, nil, konnect.Object{"id": "default", "name": "k", "key_arn": "arn:a", "description": "d"})
	if err != nil || obj["id"] != "default" || obj["description"] != "d" {
		t.Fatalf("create: %v %v", obj, err)
	}
	obj, _, err = api.Update(ctx, cl, engine.Address{ID: "default"}, konnect.Object{"name": "k2", "key_arn": "arn:b"}, obj, "")
	if _, has := obj["description"]; err != nil || has || obj["name"] != "k2" {
		t.Fatalf("update: %v %v", obj, err)
	}
	if _, err := api.Delete(ctx, cl, engine.Address{ID: "default"}, ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := api.Get(ctx, cl, engine.Address{ID: "default"}); !konnect.IsNotFound(err) {
		t.Fatalf("after delete: %v", err)
	}
	id := api.(engine.DeclaresID).IDAttr()
	if id.Name != engine.AttrID || id.Mode != engine.Optional || !id.ForceNew {
		t.Errorf("the id attribute: %+v", id)
	}
}
