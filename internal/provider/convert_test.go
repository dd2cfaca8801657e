package provider

import (
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

// decode is JSON as the client decodes Konnect's responses: numbers as json.Number.
func decode(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func canonical(t *testing.T, v any) string {
	t.Helper()
	c, err := canonjson.Canonical(canonjson.Normalize(v))
	if err != nil {
		t.Fatal(err)
	}
	return string(c)
}

var healthcheck = engine.ObjectOf(
	engine.Attr{Name: "http_path", Type: engine.String},
	engine.Attr{Name: "timeout", Type: engine.Int64},
	engine.Attr{Name: "statuses", JSON: "http_statuses", Type: engine.ListOf(engine.Int64)},
	engine.Attr{Name: "seen_at", Type: engine.String, Mode: engine.Computed},
)

// JSON from Konnect goes into a Terraform value and back to the same JSON, for every kind
// of value the declarations use.
func TestConvertRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		typ  engine.Type
		json string
	}{
		{"string", engine.String, `"orders"`},
		{"empty string", engine.String, `""`},
		{"int64", engine.Int64, `60000`},
		{"int64 beyond float64's precision", engine.Int64, `9007199254740993`},
		{"negative int64", engine.Int64, `-3`},
		{"float64", engine.Float64, `0.25`},
		{"bool", engine.Bool, `false`},
		{"null", engine.String, `null`},
		{"list keeps order", engine.ListOf(engine.String), `["/v2","/v1"]`},
		{"empty list", engine.ListOf(engine.String), `[]`},
		{"set", engine.SetOf(engine.String), `["a","b"]`},
		{"map", engine.MapOf(engine.ListOf(engine.String)), `{"x-version":["1","2"]}`},
		{"object with a JSON name", healthcheck, `{"http_path":"/health","timeout":3,"http_statuses":[200,302]}`},
		{"list of objects", engine.ListOf(engine.ObjectOf(engine.Attr{Name: "ip", Type: engine.String}, engine.Attr{Name: "port", Type: engine.Int64})), `[{"ip":"10.0.0.1","port":9000},{"ip":"10.0.0.2"}]`},
		{"JSON document", engine.Type{Kind: engine.KJSON}, `{"minute":10,"nested":{"b":[1,2],"a":null},"policy":"local"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := decode(t, c.json)
			v, err := c.typ.FromJSON(in)
			if err != nil {
				t.Fatalf("fromJSON: %v", err)
			}
			if !v.Type().Equal(c.typ.TFType()) {
				t.Fatalf("fromJSON made a %s, want %s", v.Type(), c.typ.TFType())
			}
			out, err := c.typ.ToJSON(v)
			if err != nil {
				t.Fatalf("toJSON: %v", err)
			}
			if got, want := canonical(t, out), canonical(t, in); got != want {
				t.Errorf("round trip: got %s, want %s", got, want)
			}
		})
	}
}

// A JSON document is held as its canonical text: key order and spacing from Konnect do not
// show as a change.
func TestConvertJSONDocumentIsCanonical(t *testing.T) {
	doc := engine.Type{Kind: engine.KJSON}
	a, err := doc.FromJSON(decode(t, `{"policy": "local", "minute": 10, "nested": {"z": 1, "a": 2}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := doc.FromJSON(decode(t, `{"nested":{"a":2,"z":1},"minute":10.0,"policy":"local"}`))
	if err != nil {
		t.Fatal(err)
	}
	var sa, sb string
	_ = a.As(&sa)
	_ = b.As(&sb)
	if sa != sb {
		t.Errorf("the same document in two spellings: %s and %s", sa, sb)
	}
	if sa != `{"minute":10,"nested":{"a":2,"z":1},"policy":"local"}` {
		t.Errorf("canonical form: %s", sa)
	}
}

// What Konnect may send in other shapes than the declaration's: numbers decoded as float64
// (the mock in process), and ids sent as numbers where a string is declared.
func TestConvertLenientInputs(t *testing.T) {
	v, err := engine.Int64.FromJSON(float64(60000))
	if err != nil {
		t.Fatal(err)
	}
	var f big.Float
	if err := v.As(&f); err != nil || f.String() != "60000" {
		t.Errorf("int64 from float64: %v %v", f.String(), err)
	}
	v, err = engine.Int64.FromJSON(json.Number("2.9"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := engine.Int64.ToJSON(v); got != json.Number("2") {
		t.Errorf("int64 from 2.9: %v, want the integer part", got)
	}
	v, err = engine.String.FromJSON(json.Number("42"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := engine.String.ToJSON(v); got != "42" {
		t.Errorf("string from a number: %v", got)
	}
}

// A value of the wrong shape fails with what was expected and what came.
func TestConvertWrongShape(t *testing.T) {
	cases := []struct {
		typ  engine.Type
		in   any
		want string
	}{
		{engine.String, true, "expected a string, got bool"},
		{engine.Int64, "ten", "expected a number, got string"},
		{engine.Int64, json.Number("1e"), `bad number "1e"`},
		{engine.Bool, "true", "expected a boolean, got string"},
		{engine.ListOf(engine.String), "a", "expected a list, got string"},
		{engine.MapOf(engine.String), []any{}, "expected an object, got []interface {}"},
		{engine.ListOf(engine.Int64), []any{json.Number("1"), "two"}, "expected a number, got string"},
		{healthcheck, map[string]any{"timeout": "soon"}, "timeout: expected a number, got string"},
	}
	for _, c := range cases {
		_, err := c.typ.FromJSON(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s from %#v: error %v, want %q", c.typ.Describe(), c.in, err, c.want)
		}
	}
}

// Unknown values: toJSON says so; a request body leaves out only the unknown parts of an
// object, so Konnect fills its defaults for them and the configured parts are written.
func TestConvertUnknown(t *testing.T) {
	if _, err := engine.String.ToJSON(tftypes.NewValue(tftypes.String, tftypes.UnknownValue)); !errors.Is(err, engine.ErrUnknown) {
		t.Errorf("toJSON of an unknown string: %v", err)
	}
	obj := tftypes.NewValue(healthcheck.TFType(), map[string]tftypes.Value{
		"http_path": tftypes.NewValue(tftypes.String, "/health"),
		"timeout":   tftypes.NewValue(tftypes.Number, tftypes.UnknownValue),
		"statuses":  tftypes.NewValue(tftypes.List{ElementType: tftypes.Number}, nil),
		"seen_at":   tftypes.NewValue(tftypes.String, "computed, never sent"),
	})
	if _, err := healthcheck.ToJSON(obj); !errors.Is(err, engine.ErrUnknown) {
		t.Errorf("toJSON of an object with an unknown part: %v", err)
	}
	body, err := healthcheck.BodyJSON(obj)
	if err != nil {
		t.Fatal(err)
	}
	if got := canonical(t, body); got != `{"http_path":"/health"}` {
		t.Errorf("body: %s, want only the known, non-null, non-computed part", got)
	}
	list := engine.ListOf(healthcheck)
	lv := tftypes.NewValue(list.TFType(), []tftypes.Value{obj})
	lb, err := list.BodyJSON(lv)
	if err != nil {
		t.Fatal(err)
	}
	if got := canonical(t, lb); got != `[{"http_path":"/health"}]` {
		t.Errorf("body of a list of objects: %s", got)
	}
	if _, err := engine.String.BodyJSON(tftypes.NewValue(tftypes.String, tftypes.UnknownValue)); !errors.Is(err, engine.ErrUnknown) {
		t.Errorf("bodyJSON of an unknown scalar: %v", err)
	}
}

// State is built from a response: attributes come from their JSON name or ReadFrom path,
// path parameters from keep, and a missing field is null.
func TestObjectFromJSON(t *testing.T) {
	attrs := []engine.Attr{
		{Name: "control_plane_id", Type: engine.String, Parent: true},
		{Name: "consumer_id", Type: engine.String, JSON: "consumer", ReadFrom: "consumer.id"},
		{Name: "auth_type", Type: engine.String, ReadFrom: "config.auth_type"},
		{Name: "ttl", Type: engine.Int64},
	}
	obj := decode(t, `{"consumer":{"id":"c-1"},"config":{"auth_type":"pki_client_certs"},"unknown_field":1}`).(map[string]any)
	keep := map[string]tftypes.Value{"control_plane_id": tftypes.NewValue(tftypes.String, "cp-1")}
	v, err := engine.ObjectFromJSON(attrs, obj, keep)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.AsObject(v)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"control_plane_id": "cp-1", "consumer_id": "c-1", "auth_type": "pki_client_certs"}
	for name, w := range want {
		if got := engine.Str(m[name]); got != w {
			t.Errorf("%s = %q, want %q", name, got, w)
		}
	}
	if !m["ttl"].IsNull() {
		t.Errorf("ttl absent from the response = %v, want null", m["ttl"])
	}
	if got := engine.Lookup(map[string]any{"config": "not an object"}, attrs[2]); got != nil {
		t.Errorf("lookup through a non-object: %v", got)
	}
	if _, err := engine.ObjectFromJSON(attrs, map[string]any{"ttl": "long"}, keep); err == nil || !strings.HasPrefix(err.Error(), "ttl: ") {
		t.Errorf("a bad field: %v, want an error naming ttl", err)
	}
}

// Every declared kind's attributes convert: a state value built from an empty response is
// of the schema's type, and converts back without error.
func TestConvertEveryKindFromEmptyResponse(t *testing.T) {
	for _, k := range Kinds {
		r := engine.NewEntityResource(k)
		v, err := engine.ObjectFromJSON(r.Attrs, map[string]any{}, nil)
		if err != nil {
			t.Errorf("%s: %v", k.TypeName, err)
			continue
		}
		if !v.Type().Equal(engine.ObjectType(r.Attrs)) {
			t.Errorf("%s: type %s", k.TypeName, v.Type())
		}
		body, err := r.Body(mustObject(t, v))
		if err != nil || len(body) != 0 {
			t.Errorf("%s: body of an all-null object: %v %v", k.TypeName, body, err)
		}
	}
}

func mustObject(t *testing.T, v tftypes.Value) engine.ObjectValues {
	t.Helper()
	m, err := engine.AsObject(v)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
