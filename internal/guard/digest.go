package guard

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Keyed digests: what the guard keeps of a secret.
//
// The state file (attributes and private state) is read by more people and systems than
// Konnect is, so nothing in it may let someone who holds only the state file test a guess of
// a secret: no plain hash of a secret, nor of a body that holds one (every other field of
// the body is in state), nor a hash Konnect computed (a basic-auth password's), nor a key
// stored beside a keyed digest. What the guard needs to see a secret changed in Konnect is a
// digest under a key that is not in state: an HMAC-SHA-256 whose key the provider derives
// from its Konnect credential (whoever holds the token can read Konnect anyway) or from a
// pinned value (KONNECT_DIGEST_KEY). A digest names the key it was made with by a key id,
// an HMAC of a fixed label under the key, which tells nothing about a secret; with a
// different key (a rotated token) two digests cannot be compared, and the guard falls back
// to updated_at.

// KeyedPrefix starts a keyed digest: "hmac-sha256:<key id>:<hex>".
const KeyedPrefix = "hmac-sha256:"

const (
	keyLabel   = "terraform-provider-konnect guard digest key v1"
	keyIDLabel = "terraform-provider-konnect guard digest key id v1"
)

// DigestKey is the key of keyed digests; the zero value and nil are not usable.
type DigestKey struct {
	key []byte
	id  string
}

// NewDigestKey derives the key from secret material (a Konnect token, or a pinned value):
// an HMAC of a fixed label under it, so that the key itself is not the credential.
func NewDigestKey(material string) *DigestKey {
	m := hmac.New(sha256.New, []byte(material))
	m.Write([]byte(keyLabel))
	k := &DigestKey{key: m.Sum(nil)}
	idm := hmac.New(sha256.New, k.key)
	idm.Write([]byte(keyIDLabel))
	k.id = hex.EncodeToString(idm.Sum(nil)[:8])
	return k
}

// ID names the key (16 hex digits); kept in state, useless for guessing a secret.
func (k *DigestKey) ID() string { return k.id }

// Digest is the keyed digest of a value (its canonical JSON) in a context (which attribute
// of which object), "hmac-sha256:<key id>:<64 hex>".
func (k *DigestKey) Digest(context string, value any) string {
	c, err := canonjson.Canonical(canonjson.Normalize(value))
	if err != nil {
		c = []byte(fmt.Sprint(value))
	}
	m := hmac.New(sha256.New, k.key)
	m.Write([]byte(context))
	m.Write([]byte{0})
	m.Write(c)
	return KeyedPrefix + k.id + ":" + hex.EncodeToString(m.Sum(nil))
}

// DigestKeyID is the key id of a keyed digest; ok is false for anything else.
func DigestKeyID(v any) (id string, ok bool) {
	s, isString := v.(string)
	if !isString || !strings.HasPrefix(s, KeyedPrefix) {
		return "", false
	}
	rest := s[len(KeyedPrefix):]
	i := strings.IndexByte(rest, ':')
	if i <= 0 {
		return "", false
	}
	return rest[:i], true
}

// KeyedRevision is the revision of an object that holds secrets: Revision over a copy in
// which the value of each secret field (a top-level key) is replaced by its keyed digest.
// It changes whenever a secret changes, like any other field, but cannot be recomputed, and
// so a guess of a secret cannot be tested, without the key. An object that holds none of the
// fields (or only nulls) has today's plain revision; keyed says which one it is.
func KeyedRevision(obj map[string]any, secretFields []string, k *DigestKey) (rev string, keyed bool, err error) {
	var masked map[string]any
	for _, f := range secretFields {
		v, ok := obj[f]
		if !ok || v == nil {
			continue
		}
		if masked == nil {
			masked = maps.Clone(obj)
		}
		masked[f] = k.Digest("revision\x00"+f, v)
	}
	if masked == nil {
		rev, err = Revision(obj)
		return rev, false, err
	}
	rev, err = Revision(masked)
	return rev, true, err
}

// Keyed hidden values. A base keeps, of each value Konnect never returns as written (a
// password) or of a write-only secret, a rendering that changes when someone changes the
// secret in Konnect: always a keyed digest of Konnect's rendering (or, where Konnect
// returns nothing of it, the object's updated_at as text, which tells nothing).

// Checked says when the base's hidden values were last compared with Konnect's under one
// key: the key, Konnect's updated_at then, and the names whose rendering differed. After a
// change of key the digests of a base that still match updated_at can be made again from
// the object as Konnect holds it (RekeyHidden).
type Checked struct {
	Key       string   `json:"key"`
	UpdatedAt string   `json:"updated_at"`
	Changed   []string `json:"changed,omitempty"`
}

// Unverifiable stands, in a conflict, for a secret whose digest was made with another key
// (the provider's credential changed) and that changed in Konnect since the last read under
// that key: whether the secret itself changed cannot be told.
type Unverifiable struct{}

// UnverifiableText is shown for it.
const UnverifiableText = "(cannot be compared: the provider's credential changed since; updated_at moved)"

// HiddenUpgrade turns a value of a base written by an older version of the provider (a hash
// Konnect computed, or a plain sha256 rendering) into the keyed digest the current version
// makes of the same rendering; keyed digests, updated_at texts and nulls stay as they are.
// The upgrade is exact: no live object is needed.
func HiddenUpgrade(k *DigestKey, context string, v any) any {
	if v == nil {
		return nil
	}
	if _, ok := DigestKeyID(v); ok {
		return v
	}
	if s, ok := v.(string); ok && strings.HasPrefix(s, "updated_at ") {
		return v
	}
	return k.Digest(context, v)
}

// RekeyHidden brings a base's hidden values to key k. Older values are upgraded
// (HiddenUpgrade). Values made with another key are made again from Konnect's rendering now
// (live) when Konnect's updated_at equals the one of the last check under that key: the
// object has not been written since, so a value that matched then matches now, and one
// that differed is marked changed. Values that cannot be brought over keep their old key
// (hiddenChanges reports them as Unverifiable). It reports whether it changed the base.
func RekeyHidden(b *Base, k *DigestKey, contextOf func(name string) string, live Values, liveUpdatedAt string) bool {
	if b == nil || len(b.Hidden) == 0 {
		return false
	}
	changed := false
	canRekey := b.Checked != nil && b.Checked.Key != k.ID() && b.Checked.UpdatedAt != "" && b.Checked.UpdatedAt == liveUpdatedAt
	for name, v := range b.Hidden {
		if up := HiddenUpgrade(k, contextOf(name), v); !Equal(Field{}, up, v) {
			b.Hidden[name], changed = up, true
			continue
		}
		id, keyed := DigestKeyID(v)
		if !keyed || id == k.ID() || !canRekey {
			continue
		}
		now, ok := live[name]
		if !ok {
			continue
		}
		if slices.Contains(b.Checked.Changed, name) {
			now = k.Digest(contextOf(name)+"\x00changed", v)
		}
		b.Hidden[name], changed = now, true
	}
	if canRekey {
		b.Checked.Key = k.ID()
		changed = true
	}
	return changed
}

// CheckHidden records in the base how its hidden values compare with Konnect's (live, made
// with k) at updatedAt; it reports whether the record changed. Values of another key are
// left out of the comparison (and keep the last check of that key).
func CheckHidden(b *Base, k *DigestKey, live Values, updatedAt string) bool {
	if b == nil || len(b.Hidden) == 0 {
		return false
	}
	var differ []string
	for _, name := range slices.Sorted(maps.Keys(b.Hidden)) {
		v := b.Hidden[name]
		if id, keyed := DigestKeyID(v); keyed && id != k.ID() {
			return false
		}
		if now, ok := live[name]; ok && !Equal(Field{}, v, now) {
			differ = append(differ, name)
		}
	}
	c := &Checked{Key: k.ID(), UpdatedAt: updatedAt, Changed: differ}
	if b.Checked != nil && b.Checked.Key == c.Key && b.Checked.UpdatedAt == c.UpdatedAt && strings.Join(b.Checked.Changed, ",") == strings.Join(c.Changed, ",") {
		return false
	}
	b.Checked = c
	return true
}
