package canonjson

import (
	"encoding/json"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
)

func mustParse(t testing.TB, s string) any {
	t.Helper()
	v, err := ParseJSON(s)
	if err != nil {
		t.Fatalf("ParseJSON(%q): %v", s, err)
	}
	return v
}

func TestCanonical(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"null", nil, `null`},
		{"true", true, `true`},
		{"false", false, `false`},
		{"string", "orders", `"orders"`},
		{"empty string", "", `""`},
		{"escapes", "a\"b\\c\n\t\r/", `"a\"b\\c\n\t\r/"`},
		{"control", "\x00\x01\x1f", `"\u0000\u0001\u001f"`},
		{"unicode kept", "ordérs ☃ 😀", `"ordérs ☃ 😀"`},
		{"html escaped as encoding/json does", "<a&b>", `"\u003ca\u0026b\u003e"`},
		{"line separators", "\u2028\u2029", `"\u2028\u2029"`},
		{"invalid utf-8 replaced", "a\xff\xfeb", "\"a\ufffd\ufffdb\""},
		{"invalid utf-8 same as decoded", "a\ufffd\ufffdb", "\"a\ufffd\ufffdb\""},
		{"invalid utf-8 key", map[string]any{"\xff": 1}, "{\"\ufffd\":1}"},
		{"empty object", map[string]any{}, `{}`},
		{"empty array", []any{}, `[]`},
		{"nil array", []any(nil), `[]`},
		{"string slice", []string{"b", "a"}, `["b","a"]`},
		{"keys sorted", map[string]any{"b": 1, "a": 2, "A": 3, "aa": 4, "": 5}, `{"":5,"A":3,"a":2,"aa":4,"b":1}`},
		{"keys sorted bytewise", map[string]any{"é": 1, "z": 2, "Z": 3}, `{"Z":3,"z":2,"é":1}`},
		{"keys escaped", map[string]any{"a\"b": 1, "<": 2}, `{"\u003c":2,"a\"b":1}`},
		{"nested", map[string]any{
			"z": []any{map[string]any{"y": nil, "x": []any{}}, "s", 1.5, false},
			"a": map[string]any{"d": map[string]any{}, "c": []string{"q"}},
		}, `{"a":{"c":["q"],"d":{}},"z":[{"x":[],"y":null},"s",1.5,false]}`},
		{"array order kept", []any{3, 1, 2}, `[3,1,2]`},
		{"array of arrays", []any{[]any{}, []any{[]any{nil}}}, `[[],[[null]]]`},

		// Numbers: one spelling per value.
		{"int", 42, `42`},
		{"negative int", -42, `-42`},
		{"int64 max", int64(math.MaxInt64), `9223372036854775807`},
		{"int64 min", int64(math.MinInt64), `-9223372036854775808`},
		{"uint64 max", uint64(math.MaxUint64), `18446744073709551615`},
		{"big.Int", new(big.Int).Lsh(big.NewInt(1), 70), `1180591620717411303424`},
		{"number 1.0", json.Number("1.0"), `1`},
		{"number 1e0", json.Number("1e0"), `1`},
		{"number 1E+2", json.Number("1E+2"), `100`},
		{"number 10e-1", json.Number("10e-1"), `1`},
		{"number 0.000", json.Number("0.000"), `0`},
		{"number 0e10", json.Number("0e10"), `0`},
		{"number trailing zeros", json.Number("-12.340"), `-12.34`},
		{"number leading zeros", json.Number("007"), `7`},
		{"number plus sign", json.Number("+7"), `7`},
		{"number 2^53+1 exact", json.Number("9007199254740993"), `9007199254740993`},
		{"number 2^64+1 exact", json.Number("18446744073709551617"), `18446744073709551617`},
		{"number 30 digits exact", json.Number("123456789012345678901234567890"), `123456789012345678901234567890`},
		{"number 2^53+1 with exponent", json.Number("9.007199254740993e15"), `9007199254740993`},
		{"number long fraction exact", json.Number("0.10000000000000001"), `0.10000000000000001`},
		{"number fraction", json.Number("1.5"), `1.5`},
		{"number negative fraction", json.Number("-0.25"), `-0.25`},
		{"number 1e21 plain", json.Number("1e21"), `1000000000000000000000`},
		{"number 1e22 exponent", json.Number("1e22"), `1e22`},
		{"number 1.5e300", json.Number("1.5e300"), `1.5e300`},
		{"number 15e299", json.Number("15e299"), `1.5e300`},
		{"number 1e-7 plain", json.Number("1e-7"), `0.0000001`},
		{"number 1e-8 exponent", json.Number("1e-8"), `1e-8`},
		{"number 1.25e-10", json.Number("1.25e-10"), `1.25e-10`},
		{"number -1.25e-10", json.Number("-125e-12"), `-1.25e-10`},
		{"number huge exponent", json.Number("1e999999999"), `1e999999999`},
		{"number huge exponent digits", json.Number("2e99999999999999999999999"), `2e99999999999999999999999`},
		{"number tiny exponent", json.Number("-3.0e-99999999999999999999999"), `-3e-99999999999999999999999`},
		{"negative zero number", json.Number("-0"), `0`},
		{"negative zero fraction", json.Number("-0.0e5"), `0`},
		{"negative zero float", math.Copysign(0, -1), `0`},
		{"float 1", 1.0, `1`},
		{"float 0.1 shortest", 0.1, `0.1`},
		{"float 0.1+0.2", tenth + fifth, `0.30000000000000004`},
		{"float 1e21", 1e21, `1000000000000000000000`},
		{"float 1e22", 1e22, `1e22`},
		{"float 1e-7", 1e-7, `0.0000001`},
		{"float max", math.MaxFloat64, `1.7976931348623157e308`},
		{"float smallest", math.SmallestNonzeroFloat64, `5e-324`},
		{"float 2^53", float64(1 << 53), `9007199254740992`},
		{"float32 0.1", float32(0.1), `0.1`},
		{"big.Float 0.1", mustBigFloat("0.1"), `0.1`},
		{"big.Float 2^70", new(big.Float).SetInt(new(big.Int).Lsh(big.NewInt(1), 70)), `1180591620717411303424`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Canonical(tt.in)
			if err != nil {
				t.Fatalf("Canonical(%#v): %v", tt.in, err)
			}
			if string(got) != tt.want {
				t.Errorf("Canonical(%#v) = %s, want %s", tt.in, got, tt.want)
			}
			if !json.Valid(got) {
				t.Errorf("Canonical(%#v) = %s is not valid JSON", tt.in, got)
			}
			// Idempotent through ParseJSON, and Normalize does not change it.
			if again, err := Canonical(mustParse(t, string(got))); err != nil || string(again) != tt.want {
				t.Errorf("Canonical(ParseJSON(%s)) = %s, %v", got, again, err)
			}
			if norm, err := Canonical(Normalize(tt.in)); err != nil || string(norm) != tt.want {
				t.Errorf("Canonical(Normalize(%#v)) = %s, %v", tt.in, norm, err)
			}
		})
	}
}

// Variables, so that the compiler does not add them exactly.
var tenth, fifth = 0.1, 0.2

func mustBigFloat(s string) *big.Float {
	f, ok := new(big.Float).SetPrec(512).SetString(s)
	if !ok {
		panic(s)
	}
	return f
}

// The canonical spelling of a number is exactly the same value.
func TestCanonicalNumberExact(t *testing.T) {
	for _, s := range []string{
		"0", "1", "-1", "1.0", "0.5", "-0.5", "123.456", "1e21", "1e22", "1e-7", "1e-8",
		"12345678901234567890.0987654321", "9007199254740993", "-9.007199254740993e15",
		"1.23456789e-20", "4.5e300", "0.000001", "100e-2", "-0.0000000001",
	} {
		got, ok := Number(json.Number(s))
		if !ok {
			t.Errorf("Number(%s) failed", s)
			continue
		}
		a, _ := new(big.Rat).SetString(s)
		b, okb := new(big.Rat).SetString(got)
		if !okb || a.Cmp(b) != 0 {
			t.Errorf("Number(%s) = %s, a different value", s, got)
		}
	}
}

func TestCanonicalUnsupported(t *testing.T) {
	tests := []struct {
		name string
		in   any
	}{
		{"struct", struct{ A int }{1}},
		{"map of strings", map[string]string{"a": "b"}},
		{"map with int keys", map[int]any{1: "a"}},
		{"slice of ints", []int{1}},
		{"NaN", math.NaN()},
		{"+Inf", math.Inf(1)},
		{"-Inf", math.Inf(-1)},
		{"float32 Inf", float32(math.Inf(1))},
		{"big.Float Inf", new(big.Float).SetInf(false)},
		{"nil big.Float", (*big.Float)(nil)},
		{"nil big.Int", (*big.Int)(nil)},
		{"bad number", json.Number("abc")},
		{"empty number", json.Number("")},
		{"number fraction syntax", json.Number("1/2")},
		{"number hex", json.Number("0x10")},
		{"number Inf", json.Number("Inf")},
		{"number lone sign", json.Number("-")},
		{"number lone point", json.Number(".")},
		{"number missing exponent", json.Number("1e")},
		{"number double sign exponent", json.Number("1e+-1")},
		{"number two points", json.Number("1.2.3")},
		{"number spaces", json.Number(" 1")},
		{"nested in object", map[string]any{"a": map[string]any{"b": struct{}{}}}},
		{"nested in array", []any{1, []any{make(chan int)}}},
		{"pointer", new(int)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Canonical(tt.in)
			if err == nil {
				t.Fatalf("Canonical(%#v) = %s, want an error", tt.in, got)
			}
			if !strings.Contains(err.Error(), "cannot canonicalize") {
				t.Errorf("error %q does not say what failed", err)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	in := map[string]any{
		"f":     1.0,
		"i":     int64(7),
		"n":     json.Number("1e2"),
		"s":     "1.0",
		"b":     true,
		"null":  nil,
		"list":  []any{0.5, json.Number("2.50"), "x", []any{int(3)}},
		"strs":  []string{"b", "a"},
		"inner": map[string]any{"z": float32(0.25)},
		"odd":   struct{}{},
	}
	want := map[string]any{
		"f":     json.Number("1"),
		"i":     json.Number("7"),
		"n":     json.Number("100"),
		"s":     "1.0",
		"b":     true,
		"null":  nil,
		"list":  []any{json.Number("0.5"), json.Number("2.5"), "x", []any{json.Number("3")}},
		"strs":  []any{"b", "a"},
		"inner": map[string]any{"z": json.Number("0.25")},
		"odd":   struct{}{},
	}
	got := Normalize(in)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Normalize =\n%#v\nwant\n%#v", got, want)
	}
	if in["f"] != 1.0 {
		t.Errorf("Normalize modified its input")
	}
	// An unusable number is left as it is (Canonical reports it).
	if got := Normalize(json.Number("x")); got != json.Number("x") {
		t.Errorf("Normalize(bad number) = %#v", got)
	}
	if got := Normalize(math.NaN()); got == nil {
		t.Errorf("Normalize(NaN) = nil")
	}
}

func TestParseJSON(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want any
	}{
		{"null", `null`, nil},
		{"bool", ` true `, true},
		{"string", `"a"`, "a"},
		{"unicode escape", `"\u00e9\u2603"`, "é☃"},
		{"surrogate pair", `"\ud83d\ude00"`, "😀"},
		{"escapes", `"a\"b\\c\/d\b\f\n\r\t"`, "a\"b\\c/d\b\f\n\r\t"},
		{"raw utf-8", `"ordérs"`, "ordérs"},
		{"invalid utf-8 replaced", "\"a\xffb\"", "a\ufffdb"},
		{"int", `60000`, json.Number("60000")},
		{"int beyond 2^53", `9007199254740993`, json.Number("9007199254740993")},
		{"int beyond 2^64", `-123456789012345678901234567890`, json.Number("-123456789012345678901234567890")},
		{"fraction", `1.50`, json.Number("1.5")},
		{"exponent", `6e4`, json.Number("60000")},
		{"negative exponent", `25E-2`, json.Number("0.25")},
		{"negative zero", `-0.0`, json.Number("0")},
		{"huge exponent", `1e400`, json.Number("1e400")},
		{"whitespace", " \n\t{ \"b\" : [ 1 , 2.0 ] , \"a\" : { } }\r\n ", map[string]any{
			"a": map[string]any{}, "b": []any{json.Number("1"), json.Number("2")},
		}},
		{"nested", `{"x":[{"y":null,"z":[true,"s",1e0]}]}`, map[string]any{
			"x": []any{map[string]any{"y": nil, "z": []any{true, "s", json.Number("1")}}},
		}},
		{"duplicate key: last wins", `{"a":1,"a":2}`, map[string]any{"a": json.Number("2")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseJSON(tt.in)
			if err != nil {
				t.Fatalf("ParseJSON(%q): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseJSON(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseJSONRejects(t *testing.T) {
	for _, in := range []string{
		``, `   `, `{`, `[1,]`, `{"a":}`, `nul`, `'a'`, `NaN`, `Infinity`, `+1`, `.5`, `1.`,
		`0x10`, `"unterminated`, `{"a" 1}`, `[1 2]`, `// comment`,
		// Trailing data of any kind.
		`1 2`, `{} x`, `{}{}`, `[] []`, `"a" "b"`, `null null`, `1,`, `01`, `00`,
		// A stray closing delimiter used to pass (json.Decoder.More is false before it).
		`{}}`, `1]`, `[1]]`, `{"a":1}]`, `"s"}`, `null ]`,
	} {
		if v, err := ParseJSON(in); err == nil {
			t.Errorf("ParseJSON(%q) = %#v, want an error", in, v)
		}
	}
	_, err := ParseJSON(`{"a":1} {"b":2}`)
	if err == nil || !strings.Contains(err.Error(), "unexpected data after the JSON value") {
		t.Errorf("trailing value error = %v", err)
	}
}

// ParseJSON accepts exactly what encoding/json considers one valid JSON document.
func TestParseJSONAgreesWithValid(t *testing.T) {
	for _, in := range []string{`{}`, `{}}`, `[]]`, ` 1 `, `1 ]`, `"a"`, `[`, `{"a":[1,{"b":null}]}`, "\"\xff\""} {
		_, err := ParseJSON(in)
		if valid := json.Valid([]byte(in)); valid != (err == nil) {
			t.Errorf("ParseJSON(%q) error %v, but json.Valid = %v", in, err, valid)
		}
	}
}
