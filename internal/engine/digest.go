package engine

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The key of the guard's keyed digests (guard/digest.go): what state keeps of a secret is a
// digest under this key, never the key. It is derived from the provider's Konnect token
// (whoever has the token can read the secrets in Konnect anyway), or from
// KONNECT_DIGEST_KEY when set: a team whose members run Terraform with different tokens pins
// it, so that the digests in a shared state stay comparable. A change of key (a rotated
// token) is detected by the key id kept beside each digest; the guard then falls back to
// Konnect's updated_at.

// digestKeyEnv pins the digest key.
const DigestKeyEnv = "KONNECT_DIGEST_KEY"

// minDigestKeyLen: a pinned key is secret material, as hard to guess as a token.
const minDigestKeyLen = 32

// digestKeyFor is the key for a provider configured with token.
func DigestKeyFor(token string) (*guard.DigestKey, error) {
	if pinned := os.Getenv(DigestKeyEnv); pinned != "" {
		if len(pinned) < minDigestKeyLen {
			return nil, fmt.Errorf("%s is %d characters long; it must be at least %d random characters (for example the output of `openssl rand -hex 32`), as hard to guess as a Konnect token", DigestKeyEnv, len(pinned), minDigestKeyLen)
		}
		return guard.NewDigestKey("pinned\x00" + pinned), nil
	}
	return guard.NewDigestKey("token\x00" + token), nil
}

// processKey stands in where no provider was configured (an engine used without Configure):
// random, never a known key.
var ProcessKey = sync.OnceValue(func() *guard.DigestKey {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return guard.NewDigestKey(hex.EncodeToString(b))
})

func (d *ProviderData) digestKey() *guard.DigestKey {
	if d == nil || d.Digest == nil {
		return ProcessKey()
	}
	return d.Digest
}

// keyedHidden turns renderings of hidden values (Konnect's hash of a password, a write-only
// secret's rendering) into their keyed digests (guard.HiddenUpgrade).
func (r *EntityResource) keyedHidden(obj konnect.Object, hidden map[string]any) {
	ctx := guard.HiddenContext(fmt.Sprint(obj["id"]))
	k := r.Data.digestKey()
	for name, v := range hidden {
		hidden[name] = guard.HiddenUpgrade(k, ctx(name), v)
	}
}

// rekeyBase brings a base's hidden values to the current key and records how they compare
// with Konnect's (liveHidden, r.hidden of the object at updatedAt): guard.RekeyHidden,
// guard.CheckHidden. It reports whether the base changed.
func (r *EntityResource) rekeyBase(b *guard.Base, liveHidden guard.Values, updatedAt, id any) bool {
	if b == nil || len(b.Hidden) == 0 {
		return false
	}
	k := r.Data.digestKey()
	at := guard.FormatUpdatedAt(updatedAt)
	changed := guard.RekeyHidden(b, k, guard.HiddenContext(fmt.Sprint(id)), liveHidden, at)
	return guard.CheckHidden(b, k, liveHidden, at) || changed
}
