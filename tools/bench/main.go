// Command bench measures the provider the way it is used: a real CLI (Terraform 1.5.7 and
// OpenTofu, from .tools/bin) runs bin/terraform-provider-konnect through dev_overrides
// against bin/konnect-mock with 50 ms of latency on every API call.
//
//	go run ./tools/bench [-runs "terraform=100,1000 tofu=100,1000,5000"]
//	                     [-n 100,1000] [-cli terraform,tofu] [-latency 50ms]
//	                     [-layout module|count|mix] [-mix] [-step-timeout 45m]
//	                     [-repeat 3] [-out bench-results] [-keep] [-strict] [-profile dir]
//	                     [-export 2000] [-export-only]
//	                     [-rate-limit 20] [-rate-objects 2000] [-rate-cap 16] [-rate-only]
//
// `make bench` builds bin/ and both CLIs first, then runs it (BENCH_ARGS passes flags:
// make bench BENCH_ARGS="-n 100 -cli terraform").
//
// For each CLI and each N, one control plane holds N objects: services with one route
// each and a rate-limiting plugin on every tenth service (splitFor), laid out as one module
// instance per service (config.go). Five commands run in order: the first apply, a
// no-change plan, a plan with 10% of the objects changed saved with -out, the apply of that
// saved plan, and destroy. Each is measured for wall time, the API calls the mock counted
// (by method and path kind; the counters are reset before each step) and the provider's
// peak RSS (wrap.go). -layout mix (or -mix) adds the platform: N is then a fifth teams, a
// fifth pages of one portal, and services, routes and plugins for the rest. The same five commands then run on the floor: the same layout with
// terraform_data in place of every Konnect resource, what the CLI itself costs; every wall
// time is also given as a ratio to the floor of the same step. The no-change plan, which
// changes nothing, runs -repeat times on both sides and reports the median (the JSON keeps
// every run): its ratio is the tightest target, and one run can be unlucky.
//
// By default OpenTofu runs N = 100, 300, 1000 and 5000 and Terraform 1.5.7 N = 100, 300 and 1000
// (defaultRuns says why); -n and -cli pick any other combination.
//
// After the CLIs, the export step (export.go): an organization of -export objects (2000 by
// default: two control planes with services, routes, plugins, consumers with key-auth
// credentials, upstreams with targets, and teams) seeded in the mock without latency, then
// `terraform-provider-konnect export` of it with the latency on: its wall time and API calls
// (target: under a minute, from listings). -export-only runs it alone, -export 0 leaves it out.
//
// Last, the rate-limit step (ratelimit.go): the mock answers 429 beyond -rate-limit requests
// a second (20 by default), and Terraform applies -rate-objects objects (2000) twice, with
// the provider's request cap (KONNECT_REQUESTS_PER_SECOND, 80% of the limit) and without
// it; the report gives each apply's wall time, calls and 429s (target: none with the cap).
// -rate-only runs it alone, -rate-limit 0 leaves it out.
//
// Output: a table on stdout, targets with PASS/FAIL, and bench-results/bench-<UTC time>.json
// for comparing runs. CLI output goes to log files in a temporary directory, kept (and
// named) when something fails, or with -keep. Exit status 1 when a step fails, and with
// -strict also when a target fails; 130 when interrupted.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if wrapperMode() {
		os.Exit(runWrapper())
	}
	os.Exit(run())
}

type options struct {
	ns          []int
	clis        []string
	runs        map[string][]int // the N each CLI runs
	latency     time.Duration
	layout      string
	outDir      string
	stepTimeout time.Duration
	keep        bool
	strict      bool
	profileDir  string
	repeat      int
	export      int     // objects of the export step's organization; 0: no export step
	exportOnly  bool    // the export step alone
	rateLimit   float64 // the mock's requests a second in the rate-limit step; 0: no such step
	rateObjects int     // objects the rate-limit step applies
	rateCap     int     // the capped apply's requests a second (0: 80% of rateLimit)
	rateOnly    bool    // the rate-limit step alone
	root        string
}

// defaultRuns is what make bench runs: every N with OpenTofu, and N up to 1000 with
// Terraform 1.5.7, whose own cost grows faster than linearly with the number of resources
// in state (it applied 4760 terraform_data resources, no provider involved, in 8.5 minutes
// here), so N=5000 alone would take it well over half an hour. -runs "terraform=5000" runs it.
const defaultRuns = "terraform=100,300,1000 tofu=100,300,1000,5000"

// parseRuns reads "CLI=N,N CLI=N" into o.clis (in order), o.runs and o.ns (every N, sorted).
func (o *options) parseRuns(spec string) error {
	o.runs = map[string][]int{}
	for _, part := range strings.Fields(spec) {
		c, list, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("-runs: %q is not of the form CLI=N,N", part)
		}
		if c != "terraform" && c != "tofu" {
			return fmt.Errorf("-cli: %q is neither terraform nor tofu", c)
		}
		if _, dup := o.runs[c]; !dup {
			o.clis = append(o.clis, c)
		}
		for _, f := range strings.Split(list, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 10 {
				return fmt.Errorf("-n: %q is not a count of at least 10", f)
			}
			o.runs[c] = append(o.runs[c], n)
			if !slices.Contains(o.ns, n) {
				o.ns = append(o.ns, n)
			}
		}
	}
	if len(o.clis) == 0 {
		return errors.New("-runs: nothing to run")
	}
	slices.Sort(o.ns)
	return nil
}

func parseFlags() (options, error) {
	var o options
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	runs := fs.String("runs", defaultRuns, "which CLI runs which N: CLI=N,N,... separated by spaces")
	ns := fs.String("n", "", "comma-separated object counts N (services + routes + plugins) for every CLI; overrides -runs")
	clis := fs.String("cli", "", "comma-separated CLIs from .tools/bin (terraform, tofu), each for every N of -n (default 100,1000); overrides -runs")
	fs.DurationVar(&o.latency, "latency", 50*time.Millisecond, "latency the mock adds to every API call")
	fs.StringVar(&o.outDir, "out", "bench-results", "directory for the JSON results (relative to the repository root)")
	fs.StringVar(&o.layout, "layout", "module", "configuration layout: module (one module instance per service), count (counted resources referring to each other by index), mix (the module layout, plus teams and the pages of one portal) or families (the module layout, plus a tenth each of teams, pages, API documents, centralized consumers, auth server scopes and catalog services)")
	mix := fs.Bool("mix", false, "the mix layout: -layout mix")
	fs.DurationVar(&o.stepTimeout, "step-timeout", 45*time.Minute, "longest one CLI command may run before it is interrupted")
	fs.IntVar(&o.repeat, "repeat", 3, "run the no-change plan this many times with the provider, the echo provider and on the floor in turn, and report the median run (wall time; CPU); the other steps change state and run once")
	fs.BoolVar(&o.keep, "keep", false, "keep the temporary directory (configurations, state, CLI logs) after a successful run")
	fs.BoolVar(&o.strict, "strict", false, "exit 1 when a target fails, not only when a step fails")
	fs.StringVar(&o.profileDir, "profile", "", "directory for the provider's CPU and heap profiles, one folder per step (needs a provider built with -tags profile: make bench PROFILE=dir does both)")
	fs.IntVar(&o.export, "export", 2000, "objects in the organization the export step seeds and exports (terraform-provider-konnect export); 0 leaves the step out")
	fs.BoolVar(&o.exportOnly, "export-only", false, "run the export step alone, no CLI")
	fs.Float64Var(&o.rateLimit, "rate-limit", 20, "the rate-limit step (ratelimit.go): the mock answers 429 beyond this many requests a second, and Terraform applies -rate-objects objects with the provider's cap and without it; 0 leaves the step out")
	fs.IntVar(&o.rateObjects, "rate-objects", 2000, "objects the rate-limit step applies")
	fs.IntVar(&o.rateCap, "rate-cap", 0, "KONNECT_REQUESTS_PER_SECOND of the rate-limit step's capped apply (default 80% of -rate-limit)")
	fs.BoolVar(&o.rateOnly, "rate-only", false, "run the rate-limit step alone (with -rate-limit), no other step")
	if err := fs.Parse(os.Args[1:]); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	spec := *runs
	if *ns != "" || *clis != "" {
		if *ns == "" {
			*ns = "100,1000"
		}
		if *clis == "" {
			*clis = "terraform,tofu"
		}
		spec = ""
		for _, c := range strings.Split(*clis, ",") {
			spec += strings.TrimSpace(c) + "=" + *ns + " "
		}
	}
	if err := o.parseRuns(spec); err != nil {
		return o, err
	}
	if o.rateOnly {
		if o.rateLimit <= 0 {
			return o, errors.New("-rate-only needs -rate-limit")
		}
		o.clis, o.runs, o.ns, o.export = nil, map[string][]int{}, nil, 0
	}
	if o.rateLimit > 0 && o.rateObjects < 10 {
		return o, errors.New("-rate-objects: at least 10")
	}
	if o.exportOnly {
		if o.export < 10 {
			return o, errors.New("-export-only needs -export of at least 10 objects")
		}
		o.clis, o.runs, o.ns = nil, map[string][]int{}, nil
	}
	if *mix {
		o.layout = "mix"
	}
	if !slices.Contains(layouts, o.layout) {
		return o, fmt.Errorf("-layout: %q is not one of %s", o.layout, strings.Join(layouts, ", "))
	}
	root, err := repoRoot()
	if err != nil {
		return o, err
	}
	o.root = root
	if !filepath.IsAbs(o.outDir) {
		o.outDir = filepath.Join(root, o.outDir)
	}
	return o, nil
}

// repoRoot is the nearest directory upwards with the provider's go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil &&
			strings.Contains(string(b), "module github.com/konnectguard/terraform-provider-konnect") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run from inside the terraform-provider-konnect repository")
		}
		dir = parent
	}
}

func run() int {
	o, err := parseFlags()
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	b := &bench{opts: o}
	rc := b.run(ctx)
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "bench: interrupted")
		return 130
	}
	return rc
}

type bench struct {
	opts     options
	work     string
	provider string // the real provider binary
	echo     string // the echo provider binary (tools/bench/echo)
	wrapDir  string // dev_overrides directory holding the launcher
	tfrc     string
	mock     *mock
	results  results
	failed   bool
}

func (b *bench) run(ctx context.Context) (rc int) {
	o := b.opts
	providerBin := filepath.Join(o.root, "bin", "terraform-provider-konnect")
	mockBin := filepath.Join(o.root, "bin", "konnect-mock")
	echoBin := filepath.Join(o.root, "bin", "konnect-bench-echo")
	need := []string{providerBin, mockBin, echoBin}
	for _, c := range o.clis {
		need = append(need, filepath.Join(o.root, ".tools", "bin", c))
	}
	if o.rateLimit > 0 && !slices.Contains(o.clis, "terraform") {
		need = append(need, filepath.Join(o.root, ".tools", "bin", "terraform")) // the rate-limit step's
	}
	for _, f := range need {
		if st, err := os.Stat(f); err != nil || st.Mode()&0o111 == 0 {
			fmt.Fprintf(os.Stderr, "bench: %s is missing; run `make bench` (it builds bin/ and the CLIs first)\n", f)
			return 2
		}
	}
	b.provider, b.echo = providerBin, echoBin

	work, err := os.MkdirTemp("", "konnect-bench-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	b.work = work
	defer func() {
		if rc == 0 && ctx.Err() == nil && !o.keep {
			_ = os.RemoveAll(work)
		} else {
			fmt.Fprintf(os.Stderr, "bench: working directory (configurations, state, CLI logs) kept: %s\n", work)
		}
	}()

	if err := b.setup(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	m, err := startMock(mockBin, o.latency, filepath.Join(work, "mock.stderr.log"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		return 1
	}
	b.mock = m
	defer m.stop()

	started := time.Now()
	b.results = newResults(o)
	fmt.Printf("$ %s\n", strings.Join(append([]string{"go run ./tools/bench"}, os.Args[1:]...), " "))
	fmt.Printf("provider protocol shortcuts: %s (%s)\n", shortcutsSetting(), shortcutsEnv)
	var plan []string
	for _, c := range o.clis {
		plan = append(plan, c+" N="+joinInts(o.runs[c]))
	}
	if len(plan) == 0 {
		plan = []string{"no CLI steps"}
	}
	fmt.Printf("konnect provider benchmark: %s, mock latency %s, %s layout, %d CPUs; logs in %s\n\n",
		strings.Join(plan, ", "), o.latency, o.layout, runtime.NumCPU(), work)
	if len(o.ns) > 0 {
		fmt.Println(splitTable(o.layout, o.ns))
	}

	for _, cli := range o.clis {
		version := cliVersion(filepath.Join(o.root, ".tools", "bin", cli), b.tfrc)
		b.results.CLIVersions[cli] = version
		for _, n := range o.runs[cli] {
			if ctx.Err() != nil {
				break
			}
			r := b.runOne(ctx, cli, n)
			b.results.Runs = append(b.results.Runs, r)
			if r.Error != "" {
				b.failed = true
				fmt.Fprintf(os.Stderr, "bench: %s N=%d failed: %s\n", cli, n, r.Error)
			}
			fmt.Fprintf(os.Stderr, "bench: %s N=%d done (%s)\n", cli, n, time.Since(started).Round(time.Second))
		}
	}
	if o.export > 0 && ctx.Err() == nil {
		b.results.Export = b.runExport(ctx)
		if b.results.Export.Error != "" {
			b.failed = true
			fmt.Fprintf(os.Stderr, "bench: export failed: %s\n", b.results.Export.Error)
		}
	}
	if o.rateLimit > 0 && ctx.Err() == nil {
		b.results.RateLimit = b.runRateLimit(ctx)
		if b.results.RateLimit.Error != "" {
			b.failed = true
			fmt.Fprintf(os.Stderr, "bench: rate-limit step failed: %s\n", b.results.RateLimit.Error)
		}
	}
	b.results.TotalSeconds = time.Since(started).Seconds()
	b.results.Targets = evaluateTargets(b.results.Runs, o.layout)
	if b.results.Export != nil {
		b.results.Targets = append(b.results.Targets, exportTarget(b.results.Export))
	}
	if b.results.RateLimit != nil {
		b.results.Targets = append(b.results.Targets, rateTarget(b.results.RateLimit))
	}

	fmt.Println()
	printReport(os.Stdout, b.results)
	if path, err := writeJSON(o.outDir, b.results); err != nil {
		fmt.Fprintln(os.Stderr, "bench: writing results:", err)
		b.failed = true
	} else {
		fmt.Printf("\nresults: %s\n", path)
	}
	if ctx.Err() != nil {
		return 130
	}
	if b.failed {
		return 1
	}
	if o.strict && anyTargetFailed(b.results.Targets) {
		return 1
	}
	return 0
}

// setup writes the CLI configuration and puts the provider launcher where dev_overrides
// points: a copy of this very program, which behaves as the launcher under that name.
func (b *bench) setup() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	b.wrapDir = filepath.Join(b.work, "provider")
	if err := os.MkdirAll(b.wrapDir, 0o755); err != nil {
		return err
	}
	if err := copyFile(self, filepath.Join(b.wrapDir, "terraform-provider-konnect"), 0o755); err != nil {
		return fmt.Errorf("installing the provider launcher: %w", err)
	}
	b.tfrc = filepath.Join(b.work, "cli.tfrc")
	return os.WriteFile(b.tfrc, []byte(fmt.Sprintf(`provider_installation {
  dev_overrides {
    "konnectguard/konnect" = %q
  }
  direct {}
}
`, b.wrapDir)), 0o644)
}

func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func cliVersion(bin, tfrc string) string {
	cmd := exec.Command(bin, "version")
	cmd.Env = cliEnv("TF_CLI_CONFIG_FILE="+tfrc, "CHECKPOINT_DISABLE=1")
	out, err := cmd.Output()
	if err != nil {
		return "unknown"
	}
	first, _, _ := strings.Cut(string(out), "\n")
	return strings.TrimSpace(first)
}

// runOne runs the five steps against Konnect (the mock) and then against the floor.
func (b *bench) runOne(ctx context.Context, cli string, n int) runResult {
	sp := splitOf(b.opts.layout, n)
	ch := changedOf(sp)
	resources := sp.Total + containers(b.opts.layout) // and the control plane (and the portal)
	r := runResult{CLI: cli, N: n, Objects: sp, Changed: ch, Resources: resources, FloorResources: resources}
	bin := filepath.Join(b.opts.root, ".tools", "bin", cli)
	base := filepath.Join(b.work, fmt.Sprintf("%s-n%d", cli, n))
	kdir, fdir := filepath.Join(base, "konnect"), filepath.Join(base, "floor")
	for _, d := range []string{kdir, fdir, filepath.Join(base, "logs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			r.Error = err.Error()
			return r
		}
	}
	for _, c := range []struct {
		dir     string
		konnect bool
	}{{kdir, true}, {fdir, false}} {
		if err := writeConfig(c.dir, configFiles(b.opts.layout, c.konnect, n, sp)); err != nil {
			r.Error = err.Error()
			return r
		}
		if b.opts.layout == "count" { // the others have a local module
			continue
		}
		// The local module must be installed; `get` installs modules only, so the provider
		// still comes from dev_overrides without `init`. Not timed.
		logPath := filepath.Join(base, "logs", filepath.Base(c.dir)+"-get.log")
		cr, err := runCLI(ctx, b.opts.stepTimeout, bin, c.dir, b.cliEnv(base, "get"), logPath, "get", "-no-color")
		if err == nil {
			err = checkRun(cr, logPath, 0, "")
		}
		if err != nil {
			r.Error = fmt.Sprintf("%s get: %v", filepath.Base(c.dir), err)
			return r
		}
	}
	if err := b.mock.reset(); err != nil {
		r.Error = err.Error()
		return r
	}

	kvars := []string{"-var", fmt.Sprintf("changed_services=%d", ch.Services),
		"-var", fmt.Sprintf("changed_routes=%d", ch.Routes),
		"-var", fmt.Sprintf("changed_plugins=%d", ch.Plugins)}
	if b.opts.layout == "mix" || b.opts.layout == "families" {
		kvars = append(kvars, "-var", fmt.Sprintf("changed_teams=%d", ch.Teams), "-var", fmt.Sprintf("changed_pages=%d", ch.Pages))
	}
	if b.opts.layout == "families" {
		kvars = append(kvars, "-var", fmt.Sprintf("changed_documents=%d", ch.Documents), "-var", fmt.Sprintf("changed_consumers=%d", ch.Consumers),
			"-var", fmt.Sprintf("changed_scopes=%d", ch.Scopes), "-var", fmt.Sprintf("changed_catalog_services=%d", ch.CatalogServices))
	}

	// Each step runs with the provider, then on the floor; the no-change plan, the step the
	// CPU targets are about, runs -repeat times with the provider, with the echo provider
	// and on the floor in turn, so a slow spell of the machine falls on all three alike.
	for _, s := range steps {
		var sr stepResult
		var fr floorStep
		var err error
		if s.Key == "plan-nochange" {
			sr, fr, err = b.interleaved(ctx, cli, n, bin, base, kdir, fdir, s, kvars, resources)
		} else {
			sr, err = b.step(ctx, cli, n, bin, base, kdir, s, kvars, resources, ch.Total, true)
			if err == nil {
				var f stepResult
				f, err = b.step(ctx, cli, n, bin, base, fdir, s, kvars, resources, ch.Total, false)
				if err != nil {
					err = fmt.Errorf("floor: %w", err)
				}
				fr = floorStep{Step: s.Key, Name: s.Name, WallSeconds: f.WallSeconds, WallRuns: f.WallRuns, CPUSeconds: f.CLICPUSeconds}
			}
		}
		if err == nil {
			r.Floor = append(r.Floor, fr)
			sr.FloorSeconds, sr.FloorCPUSeconds = fr.WallSeconds, fr.CPUSeconds
			if fr.CPUSeconds > 0 {
				sr.CPURatio = sr.CLICPUSeconds / fr.CPUSeconds
				if e := sr.Echo; e != nil {
					e.CPURatio = e.CPUSeconds / fr.CPUSeconds
				}
			}
			if fr.WallSeconds > 0 {
				sr.FloorRatio = sr.WallSeconds / fr.WallSeconds
			}
		}
		r.Steps = append(r.Steps, sr)
		if err != nil {
			r.Error = fmt.Sprintf("%s: %v", s.Name, err)
			return r
		}
	}
	return r
}

// oneRun is one CLI command as measured: for the provider's and the echo provider's runs
// also the calls the mock served and the provider processes the launcher recorded.
type oneRun struct {
	cliRun
	log        string // the CLI's output
	calls      calls
	launches   []launch
	unrecorded int
}

// runOnce runs the command of step s in dir once. which is "konnect" (the provider),
// "echo" (the echo provider over the provider's state) or "floor"; rep numbers the runs of
// a repeated step (their launches are recorded apart).
func (b *bench) runOnce(ctx context.Context, cli string, n int, bin, base, dir string, s stepDef, vars []string, resources, changed int, which string, rep int) (oneRun, error) {
	var o oneRun
	name := which + "-" + s.Key
	if rep > 0 {
		name += fmt.Sprintf("-%d", rep)
	}
	logPath := filepath.Join(base, "logs", name+".log")
	o.log = logPath
	args, wantExit, expect := stepArgs(s.Key, vars, resources, changed)
	env := b.cliEnv(base, name)
	if which == "echo" {
		env = append(env, envRealProvider+"="+b.echo) // os/exec keeps the last of a name
	}
	if which != "floor" {
		if err := b.mock.resetCounts(); err != nil {
			return o, err
		}
	}
	fmt.Fprintf(os.Stderr, "bench: %s N=%d %s: %s\n", cli, n, which, s.Name)
	cr, err := runCLI(ctx, b.opts.stepTimeout, bin, dir, env, logPath, args...)
	if err != nil {
		return o, err
	}
	o.cliRun = cr
	if which != "floor" {
		counts, err := b.mock.counts()
		if err != nil {
			return o, err
		}
		o.calls = summarize(counts)
		if o.launches, o.unrecorded, err = readLaunches(filepath.Join(base, "rss", name)); err != nil {
			return o, err
		}
		for _, l := range o.launches {
			o.ProviderCPUSeconds += l.CPUSeconds
		}
	}
	return o, checkRun(cr, logPath, wantExit, expect)
}

// result is the stepResult of a step's runs: wall time the median run's, CPU the median
// run's by CPU (one run alone varies by a fifth on a quiet 2-core machine), the calls,
// RSS and provider CPU those of that same run.
func result(s stepDef, runs []oneRun, changed int) stepResult {
	sr := stepResult{Step: s.Key, Name: s.Name, Kind: s.Kind}
	if s.Key == "apply-plan" || s.Key == "plan-changed" {
		sr.ChangedObjects = changed
	}
	crs := make([]cliRun, len(runs))
	for i, r := range runs {
		crs[i] = r.cliRun
	}
	sr.WallSeconds = medianWall(crs)
	if len(runs) > 1 {
		for _, r := range runs {
			sr.WallRuns = append(sr.WallRuns, r.Wall.Seconds())
			sr.CPURuns = append(sr.CPURuns, r.CPUSeconds)
		}
	}
	med := slices.Clone(runs)
	slices.SortStableFunc(med, func(a, b oneRun) int { return cmp.Compare(a.CPUSeconds, b.CPUSeconds) })
	m := med[(len(med)-1)/2]
	sr.CLICPUSeconds, sr.ProviderCPUSeconds = m.CPUSeconds, m.ProviderCPUSeconds
	sr.Calls, sr.ProviderLaunches, sr.ProviderUnrecorded = m.calls, m.launches, m.unrecorded
	for _, l := range m.launches {
		sr.ProviderPeakRSSKB = max(sr.ProviderPeakRSSKB, l.MaxRSSKB)
	}
	return sr
}

// step runs one CLI command once and measures it, with the provider (konnect) or on the floor.
func (b *bench) step(ctx context.Context, cli string, n int, bin, base, dir string, s stepDef, vars []string, resources, changed int, konnect bool) (stepResult, error) {
	which := "floor"
	if konnect {
		which = "konnect"
	}
	o, err := b.runOnce(ctx, cli, n, bin, base, dir, s, vars, resources, changed, which, 0)
	sr := result(s, []oneRun{o}, changed)
	sr.Log = o.log
	return sr, err
}

// interleaved runs the no-change plan s -repeat times with the provider (over the state in
// kdir), with the echo provider (over the same state) and on the floor (fdir), in turn.
func (b *bench) interleaved(ctx context.Context, cli string, n int, bin, base, kdir, fdir string, s stepDef, vars []string, resources int) (stepResult, floorStep, error) {
	var kr, er, fr []oneRun
	for rep := range max(b.opts.repeat, 1) {
		for _, w := range []struct {
			which, dir string
			into       *[]oneRun
		}{{"konnect", kdir, &kr}, {"echo", kdir, &er}, {"floor", fdir, &fr}} {
			o, err := b.runOnce(ctx, cli, n, bin, base, w.dir, s, vars, resources, 0, w.which, rep)
			if err != nil {
				return stepResult{}, floorStep{}, fmt.Errorf("%s: %w", w.which, err)
			}
			*w.into = append(*w.into, o)
		}
	}
	sr := result(s, kr, 0)
	sr.Log = kr[0].log // the first run's
	e := result(s, er, 0)
	sr.Echo = &echoResult{WallSeconds: e.WallSeconds, WallRuns: e.WallRuns, CPURuns: e.CPURuns,
		CPUSeconds: e.CLICPUSeconds, ProviderCPUSeconds: e.ProviderCPUSeconds, APICalls: e.Calls.Total}
	f := result(s, fr, 0)
	return sr, floorStep{Step: s.Key, Name: s.Name, WallSeconds: f.WallSeconds, WallRuns: f.WallRuns, CPUSeconds: f.CLICPUSeconds}, nil
}

// cliEnv is the environment of one CLI command; the provider launcher records the provider
// processes it starts in base/rss/<name>.
func (b *bench) cliEnv(base, name string) []string {
	rssDir := filepath.Join(base, "rss", name)
	_ = os.MkdirAll(rssDir, 0o755)
	extra := []string{
		"TF_CLI_CONFIG_FILE=" + b.tfrc, "CHECKPOINT_DISABLE=1", "TF_INPUT=0", "TF_IN_AUTOMATION=1",
		"KONNECT_SERVER_URL=" + b.mock.url, "KONNECT_TOKEN=" + mockToken,
		envRealProvider + "=" + b.provider, envRSSDir + "=" + rssDir,
	}
	if b.opts.profileDir != "" {
		extra = append(extra, "KONNECT_PROFILE_DIR="+filepath.Join(b.opts.profileDir, filepath.Base(base)+"-"+name))
	}
	return cliEnv(extra...)
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// medianWall is the median wall time of the runs, in seconds (the lower middle one for an
// even count).
func medianWall(runs []cliRun) float64 {
	w := make([]float64, len(runs))
	for i, r := range runs {
		w[i] = r.Wall.Seconds()
	}
	slices.Sort(w)
	return w[(len(w)-1)/2]
}
