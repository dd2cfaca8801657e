package provider

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The digest key comes from the token, or from KONNECT_DIGEST_KEY, which must be as hard to
// guess as a token.
func TestDigestKeyFor(t *testing.T) {
	t.Setenv(engine.DigestKeyEnv, "")
	a, err := engine.DigestKeyFor("kpat_one")
	b, _ := engine.DigestKeyFor("kpat_two")
	if err != nil || a.ID() == b.ID() {
		t.Fatalf("keys of two tokens: %v, %v, %v", a, b, err)
	}
	t.Setenv(engine.DigestKeyEnv, "short")
	if _, err := engine.DigestKeyFor("kpat_one"); err == nil || !strings.Contains(err.Error(), "at least 32") || strings.Contains(err.Error(), "short") {
		t.Errorf("a short pinned key: %v", err)
	}
	t.Setenv(engine.DigestKeyEnv, strings.Repeat("9f", 16))
	p1, err1 := engine.DigestKeyFor("kpat_one")
	p2, _ := engine.DigestKeyFor("kpat_two")
	if err1 != nil || p1.ID() != p2.ID() || p1.ID() == a.ID() {
		t.Errorf("a pinned key: the same for every token and not the token's: %v %v %v", p1.ID(), p2.ID(), err1)
	}
}

// Records written before keyed digests (Konnect's hash of a basic-auth password in the base,
// a plain sha256 rendering of the write-only twin, an import record with its key) are
// upgraded by the next read: nothing of them is left, nothing reads as changed, and a
// password changed in Konnect afterwards is still seen.
func TestReadUpgradesOlderRecords(t *testing.T) {
	_, client, _ := startMock(t)
	ctx := context.Background()
	cp, _, err := client.CreateControlPlane(ctx, konnect.Object{"name": "upgrade"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	consumer, _, err := client.PutEntity(ctx, konnect.CoreEntitiesPath(cpID, "consumers"), uuid.NewString(), konnect.Object{"username": "alice"}, "")
	if err != nil {
		t.Fatal(err)
	}
	creds := konnect.CoreEntitiesPath(cpID, "consumers", consumer["id"].(string), "basic-auth")
	id := uuid.NewString()
	obj, _, err := client.PutEntity(ctx, creds, id, konnect.Object{"username": "alice-basic", "password": "old-password"}, "")
	if err != nil {
		t.Fatal(err)
	}
	konnectHash := obj["password"].(string)

	key, _ := engine.DigestKeyFor(testToken)
	r := engine.NewEntityResource(gateway.BasicAuthKind)
	r.Data = &engine.ProviderData{Client: client, Policy: guard.PolicyFail, Snapshots: engine.NewSnapshots(), Digest: key}
	parents := map[string]string{"control_plane_id": cpID, "consumer_id": consumer["id"].(string)}
	state, rev, err := r.StateFromAPI(obj, parents, nil)
	if err != nil {
		t.Fatal(err)
	}
	// State read from Konnect without a written value (an import) holds no password: not
	// Konnect's hash of it either.
	if m, _ := engine.AsObject(state); !m["password"].IsNull() {
		t.Errorf("state read from Konnect holds password %v", m["password"])
	}
	// What the previous version wrote: the hash itself, and sha256(id, hash) for the twin.
	canon, _ := json.Marshal(konnectHash)
	legacy := sha256.Sum256([]byte(id + "\x00" + string(canon)))
	legacyTwin := "sha256:" + hex.EncodeToString(legacy[:])
	oldBase, _ := json.Marshal(map[string]any{"format": 1, "revision": rev, "values": map[string]any{"username": "alice-basic", "password": nil, "tags": nil},
		"hidden": map[string]any{"password": konnectHash, "password_wo": legacyTwin}})
	mac := hmac.New(sha256.New, []byte("00112233445566778899aabbccddeeff"))
	oldImport, _ := json.Marshal(map[string]any{"key": "00112233445566778899aabbccddeeff", "digests": map[string]any{"config": map[string]string{`["password"]`: hex.EncodeToString(mac.Sum(nil))}}})
	private := memPrivate{guard.PrivateBaseKey: oldBase, engine.PrivateImportSecretsKey: oldImport}
	next := memPrivate{guard.PrivateBaseKey: oldBase, engine.PrivateImportSecretsKey: oldImport}

	if _, diags := r.ReadState(ctx, state, private, next); diags.HasError() {
		t.Fatal(diags)
	}
	for k, v := range next {
		for _, old := range []string{konnectHash, strings.TrimPrefix(legacyTwin, "sha256:"), "00112233445566778899aabbccddeeff"} {
			if strings.Contains(string(v), old) {
				t.Errorf("after the read, private state %q still holds %s", k, old)
			}
		}
	}
	b, _ := engine.LoadBase(ctx, next)
	if b == nil {
		t.Fatal("no base after the read")
	}
	for _, name := range []string{"password", "password_wo"} {
		if id, ok := guard.DigestKeyID(b.Hidden[name]); !ok || id != key.ID() {
			t.Errorf("hidden %s = %v, want a digest under key %s", name, b.Hidden[name], key.ID())
		}
	}
	live, _, _ := client.GetEntity(ctx, creds, id)
	if c := guard.DestroyEdits(r.Fields, b, guard.Values{"username": "alice-basic"}, r.Hidden(live)); len(c) != 0 {
		t.Errorf("the upgraded record reads as changed: %+v", c)
	}

	// Someone sets another password in Konnect: still seen, by name, never shown.
	if _, _, err := client.PutEntity(ctx, creds, id, konnect.Object{"username": "alice-basic", "password": "someone-elses"}, ""); err != nil {
		t.Fatal(err)
	}
	live, _, _ = client.GetEntity(ctx, creds, id)
	c := guard.DestroyEdits(r.Fields, b, guard.Values{"username": "alice-basic"}, r.Hidden(live))
	if len(c) != 2 || c[0].Field.Name != "password" || c[1].Field.Name != "password_wo" || !c[0].Sensitive {
		t.Errorf("a password changed in Konnect after the upgrade: %+v", c)
	}
}
