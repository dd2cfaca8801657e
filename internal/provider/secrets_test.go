package provider

import (
	"context"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Each plugin's schema is read once per provider process, however many plans ask at once,
// and a schema that cannot be read leaves the name rule (and is not asked for again).
func TestPluginSecretsReadOncePerName(t *testing.T) {
	mock := konnectmock.New(konnectmock.Options{Tokens: []string{testToken}})
	srv := httptest.NewServer(mock)
	t.Cleanup(srv.Close)
	client, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: testToken})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cp, _, err := client.CreateControlPlane(ctx, konnect.Object{"name": "secrets"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)

	var p pluginSecrets
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() { defer wg.Done(); p.paths(ctx, client, cpID, "rate-limiting") }()
		go func() { defer wg.Done(); p.paths(ctx, client, cpID, "my-custom-plugin") }()
	}
	wg.Wait()
	got := p.paths(ctx, client, cpID, "rate-limiting")
	if want := []string{"redis.password", "redis.username"}; !reflect.DeepEqual(got.Paths(), want) {
		t.Errorf("rate-limiting secret paths %v, want %v", got.Paths(), want)
	}
	if got := p.paths(ctx, client, cpID, "my-custom-plugin"); len(got.Paths()) != 0 || !got.IsSecret([]string{"api_key"}) {
		t.Errorf("unknown plugin: paths %v; the name rule must still hold", got.Paths())
	}
	counts := mock.Counts()
	for _, name := range []string{"rate-limiting", "my-custom-plugin"} {
		if n := counts["GET core-entities/schemas/plugins/"+name]; n != 1 {
			t.Errorf("schema of %s read %d times, want once", name, n)
		}
	}
}

func TestDropSecretsKeepsFlagsAndVaultReferences(t *testing.T) {
	doc := map[string]any{"host": "redis.internal", "password": "{vault://env/redis-password}",
		"nested": map[string]any{"password": "s3cr3t", "port": 6379}, "credentials": false,
		"tokens": []any{"t1"}, "auth": map[string]any{"password": []any{"p1"}, "user": "u"}}
	isSecret := func(p []string) bool {
		last := p[len(p)-1]
		return last == "password" || last == "credentials" || last == "tokens"
	}
	got := dropSecrets(nil, doc, isSecret)
	want := map[string]any{"host": "redis.internal", "password": "{vault://env/redis-password}", "nested": map[string]any{"port": 6379},
		"credentials": false, "auth": map[string]any{"user": "u"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("dropSecrets = %v, want %v", got, want)
	}
}
