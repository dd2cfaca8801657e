package engine

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A top-level twin of a nested secret (WriteOnlyTwinOf): the classic value is read and set
// at its attribute path, only where the objects on the way are known and not null, and the
// secret goes into the body at its JSON path, merged with what the body already holds.
func TestWriteOnlyTwinOfNested(t *testing.T) {
	secret := Attr{Name: "client_secret", Type: String, Sensitive: true, NotReturned: true}
	branch := Attr{Name: "oidc", Inline: true, Type: ObjectOf(Attr{Name: "issuer_url", Type: String}, secret)}
	attrs := append([]Attr{{Name: "config", Type: ObjectOf(branch)}},
		WriteOnlyTwinOf("client_secret_wo", []string{"config", "oidc", "client_secret"}, "config.client_secret")...)
	r := &EntityResource{Kind: EntityKind{TypeName: "x", Attrs: attrs}}

	ss := r.secrets()
	if len(ss) != 1 || ss[0].classic.Name != "client_secret" || !ss[0].classic.NotReturned || ss[0].version.Name != "client_secret_wo_version" {
		t.Fatalf("secrets: %+v", ss)
	}
	s := ss[0]
	cfgType := ObjectType(attrs[:1]).AttributeTypes["config"]
	oidcType := cfgType.(tftypes.Object).AttributeTypes["oidc"]
	str := func(v string) tftypes.Value { return tftypes.NewValue(tftypes.String, v) }
	oidc := func(secret tftypes.Value) tftypes.Value {
		return tftypes.NewValue(oidcType, map[string]tftypes.Value{"issuer_url": str("https://idp"), "client_secret": secret})
	}
	m := ObjectValues{"config": tftypes.NewValue(cfgType, map[string]tftypes.Value{"oidc": oidc(str("s3cr3t"))})}
	if got := s.classicValue(m); !got.Equal(str("s3cr3t")) {
		t.Errorf("classicValue: %v", got)
	}
	s.setClassic(m, tftypes.NewValue(tftypes.String, nil))
	if got := s.classicValue(m); !got.IsNull() {
		t.Errorf("after setClassic(null): %v", got)
	}
	want := tftypes.NewValue(cfgType, map[string]tftypes.Value{"oidc": oidc(tftypes.NewValue(tftypes.String, nil))})
	if !m["config"].Equal(want) {
		t.Errorf("setClassic changed more than the secret: %v", m["config"])
	}
	// A null branch: nothing to read or set.
	nullBranch := ObjectValues{"config": tftypes.NewValue(cfgType, map[string]tftypes.Value{"oidc": tftypes.NewValue(oidcType, nil)})}
	before := nullBranch["config"]
	s.setClassic(nullBranch, str("x"))
	if !nullBranch["config"].Equal(before) || !s.classicValue(nullBranch).IsNull() {
		t.Errorf("setClassic under a null branch: %v", nullBranch["config"])
	}
	if got := s.classicValue(ObjectValues{}); !got.IsNull() {
		t.Errorf("classicValue without config: %v", got)
	}

	body := map[string]any{"config": map[string]any{"issuer_url": "https://idp2"}}
	putJSONPath(body, s.wo.JSONName(), "new")
	if c, _ := body["config"].(map[string]any); c["client_secret"] != "new" || c["issuer_url"] != "https://idp2" {
		t.Errorf("putJSONPath into config: %v", body)
	}
	empty := map[string]any{}
	putJSONPath(empty, s.wo.JSONName(), "new")
	if c, _ := empty["config"].(map[string]any); len(empty) != 1 || len(c) != 1 || c["client_secret"] != "new" {
		t.Errorf("putJSONPath into an empty body: %v", empty)
	}
}
