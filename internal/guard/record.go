package guard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// The guard's memory of one object, kept in the resource's private state under two keys
// (PrivateBaseKey, PrivateSeenKey) and so written into every user's state file, where the
// framework and the CLI encode it twice in base64 (each byte costs about 1.8 in the file).
// Its bytes are pinned by golden files (testdata/record); a record written by an older
// version of the provider keeps decoding.
//
// Format 2 keeps only what the guard reads: one-letter field names; no revision in the base
// (nothing decides on it); in the seen record, the revision's tag (RevisionTag), which only
// tells whether the record belongs to the state's revision. For a service, the two records
// and the refresh mark took 718 bytes in format 1 and 1328 characters in the state file.

const (
	// RecordFormat is the format this version writes. Records without a format are format 1
	// as written before the field existed (they lack Base.Configured).
	RecordFormat = 2

	PrivateBaseKey = "base" // what Terraform last wrote, adopted or imported
	PrivateSeenKey = "seen" // what the last read or write found
)

// RevisionTag is what a record keeps of a revision: enough to tell whether it is the one in
// state (the first 64 bits of its SHA-256, in hex), not the revision itself, which state
// holds.
func RevisionTag(revision string) string {
	if revision == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(revision))
	return hex.EncodeToString(sum[:8])
}

// SameRevision reports whether a revision recorded in a seen record or a refresh mark (its
// tag, or in format 1 the revision itself) is revision.
func SameRevision(recorded, revision string) bool {
	return recorded != "" && revision != "" && (recorded == revision || recorded == RevisionTag(revision))
}

// Base is what Terraform last wrote to, adopted from or imported from Konnect for one object.
type Base struct {
	Format int `json:"format,omitempty"`
	// Revision is the revision written (format 1 records only: format 2 leaves it out).
	Revision string `json:"revision"`
	Values   Values `json:"values"`
	// Hidden is how Konnect rendered the values it never returns as written (a password's
	// hash) right after the write: a different rendering later means someone changed them.
	Hidden Values `json:"hidden,omitempty"`
	// Configured names the attributes configuration set at that write or adoption: the ones
	// that go back to Konnect's default when configuration stops setting them. Absent after
	// an import and in records from before it existed: then nothing is reset.
	Configured []string `json:"configured,omitempty"`
	// Checked: when Hidden was last compared with Konnect, under which digest key (digest.go).
	Checked *Checked `json:"checked,omitempty"`
}

// Configures reports whether configuration set the attribute at the last write.
func (b *Base) Configures(name string) bool {
	return b != nil && slices.Contains(b.Configured, name)
}

// Follows reports that configuration never set the attribute at the last write or adoption,
// so it follows Konnect (guards.md): its value in the base is only what Konnect held then,
// never something Terraform wrote, so a change of it in Konnect is nobody's value to
// protect and the base's value is never shown as "last applied". False when the base does
// not say what configuration set (after an import, or a record from before Configured).
func (b *Base) Follows(name string) bool {
	return b != nil && b.Configured != nil && !slices.Contains(b.Configured, name)
}

// Seen is what the last read or write found in Konnect: the revision in state, when Konnect
// wrote it (a stale-plan diagnostic says when both versions were written), the managed values,
// and the values the read before it found (a Konnect change that happens to restore the base
// is still someone else's change). Values and Before are left out when they can be rebuilt.
type Seen struct {
	Format int `json:"format,omitempty"`
	// Revision is the revision read or written; decoded from format 2, its tag
	// (RevisionTag): compare it with SameRevision.
	Revision  string `json:"revision"`
	UpdatedAt string `json:"updated_at"`
	// Key is the id of the digest key of a keyed revision (KeyedRevision); absent for a
	// plain one.
	Key    string `json:"key,omitempty"`
	Values Values `json:"values,omitempty"` // absent: the base's values
	Before Values `json:"before,omitempty"` // absent: a write, or the same as Values
}

// baseV2 and seenV2 are the records as format 2 writes them.
type baseV2 struct {
	Format     int      `json:"f"`
	Values     Values   `json:"v"`
	Hidden     Values   `json:"h,omitempty"`
	Configured []string `json:"c,omitempty"`
	Checked    *Checked `json:"k,omitempty"`
}

type seenV2 struct {
	Format    int    `json:"f"`
	Revision  string `json:"r"` // RevisionTag
	UpdatedAt string `json:"u,omitempty"`
	Key       string `json:"k,omitempty"`
	Values    Values `json:"v,omitempty"`
	Before    Values `json:"b,omitempty"`
}

// EncodeBase returns the bytes kept in private state.
func EncodeBase(b Base) ([]byte, error) {
	return json.Marshal(baseV2{Format: RecordFormat, Values: b.Values, Hidden: b.Hidden, Configured: b.Configured, Checked: b.Checked})
}

// DecodeBase reads a base of any format; numbers keep their digits.
func DecodeBase(raw []byte) (*Base, error) {
	var b Base
	v2, err := isV2(raw)
	if err != nil {
		return nil, err
	}
	if !v2 {
		if err := decodeRecord(raw, &b, &b.Format); err != nil {
			return nil, err
		}
		return &b, nil
	}
	var w baseV2
	if err := decodeRecord(raw, &w, &w.Format); err != nil {
		return nil, err
	}
	return &Base{Format: w.Format, Values: w.Values, Hidden: w.Hidden, Configured: w.Configured, Checked: w.Checked}, nil
}

// NewSeen is the record of a read (before: what the previous read found, after filling in
// what it left out) or of a write (before nil). It leaves out what can be rebuilt: values
// equal to the base's (nobody changed the object since Terraform wrote it), and before equal
// to values (nothing moved between the two reads).
func NewSeen(revision, updatedAt string, values, before, base Values) Seen {
	s := Seen{Revision: revision, UpdatedAt: updatedAt, Values: values, Before: before}
	if sameValues(s.Before, s.Values) {
		s.Before = nil
	}
	if base != nil && sameValues(s.Values, base) {
		s.Values = nil
	}
	return s
}

// EncodeSeen returns the bytes kept in private state (the revision as its tag).
func EncodeSeen(s Seen) ([]byte, error) {
	return json.Marshal(seenV2{Format: RecordFormat, Revision: RevisionTag(s.Revision), UpdatedAt: s.UpdatedAt,
		Key: s.Key, Values: s.Values, Before: s.Before})
}

// DecodeSeen reads a seen record of any format as it was written (Values nil when left out;
// Revision the revision's tag in format 2: compare it with SameRevision).
func DecodeSeen(raw []byte) (*Seen, error) {
	var s Seen
	v2, err := isV2(raw)
	if err != nil {
		return nil, err
	}
	if !v2 {
		if err := decodeRecord(raw, &s, &s.Format); err != nil {
			return nil, err
		}
		return &s, nil
	}
	var w seenV2
	if err := decodeRecord(raw, &w, &w.Format); err != nil {
		return nil, err
	}
	return &Seen{Format: w.Format, Revision: w.Revision, UpdatedAt: w.UpdatedAt, Key: w.Key, Values: w.Values, Before: w.Before}, nil
}

// isV2 tells a record of format 2 or later (its format under "f") from an older one.
func isV2(raw []byte) (bool, error) {
	var probe struct {
		F *int `json:"f"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return false, fmt.Errorf("the guard's record in private state does not decode: %w", err)
	}
	return probe.F != nil, nil
}

func decodeRecord(raw []byte, into any, format *int) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("the guard's record in private state does not decode: %w", err)
	}
	if *format > RecordFormat {
		return fmt.Errorf("the guard's record in private state has format %d, written by a newer version of this provider (this one reads up to %d)", *format, RecordFormat)
	}
	return nil
}

// sameValues reports whether two sets of values have the same JSON encoding (map keys are
// sorted, numbers keep their digits). Only used to leave out a copy: a false "different"
// costs bytes, never a decision.
func sameValues(a, b Values) bool {
	if a == nil || b == nil {
		return false
	}
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

// RemoteEdits is Guard 2 for a plan that writes: the fields someone changed in Konnect that
// the plan would set back. It compares, per field, the base with Konnect (remote) and the
// plan (desired) (Compare); a field that moved since the previous read (seen.Before) is
// someone's change too, even when it moved back to the base (configuration had adopted the
// value it moved away from), and is shown as "last refreshed"; a value Konnect never returns
// as written (a password) whose rendering changed (liveHidden vs the base's) was set by
// someone else and is shown only as changed. A field configuration never set before
// (Base.Follows) that it now sets over a change made in Konnect conflicts too, marked
// FirstSet: its base is what Konnect held at the last write, not a value Terraform wrote.
func RemoteEdits(fields []Field, base *Base, seen *Seen, remote, desired, liveHidden Values) []Conflict {
	if base == nil {
		return nil // nothing written by Terraform yet
	}
	var conflicts []Conflict
	for _, c := range Compare(fields, base.Values, remote, desired) {
		// Configuration sets a field for the first time, over a change made in Konnect since
		// Terraform's last write: still a conflict, but the base is only what Konnect held.
		c.FirstSet = base.Follows(c.Field.Name) && !c.Sensitive
		conflicts = append(conflicts, c)
	}
	if seen != nil && seen.Before != nil {
		for _, c := range Compare(fields, seen.Before, remote, desired) {
			if !slices.ContainsFunc(conflicts, func(have Conflict) bool { return have.Field.Name == c.Field.Name }) {
				c.Refreshed = true
				conflicts = append(conflicts, c)
			}
		}
	}
	return append(conflicts, hiddenChanges(base, liveHidden)...)
}

// DestroyEdits is Guard 2 for a delete: every field someone changed in Konnect since
// Terraform last wrote or adopted it, which the delete would take with it.
func DestroyEdits(fields []Field, base *Base, remote, liveHidden Values) []Conflict {
	if base == nil {
		return nil
	}
	var out []Conflict
	for _, f := range fields {
		was, ok := base.Values[f.Name]
		if ok && !Equal(f, was, remote[f.Name]) {
			out = append(out, Conflict{Field: f, Base: was, Remote: remote[f.Name], Sensitive: f.Sensitive})
		}
	}
	return append(out, hiddenChanges(base, liveHidden)...)
}

func hiddenChanges(base *Base, liveHidden Values) []Conflict {
	var out []Conflict
	for _, name := range slices.Sorted(maps.Keys(base.Hidden)) {
		now, ok := liveHidden[name]
		if !ok || Equal(Field{}, base.Hidden[name], now) {
			continue
		}
		if was, keyed := DigestKeyID(base.Hidden[name]); keyed {
			if is, _ := DigestKeyID(now); is != "" && is != was {
				// Made with another key, and not brought over (RekeyHidden): cannot be told.
				now = Unverifiable{}
			}
		}
		f := Field{Name: name, Sensitive: true}
		out = append(out, Conflict{Field: f, Base: base.Hidden[name], Remote: now, Sensitive: true, Sent: true})
	}
	return out
}

// OwnWrite decides a write refused with 412 Precondition Failed: a retried write is refused
// when its own first attempt landed and changed the ETag. If Konnect now holds every value
// the write sent (documents compared on the keys it sent), the write was this apply's own and
// succeeded; anything else is someone else's change, reported as a stale plan.
func OwnWrite(fields []Field, wrote, now Values) bool {
	for _, f := range fields {
		want, ok := wrote[f.Name]
		if !ok {
			continue
		}
		got := now[f.Name]
		if f.Document {
			got = Project(canonjson.Normalize(got), canonjson.Normalize(want))
		}
		if !Equal(f, want, got) {
			return false
		}
	}
	return true
}

// Project keeps, of a remote JSON value, the object keys that shape has (recursively);
// anything else is returned whole. A key that shape holds as null stays null: configuration
// that sets a key to null asks for Konnect's default, whatever it is.
func Project(remote, shape any) any { return ProjectKeys(remote, shape, true) }

// ProjectKeys is Project; with nullIsDefault false a key shape holds as null keeps the
// remote value, so that a null configured over a value in state reads as a change.
func ProjectKeys(remote, shape any, nullIsDefault bool) any {
	if shape == nil && nullIsDefault {
		return nil
	}
	r, ok1 := remote.(map[string]any)
	s, ok2 := shape.(map[string]any)
	if !ok1 || !ok2 {
		return remote
	}
	out := make(map[string]any, len(s))
	for k, sv := range s {
		if rv, ok := r[k]; ok {
			out[k] = ProjectKeys(rv, sv, nullIsDefault)
		}
	}
	return out
}
