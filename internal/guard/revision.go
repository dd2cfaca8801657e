package guard

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// RevisionPrefix marks revisions derived from the object's content.
const RevisionPrefix = "sha256:"

// Revision identifies one version of a remote object: a SHA-256 over its canonical JSON.
// Real Konnect has no ETags, so the revision is derived from everything Konnect returns,
// updated_at included; two reads of an unchanged object give the same revision.
func Revision(obj map[string]any) (string, error) {
	canon, err := canonjson.Canonical(obj)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return RevisionPrefix + hex.EncodeToString(sum[:]), nil
}
