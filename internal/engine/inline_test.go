package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A flattened union in Konnect's JSON (an identity provider's config is the OIDC object or
// the SAML object itself), nested by branch in Terraform: Attr.Inline.

var testOIDC = Attr{Name: "oidc", Inline: true, Type: ObjectOf(
	Attr{Name: "issuer_url", Type: String, Mode: Required},
	Attr{Name: "client_secret", Type: String, Sensitive: true, NotReturned: true},
	Attr{Name: "scopes", Type: ListOf(String)},
	Attr{Name: "claim_mappings", Type: ObjectOf(Attr{Name: "email", Type: String}, Attr{Name: "groups", Type: String})},
)}

var testSAML = Attr{Name: "saml", Inline: true, Type: ObjectOf(
	Attr{Name: "idp_metadata_url", Type: String},
	Attr{Name: "login_url", Type: String, Mode: Computed},
)}

var testConfig = Attr{Name: "config", Type: ObjectOf(testOIDC, testSAML)}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

func branches(t *testing.T, v tftypes.Value) (oidc, saml tftypes.Value) {
	t.Helper()
	m, err := AsObject(v)
	if err != nil {
		t.Fatal(err)
	}
	return m["oidc"], m["saml"]
}

func TestInlineRoundTrip(t *testing.T) {
	for name, c := range map[string]struct {
		konnect string // Konnect's config
		written string // what a write sends back: computed fields and secrets aside
		present string // the branch read
	}{
		"oidc": {
			konnect: `{"issuer_url":"https://idp.example.com","scopes":["openid","email"],"claim_mappings":{"email":"mail","groups":"groups"}}`,
			written: `{"issuer_url":"https://idp.example.com","scopes":["openid","email"],"claim_mappings":{"email":"mail","groups":"groups"}}`,
			present: "oidc",
		},
		"saml": {
			konnect: `{"idp_metadata_url":"https://idp.example.com/metadata","login_url":"https://cloud.konghq.com/login/x"}`,
			written: `{"idp_metadata_url":"https://idp.example.com/metadata"}`,
			present: "saml",
		},
		"saml without metadata url": { // a computed field alone tells the branch
			konnect: `{"login_url":"https://cloud.konghq.com/login/x"}`,
			written: `{}`,
			present: "saml",
		},
		"neither": {konnect: `{}`, written: `{}`},
	} {
		t.Run(name, func(t *testing.T) {
			v, err := testConfig.Type.FromJSON(decode(t, c.konnect))
			if err != nil {
				t.Fatal(err)
			}
			oidc, saml := branches(t, v)
			if got := !oidc.IsNull(); got != (c.present == "oidc") {
				t.Errorf("oidc present = %v, want %v (%v)", got, c.present == "oidc", oidc)
			}
			if got := !saml.IsNull(); got != (c.present == "saml") {
				t.Errorf("saml present = %v, want %v (%v)", got, c.present == "saml", saml)
			}
			for what, conv := range map[string]func(tftypes.Value) (any, error){"ToJSON": testConfig.Type.ToJSON, "BodyJSON": testConfig.Type.BodyJSON} {
				j, err := conv(v)
				if err != nil {
					t.Fatal(err)
				}
				if want := decode(t, c.written); !reflect.DeepEqual(j, want) {
					t.Errorf("%s: %v, want %v", what, j, want)
				}
			}
			if c.present == "saml" {
				if m, _ := AsObject(saml); Str(m["login_url"]) != "https://cloud.konghq.com/login/x" {
					t.Errorf("saml.login_url = %v", m["login_url"])
				}
			}
		})
	}
}

// A write's body: the configured branch's fields are config's own, an unknown branch (unset
// optional and computed, on create) is left out, and so are unknown fields inside it.
func TestInlineBody(t *testing.T) {
	oidcT, samlT := testOIDC.Type.TFType(), testSAML.Type.TFType()
	claimsT := testOIDC.Type.Attrs[3].Type.TFType()
	oidc := tftypes.NewValue(oidcT, map[string]tftypes.Value{
		"issuer_url":     tftypes.NewValue(tftypes.String, "https://idp.example.com"),
		"client_secret":  tftypes.NewValue(tftypes.String, "s3cret"),
		"scopes":         tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, tftypes.UnknownValue),
		"claim_mappings": tftypes.NewValue(claimsT, tftypes.UnknownValue),
	})
	v := tftypes.NewValue(testConfig.Type.TFType(), map[string]tftypes.Value{
		"oidc": oidc, "saml": tftypes.NewValue(samlT, tftypes.UnknownValue),
	})
	j, err := testConfig.Type.BodyJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := decode(t, `{"issuer_url":"https://idp.example.com","client_secret":"s3cret"}`); !reflect.DeepEqual(j, want) {
		t.Errorf("BodyJSON: %v, want %v", j, want)
	}
	if _, err := testConfig.Type.ToJSON(v); err != ErrUnknown {
		t.Errorf("ToJSON of a value not known until apply: %v, want ErrUnknown", err)
	}
	// What the guard records leaves the secret out, at any depth.
	if got, want := testConfig.Type.withoutNotReturned(j), decode(t, `{"issuer_url":"https://idp.example.com"}`); !reflect.DeepEqual(got, want) {
		t.Errorf("withoutNotReturned: %v, want %v", got, want)
	}
	nested := Type{Kind: KObject, Attrs: []Attr{{Name: "outer", Type: ObjectOf(Attr{Name: "config", Type: testConfig.Type})}}}
	if !nested.holdsNotReturned() || !testConfig.Type.holdsNotReturned() || testSAML.Type.holdsNotReturned() {
		t.Error("holdsNotReturned does not see the nested secret")
	}
	if got := nested.withoutNotReturned(map[string]any{"outer": map[string]any{"config": j}}); !strings.Contains(jsonText(t, got), "issuer_url") || strings.Contains(jsonText(t, got), "s3cret") {
		t.Errorf("withoutNotReturned two objects down: %s", jsonText(t, got))
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Konnect never returns the secret: state keeps what was written at its path, or null where
// nothing was (an import), whatever Konnect returns there.
func TestKeepNotReturnedNested(t *testing.T) {
	read := func(s string) tftypes.Value {
		v, err := testConfig.Type.FromJSON(decode(t, s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	secretOf := func(v tftypes.Value) tftypes.Value {
		oidc, _ := branches(t, v)
		m, err := AsObject(oidc)
		if err != nil {
			t.Fatal(err)
		}
		return m["client_secret"]
	}
	written := read(`{"issuer_url":"https://idp.example.com","client_secret":"s3cret"}`)
	fresh := read(`{"issuer_url":"https://other.example.com","client_secret":"hash:abc"}`)

	got, err := testConfig.Type.keepNotReturned(fresh, written)
	if err != nil {
		t.Fatal(err)
	}
	if s := secretOf(got); Str(s) != "s3cret" {
		t.Errorf("after a write: client_secret %v, want the written value", s)
	}
	if oidc, _ := branches(t, got); !strings.Contains(oidc.String(), "other.example.com") {
		t.Errorf("the other fields are not Konnect's: %v", oidc)
	}
	imported, err := testConfig.Type.keepNotReturned(fresh, tftypes.NewValue(testConfig.Type.TFType(), nil))
	if err != nil {
		t.Fatal(err)
	}
	if s := secretOf(imported); !s.IsNull() {
		t.Errorf("after an import: client_secret %v, want null", s)
	}
	// Planned unknown (unset on create): null after the write.
	unknownSecret, _ := AsObject(written)
	oidc, _ := AsObject(unknownSecret["oidc"])
	oidc["client_secret"] = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	unknownSecret["oidc"] = tftypes.NewValue(testOIDC.Type.TFType(), map[string]tftypes.Value(oidc))
	planned := tftypes.NewValue(testConfig.Type.TFType(), map[string]tftypes.Value(unknownSecret))
	if got, err := testConfig.Type.keepNotReturned(fresh, planned); err != nil || !secretOf(got).IsNull() {
		t.Errorf("planned unknown: client_secret %v (%v), want null", secretOf(got), err)
	}
	// The absent branch stays null.
	saml := read(`{"idp_metadata_url":"https://idp.example.com/m"}`)
	if got, err := testConfig.Type.keepNotReturned(saml, written); err != nil {
		t.Fatal(err)
	} else if o, _ := branches(t, got); !o.IsNull() {
		t.Errorf("the oidc branch of a SAML config: %v, want null", o)
	}
}

// Through the resource: state after a write keeps the written secret, and the guard's values
// (kept in private state) never hold it.
func TestInlineStateFromAPI(t *testing.T) {
	k := EntityKind{TypeName: "test_idp", API: PatchAPI{}, Attrs: []Attr{
		{Name: "login_path", Type: String}, testConfig,
	}}
	r := NewEntityResource(k)
	planned := ObjectValues{}
	for _, a := range r.Attrs {
		planned[a.Name] = tftypes.NewValue(a.Type.TFType(), tftypes.UnknownValue)
	}
	cfg, err := testConfig.Type.FromJSON(decode(t, `{"issuer_url":"https://idp.example.com","client_secret":"s3cret","scopes":["openid"]}`))
	if err != nil {
		t.Fatal(err)
	}
	planned["config"] = cfg
	body, err := r.Body(planned)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonText(t, body["config"]); !strings.Contains(got, `"client_secret":"s3cret"`) || strings.Contains(got, "oidc") {
		t.Errorf("the body's config is not the flattened branch with its secret: %s", got)
	}
	obj := decode(t, `{"id":"i1","login_path":"x","updated_at":"2025-01-01T00:00:00Z","config":{"issuer_url":"https://idp.example.com","scopes":["openid"],"claim_mappings":{"email":"email","groups":"groups"}}}`)
	st, _, err := r.StateFromAPI(obj, nil, planned)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.String(), `"s3cret"`) {
		t.Errorf("state after the write lost the written secret: %v", st)
	}
	m, _ := AsObject(st)
	if got := jsonText(t, r.ManagedValues(m)); strings.Contains(got, "s3cret") || !strings.Contains(got, "issuer_url") {
		t.Errorf("the guard's values: %s", got)
	}
	imported, _, err := r.StateFromAPI(obj, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(imported.String(), "s3cret") {
		t.Errorf("an import holds a secret: %v", imported)
	}
}

// Declarations the JSON could not tell apart are refused when the schema is built.
func TestInlineDeclarationErrors(t *testing.T) {
	for name, attrs := range map[string][]Attr{
		"top level": {{Name: "oidc", Inline: true, Type: ObjectOf(Attr{Name: "a", Type: String})}},
		"not an object": {{Name: "config", Type: ObjectOf(
			Attr{Name: "s", Inline: true, Type: String})}},
		"a field twice": {{Name: "config", Type: ObjectOf(
			Attr{Name: "one", Inline: true, Type: ObjectOf(Attr{Name: "url", Type: String})},
			Attr{Name: "two", Inline: true, Type: ObjectOf(Attr{Name: "url", Type: String})})}},
		"a sibling's field": {{Name: "config", Type: ObjectOf(
			Attr{Name: "url", Type: String},
			Attr{Name: "one", Inline: true, Type: ObjectOf(Attr{Name: "url", Type: String})})}},
	} {
		if err := CheckDeclaration(attrs); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := CheckDeclaration([]Attr{testConfig}); err != nil {
		t.Errorf("the test declaration: %v", err)
	}
}

// After a PATCH that did not carry config, Konnect's answer keeps its config when it holds what
// the plan had: computed fields and a secret Konnect never returns are no difference.
func TestKeepUnpatchedObject(t *testing.T) {
	samlOnly := Attr{Name: "config", Type: ObjectOf(testOIDC, testSAML)}
	r := NewEntityResource(EntityKind{TypeName: "test_idp", API: PatchAPI{}, Attrs: []Attr{{Name: "login_path", Type: String}, samlOnly}})
	planned := ObjectValues{"login_path": tftypes.NewValue(tftypes.String, "new")}
	cfg, err := samlOnly.Type.FromJSON(decode(t, `{"idp_metadata_url":"https://idp.example.com/m","login_url":"old"}`))
	if err != nil {
		t.Fatal(err)
	}
	planned["config"] = cfg
	answer := decode(t, `{"login_path":"new","config":{"idp_metadata_url":"https://idp.example.com/m","login_url":"https://cloud.konghq.com/login/new"}}`)
	if got := r.keepUnpatched(answer, konnect.Object{"login_path": "new"}, planned); !reflect.DeepEqual(got, answer) {
		t.Errorf("Konnect's answer changed: %v", got)
	}
	// Someone changed the metadata URL between the read and the PATCH: the plan's stays, and
	// Konnect's computed fields with it.
	other := decode(t, `{"login_path":"new","config":{"idp_metadata_url":"https://elsewhere.example.com/m","login_url":"https://cloud.konghq.com/login/new"}}`)
	got := r.keepUnpatched(other, konnect.Object{"login_path": "new"}, planned)
	if want := decode(t, `{"idp_metadata_url":"https://idp.example.com/m","login_url":"https://cloud.konghq.com/login/new"}`); !reflect.DeepEqual(got["config"], want) {
		t.Errorf("config after a concurrent change: %v, want %v", got["config"], want)
	}
	// An OIDC config: the secret Konnect never returns is no difference.
	oidc, err := samlOnly.Type.FromJSON(decode(t, `{"issuer_url":"https://idp.example.com","client_secret":"s3cret"}`))
	if err != nil {
		t.Fatal(err)
	}
	planned["config"] = oidc
	answer = decode(t, `{"login_path":"new","config":{"issuer_url":"https://idp.example.com"}}`)
	if got := r.keepUnpatched(answer, konnect.Object{"login_path": "new"}, planned); !reflect.DeepEqual(got, answer) {
		t.Errorf("Konnect's answer to an OIDC provider changed: %v", got)
	}
}

// Branches told apart by a discriminator may share a field (two kinds of private DNS
// resolver, each with its dns_config); an unbranched inline object, or a branch and the
// object's own field, may not.
func TestInlineBranchesShareFields(t *testing.T) {
	branch := func(name, kind string, fields ...Attr) Attr {
		return Attr{Name: name, Inline: true, Branch: "kind=" + kind, Type: ObjectOf(append([]Attr{{Name: "kind", Type: String, Mode: Required}}, fields...)...)}
	}
	dns := Attr{Name: "dns_config", Type: MapOf(String)}
	shared := []Attr{{Name: "config", Type: ObjectOf(branch("aws", "aws-outbound-resolver", dns), branch("azure", "azure-outbound-resolver", dns))}}
	if err := CheckDeclaration(shared); err != nil {
		t.Errorf("two branches with one field: %v", err)
	}
	own := []Attr{{Name: "config", Type: ObjectOf(dns, branch("aws", "aws-outbound-resolver", dns))}}
	if err := CheckDeclaration(own); err == nil || !strings.Contains(err.Error(), `"dns_config"`) {
		t.Errorf("a branch sharing the object's own field: %v", err)
	}
	plain := []Attr{{Name: "config", Type: ObjectOf(testOIDC, Attr{Name: "other", Inline: true, Type: ObjectOf(Attr{Name: "issuer_url", Type: String})})}}
	if err := CheckDeclaration(plain); err == nil {
		t.Error("two unbranched inline objects sharing a field were accepted")
	}
}
