package guard

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// A key-auth credential as Konnect returns it: every field but key is in state.
func keyAuth(key string) map[string]any {
	return map[string]any{"id": "8f1e", "consumer": map[string]any{"id": "c0"}, "key": key, "tags": nil,
		"created_at": 1764000000, "updated_at": 1764000001}
}

// Someone who holds the state file knows the revision and every field but the secret. With
// the plain revision a guess of the secret is tested by hashing the body with it; with the
// keyed revision neither that nor any other key than the provider's reproduces it.
func TestKeyedRevisionCannotBeTestedWithoutTheKey(t *testing.T) {
	k := NewDigestKey("kpat_token_of_the_provider")
	const secret = "the-api-key"
	rev, keyed, err := KeyedRevision(keyAuth(secret), []string{"key"}, k)
	if err != nil || !keyed {
		t.Fatalf("KeyedRevision = %q, %v, %v", rev, keyed, err)
	}
	if !revisionPattern.MatchString(rev) {
		t.Errorf("keyed revision %q: want sha256: and 64 hex digits, like any revision", rev)
	}
	// The attacker's test of the right guess fails: the plain hash of the body with it.
	if plain, _ := Revision(keyAuth(secret)); plain == rev {
		t.Fatalf("the keyed revision is the plain sha256 of the body: a guess can be tested")
	}
	// Nor does a digest under a key the attacker can make (no key, an empty token, a guess).
	for _, guess := range []string{"", "kpat_", "kpat_token_of_the_provider2"} {
		if other, _, _ := KeyedRevision(keyAuth(secret), []string{"key"}, NewDigestKey(guess)); other == rev {
			t.Errorf("key material %q reproduces the revision", guess)
		}
	}
	// With the key, the revision is reproduced, and a change of the secret changes it.
	again, _, _ := KeyedRevision(keyAuth(secret), []string{"key"}, NewDigestKey("kpat_token_of_the_provider"))
	if again != rev {
		t.Errorf("the same object and key give %q, then %q", rev, again)
	}
	if changed, _, _ := KeyedRevision(keyAuth("another-key"), []string{"key"}, k); changed == rev {
		t.Errorf("a change of the secret left the revision %q", rev)
	}
	other := keyAuth(secret)
	other["tags"] = []any{"x"}
	if changed, _, _ := KeyedRevision(other, []string{"key"}, k); changed == rev {
		t.Errorf("a change of another field left the revision %q", rev)
	}
	// The object itself is not changed.
	if o := keyAuth(secret); o["key"] != secret {
		t.Fatal("unreachable")
	}
}

// An object without a secret field (or with it null) keeps today's plain revision.
func TestKeyedRevisionOfAnObjectWithoutSecrets(t *testing.T) {
	k := NewDigestKey("t")
	obj := map[string]any{"id": "s", "name": "orders", "retries": 5}
	rev, keyed, err := KeyedRevision(obj, []string{"key", "config"}, k)
	plain, _ := Revision(obj)
	if err != nil || keyed || rev != plain {
		t.Errorf("KeyedRevision = %q, %v, %v; want the plain %q", rev, keyed, err, plain)
	}
	obj["key"] = nil
	if rev, keyed, _ := KeyedRevision(obj, []string{"key"}, k); keyed {
		t.Errorf("a null secret field gave a keyed revision %q", rev)
	}
}

func TestDigestKey(t *testing.T) {
	a, b := NewDigestKey("token-a"), NewDigestKey("token-b")
	if a.ID() == b.ID() || len(a.ID()) != 16 || a.ID() != NewDigestKey("token-a").ID() {
		t.Errorf("key ids %q, %q", a.ID(), b.ID())
	}
	if strings.Contains(a.ID(), hex.EncodeToString([]byte("token-a"))[:8]) {
		t.Errorf("the key id shows the material")
	}
	d := a.Digest("password\x00id", "s3cr3t")
	if id, ok := DigestKeyID(d); !ok || id != a.ID() || !strings.HasPrefix(d, KeyedPrefix+a.ID()+":") || len(d) != len(KeyedPrefix)+16+1+64 {
		t.Errorf("Digest = %q", d)
	}
	if d == b.Digest("password\x00id", "s3cr3t") || d == a.Digest("password\x00other", "s3cr3t") || d == a.Digest("password\x00id", "other") {
		t.Errorf("a digest does not depend on key, context and value")
	}
	sum := sha256.Sum256([]byte("s3cr3t"))
	if strings.Contains(d, hex.EncodeToString(sum[:])) {
		t.Errorf("the digest holds the plain sha256 of the value")
	}
	for _, v := range []any{nil, "sha256:ab", "updated_at 5", 3} {
		if _, ok := DigestKeyID(v); ok {
			t.Errorf("DigestKeyID(%v) ok", v)
		}
	}
}

// A base written before keyed digests kept Konnect's hash of a basic-auth password: the
// upgrade replaces it with the keyed digest of the same rendering, exactly what the current
// version makes of Konnect's object, so nothing reads as changed.
func TestHiddenUpgradeOfAnOlderRecord(t *testing.T) {
	k := NewDigestKey("t")
	sum := sha1.Sum([]byte("password" + "consumer-id"))
	konnectHash := hex.EncodeToString(sum[:])
	b := &Base{Hidden: Values{"password": konnectHash, "password_wo": "sha256:1f0c", "value_wo": "updated_at 1764000001", "value": nil}}
	ctx := func(name string) string { return "hidden\x00" + name + "\x00id" }
	live := Values{"password": HiddenUpgrade(k, ctx("password"), konnectHash), "password_wo": HiddenUpgrade(k, ctx("password_wo"), "sha256:1f0c"),
		"value_wo": "updated_at 1764000001", "value": nil}
	if !RekeyHidden(b, k, ctx, live, "2026-12-02T09:20:41Z") {
		t.Fatal("the older record was not upgraded")
	}
	for name, v := range b.Hidden {
		if s, _ := v.(string); strings.Contains(s, konnectHash) || strings.Contains(s, "1f0c") && !strings.HasPrefix(s, KeyedPrefix) {
			t.Errorf("%s still holds the old rendering: %v", name, v)
		}
	}
	if b.Hidden["value_wo"] != "updated_at 1764000001" || b.Hidden["value"] != nil {
		t.Errorf("renderings that tell nothing were changed: %v", b.Hidden)
	}
	if c := hiddenChanges(b, live); len(c) != 0 {
		t.Errorf("the upgraded record reads as changed: %v", c)
	}
	// Konnect's hash changed (someone set another password): still a change after the upgrade.
	sum2 := sha1.Sum([]byte("other" + "consumer-id"))
	live["password"] = HiddenUpgrade(k, ctx("password"), hex.EncodeToString(sum2[:]))
	if c := hiddenChanges(b, live); len(c) != 1 || c[0].Field.Name != "password" || !c[0].Sensitive {
		t.Errorf("a changed password after the upgrade: %v", c)
	}
	if RekeyHidden(b, k, ctx, live, "2026-12-02T09:20:41Z") {
		t.Error("a second upgrade changed the record")
	}
}

// After a change of key (a rotated token) the digests of a base are made again from Konnect's
// object when its updated_at is the one of the last check under the old key; a secret that
// differed then still differs. When updated_at moved, the digests cannot be compared, and
// a conflict says so instead of claiming a change.
func TestRekeyHiddenAfterAChangeOfKey(t *testing.T) {
	old, cur := NewDigestKey("old token"), NewDigestKey("new token")
	ctx := func(name string) string { return "hidden\x00" + name + "\x00id" }
	const at = "2026-12-02T09:20:41Z"
	newBase := func() *Base {
		b := &Base{Hidden: Values{"key_wo": old.Digest(ctx("key_wo"), "r1"), "key_alt_wo": old.Digest(ctx("key_alt_wo"), "r2")}}
		// the last check under the old key: key_alt_wo differed from Konnect's
		if !CheckHidden(b, old, Values{"key_wo": old.Digest(ctx("key_wo"), "r1"), "key_alt_wo": old.Digest(ctx("key_alt_wo"), "someone's")}, at) {
			t.Fatal("CheckHidden recorded nothing")
		}
		if b.Checked.Key != old.ID() || b.Checked.UpdatedAt != at || strings.Join(b.Checked.Changed, ",") != "key_alt_wo" {
			t.Fatalf("Checked = %+v", b.Checked)
		}
		return b
	}
	live := Values{"key_wo": cur.Digest(ctx("key_wo"), "r1"), "key_alt_wo": cur.Digest(ctx("key_alt_wo"), "someone's")}

	b := newBase()
	if !RekeyHidden(b, cur, ctx, live, at) {
		t.Fatal("not re-keyed with updated_at unchanged")
	}
	if b.Hidden["key_wo"] != live["key_wo"] || b.Checked.Key != cur.ID() {
		t.Errorf("the unchanged secret was not re-keyed from Konnect: %v", b.Hidden)
	}
	c := hiddenChanges(b, live)
	if len(c) != 1 || c[0].Field.Name != "key_alt_wo" {
		t.Errorf("after re-keying, the secret changed in Konnect must still conflict, alone: %v", c)
	}
	if id, _ := DigestKeyID(b.Hidden["key_alt_wo"]); id != cur.ID() {
		t.Errorf("the changed secret keeps the old key: %v", b.Hidden["key_alt_wo"])
	}

	// updated_at moved since the last check under the old key: nothing can be told.
	b = newBase()
	if RekeyHidden(b, cur, ctx, live, "2026-12-02T10:00:00Z") {
		t.Error("re-keyed although updated_at moved")
	}
	c = hiddenChanges(b, live)
	if len(c) != 2 {
		t.Fatalf("digests of another key: %v", c)
	}
	for _, x := range c {
		if _, ok := x.Remote.(Unverifiable); !ok || Show(Field{Sensitive: true}, x.Remote) != UnverifiableText {
			t.Errorf("%s: remote %v, shown %q", x.Field.Name, x.Remote, Show(Field{Sensitive: true}, x.Remote))
		}
	}
}

// Guard 1 with a keyed revision made under another key: updated_at decides.
func TestCheckStaleAcrossKeys(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_key_auth", ID: "8f1e"}
	plan := Version{Revision: "sha256:aa", UpdatedAt: "2026-12-02T09:14:03Z", Key: "1111111111111111"}
	if e := CheckStale(obj, OpUpdate, plan, Version{Revision: "sha256:bb", UpdatedAt: plan.UpdatedAt, Key: "2222222222222222"}); e != nil {
		t.Errorf("another key, same updated_at: %v", e)
	}
	if e := CheckStale(obj, OpUpdate, plan, Version{Revision: "sha256:bb", UpdatedAt: "2026-12-02T09:20:41Z", Key: "2222222222222222"}); e == nil {
		t.Error("another key, updated_at moved: not stale")
	}
	if e := CheckStale(obj, OpUpdate, plan, Version{Revision: "sha256:bb", UpdatedAt: plan.UpdatedAt, Key: plan.Key}); e == nil {
		t.Error("the same key, another revision: not stale (a secret changed within the second)")
	}
	if e := CheckStale(obj, OpUpdate, Version{Revision: "sha256:aa"}, Version{Revision: "sha256:bb", Key: "2222222222222222"}); e == nil {
		t.Error("updated_at unknown at plan: not stale")
	}
}
