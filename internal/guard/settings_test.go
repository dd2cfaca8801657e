package guard

import (
	"strings"
	"testing"
)

func TestCheckCreateOver(t *testing.T) {
	obj := Object{TypeName: "konnect_portal_auth", ID: "p-1"}
	edits := []SettingEdit{
		{Field: Field{Name: "basic_auth_enabled"}, Default: true, Remote: true, Desired: false},              // still the default: no one's change
		{Field: Field{Name: "konnect_mapping_enabled"}, Default: false, Remote: true, Desired: true},         // configuration agrees: adopted
		{Field: Field{Name: "idp_mapping_enabled"}, Default: false, Remote: true, Desired: false},            // someone's change, overwritten
		{Field: Field{Name: "oidc_client_secret", Sensitive: true}, Default: nil, Remote: "s", Desired: "t"}, // never shown
	}
	if e := CheckCreateOver(obj, edits[:2], PolicyFail); e != nil {
		t.Fatalf("defaults and agreed values are no conflict: %+v", e)
	}
	e := CheckCreateOver(obj, edits, PolicyFail)
	if e == nil || len(e.Edits) != 2 || e.Edits[0].Field.Name != "idp_mapping_enabled" {
		t.Fatalf("want the two overwritten fields, got %+v", e)
	}
	d := e.Detail()
	for _, want := range []string{"konnect_portal_auth (id p-1) exists already", "idp_mapping_enabled   Konnect's default: false   in Konnect now: true   planned: false",
		"oidc_client_secret   Konnect's default: (sensitive value changed)", "Nothing was written", "KONNECT_CONFLICT_POLICY=overwrite"} {
		if !strings.Contains(d, want) {
			t.Errorf("detail lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, `"s"`) || strings.Contains(d, `"t"`) {
		t.Errorf("detail shows a secret:\n%s", d)
	}
	if e.Summary() != "Creating this object would overwrite changes made in Konnect" {
		t.Errorf("summary %q", e.Summary())
	}
	if w := CheckCreateOver(obj, edits, PolicyWarn); w == nil || !strings.HasPrefix(w.Summary(), "Creating this object overwrites") || !strings.Contains(w.Detail(), "policy is warn") {
		t.Errorf("warn: %+v", w)
	}
	if CheckCreateOver(obj, edits, PolicyOverwrite) != nil {
		t.Error("overwrite: no diagnostic")
	}
}
