package guard

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of the guard's record")

// golden compares bytes with testdata/record/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", "record", name)
	if *updateGolden {
		if err := os.WriteFile(p, append(got, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(got)+"\n" != string(want) {
		t.Errorf("%s: the bytes written to users' state changed:\n got  %s\n want %s\nA change of format needs a new RecordFormat and a decoder for the old one.", name, got, want)
	}
}

var recordBase = Base{
	Revision: "sha256:1f0c",
	Values: Values{"name": "orders", "retries": json.Number("5"), "tags": []any{"a", "b"},
		"config": map[string]any{"minute": json.Number("10"), "redis": map[string]any{"port": nil}}},
	Hidden:     Values{"password": "{SHA256}ab12"},
	Configured: []string{"name", "retries", "config"},
}

// The bytes this version writes into private state are pinned.
func TestRecordGolden(t *testing.T) {
	b, err := EncodeBase(recordBase)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "base_v2.golden", b)
	s, err := EncodeSeen(NewSeen("sha256:a83e", "2026-12-02T09:20:41Z", Values{"retries": json.Number("2")}, Values{"retries": json.Number("5")}, recordBase.Values))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "seen_v2.golden", s)

	// And they read back as written, less the base's revision (format 2 keeps none) and with
	// the seen record's revision as its tag.
	back, err := DecodeBase(b)
	if err != nil {
		t.Fatal(err)
	}
	want := recordBase
	want.Format, want.Revision = RecordFormat, ""
	if !reflect.DeepEqual(*back, want) {
		t.Errorf("base read back as %+v, want %+v", *back, want)
	}
	seen, err := DecodeSeen(s)
	if err != nil {
		t.Fatal(err)
	}
	if !SameRevision(seen.Revision, "sha256:a83e") || SameRevision(seen.Revision, "sha256:a83f") || seen.UpdatedAt != "2026-12-02T09:20:41Z" ||
		seen.Values["retries"] != json.Number("2") || seen.Before["retries"] != json.Number("5") {
		t.Errorf("seen read back as %+v", *seen)
	}
}

// Format 1 records, written by the provider before format 2 (in every state file until the
// object is next read or written), decode as they were: the golden files of format 1 are
// what that version wrote. The next write of either is in format 2, and shorter.
func TestRecordDecodesFormat1(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "record", "base_v1.golden"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := DecodeBase(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := recordBase
	want.Format = 1
	if !reflect.DeepEqual(*b, want) {
		t.Errorf("format 1 base decoded as %+v, want %+v", *b, want)
	}
	again, err := EncodeBase(*b)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) >= len(raw)-1 {
		t.Errorf("format 2 base (%d bytes) is not shorter than format 1 (%d)", len(again), len(raw)-1)
	}
	raw, err = os.ReadFile(filepath.Join("testdata", "record", "seen_v1.golden"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := DecodeSeen(raw)
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != 1 || !SameRevision(s.Revision, "sha256:a83e") || SameRevision(s.Revision, "sha256:a83f") || s.UpdatedAt != "2026-12-02T09:20:41Z" ||
		s.Values["retries"] != json.Number("2") || s.Before["retries"] != json.Number("5") {
		t.Errorf("format 1 seen decoded as %+v", *s)
	}
}

// Records written before the format existed (the provider before this version: no format,
// no configured) keep decoding, as format-1 records that know nothing of what configuration
// set.
func TestRecordDecodesOlderStates(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "record", "base_unversioned.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := DecodeBase(raw)
	if err != nil {
		t.Fatal(err)
	}
	if b.Revision != "sha256:1f0c" || b.Values["retries"] != json.Number("5") || b.Hidden["password"] != "{SHA256}ab12" || b.Configured != nil {
		t.Errorf("older base decoded as %+v", *b)
	}
	if b.Configures("retries") {
		t.Error("an older base says configuration set retries: nothing would be reset")
	}
	raw, err = os.ReadFile(filepath.Join("testdata", "record", "seen_unversioned.json"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := DecodeSeen(raw)
	if err != nil {
		t.Fatal(err)
	}
	if s.Revision != "sha256:a83e" || s.UpdatedAt != "2026-12-02T09:20:41Z" || s.Values["retries"] != json.Number("2") || s.Before["retries"] != json.Number("5") {
		t.Errorf("older seen decoded as %+v", *s)
	}
}

func TestRecordRefusesNewerFormatsAndGarbage(t *testing.T) {
	for _, raw := range []string{`{"f":3,"v":{}}`, `{"format":3,"revision":"x","values":{}}`} {
		if _, err := DecodeBase([]byte(raw)); err == nil || !strings.Contains(err.Error(), "newer version") {
			t.Errorf("a newer format %s: %v", raw, err)
		}
		if _, err := DecodeSeen([]byte(raw)); err == nil || !strings.Contains(err.Error(), "newer version") {
			t.Errorf("a newer format %s (seen): %v", raw, err)
		}
	}
	if _, err := DecodeSeen([]byte(`{"revision":`)); err == nil {
		t.Error("garbage decoded")
	}
}

func TestNewSeenLeavesOutWhatItCanRebuild(t *testing.T) {
	base := Values{"retries": json.Number("5")}
	s := NewSeen("r", "", Values{"retries": json.Number("5")}, Values{"retries": json.Number("5")}, base)
	if s.Values != nil || s.Before != nil {
		t.Errorf("unchanged object: seen keeps copies %+v", s)
	}
	s = NewSeen("r", "", Values{"retries": json.Number("2")}, Values{"retries": json.Number("5")}, base)
	if s.Values == nil || s.Before == nil {
		t.Errorf("a change: seen must keep what it found and what the read before found: %+v", s)
	}
}
