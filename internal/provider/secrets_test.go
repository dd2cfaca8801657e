package provider

import (
	"context"
	"encoding/json"
	"strings"

	"reflect"
	"slices"
	"sort"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Each plugin's schema is read once per provider process, however many plans ask at once,
// and a schema that cannot be read leaves the name rule (and is not asked for again).
func TestPluginSecretsReadOncePerName(t *testing.T) {
	mock, client, _ := startMock(t)
	ctx := context.Background()
	cp, _, err := client.CreateControlPlane(ctx, konnect.Object{"name": "secrets"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)

	var p engine.PluginSecrets
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() { defer wg.Done(); p.Paths(ctx, client, cpID, "rate-limiting") }()
		go func() { defer wg.Done(); p.Paths(ctx, client, cpID, "my-custom-plugin") }()
	}
	wg.Wait()
	got := p.Paths(ctx, client, cpID, "rate-limiting")
	// Kong's 3.15 schema marks every Redis connection setting referenceable
	for _, want := range []string{"redis.password", "redis.username", "redis.host", "redis.cloud_authentication.aws_access_key_id"} {
		if !slices.Contains(got.Paths(), want) {
			t.Errorf("rate-limiting secret paths %v, want %s among them", got.Paths(), want)
		}
	}
	if slices.Contains(got.Paths(), "minute") || slices.Contains(got.Paths(), "policy") {
		t.Errorf("rate-limiting secret paths %v cover plain settings", got.Paths())
	}
	if got := p.Paths(ctx, client, cpID, "my-custom-plugin"); len(got.Paths()) != 0 || !got.IsSecret([]string{"api_key"}) {
		t.Errorf("unknown plugin: paths %v; the name rule must still hold", got.Paths())
	}
	counts := mock.Counts()
	for _, name := range []string{"rate-limiting", "my-custom-plugin"} {
		if n := counts["GET core-entities/schemas/plugins/"+name]; n != 1 {
			t.Errorf("schema of %s read %d times, want once", name, n)
		}
	}
}

// A field Kong marks encrypted whose name says nothing of a secret is found through the
// control plane's served marks: the name rule alone would print it.
func TestPluginSecretsFromServedMarks(t *testing.T) {
	_, client, _ := startMock(t)
	ctx := context.Background()
	cp, _, err := client.CreateControlPlane(ctx, konnect.Object{"name": "served-marks"})
	if err != nil {
		t.Fatal(err)
	}
	var p engine.PluginSecrets
	for plugin, path := range map[string][]string{
		"saml":           {"idp_certificate"},         // encrypted, referenceable
		"kafka-log":      {"authentication", "user"},  // encrypted, referenceable
		"openid-connect": {"client_id", "0"},          // encrypted array
		"ai-proxy":       {"auth", "azure_tenant_id"}, // referenceable
	} {
		if (guard.SecretPaths{}).IsSecret(path) {
			t.Fatalf("%s %v: the name rule already covers it; pick another field", plugin, path)
		}
		if got := p.Paths(ctx, client, cp["id"].(string), plugin); !got.IsSecret(path) {
			t.Errorf("%s: %v is not secret by the served marks %v", plugin, path, got.Paths())
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
	var taken []string
	got := engine.DropSecrets(nil, doc, isSecret, func(p []string, _ any) { taken = append(taken, strings.Join(p, ".")) })
	sort.Strings(taken)
	if want := []string{"auth.password", "nested.password", "tokens"}; !reflect.DeepEqual(taken, want) {
		t.Errorf("taken %v, want %v", taken, want)
	}
	want := map[string]any{"host": "redis.internal", "password": "{vault://env/redis-password}", "nested": map[string]any{"port": 6379},
		"credentials": false, "auth": map[string]any{"user": "u"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("dropSecrets = %v, want %v", got, want)
	}
}

// memPrivate is private state in memory.
type memPrivate map[string][]byte

func (m memPrivate) SetKey(_ context.Context, k string, v []byte) diag.Diagnostics {
	if len(v) == 0 {
		delete(m, k)
	} else {
		m[k] = v
	}
	return nil
}

func (m memPrivate) GetKey(_ context.Context, k string) ([]byte, diag.Diagnostics) { return m[k], nil }

func TestImportSecretsMatchOnlyTheSameSecret(t *testing.T) {
	ctx := context.Background()
	p := memPrivate{}
	taken := map[string][]engine.SecretAt{"config": {{Path: []string{"redis", "password"}, Value: "s3cr3t"}}}
	if d := (&engine.ImportSecrets{}).Record(ctx, p, taken); d.HasError() {
		t.Fatal(d)
	}
	if strings.Contains(string(p[engine.PrivateImportSecretsKey]), "s3cr3t") {
		t.Fatalf("the record holds the secret: %s", p[engine.PrivateImportSecretsKey])
	}
	s := engine.LoadImportSecrets(ctx, p, engine.ProcessKey())
	stated := map[string]any{"minute": 10, "redis": map[string]any{"host": "h"}}
	same := map[string]any{"minute": 10, "redis": map[string]any{"host": "h", "password": "s3cr3t"}}
	if got := s.Matching("config", same, stated); !reflect.DeepEqual(got, map[string]any{"minute": json.Number("10"), "redis": map[string]any{"host": "h"}}) {
		t.Errorf("the same secret: %v", got)
	}
	other := map[string]any{"minute": 10, "redis": map[string]any{"host": "h", "password": "other"}}
	if got := s.Matching("config", other, stated); engine.ValueAt(got, []string{"redis", "password"}) != "other" {
		t.Errorf("another secret was taken for the recorded one: %v", got)
	}
	if got := s.Matching("other_attr", same, stated); engine.ValueAt(got, []string{"redis", "password"}) != "s3cr3t" {
		t.Errorf("another attribute: %v", got)
	}
	if d := s.Record(ctx, p, nil); d.HasError() || len(p) != 0 {
		t.Errorf("recording nothing keeps %v", p)
	}
	if got := (*engine.ImportSecrets)(nil).Matching("config", same, stated); !reflect.DeepEqual(got, same) {
		t.Errorf("no record: %v", got)
	}
}
