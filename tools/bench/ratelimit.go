package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The rate-limit step (-rate-limit RPS): the proof that the provider's request cap
// (requests_per_second, or KONNECT_REQUESTS_PER_SECOND) keeps a large apply under Konnect's
// rate limit. The mock answers 429 beyond RPS requests a second (a bucket of one second's
// requests, Retry-After 1, as Konnect does). The first apply of -rate-objects objects (the
// module layout: services with a route each, a rate-limiting plugin on every tenth) runs
// twice on an empty organization with Terraform:
//   - capped: KONNECT_REQUESTS_PER_SECOND at -rate-cap (default 80% of the limit), the
//     provider's default retries;
//   - uncapped: no cap, KONNECT_MAX_RETRIES=10, as a user meeting the limit would set it
//     (with the default 2, a request that meets three 429s in a row fails the apply).
//
// Each reports its wall time, the API calls the mock served and how many it answered 429.

type rateResult struct {
	LimitRPS float64   `json:"limit_rps"`
	Objects  split     `json:"objects"`
	Runs     []rateRun `json:"runs"`
	Error    string    `json:"error,omitempty"`
}

type rateRun struct {
	Name        string  `json:"name"`
	Cap         int     `json:"requests_per_second,omitempty"`
	MaxRetries  int     `json:"max_retries,omitempty"`
	WallSeconds float64 `json:"wall_seconds"`
	Calls       int     `json:"api_calls"` // requests the mock served, 429s included
	Limited     int     `json:"answered_429"`
	Log         string  `json:"log"`
	Error       string  `json:"error,omitempty"`
}

func (b *bench) runRateLimit(ctx context.Context) *rateResult {
	o := b.opts
	sp := splitOf("module", o.rateObjects)
	r := &rateResult{LimitRPS: o.rateLimit, Objects: sp}
	capRPS := o.rateCap
	if capRPS == 0 {
		capRPS = max(1, int(o.rateLimit*0.8))
	}
	bin := filepath.Join(o.root, ".tools", "bin", "terraform")
	base := filepath.Join(b.work, "rate-limit")
	defer func() { _ = b.mock.send(http.MethodPatch, "/_mock/faults", map[string]any{"rate_limit_rps": 0}, nil) }()
	for _, run := range []rateRun{{Name: "capped", Cap: capRPS}, {Name: "uncapped", MaxRetries: 10}} {
		if ctx.Err() != nil {
			break
		}
		dir := filepath.Join(base, run.Name)
		if err := os.MkdirAll(filepath.Join(base, "logs"), 0o755); err != nil {
			r.Error = err.Error()
			return r
		}
		if err := writeConfig(dir, configFiles("module", true, o.rateObjects, sp)); err != nil {
			r.Error = err.Error()
			return r
		}
		env := b.cliEnv(base, run.Name)
		if run.Cap > 0 {
			env = append(env, "KONNECT_REQUESTS_PER_SECOND="+strconv.Itoa(run.Cap))
		}
		if run.MaxRetries > 0 {
			env = append(env, "KONNECT_MAX_RETRIES="+strconv.Itoa(run.MaxRetries))
		}
		getLog := filepath.Join(base, "logs", run.Name+"-get.log")
		cr, err := runCLI(ctx, o.stepTimeout, bin, dir, env, getLog, "get", "-no-color")
		if err == nil {
			err = checkRun(cr, getLog, 0, "")
		}
		if err == nil {
			err = b.mock.reset()
		}
		if err == nil {
			err = b.mock.send(http.MethodPatch, "/_mock/faults", map[string]any{"rate_limit_rps": o.rateLimit}, nil)
		}
		if err == nil {
			err = b.mock.resetCounts()
		}
		if err != nil {
			r.Error = fmt.Sprintf("%s: %v", run.Name, err)
			return r
		}
		fmt.Fprintf(os.Stderr, "bench: rate limit %g/s: %s first apply of %d objects\n", o.rateLimit, run.Name, sp.Total)
		run.Log = filepath.Join(base, "logs", run.Name+"-apply.log")
		cr, err = runCLI(ctx, o.stepTimeout, bin, dir, env, run.Log, "apply", "-auto-approve", "-no-color",
			"-var", "changed_services=0", "-var", "changed_routes=0", "-var", "changed_plugins=0")
		run.WallSeconds = cr.Wall.Seconds()
		if err == nil {
			err = checkRun(cr, run.Log, 0, "Apply complete!")
		}
		if counts, cerr := b.mock.counts(); cerr == nil {
			run.Limited = counts["fault 429"]
			run.Calls = summarize(counts).Total // the 429s are counted under their paths too
		}
		if err != nil {
			run.Error = err.Error()
			b.failed = true
		}
		r.Runs = append(r.Runs, run)
	}
	return r
}

// printRateLimit prints the rate-limit step's table.
func printRateLimit(w io.Writer, r *rateResult) {
	if r == nil {
		return
	}
	fmt.Fprintf(w, "\nRate limit (Konnect answering 429 beyond %g requests a second; terraform apply of %d objects: %d services, %d routes, %d plugins, from none):\n",
		r.LimitRPS, r.Objects.Total, r.Objects.Services, r.Objects.Routes, r.Objects.Plugins)
	if r.Error != "" {
		fmt.Fprintf(w, "  FAILED: %s\n", r.Error)
	}
	fmt.Fprintf(w, "  %-9s  %19s  %11s  %6s  %9s  %12s  %s\n", "run", "requests_per_second", "max_retries", "wall s", "API calls", "answered 429", "result")
	for _, run := range r.Runs {
		capS, retries, result := "unset", "default", "applied"
		if run.Cap > 0 {
			capS = strconv.Itoa(run.Cap)
		}
		if run.MaxRetries > 0 {
			retries = strconv.Itoa(run.MaxRetries)
		}
		if run.Error != "" {
			result = "FAILED (log: " + run.Log + ")"
		}
		fmt.Fprintf(w, "  %-9s  %19s  %11s  %6.1f  %9d  %12d  %s\n", run.Name, capS, retries, run.WallSeconds, run.Calls, run.Limited, result)
	}
}

// rateTarget: the capped apply meets no 429 at all, and the uncapped one finishes too.
func rateTarget(r *rateResult) target {
	t := target{CLI: "terraform", Name: fmt.Sprintf("apply of %d objects under a %g/s rate limit: none answered 429 with the cap, and applied without it", r.Objects.Total, r.LimitRPS), Status: "FAIL"}
	if r.Error != "" {
		t.Detail = "failed: " + r.Error
		return t
	}
	ok := len(r.Runs) == 2
	var parts []string
	for _, run := range r.Runs {
		part := fmt.Sprintf("%s: %d of %d calls answered 429", run.Name, run.Limited, run.Calls)
		if run.Error != "" {
			part += " (failed)"
			ok = false
		}
		parts = append(parts, part)
		if run.Cap > 0 && run.Limited > 0 {
			ok = false
		}
	}
	t.Detail = strings.Join(parts, "; ")
	if ok {
		t.Status = "PASS"
	}
	return t
}
