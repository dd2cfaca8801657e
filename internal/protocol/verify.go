package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Verification: with KONNECT_PROTOCOL_SHORTCUTS=verify the shortcut answers as when it is on,
// and every plan it answers is put to the framework as well, on a second server of the same
// provider (the shadow), configured as this one is. An answer that differs from the
// framework's (planned state, private state, diagnostics, replacement, identity) fails the
// call, naming what differs. The acceptance runs use it (the GNUmakefile), so every unchanged
// plan of every acceptance test proves the shortcut identical to the framework, not only the
// tests run again with the shortcut off.
//
// The shadow is a provider of its own, so that whatever the framework's path leaves behind in
// the provider (the engine's per-run records) stays there and never lends the shortcut's
// path what only the framework did.

// VerifyFromEnv reports whether the environment asks for verification
// (KONNECT_PROTOCOL_SHORTCUTS=verify).
func VerifyFromEnv() bool {
	return strings.EqualFold(strings.TrimSpace(os.Getenv(SwitchEnv)), "verify")
}

// Verify makes s check every plan its shortcut answers against shadow, a new instance of
// the provider s serves (never the same one).
func (s *Server) Verify(shadow provider.Provider) {
	s.shadow = providerserver.NewProtocol6(shadow)()
}

// ConfigureProvider configures the shadow too, with the same configuration.
func (s *Server) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	resp, err := s.ProviderServer.ConfigureProvider(ctx, req)
	if s.shadow != nil && err == nil {
		if _, serr := released(ctx, req, s.shadow.ConfigureProvider); serr != nil {
			return nil, fmt.Errorf("configuring the framework's server the shortcut is verified against: %w", serr)
		}
	}
	return resp, err
}

// verified returns ours, with an error diagnostic added when the shadow's framework answers
// req otherwise. The diagnostic names the attributes and private keys that differ, never
// their values (they may be secrets).
func (s *Server) verified(ctx context.Context, rt resourceType, req *tfprotov6.PlanResourceChangeRequest, ours *tfprotov6.PlanResourceChangeResponse, warning *tfprotov6.Diagnostic) *tfprotov6.PlanResourceChangeResponse {
	want, err := released(ctx, req, s.shadow.PlanResourceChange)
	var diffs []string
	switch {
	case err != nil:
		diffs = append(diffs, "the framework failed: "+err.Error())
	case want == nil:
		diffs = append(diffs, "the framework gave no answer")
	default:
		diffs = planDiffs(rt, ours, want, warning)
	}
	if len(diffs) == 0 {
		return ours
	}
	ours.Diagnostics = append(ours.Diagnostics, &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityError,
		Summary:  "The protocol shortcut answered a plan otherwise than the framework",
		Detail: fmt.Sprintf("%s: %s. KONNECT_PROTOCOL_SHORTCUTS=verify checks every plan the shortcut answers; "+
			"with KONNECT_PROTOCOL_SHORTCUTS=off every plan goes to the framework. This is a bug of the provider's.",
			req.TypeName, strings.Join(diffs, "; ")),
	})
	return ours
}

// planDiffs lists what differs between the shortcut's answer and the framework's (want,
// which the unreadable-private-state warning, added outside the framework, is joined to).
func planDiffs(rt resourceType, ours, want *tfprotov6.PlanResourceChangeResponse, warning *tfprotov6.Diagnostic) []string {
	var diffs []string
	if g, w := diagnosticsText(ours.Diagnostics), diagnosticsText(warned(want.Diagnostics, warning)); g != w {
		diffs = append(diffs, fmt.Sprintf("diagnostics (shortcut: %s; framework: %s)", g, w))
	}
	switch {
	case (ours.PlannedState == nil) != (want.PlannedState == nil):
		diffs = append(diffs, "planned state present in one answer only")
	case want.PlannedState != nil:
		g, gerr := ours.PlannedState.Unmarshal(rt.typ)
		w, werr := want.PlannedState.Unmarshal(rt.typ)
		if gerr != nil || werr != nil {
			diffs = append(diffs, "planned state unreadable")
		} else if !g.Equal(w) {
			var names []string
			var gm, wm map[string]tftypes.Value
			if g.As(&gm) == nil && w.As(&wm) == nil {
				for name, v := range wm {
					if !gm[name].Equal(v) {
						names = append(names, name)
					}
				}
			}
			sort.Strings(names)
			diffs = append(diffs, "planned state differs at "+strings.Join(names, ", "))
		}
	}
	if k := privateDiffs(ours.PlannedPrivate, want.PlannedPrivate); len(k) > 0 {
		diffs = append(diffs, "planned private state differs at "+strings.Join(k, ", "))
	}
	if len(want.RequiresReplace) > 0 || len(ours.RequiresReplace) > 0 {
		diffs = append(diffs, fmt.Sprintf("replacement (shortcut %d paths, framework %d)", len(ours.RequiresReplace), len(want.RequiresReplace)))
	}
	if (ours.PlannedIdentity == nil) != (want.PlannedIdentity == nil) {
		diffs = append(diffs, "planned identity present in one answer only")
	}
	return diffs
}

// privateDiffs names the keys whose values differ between two private states as the
// framework encodes them (a JSON object; empty: none).
func privateDiffs(a, b []byte) []string {
	decode := func(p []byte) (map[string]json.RawMessage, bool) {
		m := map[string]json.RawMessage{}
		if len(p) == 0 {
			return m, true
		}
		return m, json.Unmarshal(p, &m) == nil
	}
	ma, oka := decode(a)
	mb, okb := decode(b)
	if !oka || !okb {
		return []string{"(unreadable)"}
	}
	var keys []string
	for k, v := range ma {
		if w, ok := mb[k]; !ok || string(w) != string(v) {
			keys = append(keys, k)
		}
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// diagnosticsText is the diagnostics as the CLI shows them: severity, summary, detail and
// attribute path, in order.
func diagnosticsText(ds []*tfprotov6.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "[%v %q %q", d.Severity, d.Summary, d.Detail)
		if d.Attribute != nil {
			fmt.Fprintf(&b, " at %s", d.Attribute.String())
		}
		b.WriteString("]")
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}
