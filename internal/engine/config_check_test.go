package engine

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A schema is read once per control plane, name and provider process, whoever asks first
// (the plan-time check or the secret paths); a refusal is kept too.
func TestSchemaReadsOncePerControlPlaneAndName(t *testing.T) {
	var mu sync.Mutex
	reads := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		reads[r.URL.Path]++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/nope") {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"message": "Not found"}`))
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"fields": []any{map[string]any{"config": map[string]any{"type": "record", "fields": []any{
			map[string]any{"password": map[string]any{"type": "string", "referenceable": true}},
		}}}}})
	}))
	defer srv.Close()
	c, err := konnect.New(konnect.Config{ServerURL: srv.URL, Token: "kpat_test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var p PluginSecrets
	for range 3 {
		if _, err := p.schemas.get(ctx, c, schemaOfPlugin, "cp1", "rate-limiting"); err != nil {
			t.Fatal(err)
		}
		if !p.Paths(ctx, c, "cp1", "rate-limiting").IsSecret([]string{"password"}) {
			t.Error("the secret paths do not come from the schema read")
		}
		_, _ = p.schemas.get(ctx, c, schemaOfPlugin, "cp2", "rate-limiting")
		_, _ = p.schemas.get(ctx, c, schemaOfPartial, "cp1", "redis-ce")
		if _, err := p.schemas.get(ctx, c, schemaOfPlugin, "cp1", "nope"); !konnect.IsNotFound(err) {
			t.Errorf("an unknown plugin: %v, want a 404", err)
		}
	}
	want := map[string]int{
		"/v2/control-planes/cp1/core-entities/schemas/plugins/rate-limiting": 1,
		"/v2/control-planes/cp2/core-entities/schemas/plugins/rate-limiting": 1,
		"/v2/control-planes/cp1/core-entities/schemas/partials/redis-ce":     1,
		"/v2/control-planes/cp1/core-entities/schemas/plugins/nope":          1,
	}
	for path, n := range want {
		if reads[path] != n {
			t.Errorf("%s read %d times, want %d", path, reads[path], n)
		}
	}
	if len(reads) != len(want) {
		t.Errorf("reads: %v", reads)
	}
}

// Konnect's 400 on a path inside a JSON document names that path.
func TestRejectedAtNamesThePathInConfig(t *testing.T) {
	r := &EntityResource{Kind: EntityKind{Attrs: []Attr{{Name: "config", Type: JSON}, {Name: "service", Type: String}}}}
	for field, want := range map[string]string{
		"config.redis.port": "config.redis.port", "config": "config", "service.id": "service",
	} {
		attr := strings.SplitN(field, ".", 2)[0]
		if got := r.rejectedAt(attr, field); got != want {
			t.Errorf("rejectedAt(%q, %q) = %q, want %q", attr, field, got, want)
		}
	}
}
