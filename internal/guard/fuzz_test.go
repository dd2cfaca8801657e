package guard

import (
	"bytes"
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// Seeds shared by both fuzz targets (see also testdata/fuzz/<FuzzName>/).
var fuzzSeeds = []string{
	`null`,
	`{"b":1,"a":[1.0,-0,1e400,"x"]}`,
	`{"name":"orders","port":8080,"tags":["b","a"],"config":{"z":null,"y":{}},"updated_at":1796203241}`,
	`[9007199254740993,0.1,1e-8,1.5E+22,-12.340]`,
	`"\u00e9\ud83d\ude00\n\"<&>\u2028"`,
	` {"a" : [ ] , "" : "" } `,
	`{}}`,
	`1e9999999`,
	`-0.0e-5`,
	"\"\xff\"",
}

// decodeUseNumber decodes one JSON document as the Konnect client does, without
// normalizing: the raw input of Canonical.
func decodeUseNumber(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// FuzzCanonical checks Canonical on values decoded from arbitrary JSON: it accepts every
// decoded value, its output is valid JSON of the same value, it does not depend on number
// spelling or on normalization, and it is idempotent.
func FuzzCanonical(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		raw, err := decodeUseNumber(s)
		if err != nil {
			t.Fatalf("valid JSON %q does not decode: %v", s, err)
		}
		c1, err := canonjson.Canonical(raw)
		if err != nil {
			t.Fatalf("canonjson.Canonical(decoded %q): %v", s, err)
		}
		if !json.Valid(c1) {
			t.Fatalf("canonjson.Canonical(%q) = %q is not valid JSON", s, c1)
		}
		norm, err := canonjson.Canonical(canonjson.Normalize(raw))
		if err != nil || !bytes.Equal(norm, c1) {
			t.Fatalf("canonjson.Canonical(canonjson.Normalize(%q)) = %q, %v; Canonical = %q", s, norm, err, c1)
		}
		parsed, err := canonjson.ParseJSON(s)
		if err != nil {
			t.Fatalf("canonjson.ParseJSON(valid %q): %v", s, err)
		}
		if c, err := canonjson.Canonical(parsed); err != nil || !bytes.Equal(c, c1) {
			t.Fatalf("canonjson.Canonical(canonjson.ParseJSON(%q)) = %q, %v; want %q", s, c, err, c1)
		}
		// Idempotent.
		again, err := canonjson.ParseJSON(string(c1))
		if err != nil {
			t.Fatalf("canonjson.ParseJSON(canonjson.Canonical(%q) = %q): %v", s, c1, err)
		}
		c2, err := canonjson.Canonical(again)
		if err != nil || !bytes.Equal(c1, c2) {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", s, c1, c2, err)
		}
		if !Equal(Field{}, raw, again) {
			t.Fatalf("Equal(%q, its canonical form %q) = false", s, c1)
		}
		// The same value as encoding/json sees it (float64 numbers, an independent decoder),
		// where float64 can hold the numbers at all.
		var f1, f2 any
		if json.Unmarshal([]byte(s), &f1) == nil {
			if err := json.Unmarshal(c1, &f2); err != nil {
				t.Fatalf("canonical %q of %q does not decode as float64: %v", c1, s, err)
			}
			if !reflect.DeepEqual(f1, f2) {
				t.Fatalf("canonical %q of %q is another value: %#v vs %#v", c1, s, f2, f1)
			}
			// float64 numbers canonicalize to their shortest exact spelling, which decodes
			// to the same float64.
			cf, err := canonjson.Canonical(f1)
			if err != nil {
				t.Fatalf("canonjson.Canonical(float64 form of %q): %v", s, err)
			}
			var f3 any
			if err := json.Unmarshal(cf, &f3); err != nil || !reflect.DeepEqual(f1, f3) {
				t.Fatalf("canonjson.Canonical(float64 form of %q) = %q, decoding to %#v (%v)", s, cf, f3, err)
			}
			if !Equal(Field{}, f1, f3) {
				t.Fatalf("Equal(float64 form of %q, itself) = false", s)
			}
		}
		// Revision agrees with Canonical and ignores spelling.
		r1, err1 := Revision(map[string]any{"v": raw})
		r2, err2 := Revision(map[string]any{"v": again})
		if err1 != nil || err2 != nil || r1 != r2 || !revisionPattern.MatchString(r1) {
			t.Fatalf("Revision: %q %v, %q %v", r1, err1, r2, err2)
		}
	})
}

// FuzzParseJSON checks ParseJSON on arbitrary input: it accepts exactly one valid JSON
// document, returns the normalized form, keeps every number's exact value, and
// round-trips through Canonical.
func FuzzParseJSON(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Add(`1 2`)
	f.Add(`[1]]`)
	f.Add(`{"a":1} `)
	f.Fuzz(func(t *testing.T, s string) {
		v, err := canonjson.ParseJSON(s)
		if valid := json.Valid([]byte(s)); valid != (err == nil) {
			t.Fatalf("canonjson.ParseJSON(%q) error %v, but json.Valid = %v", s, err, valid)
		}
		if err != nil {
			return
		}
		if !reflect.DeepEqual(canonjson.Normalize(v), v) {
			t.Fatalf("canonjson.ParseJSON(%q) = %#v is not normalized", s, v)
		}
		c, err := canonjson.Canonical(v)
		if err != nil {
			t.Fatalf("canonjson.Canonical(canonjson.ParseJSON(%q)): %v", s, err)
		}
		back, err := canonjson.ParseJSON(string(c))
		if err != nil {
			t.Fatalf("canonjson.ParseJSON(canonjson.Canonical(canonjson.ParseJSON(%q)) = %q): %v", s, c, err)
		}
		if !reflect.DeepEqual(back, v) {
			t.Fatalf("round trip of %q through %q: %#v, want %#v", s, c, back, v)
		}
		raw, err := decodeUseNumber(s)
		if err != nil {
			t.Fatalf("decode %q: %v", s, err)
		}
		sameNumbers(t, raw, v)
	})
}

// sameNumbers checks that every number of the normalized value v is the same value as in
// raw (exactly, with big.Rat, where its exponent keeps that cheap), in canonical form.
func sameNumbers(t *testing.T, raw, v any) {
	t.Helper()
	switch r := raw.(type) {
	case map[string]any:
		m, ok := v.(map[string]any)
		if !ok || len(m) != len(r) {
			t.Fatalf("object %#v normalized to %#v", raw, v)
		}
		for k, e := range r {
			sameNumbers(t, e, m[k])
		}
	case []any:
		a, ok := v.([]any)
		if !ok || len(a) != len(r) {
			t.Fatalf("array %#v normalized to %#v", raw, v)
		}
		for i := range r {
			sameNumbers(t, r[i], a[i])
		}
	case json.Number:
		n, ok := v.(json.Number)
		if !ok {
			t.Fatalf("number %s normalized to %#v", r, v)
		}
		if again, ok := canonjson.Number(n); !ok || again != string(n) {
			t.Fatalf("number %s normalized to %s, which is not canonical (%s)", r, n, again)
		}
		if smallExponent(string(r)) && smallExponent(string(n)) {
			a, okA := new(big.Rat).SetString(string(r))
			b, okB := new(big.Rat).SetString(string(n))
			if !okA || !okB || a.Cmp(b) != 0 {
				t.Fatalf("number %s normalized to %s, another value", r, n)
			}
		}
	default:
		if !reflect.DeepEqual(raw, v) {
			t.Fatalf("%#v normalized to %#v", raw, v)
		}
	}
}

func smallExponent(s string) bool {
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return len(s) < 1000
	}
	e, err := strconv.Atoi(s[i+1:])
	return err == nil && e > -1000 && e < 1000 && len(s) < 1000
}
