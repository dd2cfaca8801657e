package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// A write-only twin inside nested objects (an identity provider's
// config.oidc_identity_provider_config.client_secret_wo): every object on its path is
// optional and not computed, state holds them as configuration sets them (null when unset,
// Konnect's after an import), with their computed fields from Konnect.

var woOIDC = Attr{Name: "oidc", Inline: true, Type: ObjectOf(append([]Attr{
	{Name: "issuer_url", Type: String, Mode: Required}},
	append(WriteOnlySecret(Attr{Name: "client_secret", Type: String, Sensitive: true, NotReturned: true}),
		Attr{Name: "scopes", Type: ListOf(String)})...)...)}

var woConfig = Attr{Name: "config", Type: ObjectOf(woOIDC, testSAML)}

func woKind(api EntityAPI) EntityKind {
	return EntityKind{TypeName: "test_idp", API: api, Attrs: []Attr{{Name: "login_path", Type: String}, woConfig}}
}

// obj builds an object value of attrs from name → value (absent: null).
func obj(attrs []Attr, vals map[string]tftypes.Value) tftypes.Value {
	m := map[string]tftypes.Value{}
	for _, a := range attrs {
		if v, ok := vals[a.Name]; ok {
			m[a.Name] = v
		} else {
			m[a.Name] = tftypes.NewValue(a.Type.TFType(), nil)
		}
	}
	return tftypes.NewValue(ObjectType(attrs), m)
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
func num(n int) tftypes.Value    { return tftypes.NewValue(tftypes.Number, n) }

// woValues are resource values with config's OIDC branch set (nil: config null).
func woValues(r *EntityResource, oidc map[string]tftypes.Value) ObjectValues {
	m := ObjectValues{}
	for _, a := range r.Attrs {
		m[a.Name] = tftypes.NewValue(a.Type.TFType(), nil)
	}
	m["login_path"] = str("sso")
	if oidc != nil {
		m["config"] = obj(woConfig.Type.Attrs, map[string]tftypes.Value{"oidc": obj(woOIDC.Type.Attrs, oidc)})
	}
	return m
}

func oidcOf(t *testing.T, v tftypes.Value) ObjectValues {
	t.Helper()
	m, err := AsObject(v)
	if err != nil {
		t.Fatal(err)
	}
	c := m["config"]
	if c.IsNull() {
		return nil
	}
	cm, _ := AsObject(c)
	if cm["oidc"].IsNull() {
		return ObjectValues{}
	}
	om, _ := AsObject(cm["oidc"])
	return om
}

func TestNestedWriteOnlySchema(t *testing.T) {
	if err := CheckDeclaration(woKind(PatchAPI{}).Attrs); err != nil {
		t.Fatal(err)
	}
	var resp resource.SchemaResponse
	NewEntityResource(woKind(PatchAPI{})).Schema(context.Background(), resource.SchemaRequest{}, &resp)
	if d := resp.Schema.ValidateImplementation(context.Background()); d.HasError() {
		t.Fatalf("the framework refuses the schema: %v", d)
	}
	config := resp.Schema.Attributes["config"].(schema.SingleNestedAttribute)
	oidc := config.Attributes["oidc"].(schema.SingleNestedAttribute)
	saml := config.Attributes["saml"].(schema.SingleNestedAttribute)
	if config.Computed || oidc.Computed || !config.Optional || !oidc.Optional {
		t.Errorf("the objects on the twin's path: config computed %v, oidc computed %v; want optional, not computed", config.Computed, oidc.Computed)
	}
	if !saml.Computed || !saml.Attributes["login_url"].IsComputed() || !oidc.Attributes["scopes"].IsComputed() || !oidc.Attributes["client_secret"].IsComputed() {
		t.Errorf("the attributes off the twin's path are no longer computed")
	}
	if wo := oidc.Attributes["client_secret_wo"]; !wo.IsWriteOnly() || wo.IsComputed() {
		t.Errorf("client_secret_wo: write-only %v, computed %v", wo.IsWriteOnly(), wo.IsComputed())
	}
	if len(config.PlanModifiers) != 0 || len(oidc.PlanModifiers) != 0 {
		t.Errorf("a not computed object keeps the state's value: %v %v", config.PlanModifiers, oidc.PlanModifiers)
	}
	scopes := oidc.Attributes["scopes"].(schema.ListAttribute)
	if len(scopes.PlanModifiers) != 1 || scopes.PlanModifiers[0] != (sameElementState{inObject: true}) {
		t.Errorf("scopes, in a not computed object: plan modifiers %v", scopes.PlanModifiers)
	}

	// A data source reads neither the twin nor its version.
	ds := WithoutConfigOnly(woKind(PatchAPI{}).Attrs)
	if tt := ObjectType(ds).AttributeTypes["config"].(tftypes.Object).AttributeTypes["oidc"].(tftypes.Object); tt.AttributeTypes["client_secret_wo"] != nil || tt.AttributeTypes["client_secret_wo_version"] != nil || tt.AttributeTypes["client_secret"] == nil {
		t.Errorf("a data source's OIDC branch: %v", tt)
	}
	for _, a := range ds {
		FrameworkAttribute(ReadOnly(a), ForDataSource) // no panic
	}
}

func TestNestedWriteOnlyDeclarationErrors(t *testing.T) {
	for name, attrs := range map[string][]Attr{
		"in a list element":    {{Name: "items", Type: ListOf(ObjectOf(WriteOnlySecret(Attr{Name: "s", Type: String, Sensitive: true})...))}},
		"in a computed object": {{Name: "c", Mode: Computed, Type: ObjectOf(WriteOnlySecret(Attr{Name: "s", Type: String, Sensitive: true})...)}},
	} {
		if err := CheckDeclaration(attrs); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestNestedWriteOnlySecrets(t *testing.T) {
	r := NewEntityResource(woKind(PatchAPI{}))
	s := r.secrets()
	if len(s) != 1 {
		t.Fatalf("%d secrets", len(s))
	}
	if s[0].name() != "config.oidc.client_secret_wo" || !slices.Equal(s[0].json, []string{"config"}) || s[0].classic.Name != "client_secret" || s[0].version.Name != "client_secret_wo_version" {
		t.Errorf("the nested twin: %s at JSON %v, classic %s, version %s", s[0].name(), s[0].json, s[0].classic.Name, s[0].version.Name)
	}
	if got := s[0].attrPath(s[0].version).String(); got != "config.oidc.client_secret_wo_version" {
		t.Errorf("the version's path: %s", got)
	}
	// The version and the twin are never part of the object's JSON.
	planned := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret_wo_version": num(1)})
	body, err := r.Body(planned)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonText(t, body); strings.Contains(got, "client_secret") || !strings.Contains(got, "issuer_url") {
		t.Errorf("the body from the plan: %s", got)
	}
}

// State after a write, a read and an import.
func TestNestedWriteOnlyState(t *testing.T) {
	r := NewEntityResource(woKind(PatchAPI{}))
	konnectObj := func() konnect.Object {
		return decode(t, `{"id":"i1","login_path":"sso","updated_at":"2025-01-01T00:00:00Z","config":{"issuer_url":"https://idp","scopes":["openid"],"client_secret":"what-konnect-shows"}}`)
	}
	unknown := func(a Attr) tftypes.Value { return tftypes.NewValue(a.Type.TFType(), tftypes.UnknownValue) }
	planned := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret_wo_version": num(1),
		"scopes": unknown(Attr{Type: ListOf(String)})})
	st, _, err := r.StateFromAPI(konnectObj(), nil, planned)
	if err != nil {
		t.Fatal(err)
	}
	o := oidcOf(t, st)
	if !o["client_secret_wo_version"].Equal(num(1)) || !o["client_secret_wo"].IsNull() || !o["client_secret"].IsNull() {
		t.Errorf("after a write: version %v, twin %v, classic %v", o["client_secret_wo_version"], o["client_secret_wo"], o["client_secret"])
	}
	if o["scopes"].IsNull() {
		t.Errorf("after a write: Konnect's scopes missing")
	}
	// A read keeps the version of state.
	prior, _ := AsObject(st)
	again, _, err := r.StateFromAPI(konnectObj(), nil, prior)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Equal(st) {
		t.Errorf("a read changed state:\n%v\n%v", again, st)
	}
	// config unset: null in plan, null in state, although Konnect holds one.
	none := woValues(r, nil)
	st, _, err = r.StateFromAPI(konnectObj(), nil, none)
	if err != nil {
		t.Fatal(err)
	}
	if oidcOf(t, st) != nil {
		t.Errorf("config unset: state %v", st)
	}
	// An import: Konnect's config, no version, nothing Konnect shows of the secret.
	st, _, err = r.StateFromAPI(konnectObj(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	o = oidcOf(t, st)
	if o == nil || !o["client_secret_wo_version"].IsNull() || !o["client_secret"].IsNull() || !o["client_secret_wo"].IsNull() || !o["issuer_url"].Equal(str("https://idp")) {
		t.Errorf("after an import: %v", st)
	}
	if strings.Contains(st.String(), "what-konnect-shows") {
		t.Errorf("state holds what Konnect shows of the secret: %v", st)
	}
}

// What a write sends: the secret on create and on a version change, in its object; a PATCH
// that leaves the object out gets it whole, as planned.
func TestNestedWriteOnlyWrites(t *testing.T) {
	r := NewEntityResource(woKind(PatchAPI{}))
	cfg := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret_wo": str("s3cret"), "client_secret_wo_version": num(2)})
	planned := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret_wo_version": num(2)})
	prior := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret_wo_version": num(1)})

	body, _ := r.Body(planned)
	if sent := r.writeSecrets(body, cfg, nil, planned, nil); !slices.Equal(sent, []string{"config.oidc.client_secret_wo"}) || !strings.Contains(jsonText(t, body["config"]), `"client_secret":"s3cret"`) {
		t.Errorf("create: sent %v, body %s", sent, jsonText(t, body))
	}
	body = konnect.Object{} // a PATCH of nothing else
	if sent := r.writeSecrets(body, cfg, prior, planned, nil); len(sent) != 1 || jsonText(t, body) != `{"config":{"client_secret":"s3cret","issuer_url":"https://idp"}}` {
		t.Errorf("a version bump: sent %v, body %s", sent, jsonText(t, body))
	}
	body = konnect.Object{"login_path": "x"}
	if sent := r.writeSecrets(body, cfg, planned, planned, nil); len(sent) != 0 || jsonText(t, body) != `{"login_path":"x"}` {
		t.Errorf("no bump: sent %v, body %s", sent, jsonText(t, body))
	}
	if got := r.unsentSecrets(planned, planned); !slices.Equal(got, []string{"config.oidc.client_secret_wo"}) {
		t.Errorf("unsent without a bump: %v", got)
	}
	if got := r.unsentSecrets(prior, woValues(r, nil)); len(got) != 1 {
		t.Errorf("unsent when config goes: %v", got)
	}

	// The plan: the classic attribute null while the twin is in use; with a PATCH API a
	// write that keeps the version is no error (Konnect keeps the secret), with a PUT one it is.
	withClassic := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp2"), "client_secret": tftypes.NewValue(tftypes.String, tftypes.UnknownValue), "client_secret_wo_version": num(1)})
	var d diag.Diagnostics
	if !r.planSecrets(prior, withClassic, cfg, &d) || d.HasError() {
		t.Errorf("PATCH API, no bump: refused %v", d)
	}
	if o := oidcOf(t, tftypes.NewValue(ObjectType(r.Attrs), map[string]tftypes.Value(withClassic))); !o["client_secret"].IsNull() {
		t.Errorf("the classic attribute while the twin is in use: %v", o["client_secret"])
	}
	put := NewEntityResource(woKind(PlatformAPI{}))
	d = nil
	if put.planSecrets(prior, withClassic, cfg, &d) || !d.HasError() || !strings.Contains(d[0].Summary(), "client_secret") {
		t.Errorf("PUT API, no bump: %v", d)
	}
	if p := d[0].(diag.DiagnosticWithPath).Path().String(); p != "config.oidc.client_secret_wo_version" {
		t.Errorf("the refusal names %s", p)
	}
}

// The guard's renderings are keyed by the twin's dotted path; after a write that did not send
// the secret, over a rendering unchanged up to that write, the write's rendering stands (a
// PATCH of other fields moves updated_at, the rendering of a secret Konnect never returns).
func TestNestedWriteOnlyRenderings(t *testing.T) {
	r := NewEntityResource(woKind(PatchAPI{}))
	state := woValues(r, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret_wo_version": num(1)})
	o1 := decode(t, `{"id":"i1","updated_at":"2025-01-01T00:00:00Z","config":{"issuer_url":"https://idp"}}`)
	hidden := guard.Values{}
	r.baseRenderings(state, o1, hidden)
	if _, ok := hidden["config.oidc.client_secret_wo"]; !ok || len(hidden) != 1 {
		t.Fatalf("renderings: %v", hidden)
	}
	r.keyedHidden(o1, hidden)
	before := &guard.Base{Hidden: hidden}
	guard.CheckHidden(before, r.Data.digestKey(), r.Hidden(o1), "2025-01-01T00:00:00Z")
	o2 := decode(t, `{"id":"i1","updated_at":"2025-01-02T00:00:00Z","config":{"issuer_url":"https://idp"}}`)
	after := r.Hidden(o2)
	p := &memPrivate{}
	b, _ := guard.EncodeBase(guard.Base{Hidden: after})
	p.SetKey(context.Background(), guard.PrivateBaseKey, b)
	var d diag.Diagnostics
	r.keepUnsentRenderings(context.Background(), p, before, nil, &d)
	now, _ := LoadBase(context.Background(), p)
	if d.HasError() || now == nil || !guard.Equal(guard.Field{}, now.Hidden["config.oidc.client_secret_wo"], after["config.oidc.client_secret_wo"]) {
		t.Errorf("after an unsent write over an unchanged rendering, the base keeps %v, want the write's %v", now, after)
	}
	// Changed in Konnect before the write: the base keeps its rendering, marked changed.
	changed := &guard.Base{Hidden: map[string]any{"config.oidc.client_secret_wo": hidden["config.oidc.client_secret_wo"]}}
	guard.CheckHidden(changed, r.Data.digestKey(), r.Hidden(o2), "2025-01-02T00:00:00Z")
	p = &memPrivate{}
	b, _ = guard.EncodeBase(guard.Base{Hidden: r.Hidden(o2), Checked: &guard.Checked{Key: r.Data.digestKey().ID()}})
	p.SetKey(context.Background(), guard.PrivateBaseKey, b)
	r.keepUnsentRenderings(context.Background(), p, changed, nil, &d)
	now, _ = LoadBase(context.Background(), p)
	if !guard.Equal(guard.Field{}, now.Hidden["config.oidc.client_secret_wo"], hidden["config.oidc.client_secret_wo"]) || !slices.Contains(now.Checked.Changed, "config.oidc.client_secret_wo") {
		t.Errorf("after an unsent write over a changed rendering: %+v", now)
	}
}

type memPrivate map[string][]byte

func (m *memPrivate) GetKey(_ context.Context, k string) ([]byte, diag.Diagnostics) {
	return (*m)[k], nil
}

func (m *memPrivate) SetKey(_ context.Context, k string, v []byte) diag.Diagnostics {
	if *m == nil {
		*m = memPrivate{}
	}
	(*m)[k] = v
	return nil
}
