package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"
)

type results struct {
	Schema       int               `json:"schema"`
	Args         []string          `json:"args"`
	StartedAt    time.Time         `json:"started_at"`
	TotalSeconds float64           `json:"total_seconds"`
	Git          string            `json:"git"`
	GoVersion    string            `json:"go_version"`
	GOOS         string            `json:"goos"`
	GOARCH       string            `json:"goarch"`
	CPUs         int               `json:"cpus"`
	Latency      string            `json:"mock_latency"`
	Layout       string            `json:"layout"`
	Shortcuts    string            `json:"protocol_shortcuts"` // on, or off (KONNECT_PROTOCOL_SHORTCUTS=off)
	Ns           []int             `json:"n"`
	CLIs         []string          `json:"clis"`
	CLIVersions  map[string]string `json:"cli_versions"`
	Runs         []runResult       `json:"runs"`
	Export       *exportResult     `json:"export,omitempty"`     // the export step (-export)
	RateLimit    *rateResult       `json:"rate_limit,omitempty"` // the rate-limit step (-rate-limit)
	Targets      []target          `json:"targets"`
}

type runResult struct {
	CLI            string       `json:"cli"`
	N              int          `json:"n"`
	Objects        split        `json:"objects"`         // what N is made of
	Changed        split        `json:"changed_objects"` // what the 10% plan changes
	Resources      int          `json:"resources"`       // objects + the control plane
	FloorResources int          `json:"floor_resources"` // terraform_data resources in the floor
	Steps          []stepResult `json:"steps"`
	Floor          []floorStep  `json:"floor"`
	Error          string       `json:"error,omitempty"`
}

type stepResult struct {
	Step               string    `json:"step"`
	Name               string    `json:"name"`
	Kind               string    `json:"kind"`
	WallSeconds        float64   `json:"wall_seconds"`        // the median with -repeat
	WallRuns           []float64 `json:"wall_runs,omitempty"` // every run's, with -repeat
	CPURuns            []float64 `json:"cpu_runs,omitempty"`  // every run's CPU, with -repeat (CLICPUSeconds is the median)
	FloorSeconds       float64   `json:"floor_wall_seconds"`
	FloorRatio         float64   `json:"floor_ratio"`
	CLICPUSeconds      float64   `json:"cpu_seconds"`       // the CLI and its providers, user+sys
	FloorCPUSeconds    float64   `json:"floor_cpu_seconds"` // the same command on the floor, user+sys
	CPURatio           float64   `json:"cpu_floor_ratio"`   // CLICPUSeconds / FloorCPUSeconds
	Calls              calls     `json:"api_calls"`
	ChangedObjects     int       `json:"changed_objects,omitempty"`
	ProviderPeakRSSKB  int64     `json:"provider_peak_rss_kb"`
	ProviderCPUSeconds float64   `json:"provider_cpu_seconds"`
	ProviderLaunches   []launch  `json:"provider_processes"`
	ProviderUnrecorded int       `json:"provider_processes_unrecorded,omitempty"`
	Log                string    `json:"log"`
	// Echo is the no-change plan run again over the same state with the echo provider
	// (tools/bench/echo): the provider's binary and schemas, no work for any resource. Only
	// for the no-change plan.
	Echo *echoResult `json:"echo,omitempty"`
}

// echoResult is the no-change plan with the echo provider in place of the real one.
type echoResult struct {
	WallSeconds        float64   `json:"wall_seconds"` // the median with -repeat
	WallRuns           []float64 `json:"wall_runs,omitempty"`
	CPURuns            []float64 `json:"cpu_runs,omitempty"`
	CPUSeconds         float64   `json:"cpu_seconds"`          // the CLI and the echo provider, user+sys: the median run's
	ProviderCPUSeconds float64   `json:"provider_cpu_seconds"` // the echo provider's part
	CPURatio           float64   `json:"cpu_floor_ratio"`      // CPUSeconds / the floor's
	APICalls           int       `json:"api_calls"`            // none expected: it never calls Konnect
}

type floorStep struct {
	Step        string    `json:"step"`
	Name        string    `json:"name"`
	WallSeconds float64   `json:"wall_seconds"`
	WallRuns    []float64 `json:"wall_runs,omitempty"`
	CPUSeconds  float64   `json:"cpu_seconds"`
}

type target struct {
	CLI    string `json:"cli"`
	Name   string `json:"name"`
	Status string `json:"status"` // PASS, FAIL or SKIP
	Detail string `json:"detail"`
}

func newResults(o options) results {
	git := "unknown"
	if out, err := exec.Command("git", "-C", o.root, "describe", "--always", "--dirty", "--tags").Output(); err == nil {
		git = strings.TrimSpace(string(out))
	}
	return results{
		Schema: 1, Args: os.Args[1:], StartedAt: time.Now().UTC(), Git: git, GoVersion: runtime.Version(),
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(),
		Latency: o.latency.String(), Layout: o.layout, Shortcuts: shortcutsSetting(), Ns: o.ns, CLIs: o.clis, CLIVersions: map[string]string{},
	}
}

func splitTable(layout string, ns []int) string {
	var sb strings.Builder
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', tabwriter.AlignRight)
	var kinds []string // the platform kinds of the layout
	if len(ns) > 0 {
		for _, k := range splitOf(layout, ns[0]).platform() {
			kinds = append(kinds, k.Name)
		}
	}
	head := "\t" + strings.Join(kinds, "\t")
	if len(kinds) == 0 {
		head = ""
	}
	fmt.Fprintf(tw, "N\tservices\troutes\tplugins%s\tobjects\tresources\t10%% changed: services\troutes\tplugins%s\ttotal\t\n", head, head)
	for _, n := range ns {
		sp := splitOf(layout, n)
		ch := changedOf(sp)
		var own, changed string
		for i, k := range sp.platform() {
			own += fmt.Sprintf("\t%d", k.N)
			changed += fmt.Sprintf("\t%d", ch.platform()[i].N)
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d%s\t%d\t%d\t%d\t%d\t%d%s\t%d\t\n", n, sp.Services, sp.Routes, sp.Plugins, own, sp.Total, sp.Total+containers(layout),
			ch.Services, ch.Routes, ch.Plugins, changed, ch.Total)
	}
	tw.Flush()
	switch layout {
	case "mix":
		return "Objects per N (a fifth teams, a fifth pages of one portal; the rest services with one route each and a rate-limiting plugin\n" +
			"on every tenth; resources add the control plane and the portal; the floor has as many terraform_data resources):\n" + sb.String()
	case "families":
		return "Objects per N (a tenth each of teams, pages of one portal, documents of one API, consumers of one realm, scopes of one auth\n" +
			"server and catalog services; the rest services with one route each and a rate-limiting plugin on every tenth; resources add\n" +
			"the control plane, the portal, the API, the realm and the auth server; the floor has as many terraform_data resources):\n" + sb.String()
	}
	return "Objects per N (one route per service, a rate-limiting plugin on every tenth service; resources add the control plane;\n" +
		"the floor has as many terraform_data resources):\n" + sb.String()
}

func printReport(w io.Writer, res results) {
	if len(res.Runs) > 0 {
		printRuns(w, res)
	}
	printExport(w, res.Export)
	printRateLimit(w, res.RateLimit)

	fmt.Fprintln(w, "\nTargets:")
	for _, t := range res.Targets {
		fmt.Fprintf(w, "  %-4s  %-9s  %s: %s\n", t.Status, t.CLI, t.Name, t.Detail)
	}
	fmt.Fprintf(w, "\nTotal run time: %s\n", time.Duration(res.TotalSeconds*float64(time.Second)).Round(time.Second))
}

// printRuns prints the CLI runs' table, the echo provider's and the calls of each step.
func printRuns(w io.Writer, res results) {
	fmt.Fprintf(w, "Results (mock latency %s; wall = elapsed time of the CLI command; ×floor = wall / the same command on\n"+
		"as many terraform_data resources; calls = API requests the mock served; RSS = provider peak RSS, max over its processes;\n"+
		"CPU = user+sys of the CLI and every process it waited for (its providers), of the median run by CPU where a step repeats; prov CPU = the provider's part of it;\n"+
		"CPU ×floor = CPU / the floor's; CLI ×floor = (CPU - prov CPU) / the floor's: what the CLI alone costs beside the floor)\n", res.Latency)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "CLI\tN\tstep\twall s\tfloor s\t×floor\tcalls\tGET\tPOST\tPUT\tPATCH\tDELETE\tcalls/chg\tRSS MB\tprocs\tCPU s\tprov CPU s\tfloor CPU s\tCPU ×floor\tCLI ×floor\t")
	for _, r := range res.Runs {
		for _, s := range r.Steps {
			perChanged := ""
			if s.Step == "apply-plan" && s.ChangedObjects > 0 {
				perChanged = fmt.Sprintf("%.2f", float64(s.Calls.Total)/float64(s.ChangedObjects))
			}
			floor, ratio := "-", "-"
			if s.FloorSeconds > 0 {
				floor, ratio = fmt.Sprintf("%.2f", s.FloorSeconds), fmt.Sprintf("%.2f", s.FloorRatio)
			}
			floorCPU, cpuRatio, cliRatio := "-", "-", "-"
			if s.FloorCPUSeconds > 0 {
				floorCPU, cpuRatio = fmt.Sprintf("%.2f", s.FloorCPUSeconds), fmt.Sprintf("%.2f", s.CPURatio)
				cliRatio = fmt.Sprintf("%.2f", (s.CLICPUSeconds-s.ProviderCPUSeconds)/s.FloorCPUSeconds)
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%.2f\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\t%d\t%.2f\t%.2f\t%s\t%s\t%s\t\n",
				r.CLI, r.N, s.Name, s.WallSeconds, floor, ratio, s.Calls.Total,
				s.Calls.ByMethod["GET"], s.Calls.ByMethod["POST"], s.Calls.ByMethod["PUT"], s.Calls.ByMethod["PATCH"], s.Calls.ByMethod["DELETE"],
				perChanged, mb(s.ProviderPeakRSSKB), len(s.ProviderLaunches), s.CLICPUSeconds, s.ProviderCPUSeconds, floorCPU, cpuRatio, cliRatio)
		}
		if r.Error != "" {
			fmt.Fprintf(tw, "%s\t%d\tFAILED\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n", r.CLI, r.N)
		}
	}
	tw.Flush()

	printEcho(w, res)

	fmt.Fprintln(w, "\nAPI calls by method and path kind:")
	for _, r := range res.Runs {
		for _, s := range r.Steps {
			fmt.Fprintf(w, "  %-9s N=%-5d %-17s %s\n", r.CLI, r.N, s.Name, s.Calls.pathSummary())
		}
	}
	for _, r := range res.Runs {
		if r.Error != "" {
			fmt.Fprintf(w, "\n%s N=%d FAILED: %s\n", r.CLI, r.N, r.Error)
		}
		for _, s := range r.Steps {
			if s.ProviderUnrecorded > 0 {
				fmt.Fprintf(w, "\nwarning: %s N=%d %s: %d provider process(es) ended without an RSS record\n", r.CLI, r.N, s.Name, s.ProviderUnrecorded)
			}
		}
	}

}

// printEcho prints the no-change plans run again with the echo provider: what these resource
// types cost with a provider that does no work for them, beside what this provider spends.
func printEcho(w io.Writer, res results) {
	var rows []string
	for _, r := range res.Runs {
		for _, s := range r.Steps {
			e := s.Echo
			if e == nil || s.FloorCPUSeconds == 0 {
				continue
			}
			rows = append(rows, fmt.Sprintf("%s\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%d\t%.2f\t%.2f\t",
				r.CLI, r.N, s.CLICPUSeconds, s.CPURatio, e.CPUSeconds, e.ProviderCPUSeconds, e.CPURatio,
				e.WallSeconds, e.APICalls, s.CLICPUSeconds-e.CPUSeconds, (s.CLICPUSeconds-e.CPUSeconds)/s.FloorCPUSeconds))
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintln(w, "\nNo-change plan with the echo provider (tools/bench/echo: this provider's schemas over the same state, every\n"+
		"resource call answered with no work): echo = what these resource types cost with a provider that does nothing for them;\n"+
		"over echo = what this provider spends beyond it)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "CLI\tN\tCPU s\tCPU ×floor\techo CPU s\techo prov CPU s\techo ×floor\techo wall s\techo calls\tover echo s\tover echo ×floor\t")
	for _, row := range rows {
		fmt.Fprintln(tw, row)
	}
	tw.Flush()
}

// mb is kilobytes (as rusage reports them, KiB) in megabytes of 10^6 bytes.
func mb(kb int64) float64 { return float64(kb) * 1024 / 1e6 }

func findStep(r runResult, key string) (stepResult, bool) {
	for _, s := range r.Steps {
		if s.Step == key {
			return s, true
		}
	}
	return stepResult{}, false
}

// evaluateTargets checks the targets for every CLI that ran:
//   - the no-change plan of 1000 objects makes at most 10 API calls in all, and takes at
//     most 2× the floor;
//   - the apply of the saved 10% plan makes at most 3 API calls per changed object (every N);
//   - the first apply makes at most 1.01 and the destroy at most 2.01 API calls per object
//     (every N);
//   - the provider's peak RSS stays under 200 MB at N = 5000 (every step);
//   - the no-change plan's CPU (the CLI and its providers, user+sys) is at most 2× the
//     floor's at N = 300, 1000 and 5000 (each N run).
func evaluateTargets(runs []runResult, layout string) []target {
	maxCalls := 10 // one control plane's gateway objects
	if layout == "mix" || layout == "families" {
		maxCalls = 60 // issue 39: a mix of families, at most about 10 calls per family
	}
	var ts []target
	clis := []string{}
	seen := map[string]bool{}
	for _, r := range runs {
		if !seen[r.CLI] {
			seen[r.CLI] = true
			clis = append(clis, r.CLI)
		}
	}
	byCLI := func(cli string, n int) (runResult, bool) {
		for _, r := range runs {
			if r.CLI == cli && r.N == n {
				return r, true
			}
		}
		return runResult{}, false
	}
	skip := func(cli, name, why string) { ts = append(ts, target{cli, name, "SKIP", why}) }
	check := func(cli, name string, ok bool, detail string) {
		st := "FAIL"
		if ok {
			st = "PASS"
		}
		ts = append(ts, target{cli, name, st, detail})
	}
	for _, cli := range clis {
		callsName, floorName := fmt.Sprintf("no-change plan, N=1000: ≤ %d API calls", maxCalls), "no-change plan, N=1000: wall ≤ 2× floor"
		if r, ok := byCLI(cli, 1000); !ok {
			skip(cli, callsName, "N=1000 not run")
			skip(cli, floorName, "N=1000 not run")
		} else if s, ok := findStep(r, "plan-nochange"); !ok || s.WallSeconds == 0 {
			check(cli, callsName, false, "the step did not complete: "+r.Error)
			check(cli, floorName, false, "the step did not complete")
		} else {
			check(cli, callsName, s.Calls.Total <= maxCalls, fmt.Sprintf("%d calls (%s)", s.Calls.Total, s.Calls.pathSummary()))
			if s.FloorSeconds == 0 {
				check(cli, floorName, false, fmt.Sprintf("%.2fs, no floor measured: %s", s.WallSeconds, r.Error))
			} else {
				check(cli, floorName, s.FloorRatio <= 2, fmt.Sprintf("%.2fs vs floor %.2fs = %.2f×", s.WallSeconds, s.FloorSeconds, s.FloorRatio))
			}
		}
		for _, r := range runs {
			if r.CLI != cli {
				continue
			}
			name := fmt.Sprintf("apply of the 10%% changed, N=%d: ≤ 3 API calls per changed object", r.N)
			s, ok := findStep(r, "apply-plan")
			if !ok || s.WallSeconds == 0 {
				check(cli, name, false, "the step did not complete: "+r.Error)
				continue
			}
			per := float64(s.Calls.Total) / float64(s.ChangedObjects)
			check(cli, name, s.Calls.Total <= 3*s.ChangedObjects,
				fmt.Sprintf("%d calls for %d objects = %.2f per object (%s)", s.Calls.Total, s.ChangedObjects, per, s.Calls.pathSummary()))
		}
		// The first apply and the destroy, per object (the control plane counts as one):
		// one write per create; the guard's re-read and the delete per destroy, with the
		// refresh's and the cascade guard's listings spread over N.
		for _, r := range runs {
			if r.CLI != cli {
				continue
			}
			for _, pt := range []struct {
				step, what string
				max        float64
			}{{"apply", "first apply", 1.01}, {"destroy", "destroy", 2.01}} {
				name := fmt.Sprintf("%s, N=%d: ≤ %.2f API calls per object", pt.what, r.N, pt.max)
				s, ok := findStep(r, pt.step)
				if !ok || s.WallSeconds == 0 || r.Resources == 0 {
					check(cli, name, false, "the step did not complete: "+r.Error)
					continue
				}
				per := float64(s.Calls.Total) / float64(r.Resources)
				check(cli, name, per <= pt.max,
					fmt.Sprintf("%d calls for %d objects = %.3f per object (%s)", s.Calls.Total, r.Resources, per, s.Calls.pathSummary()))
			}
		}
		for _, n := range []int{300, 1000, 5000} {
			name := fmt.Sprintf("no-change plan, N=%d: CPU ≤ 2× floor", n)
			r, ok := byCLI(cli, n)
			if !ok {
				skip(cli, name, fmt.Sprintf("N=%d not run with this CLI", n))
				continue
			}
			s, ok := findStep(r, "plan-nochange")
			if !ok || s.FloorCPUSeconds == 0 {
				check(cli, name, false, "the step or its floor did not complete: "+r.Error)
				continue
			}
			detail := fmt.Sprintf("%.2f s vs floor %.2f s = %.2f×", s.CLICPUSeconds, s.FloorCPUSeconds, s.CPURatio)
			if e := s.Echo; e != nil {
				detail += fmt.Sprintf("; with the echo provider (these schemas, no work) %.2f s = %.2f×", e.CPUSeconds, e.CPURatio)
			}
			check(cli, name, s.CPURatio <= 2, detail)
		}
		const rssName = "provider peak RSS, N=5000: < 200 MB"
		if r, ok := byCLI(cli, 5000); !ok {
			skip(cli, rssName, "N=5000 not run with this CLI (-runs \""+cli+"=5000\" runs it)")
		} else {
			var peak int64
			where := ""
			for _, s := range r.Steps {
				if s.ProviderPeakRSSKB > peak {
					peak, where = s.ProviderPeakRSSKB, s.Name
				}
			}
			complete := r.Error == "" && len(r.Steps) == len(steps)
			detail := fmt.Sprintf("%.1f MB (%s)", mb(peak), where)
			if !complete {
				detail += "; not every step completed: " + r.Error
			}
			check(cli, rssName, complete && peak > 0 && mb(peak) < 200, detail)
		}
	}
	return ts
}

func anyTargetFailed(ts []target) bool {
	for _, t := range ts {
		if t.Status == "FAIL" {
			return true
		}
	}
	return false
}

func writeJSON(dir string, res results) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "bench-"+res.StartedAt.Format("20060102T150405Z")+".json")
	raw, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return "", err
	}
	return path, os.WriteFile(path, append(raw, '\n'), 0o644)
}

// shortcutsSetting is the provider's protocol fast path as the CLIs will run it.
func shortcutsSetting() string {
	if strings.EqualFold(strings.TrimSpace(os.Getenv(shortcutsEnv)), "off") {
		return "off"
	}
	return "on"
}
