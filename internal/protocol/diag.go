package protocol

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// protoDiagnostics converts diagnostics for the protocol as the framework does: severity,
// summary, detail, and the attribute path when there is one.
func protoDiagnostics(diags diag.Diagnostics) []*tfprotov6.Diagnostic {
	var out []*tfprotov6.Diagnostic
	for _, d := range diags {
		pd := &tfprotov6.Diagnostic{Summary: d.Summary(), Detail: d.Detail(), Severity: tfprotov6.DiagnosticSeverityInvalid}
		switch d.Severity() {
		case diag.SeverityError:
			pd.Severity = tfprotov6.DiagnosticSeverityError
		case diag.SeverityWarning:
			pd.Severity = tfprotov6.DiagnosticSeverityWarning
		}
		if wp, ok := d.(diag.DiagnosticWithPath); ok {
			pd.Attribute = attributePath(wp.Path())
		}
		out = append(out, pd)
	}
	return out
}

func attributePath(p path.Path) *tftypes.AttributePath {
	ap := tftypes.NewAttributePath()
	for _, step := range p.Steps() {
		switch st := step.(type) {
		case path.PathStepAttributeName:
			ap = ap.WithAttributeName(string(st))
		case path.PathStepElementKeyInt:
			ap = ap.WithElementKeyInt(int(st))
		case path.PathStepElementKeyString:
			ap = ap.WithElementKeyString(string(st))
		default:
			return nil
		}
	}
	return ap
}
