package provider

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/kongidentity"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// createdSince tells a control plane that an ambiguous POST created from one that existed
// before the POST was sent, on Konnect's clock (its Date header) whatever the local clock.
func TestCreatedSince(t *testing.T) {
	konnectNow := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC) // Konnect's clock, far from ours
	sent := time.Now().Add(-2 * time.Second)                  // the POST left 2 s ago (local clock)
	dated := &konnect.Response{Header: http.Header{"Date": {konnectNow.Format(http.TimeFormat)}}}
	at := func(d time.Duration) konnect.Object {
		return konnect.Object{"created_at": konnectNow.Add(d).Format("2006-01-02T15:04:05.000Z")}
	}
	for _, tc := range []struct {
		name        string
		obj         konnect.Object
		resp        *konnect.Response
		since, know bool
	}{
		{"created after the POST was sent", at(-1 * time.Second), dated, true, true},
		{"created just now", at(0), dated, true, true},
		{"created long before", at(-time.Hour), dated, false, true},
		{"created 10 s before", at(-10 * time.Second), dated, false, true},
		{"no Date header", at(0), &konnect.Response{Header: http.Header{}}, false, false},
		{"no response", at(0), nil, false, false},
		{"no created_at", konnect.Object{}, dated, false, false},
	} {
		since, known := engine.CreatedSince(tc.obj, tc.resp, sent)
		if since != tc.since || known != tc.know {
			t.Errorf("%s: createdSince = (%v, %v), want (%v, %v)", tc.name, since, known, tc.since, tc.know)
		}
	}
}

// Create costs one call when the name is free; a taken name is refused by Konnect, then
// looked up and named with its import block, and the existing object is left as it was.
func TestProtocolCreateWritesFirst(t *testing.T) {
	h, mock := newKindHarness(t, gateway.ServiceKind, "fail")
	client := h.client
	cp, _, err := client.CreateControlPlane(context.Background(), konnect.Object{"name": "write-first"})
	if err != nil {
		t.Fatal(err)
	}
	cpID := cp["id"].(string)
	s := func(v string) tftypes.Value { return tftypes.NewValue(tftypes.String, v) }
	null := tftypes.NewValue(h.typ, nil)

	mock.ResetCounts()
	h.apply(h.config(map[string]tftypes.Value{"control_plane_id": s(cpID), "name": s("free"), "host": s("free.internal")}), null)
	if got := mock.Counts(); len(got) != 1 || got["PUT core-entities/services/{id}"] != 1 {
		t.Errorf("create with a free name: calls %v, want one PUT", got)
	}

	existing, _, err := client.PutService(context.Background(), cpID, uuid.NewString(), konnect.Object{"name": "taken", "host": "theirs.internal"}, "")
	if err != nil {
		t.Fatal(err)
	}
	cfg := h.config(map[string]tftypes.Value{"control_plane_id": s(cpID), "name": s("taken"), "host": s("ours.internal")})
	plan := h.plan(cfg, null, nil)
	mock.ResetCounts()
	text := diagText(h.applyPlanned(cfg, plan).Diagnostics)
	for _, want := range []string{"A Konnect object with this name already exists", `konnect_gateway_service with name "taken" already exists in Konnect: id ` + existing["id"].(string),
		"import {", `id = "` + cpID + "/" + existing["id"].(string) + `"`} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostic lacks %q:\n%s", want, text)
		}
	}
	if got := mock.Counts(); got["PUT core-entities/services/{id}"] != 1 || got["GET core-entities/services/{id}"] != 1 || len(got) != 2 {
		t.Errorf("create with a taken name: calls %v, want the refused PUT and one look-up", got)
	}
	if now, _, _ := client.GetService(context.Background(), cpID, "taken"); now["host"] != "theirs.internal" || now["id"] != existing["id"] {
		t.Errorf("the existing service changed: %v", now)
	}
}

// A kind whose name Konnect's spec says it refuses when taken (a Kong Identity scope: 409)
// creates with one call, no look-up first; when someone took the name between the plan and
// the apply, Konnect's refusal is followed by one look-up, and the diagnostic names their
// scope with its import block, which Konnect keeps as it was.
func TestProtocolCreateRefusedName(t *testing.T) {
	h, mock := newKindHarness(t, kongidentity.ScopeKind, "fail")
	client := h.client
	var server konnect.Object
	if _, err := client.Do(context.Background(), http.MethodPost, "/v1/auth-servers", nil, konnect.Object{"name": "idp", "audience": "api://idp"}, &server); err != nil {
		t.Fatal(err)
	}
	base := "/v1/auth-servers/" + server["id"].(string) + "/scopes"
	s := func(v string) tftypes.Value { return tftypes.NewValue(tftypes.String, v) }
	null := tftypes.NewValue(h.typ, nil)
	cfg := func(name string) tftypes.Value {
		return h.config(map[string]tftypes.Value{"auth_server_id": s(server["id"].(string)), "name": s(name)})
	}
	plan := h.plan(cfg("orders:read"), null, nil)
	mock.ResetCounts()
	if resp := h.applyPlanned(cfg("orders:read"), plan); len(resp.Diagnostics) > 0 {
		t.Fatalf("create with a free name: %s", diagText(resp.Diagnostics))
	}
	if got := mock.Counts(); len(got) != 1 || got["POST /v1/auth-servers/{authServerId}/scopes"] != 1 {
		t.Errorf("create with a free name: calls %v, want one POST", got)
	}

	plan = h.plan(cfg("orders:write"), null, nil)
	var theirs konnect.Object
	if _, err := client.Do(context.Background(), http.MethodPost, base, nil, konnect.Object{"name": "orders:write", "description": "theirs"}, &theirs); err != nil {
		t.Fatal(err)
	}
	mock.ResetCounts()
	text := diagText(h.applyPlanned(cfg("orders:write"), plan).Diagnostics)
	for _, want := range []string{"A Konnect object with this name already exists",
		`konnect_identity_auth_server_scope with name "orders:write"`, "already exists in Konnect: id " + theirs["id"].(string),
		"import {", `id = "` + server["id"].(string) + "/" + theirs["id"].(string) + `"`} {
		if !strings.Contains(text, want) {
			t.Errorf("diagnostic lacks %q:\n%s", want, text)
		}
	}
	if got := mock.Counts(); got["POST /v1/auth-servers/{authServerId}/scopes"] != 1 || got["GET /v1/auth-servers/{authServerId}/scopes"] != 1 || len(got) != 2 {
		t.Errorf("create with a taken name: calls %v, want the refused POST and one look-up", got)
	}
	var listed struct {
		Data []konnect.Object `json:"data"`
	}
	if _, err := client.Do(context.Background(), http.MethodGet, base, nil, nil, &listed); err != nil {
		t.Fatal(err)
	}
	if len(listed.Data) != 2 {
		t.Errorf("Konnect holds %d scopes, want 2 (ours, theirs): %v", len(listed.Data), listed.Data)
	}
	for _, o := range listed.Data {
		if o["name"] == "orders:write" && (o["id"] != theirs["id"] || o["description"] != "theirs") {
			t.Errorf("their scope changed: %v", o)
		}
	}
}
