package guard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// RevisionPrefix marks revisions derived from the object's content.
const RevisionPrefix = "sha256:"

// Revision identifies one version of a remote object: a SHA-256 over its canonical JSON.
// Real Konnect has no ETags, so the revision is derived from everything Konnect returns,
// updated_at included; two reads of an unchanged object give the same revision.
func Revision(obj map[string]any) (string, error) {
	canon, err := Canonical(obj)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return RevisionPrefix + hex.EncodeToString(sum[:]), nil
}

// Canonical renders a decoded JSON value (maps, slices, strings, bools, nil, float64,
// json.Number, ints) as canonical JSON: object keys sorted, no insignificant whitespace,
// numbers in their shortest exact form (1.0, 1 and 1e0 are the same number).
func Canonical(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeCanonical(&buf, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Normalize turns a decoded JSON value into the canonical decoded form that Equal and
// Canonical agree on: numbers become json.Number in canonical form.
func Normalize(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = Normalize(e)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = Normalize(e)
		}
		return out
	case nil, string, bool:
		return t
	default:
		if n, ok := canonicalNumber(v); ok {
			return json.Number(n)
		}
		return t
	}
}

// ParseJSON decodes a JSON document into the normalized form.
func ParseJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return Normalize(v), nil
}

func writeCanonical(buf *bytes.Buffer, v any) error {
	switch t := v.(type) {
	case nil:
		buf.WriteString("null")
	case bool:
		buf.WriteString(strconv.FormatBool(t))
	case string:
		b, err := json.Marshal(t)
		if err != nil {
			return err
		}
		buf.Write(b)
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			buf.Write(kb)
			buf.WriteByte(':')
			if err := writeCanonical(buf, t[k]); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range t {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeCanonical(buf, e); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case []string:
		arr := make([]any, len(t))
		for i, s := range t {
			arr[i] = s
		}
		return writeCanonical(buf, arr)
	default:
		n, ok := canonicalNumber(v)
		if !ok {
			return fmt.Errorf("guard: cannot canonicalize %T", v)
		}
		buf.WriteString(n)
	}
	return nil
}

// canonicalNumber renders any numeric value as the shortest exact decimal.
func canonicalNumber(v any) (string, bool) {
	var r *big.Rat
	switch t := v.(type) {
	case json.Number:
		var ok bool
		r, ok = new(big.Rat).SetString(string(t))
		if !ok {
			return "", false
		}
	case float64:
		r = new(big.Rat)
		if r.SetFloat64(t) == nil {
			return "", false
		}
	case float32:
		r = new(big.Rat)
		if r.SetFloat64(float64(t)) == nil {
			return "", false
		}
	case int:
		r = new(big.Rat).SetInt64(int64(t))
	case int32:
		r = new(big.Rat).SetInt64(int64(t))
	case int64:
		r = new(big.Rat).SetInt64(t)
	case uint64:
		r = new(big.Rat).SetUint64(t)
	case *big.Float:
		r, _ = t.Rat(nil)
		if r == nil {
			return "", false
		}
	default:
		return "", false
	}
	if r.IsInt() {
		return r.Num().String(), true
	}
	// Exact decimal when the denominator allows it, otherwise a float rendering.
	if s, exact := r.FloatPrec(); exact {
		return r.FloatString(s), true
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64), true
}
