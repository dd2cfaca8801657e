package acctest

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/konnectguard/terraform-provider-konnect/internal/protocol"
)

// DiagRecorder keeps the diagnostics the provider returns to the CLI, so that a test can
// assert a warning (the testing framework only surfaces errors), and the private states it
// returns (the guard's records), for tests that check no secret is in them. The zero value
// records nothing until its Factories serve the provider to a test case.
type DiagRecorder struct {
	mu       sync.Mutex
	diags    []*tfprotov6.Diagnostic
	privates [][]byte
}

// Factories returns the provider factories of a resource.TestCase, as Factories does, with
// every server from newServer recorded by r: the diagnostics of the calls that plan, apply
// and refresh, and the private states they return.
func (r *DiagRecorder) Factories(newServer func() tfprotov6.ProviderServer) map[string]func() (tfprotov6.ProviderServer, error) {
	return Factories(func() tfprotov6.ProviderServer {
		return recordingServer{ProviderServer: newServer(), rec: r}
	})
}

func (r *DiagRecorder) add(ds []*tfprotov6.Diagnostic) {
	r.mu.Lock()
	r.diags = append(r.diags, ds...)
	r.mu.Unlock()
}

func (r *DiagRecorder) addPrivate(p []byte) {
	if len(p) == 0 {
		return
	}
	r.mu.Lock()
	r.privates = append(r.privates, p)
	r.mu.Unlock()
}

// Reset forgets the diagnostics recorded so far (not the private states).
func (r *DiagRecorder) Reset() {
	r.mu.Lock()
	r.diags = nil
	r.mu.Unlock()
}

// Diags returns the diagnostics recorded since the last Reset, in order.
func (r *DiagRecorder) Diags() []*tfprotov6.Diagnostic {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*tfprotov6.Diagnostic(nil), r.diags...)
}

// Warnings returns the warnings recorded since the last Reset.
func (r *DiagRecorder) Warnings() []*tfprotov6.Diagnostic {
	return r.OfSeverity(tfprotov6.DiagnosticSeverityWarning)
}

// OfSeverity returns the diagnostics of this severity recorded since the last Reset.
func (r *DiagRecorder) OfSeverity(sev tfprotov6.DiagnosticSeverity) []*tfprotov6.Diagnostic {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*tfprotov6.Diagnostic
	for _, d := range r.diags {
		if d.Severity == sev {
			out = append(out, d)
		}
	}
	return out
}

// WantWarning fails unless a warning with this summary was returned whose detail holds
// every one of details.
func (r *DiagRecorder) WantWarning(summary string, details ...string) error {
	ws := r.Warnings()
	for _, w := range ws {
		ok := w.Summary == summary
		for _, d := range details {
			ok = ok && strings.Contains(w.Detail, d)
		}
		if ok {
			return nil
		}
	}
	return fmt.Errorf("no warning %q naming %q; the provider warned %s", summary, details, ShowDiags(ws))
}

// WantNoWarnings fails if any warning was returned since the last Reset.
func (r *DiagRecorder) WantNoWarnings() error {
	if ws := r.Warnings(); len(ws) > 0 {
		return fmt.Errorf("want no warning, the provider warned %s", ShowDiags(ws))
	}
	return nil
}

// SecretInRecords returns the first record (a private state key's value, decoded as the
// framework stores it) holding one of secrets in plain text, or "".
func (r *DiagRecorder) SecretInRecords(secrets []string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, raw := range r.privates {
		p, err := protocol.ParsePrivate(raw)
		if err != nil {
			return fmt.Sprintf("unreadable private state: %v", err)
		}
		for key, record := range p {
			for _, secret := range secrets {
				if strings.Contains(string(record), secret) {
					return fmt.Sprintf("%s holds a secret in plain text: %s", key, record)
				}
			}
		}
	}
	return ""
}

// ShowDiags renders diagnostics for a failure message: [summary: detail, ...].
func ShowDiags(ds []*tfprotov6.Diagnostic) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("%q: %q", d.Summary, d.Detail))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// recordingServer passes every call to the provider and records the diagnostics of the
// calls that plan, apply and refresh.
type recordingServer struct {
	tfprotov6.ProviderServer
	rec *DiagRecorder
}

func (s recordingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	resp, err := s.ProviderServer.PlanResourceChange(ctx, req)
	if resp != nil {
		s.rec.add(resp.Diagnostics)
		s.rec.addPrivate(resp.PlannedPrivate)
	}
	return resp, err
}

func (s recordingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	resp, err := s.ProviderServer.ApplyResourceChange(ctx, req)
	if resp != nil {
		s.rec.add(resp.Diagnostics)
		s.rec.addPrivate(resp.Private)
	}
	return resp, err
}

func (s recordingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	resp, err := s.ProviderServer.ReadResource(ctx, req)
	if resp != nil {
		s.rec.add(resp.Diagnostics)
		s.rec.addPrivate(resp.Private)
	}
	return resp, err
}
