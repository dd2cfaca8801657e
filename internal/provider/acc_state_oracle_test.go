package provider

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The state file is no offline oracle for secrets (issue 17, item 2; digest.go): for the
// write-only kinds, woScenario (acc_writeonly_test.go, TestAccWriteOnly<Kind>) proves it on
// the object its write-only steps leave; here, a plugin's secret an import kept out of state.

// testClock is the mock's clock: frozen (every write in the same second, so that updated_at
// tells nothing and only the revision can show a change), or ticking one second per call.
type testClock struct {
	mu     sync.Mutex
	at     time.Time
	ticks  bool
	called int
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.called++
	if c.ticks {
		return c.at.Add(time.Duration(c.called) * time.Second)
	}
	return c.at
}

const otherToken = "kpat_acceptance_test_token_rotated_987654"

// A plugin imported with a secret in its config that configuration does not set: state keeps
// the secret out (secrets.go), and neither state nor private state lets a guess of it be
// tested: no plain hash of the body or of the secret, no key beside the import record's
// digests. A saved plan goes stale when the secret changes in Konnect within the same second.
func TestAccImportedPluginSecretNoOracle(t *testing.T) {
	t.Parallel()
	clock := &testClock{at: time.Unix(1764000000, 0)}
	e := newKonnectEnv(t, konnectmock.Options{Now: clock.now})
	cli := newCLIRun(t)
	const pw, other = "Oracle-Redis-Pa55-71c0de", "Someone-Redis-Pa55-0be2a9"
	cpID := e.mkCP(konnect.Object{"name": "import-oracle"})
	plugin, _, err := e.client.CreateEntity(context.Background(), konnect.CoreEntitiesPath(cpID, "plugins"), konnect.Object{
		"name": "rate-limiting", "config": map[string]any{"minute": 10, "policy": "redis",
			"redis": map[string]any{"host": "redis.internal", "password": pw}}})
	if err != nil {
		t.Fatal(err)
	}
	pluginPath := konnect.CoreEntitiesPath(cpID, "plugins", plugin["id"].(string))
	config := func(minute int) {
		cli.write("terraform {\n  required_providers {\n    konnect = { source = \"konnectguard/konnect\" }\n  }\n}\n" + e.providerBlock("") + fmt.Sprintf(`
import {
  to = konnect_gateway_plugin.limit
  id = "%s/%s"
}

resource "konnect_gateway_plugin" "limit" {
  control_plane_id = %q
  name             = "rate-limiting"
  config = jsonencode({
    minute = %d
    policy = "redis"
    redis  = { host = "redis.internal" }
  })
}
`, cpID, plugin["id"], cpID, minute))
	}
	config(10)
	if out, code := cli.run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 || !strings.Contains(out, "1 imported") {
		t.Fatalf("import: exit %d\n%s", code, out)
	}
	check := func(what string) {
		t.Helper()
		raw, instances := acctest.ReadStateFile(t, filepath.Join(cli.dir, "terraform.tfstate"))
		texts := map[string]string{"the state file": string(raw)}
		var record []byte
		for _, in := range instances {
			var keys map[string][]byte
			if err := json.Unmarshal(in.Private, &keys); err != nil {
				t.Fatal(err)
			}
			for k, v := range keys {
				texts["the private state "+k] = string(v)
			}
			record = keys[engine.PrivateImportSecretsKey]
		}
		obj := e.get(pluginPath)
		rev, err := guard.Revision(obj)
		if err != nil {
			t.Fatal(err)
		}
		forbidden := map[string]string{strings.TrimPrefix(rev, guard.RevisionPrefix): "the plain sha256 of the body"}
		for _, s := range []string{pw, other} {
			s256, s1 := sha256.Sum256([]byte(s)), sha1.Sum([]byte(s))
			forbidden[s] = "a redis password"
			forbidden[hex.EncodeToString(s256[:])] = "the sha256 of a redis password"
			forbidden[hex.EncodeToString(s1[:])] = "the sha1 of a redis password"
		}
		for where, text := range texts {
			for f, is := range forbidden {
				if strings.Contains(text, f) {
					t.Errorf("%s: %s holds %s", what, where, is)
				}
			}
		}
		// The record of the secret the import kept out of state: digests, and no key.
		var rec map[string]any
		if err := json.Unmarshal(record, &rec); err != nil || rec["digests"] == nil {
			t.Fatalf("%s: no import record of the secret (%v): %s", what, err, record)
		}
		if _, ok := rec["key"]; ok {
			t.Errorf("%s: the import record keeps its key beside the digests: %s", what, record)
		}
	}
	check("after the import")

	// Guard 1: a saved plan, then the secret changes in Konnect in the same second.
	config(20)
	if out, code := cli.run(nil, "plan", "-out=p.tfplan", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("plan: exit %d\n%s", code, out)
	}
	before := fmt.Sprint(e.get(pluginPath)["updated_at"])
	e.edit(pluginPath, func(b konnect.Object) {
		b["config"].(map[string]any)["redis"].(map[string]any)["password"] = other
	})
	if now := fmt.Sprint(e.get(pluginPath)["updated_at"]); now != before {
		t.Fatalf("updated_at moved (%s → %s)", before, now)
	}
	out, code := cli.run(nil, "apply", "-input=false", "-no-color", "p.tfplan")
	if code != 1 || !strings.Contains(strings.Join(strings.Fields(out), " "), "Konnect object changed since this plan was made") {
		t.Errorf("a saved plan over a plugin secret changed in Konnect: exit %d, want 1 and the stale-plan error\n%s", code, out)
	}
	if got := e.get(pluginPath)["config"].(map[string]any); got["minute"] != json.Number("10") && fmt.Sprint(got["minute"]) != "10" {
		t.Errorf("the refused apply wrote minute = %v", got["minute"])
	}
	if out, code := cli.run(nil, "apply", "-refresh-only", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("refresh: exit %d\n%s", code, out)
	}
	check("after the refresh")
}
