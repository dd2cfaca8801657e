// Package canonjson is canonical JSON: one rendering per value (object keys sorted, no
// insignificant whitespace, numbers in their shortest exact form), the decoded form it
// agrees with, and a strict parser that keeps every number's digits. The guard's revisions
// and comparisons stand on it.
package canonjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Canonical renders a decoded JSON value (maps, slices, strings, bools, nil, float64,
// json.Number, ints) as canonical JSON: object keys sorted, no insignificant whitespace,
// numbers in their shortest exact form (1.0, 1 and 1e0 are the same number; float64 0.1
// is 0.1; see canonicalDecimal).
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
	case []string:
		// The same collection as []any of strings (Canonical renders both alike), so
		// that Equal sorts it as a Set and sees it as empty when it is.
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = e
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
	// dec.More is not enough here: it reports false for a stray ']' or '}', so "{}}"
	// would be accepted. Only the end of the input may follow the value.
	if _, err := dec.Token(); err != io.EOF {
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
		writeString(buf, t)
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
			writeString(buf, k)
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

// writeString writes s as a JSON string, as encoding/json does. An invalid UTF-8 byte
// becomes U+FFFD itself, as decoding would make it, rather than encoding/json's "\ufffd"
// escape: so a string and its decoded JSON have one canonical form.
func writeString(buf *bytes.Buffer, s string) {
	if !utf8.ValidString(s) {
		var v strings.Builder
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			v.WriteRune(r) // RuneError for an invalid byte
			i += size
		}
		s = v.String()
	}
	b, _ := json.Marshal(s) // cannot fail for a string
	buf.Write(b)
}

// canonicalNumber renders any numeric value as its canonical decimal (see
// canonicalDecimal). Binary floats are taken at their shortest round-trip decimal, so
// float64(0.1) and json.Number("0.1") are the same number, as they are to a user.
func canonicalNumber(v any) (string, bool) {
	switch t := v.(type) {
	case json.Number:
		return canonicalDecimal(string(t))
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return "", false
		}
		return canonicalDecimal(strconv.FormatFloat(t, 'g', -1, 64))
	case float32:
		f := float64(t)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "", false
		}
		return canonicalDecimal(strconv.FormatFloat(f, 'g', -1, 32))
	case int:
		return strconv.FormatInt(int64(t), 10), true
	case int8:
		return strconv.FormatInt(int64(t), 10), true
	case int16:
		return strconv.FormatInt(int64(t), 10), true
	case int32:
		return strconv.FormatInt(int64(t), 10), true
	case int64:
		return strconv.FormatInt(t, 10), true
	case uint:
		return strconv.FormatUint(uint64(t), 10), true
	case uint8:
		return strconv.FormatUint(uint64(t), 10), true
	case uint16:
		return strconv.FormatUint(uint64(t), 10), true
	case uint32:
		return strconv.FormatUint(uint64(t), 10), true
	case uint64:
		return strconv.FormatUint(t, 10), true
	case *big.Int:
		if t == nil {
			return "", false
		}
		return t.String(), true
	case *big.Float:
		if t == nil || t.IsInf() {
			return "", false
		}
		return canonicalDecimal(t.Text('g', -1))
	}
	return "", false
}

// Bounds of the plain (exponent-free) rendering, as in JavaScript's Number#toString:
// integers with up to maxPlainZeros trailing zeros, fractions with fewer than
// minPlainPoint leading zeros after the point. Beyond them the exponent form keeps the
// output proportional to the input (1e999999 is not expanded to a million digits).
const (
	maxPlainZeros = 21
	minPlainPoint = -7
)

// canonicalDecimal renders a decimal number (JSON number syntax, also with a leading "+",
// "5." or ".5") as the one canonical spelling of its value: no leading or trailing zeros,
// no "+", no exponent for ordinary magnitudes ("1.0", "1e0" and "10e-1" are all "1";
// "-0" is "0"), and "d.ddde±x" only for extreme ones. Digits are kept exactly: integers
// beyond 2^53 and long fractions are never rounded. It is pure string arithmetic, so it
// works for any exponent the input can spell.
func canonicalDecimal(s string) (string, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	mant, exp := s, ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant, exp = s[:i], s[i+1:]
	}
	intPart, frac := mant, ""
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		intPart, frac = mant[:i], mant[i+1:]
	}
	if (intPart == "" && frac == "") || !allDigits(intPart) || !allDigits(frac) {
		return "", false
	}
	e := new(big.Int)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		digits := strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "-")
		if digits == "" || !allDigits(digits) || len(exp)-len(digits) > 1 {
			return "", false
		}
		e.SetString(digits, 10)
		if exp[0] == '-' {
			e.Neg(e)
		}
	}
	// value = ±digits × 10^e, with digits free of leading and trailing zeros.
	digits := strings.TrimLeft(intPart+frac, "0")
	e.Sub(e, big.NewInt(int64(len(frac))))
	trimmed := strings.TrimRight(digits, "0")
	e.Add(e, big.NewInt(int64(len(digits)-len(trimmed))))
	digits = trimmed
	if digits == "" {
		return "0", true // negative zero included
	}
	sign := ""
	if neg {
		sign = "-"
	}
	n := len(digits)
	if e.IsInt64() {
		switch ev := e.Int64(); {
		case ev >= 0 && ev <= maxPlainZeros:
			return sign + digits + strings.Repeat("0", int(ev)), true
		case ev < 0 && int64(n)+ev > minPlainPoint:
			p := n + int(ev) // digits before the point
			if p > 0 {
				return sign + digits[:p] + "." + digits[p:], true
			}
			return sign + "0." + strings.Repeat("0", -p) + digits, true
		}
	}
	// Exponent form: d[.ddd]e<x> with x = e + n - 1.
	x := new(big.Int).Add(e, big.NewInt(int64(n-1)))
	out := sign + digits[:1]
	if n > 1 {
		out += "." + digits[1:]
	}
	return out + "e" + x.String(), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Number renders a number (json.Number, float64, an integer) in its canonical form; false
// when v is not a number or not finite.
func Number(v any) (string, bool) { return canonicalNumber(v) }
