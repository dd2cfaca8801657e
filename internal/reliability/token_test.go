package reliability

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-log/tfsdklogtest"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// TestTokenNeverLeaks runs a full create, update, conflict, delete cycle for a control
// plane and a service with every log line captured at TRACE (the provider's and the
// framework's), under retried faults and with one response that echoes the credentials,
// and checks that the token appears in no log line, no diagnostic and no state or private
// state.
func TestTokenNeverLeaks(t *testing.T) {
	t.Parallel()
	var armed, echoed atomic.Bool
	e := newEnv(t, envOptions{rec: func(rc *recorder) {
		rc.intercept = func(w http.ResponseWriter, r *http.Request) bool {
			if !armed.Load() || r.Method != http.MethodPut || !strings.Contains(r.URL.Path, "/services/") || echoed.Swap(true) {
				return false
			}
			// A hostile or buggy server that echoes the credentials it received.
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"code":3,"message":"validation error: request from %s","details":[{"field":"host","messages":["token %s is not allowed here"]}]}`,
				r.Header.Get("Authorization"), testToken)
			return true
		}
	}})
	e.logs.keep = true
	ctx := tfsdklogtest.RootLogger(e.ctx, e.logs) // the framework's own (SDK) logs too

	var diags []*tfprotov6.Diagnostic
	var states []string
	keep := func(ins ...*inst) {
		for _, in := range ins {
			if in.hasState() {
				states = append(states, in.state.String())
			}
			states = append(states, string(in.private))
		}
	}
	// apply is one `terraform apply` of in, repeated (as a user would) while it fails on
	// injected faults; expectErr says the first attempt must fail with that summary.
	apply := func(in *inst, expectErr string) {
		t.Helper()
		for try := 1; ; try++ {
			run := e.mustRun("token", "fail")
			d, _, err := run.converge(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			diags = append(diags, d...)
			keep(in)
			if expectErr != "" {
				if !hasError(d) || !strings.Contains(diagText(d), expectErr) {
					t.Fatalf("%s: want an error %q, got:\n%s", in.key, expectErr, diagText(d))
				}
				expectErr = ""
				continue
			}
			if !hasError(d) {
				return
			}
			if try == 5 {
				t.Fatalf("%s: still failing after %d applies:\n%s", in.key, try, diagText(d))
			}
		}
	}
	destroy := func(in *inst) {
		t.Helper()
		for try := 1; in.hasState(); try++ {
			run := e.mustRun("token", "fail")
			d, err := run.read(ctx, in)
			if err == nil && !hasError(d) && in.hasState() {
				var p *planned
				if p, err = run.plan(ctx, in, true); err == nil {
					d = append(d, p.diags...)
					if !hasError(p.diags) {
						var ad []*tfprotov6.Diagnostic
						ad, err = run.apply(ctx, in, p)
						d = append(d, ad...)
					}
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			diags = append(diags, d...)
			keep(in)
			if try == 5 && in.hasState() {
				t.Fatalf("%s: destroy still failing:\n%s", in.key, diagText(d))
			}
		}
	}

	e.setFaults(konnectmock.Faults{ErrorShare: 0.2, Seed: 11})
	cp := newInst(typeCP, "cp", map[string]any{"name": "token-cp", "description": "token test", "labels": map[string]string{"suite": "token"}})
	apply(cp, "")
	svc := newInst(typeService, "svc", map[string]any{"control_plane_id": cp.id(), "name": "token-svc", "host": "a.internal", "port": 8080})
	apply(svc, "")

	// An update whose first write is answered with the credentials echoed back.
	svc.cfg["host"] = "b.internal"
	svc.cfg["retries"] = 3
	armed.Store(true)
	apply(svc, "Could not update")
	if !echoed.Load() {
		t.Fatal("the echoing response was never sent")
	}

	// An out-of-band change that the configuration would revert: a conflict diagnostic.
	oob := e.client(writerAgent)
	obj, _, err := oob.GetService(e.ctx, cp.id(), svc.id())
	if err != nil {
		t.Fatal(err)
	}
	obj["retries"] = 9
	if _, _, err := oob.PutService(e.ctx, cp.id(), svc.id(), obj, ""); err != nil {
		t.Fatal(err)
	}
	run := e.mustRun("token", "fail")
	if _, err := run.read(ctx, svc); err != nil {
		t.Fatal(err)
	}
	p, err := run.plan(ctx, svc, false)
	if err != nil {
		t.Fatal(err)
	}
	diags = append(diags, p.diags...)
	if len(p.diags) != 1 || !isRemoteEdit(p.diags[0]) {
		t.Fatalf("want one remote-edit conflict, got:\n%s", diagText(p.diags))
	}
	svc.cfg["retries"] = 9 // keep the Konnect value
	apply(svc, "")

	destroy(svc)
	destroy(cp)

	logs := e.logs.text.String()
	attempts, retries := e.logs.counts()
	if attempts == 0 || !strings.Contains(logs, `"@level":"debug"`) {
		t.Fatalf("no DEBUG line of the Konnect client was captured (%d lines)", e.logs.lines)
	}
	if !strings.Contains(logs, "Calling provider defined Resource") {
		t.Fatalf("the framework's own log lines were not captured")
	}
	secret := strings.TrimPrefix(testToken, "kpat_")
	where := map[string]string{"logs": logs, "diagnostics": diagText(diags), "state": strings.Join(states, "\n")}
	for name, text := range where {
		if strings.Contains(text, secret) {
			i := strings.Index(text, secret)
			t.Errorf("the token appears in the %s: …%s…", name, text[max(0, i-200):min(len(text), i+100)])
		}
	}
	if !strings.Contains(diagText(diags), "[REDACTED]") {
		t.Errorf("the echoed credentials were not visibly redacted in the diagnostic:\n%s", diagText(diags))
	}
	faults, _ := e.faultCounts()
	t.Logf("%d log lines, %d client attempts (%d retries), %d diagnostics, faults %v: the token appears nowhere",
		e.logs.lines, attempts, retries, len(diags), faults)
}
