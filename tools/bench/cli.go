package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// split is how N objects are made of services, one route per service and a rate-limiting
// plugin on every tenth service (services 0, 10, 20, …): the largest number of services S
// with 2S + ceil(S/10) ≤ N. N=100 → 47+47+5 = 99, N=1000 → 476+476+48 = 1000,
// N=5000 → 2380+2380+238 = 4998. The configuration also has one control plane.
type split struct {
	Services int `json:"services"`
	Routes   int `json:"routes"`
	Plugins  int `json:"plugins"`
	Teams    int `json:"teams,omitempty"`        // the mix and families layouts'
	Pages    int `json:"portal_pages,omitempty"` // the mix and families layouts', in one portal
	// the families layout's: an API's documents, a realm's consumers, an auth server's
	// scopes, and the service catalog's services
	Documents       int `json:"api_documents,omitempty"`
	Consumers       int `json:"centralized_consumers,omitempty"`
	Scopes          int `json:"auth_server_scopes,omitempty"`
	CatalogServices int `json:"catalog_services,omitempty"`
	Total           int `json:"total"`
}

// platform is the split's platform objects, by kind, in the report's order (the kinds a
// layout has none of are left out).
func (s split) platform() []struct {
	Name string
	N    int
} {
	all := []struct {
		Name string
		N    int
	}{{"teams", s.Teams}, {"pages", s.Pages}, {"documents", s.Documents}, {"consumers", s.Consumers}, {"scopes", s.Scopes}, {"catalog", s.CatalogServices}}
	out := all[:0]
	for _, k := range all {
		if k.N > 0 {
			out = append(out, k)
		}
	}
	return out
}

// splitOf is what N objects are made of in a layout.
func splitOf(layout string, n int) split {
	switch layout {
	case "mix":
		return mixFor(n)
	case "families":
		return familiesFor(n)
	}
	return splitFor(n)
}

// familiesFor is the families layout's N objects: a tenth each of teams, portal pages, an
// API's documents, a realm's centralized consumers, an auth server's scopes and catalog
// services, and the rest services, routes and plugins as splitFor spreads them.
func familiesFor(n int) split {
	t := n / 10
	sp := splitFor(n - 6*t)
	sp.Teams, sp.Pages, sp.Documents, sp.Consumers, sp.Scopes, sp.CatalogServices = t, t, t, t, t, t
	sp.Total += 6 * t
	return sp
}

// mixFor is the mix layout's N objects: a fifth teams, a fifth portal pages, and the rest
// services, routes and plugins as splitFor spreads them.
func mixFor(n int) split {
	t, p := n/5, n/5
	sp := splitFor(n - t - p)
	sp.Teams, sp.Pages = t, p
	sp.Total += t + p
	return sp
}

// changedOf is the 10% change of a split: changedFor over the gateway objects, and a tenth
// of the teams (their description) and of the pages (their content), rounded.
func changedOf(sp split) split {
	gw := split{Services: sp.Services, Routes: sp.Routes, Plugins: sp.Plugins, Total: sp.Services + sp.Routes + sp.Plugins}
	c := changedFor(gw)
	tenth := func(n int) int { return (n + 5) / 10 }
	c.Teams, c.Pages, c.Documents = tenth(sp.Teams), tenth(sp.Pages), tenth(sp.Documents)
	c.Consumers, c.Scopes, c.CatalogServices = tenth(sp.Consumers), tenth(sp.Scopes), tenth(sp.CatalogServices)
	c.Total += c.Teams + c.Pages + c.Documents + c.Consumers + c.Scopes + c.CatalogServices
	return c
}

// containers are the resources of a layout that hold the objects: the control plane, and
// the portal of the mix layout's pages (and the families layout's API, realm and auth server).
func containers(layout string) int {
	switch layout {
	case "mix":
		return 2
	case "families": // and the API, the realm and the auth server
		return 5
	}
	return 1
}

func splitFor(n int) split {
	s := 0
	for 2*(s+1)+(s+1+9)/10 <= n {
		s++
	}
	p := (s + 9) / 10
	return split{Services: s, Routes: s, Plugins: p, Total: 2*s + p}
}

// changedFor spreads the 10% change over the kinds in proportion: K = round(total/10)
// objects, of which services and routes round(K·S/total) each and plugins the rest.
// Services change read_timeout (60000 → 90000), routes regex_priority (0 → 1), plugins
// config.minute (100 → 200); the first objects of each kind by index are the ones changed.
func changedFor(sp split) split {
	k := (sp.Total + 5) / 10
	s := (2*k*sp.Services + sp.Total) / (2 * sp.Total) // round(k*S/total)
	c := split{Services: s, Routes: s, Plugins: k - 2*s}
	if c.Plugins > sp.Plugins {
		c.Plugins = sp.Plugins
	}
	if c.Plugins < 0 {
		c.Plugins = 0
	}
	c.Total = c.Services + c.Routes + c.Plugins
	return c
}

// stepDef is one CLI command of the sequence run for each configuration.
type stepDef struct {
	Key  string // stable id in the JSON
	Name string // in the table
	Kind string // plan or apply: what its floor ratio compares
}

var steps = []stepDef{
	{"apply", "first apply", "apply"},
	{"plan-nochange", "no-change plan", "plan"},
	{"plan-changed", "10% plan -out", "plan"},
	{"apply-plan", "apply saved plan", "apply"},
	{"destroy", "destroy", "apply"},
}

// stepArgs is the command line of a step; vars sets the 10% change; resources is how many
// resources the configuration has and changed how many the change touches.
func stepArgs(key string, vars []string, resources, changed int) (args []string, wantExit int, expect string) {
	switch key {
	case "apply":
		return []string{"apply", "-auto-approve", "-input=false", "-no-color"}, 0,
			fmt.Sprintf("Resources: %d added, 0 changed, 0 destroyed.", resources)
	case "plan-nochange":
		return []string{"plan", "-input=false", "-no-color", "-detailed-exitcode"}, 0, "No changes."
	case "plan-changed":
		return append([]string{"plan", "-input=false", "-no-color", "-detailed-exitcode", "-out=changed.tfplan"}, vars...), 2,
			fmt.Sprintf("Plan: 0 to add, %d to change, 0 to destroy.", changed)
	case "apply-plan":
		return []string{"apply", "-input=false", "-no-color", "changed.tfplan"}, 0,
			fmt.Sprintf("Resources: 0 added, %d changed, 0 destroyed.", changed)
	case "destroy":
		return append([]string{"destroy", "-auto-approve", "-input=false", "-no-color"}, vars...), 0,
			fmt.Sprintf("Resources: %d destroyed.", resources)
	}
	panic("unknown step " + key)
}

// cliRun is one finished CLI command.
type cliRun struct {
	Wall       time.Duration
	CPUSeconds float64 // user+sys of the CLI and every process it waited for (its providers)
	// ProviderCPUSeconds is the providers' part of CPUSeconds, as the launcher recorded it.
	ProviderCPUSeconds float64
	ExitCode           int
}

// runCLI runs bin in dir with env, output to logPath. The CLI gets its own process group:
// on ctx's end (Ctrl-C, SIGTERM) or after timeout the group gets SIGINT, as from a
// terminal, and SIGKILL if it has not exited 30 seconds later.
func runCLI(ctx context.Context, timeout time.Duration, bin, dir string, env []string, logPath string, args ...string) (cliRun, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return cliRun{}, err
	}
	defer logf.Close()
	fmt.Fprintf(logf, "$ %s %s\n", filepath.Base(bin), strings.Join(args, " "))
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return cliRun{}, err
	}
	// The exit status is read from cmd.ProcessState once done is closed; Wait's error says
	// nothing more.
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var stopped error
	select {
	case <-done:
	case <-ctx.Done():
		stopped = errInterrupted
	case <-timer.C:
		stopped = fmt.Errorf("still running after %s (-step-timeout), interrupted; log %s", timeout, logPath)
	}
	if stopped != nil {
		pgid := cmd.Process.Pid
		_ = syscall.Kill(-pgid, syscall.SIGINT)
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			<-done
		}
		return cliRun{}, stopped
	}
	r := cliRun{Wall: time.Since(start), ExitCode: cmd.ProcessState.ExitCode()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.CPUSeconds = tvSeconds(ru.Utime) + tvSeconds(ru.Stime)
	}
	return r, nil
}

// checkRun verifies a step did what it must: the exit code, and the summary line.
func checkRun(r cliRun, logPath string, wantExit int, expect string) error {
	out, err := os.ReadFile(logPath)
	if err != nil {
		return err
	}
	if r.ExitCode != wantExit {
		return fmt.Errorf("exit code %d, want %d; log %s:\n%s", r.ExitCode, wantExit, logPath, tail(out, 25))
	}
	if !bytes.Contains(out, []byte(expect)) {
		return fmt.Errorf("%q not in the output; log %s:\n%s", expect, logPath, tail(out, 25))
	}
	return nil
}

func tail(b []byte, lines int) string {
	all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return "    " + strings.Join(all, "\n    ")
}

// cliEnv is the environment every CLI runs with: the caller's, minus anything that would
// change what the CLI does (TF_*, KONNECT_*, CHECKPOINT_*), plus the bench's own. The one
// KONNECT_* kept is KONNECT_PROTOCOL_SHORTCUTS (make bench SHORTCUTS=off), which the CLI
// hands to the provider.
func cliEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name == shortcutsEnv {
			env = append(env, kv)
			continue
		}
		if strings.HasPrefix(name, "TF_") || strings.HasPrefix(name, "KONNECT_") || strings.HasPrefix(name, "CHECKPOINT_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// shortcutsEnv turns the provider's protocol fast path off when "off" (internal/protocol).
const shortcutsEnv = "KONNECT_PROTOCOL_SHORTCUTS"
