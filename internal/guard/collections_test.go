package guard

import (
	"strings"
	"testing"
)

// A control plane group member added in Konnect: the row shows counts on every side (no
// fingerprint), and the lines below name the member added and the one the plan removes.
func TestRemoteEditNamesMembersAddedAndRemoved(t *testing.T) {
	a := map[string]any{"id": "0e7a1c9e-1111-4b6a-9a53-4ad7d1d2a001"}
	b := map[string]any{"id": "0e7a1c9e-2222-4b6a-9a53-4ad7d1d2a002"}
	c := map[string]any{"id": "ffcac78f-3333-4b6a-9a53-4ad7d1d2a003"}
	e := &RemoteEditError{Object: Object{TypeName: "konnect_gateway_control_plane_membership", ID: "g1"}, Policy: PolicyFail,
		Conflicts: []Conflict{{Field: Field{Name: "members", Set: true}, Base: []any{a, b}, Remote: []any{a, b, c}, Desired: []any{a, b}}}}
	d := e.Detail()
	for _, want := range []string{
		"members   last applied: 2 items   in Konnect now: 3 items   planned: 2 items\n",
		"      added in Konnect: ffcac78f-3333-4b6a-9a53-4ad7d1d2a003\n",
		"      the plan removes: ffcac78f-3333-4b6a-9a53-4ad7d1d2a003\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Detail lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "sha256:") {
		t.Errorf("Detail shows a fingerprint:\n%s", d)
	}
	// A member removed in Konnect, and a destroy.
	e.Conflicts[0].Remote = []any{a}
	e.Destroy = true
	d = e.Detail()
	if !strings.Contains(d, "members   last applied: 2 items   in Konnect now: 1 item\n") ||
		!strings.Contains(d, "      removed in Konnect: 0e7a1c9e-2222-4b6a-9a53-4ad7d1d2a002\n") {
		t.Errorf("destroy Detail does not name the member removed:\n%s", d)
	}
}

// A plugin's partials: Konnect's element carries name and path, the planned one only the id
// (Konnect fills in the rest). Both sides are shown alike, and the element is named by id
// and name on the lines below.
func TestRemoteEditShowsPartialsAlike(t *testing.T) {
	const id = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"
	linked := []any{map[string]any{"id": id, "name": "shared-redis", "path": "config.redis"}}
	e := &RemoteEditError{Object: Object{TypeName: "konnect_gateway_plugin", ID: "p1"}, Policy: PolicyFail,
		Conflicts: []Conflict{{Field: Field{Name: "partials"}, Base: linked, Remote: nil, Desired: []any{map[string]any{"id": id}}}}}
	d := e.Detail()
	for _, want := range []string{
		"partials   last applied: 1 item   in Konnect now: (none)   planned: 1 item\n",
		`      removed in Konnect: ` + id + ` ("shared-redis")` + "\n",
		"      the plan adds:      " + id + "\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Detail lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "sha256:") {
		t.Errorf("Detail shows a fingerprint:\n%s", d)
	}
	// Short collections stay whole, on every side.
	got := ShowSides(Field{Name: "tags", Set: true}, []any{"b", "a"}, []any{"a"})
	if got[0] != `["a","b"]` || got[1] != `["a"]` {
		t.Errorf("ShowSides(tags) = %q", got)
	}
	// A fingerprint stays for long text that is no collection.
	if got := ShowSides(Field{Name: "cert"}, strings.Repeat("x", 100), "y"); !strings.HasPrefix(got[0], "sha256:") || got[1] != `"y"` {
		t.Errorf("ShowSides(cert) = %q", got)
	}
}

// An adoption of members shows the members adopted, not a fingerprint.
func TestAdoptionNoticeNamesMembers(t *testing.T) {
	a := map[string]any{"id": "0e7a1c9e-1111-4b6a-9a53-4ad7d1d2a001"}
	b := map[string]any{"id": "0e7a1c9e-2222-4b6a-9a53-4ad7d1d2a002"}
	n := &AdoptionNotice{Object: Object{TypeName: "konnect_gateway_control_plane_membership", ID: "g1"},
		Adopted: []Adopted{{Field: Field{Name: "members", Set: true}, Base: []any{a}, Value: []any{a, b}}}}
	d := n.Detail()
	if !strings.Contains(d, "members   last applied: 1 item   in Konnect and configuration: 2 items\n") ||
		!strings.Contains(d, "added in Konnect: 0e7a1c9e-2222-4b6a-9a53-4ad7d1d2a002") || strings.Contains(d, "sha256:") {
		t.Errorf("Detail:\n%s", d)
	}
}

// A password changed in Konnect: the remedy is not "set them in configuration" (no one knows
// the new value) but to send no secret (leave the _wo_version) or to set one's own and
// overwrite.
func TestRemoteEditSecretRemedy(t *testing.T) {
	e := &RemoteEditError{Object: Object{TypeName: "konnect_gateway_basic_auth", ID: "b1"}, Policy: PolicyFail,
		Conflicts: []Conflict{{Field: Field{Name: "password", Sensitive: true}, Sensitive: true, Base: "h1", Remote: "h2"}}}
	d := e.Detail()
	if strings.Contains(d, "set them in configuration") {
		t.Errorf("advises setting an unknown secret in configuration:\n%s", d)
	}
	for _, want := range []string{
		"password was changed in Konnect: the secret is not shown, and no one who does not know the new value can set it in configuration.",
		"Keep the one set in Konnect: plan no write that sends it. `password_wo` is sent only when `password_wo_version` changes; `password` with every write of this object, and so is a secret Konnect needs on every write (a basic-auth password).",
		"Replace it with yours: set the secret to use (`password`, or `password_wo` with a bumped `password_wo_version`) and overwrite, as below.",
		"Overwrite them: re-run with KONNECT_CONFLICT_POLICY=overwrite",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Detail lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "h1") || strings.Contains(d, "h2") {
		t.Errorf("Detail shows a secret's rendering:\n%s", d)
	}
	// The write-only twin names the same remedy; other fields keep theirs.
	e.Conflicts = append(e.Conflicts, Conflict{Field: Field{Name: "tags", Set: true}, Base: []any{"a"}, Remote: []any{"b"}, Desired: []any{"a"}})
	e.Conflicts[0].Field.Name = "password_wo"
	d = e.Detail()
	if !strings.Contains(d, "Keep the Konnect values: set them in configuration.") || !strings.Contains(d, "`password_wo` is sent only when `password_wo_version` changes;") {
		t.Errorf("Detail with a secret and tags:\n%s", d)
	}
	// A destroy over a changed secret does not advise recording it in configuration.
	e.Destroy, e.Conflicts = true, e.Conflicts[:1]
	if d := e.Detail(); strings.Contains(d, "set them in configuration") || !strings.Contains(d, "no one who does not know the new value can set it in configuration") {
		t.Errorf("destroy Detail:\n%s", d)
	}
}

// An adoption folded into an update that writes other changes says so, not "writes nothing".
func TestAdoptionNoticeWithUpdate(t *testing.T) {
	n := &AdoptionNotice{Object: Object{TypeName: "konnect_gateway_service", ID: "s1"}, WithUpdate: true,
		Adopted: []Adopted{{Field: Field{Name: "read_timeout"}, Base: 60000, Value: 120000}}}
	d := n.Detail()
	if n.Summary() != "Adopting changes made in Konnect" ||
		!strings.Contains(d, "read_timeout   last applied: 60000   in Konnect and configuration: 120000\n") ||
		!strings.Contains(d, "Applying this plan writes the other changes and records these values as managed by this configuration") ||
		strings.Contains(d, "writes nothing") {
		t.Errorf("Summary %q, Detail:\n%s", n.Summary(), d)
	}
}
