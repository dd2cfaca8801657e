package provider

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/consumers"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The protocol tests' fixtures of the centralized consumers family. Its rows in TestAccKinds
// and its own acceptance tests are in internal/consumers.

// consumersFixtures creates a realm, a consumer in it and a key of the consumer for the
// protocol tests' fixtures (server_test.go), recording each one's JSON import id (Kong's).
func consumersFixtures(t *testing.T, client *konnect.Client, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	create := func(k string, api interface {
		Create(context.Context, *konnect.Client, map[string]string, konnect.Object) (konnect.Object, *konnect.Response, error)
	}, parents map[string]string, body konnect.Object) string {
		obj, _, err := api.Create(ctx, client, parents, body)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		id := obj["id"].(string)
		key := map[string]string{"id": id}
		for p, v := range parents {
			key[p] = v
		}
		b, _ := json.Marshal(key)
		ids[k] = string(b)
		return id
	}
	realm := create(consumers.RealmKind.TypeName, consumers.RealmKind.API, nil, konnect.Object{"name": "fast-path", "ttl": 15})
	parents := map[string]string{"realm_id": realm}
	consumer := create(consumers.ConsumerKind.TypeName, consumers.ConsumerKind.API, parents, konnect.Object{"username": "fast-path", "custom_id": "c-1"})
	create(consumers.KeyKind.TypeName, consumers.KeyKind.API, map[string]string{"realm_id": realm, "consumer_id": consumer},
		konnect.Object{"type": "legacy", "secret": "fast-path-secret"})
}
