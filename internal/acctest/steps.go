package acctest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// RunSteps runs a test case's steps through the CLI of TF_ACC_TERRAFORM_PATH, with the
// meaning terraform-plugin-testing gives them (resource.Test), for the kinds' rows (#34):
// the same CLI, the provider served from this process for each CLI call as the framework
// serves it (a fresh provider per call, reattached), the same checks, the same errors
// ("Step 3/6, expected an error but got none"), and fewer calls to the CLI:
//
//   - an applied step is one `apply -auto-approve` (plan and apply in one run, as a user
//     types it) and one `plan -detailed-exitcode` after it, which must find nothing to do;
//     the framework makes up to nine (its plan, that plan's text for its log, the plan as
//     JSON, the apply, the state, and two plans after it, each read back as JSON);
//   - a step with pre-apply plan checks is `plan -out`, `show -json` of that plan, the checks
//     (an OutOfBand edit among them), then `apply` of the saved plan: a saved plan applied by
//     another run of the provider, as a pipeline does;
//   - the state a Check reads is the state file's, shimmed as the framework shims it
//     (shimState), with no CLI call; `show -json` runs only for a step's ConfigStateChecks.
//
// What it drops of the framework: the plan without refresh after each apply (the refreshed
// plan, which a user runs next, must be empty), the plan's text for the log, and the
// `version` calls. A step field it does not implement fails the test (unsupported): a row
// gains such a step only with the runner taught its meaning.
//
// Without TF_ACC it skips, as resource.Test does.
func RunSteps(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error), steps []resource.TestStep) {
	t.Helper()
	if os.Getenv(resource.EnvTfAcc) == "" {
		t.Skipf("Acceptance tests skipped unless env '%s' set", resource.EnvTfAcc)
	}
	if err := StepsFailure(t, factories, steps); err != nil {
		t.Fatal(err)
	}
}

// StepsFailure runs steps as RunSteps does and returns the failure RunSteps would report, or
// nil: for the runner's own tests (TestAccRunStepsFails, internal/gateway).
func StepsFailure(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error), steps []resource.TestStep) error {
	t.Helper()
	return caseFailure(t, resource.TestCase{ProtoV6ProviderFactories: factories, Steps: steps})
}

// Test runs a test case as resource.Test would, through the runner of RunSteps. A test case
// holds only provider factories, steps, ErrorCheck, CheckDestroy and the CLI option
// Plan.NoRefresh (caseFailure says which other field it met).
func Test(t *testing.T, tc resource.TestCase) {
	t.Helper()
	if os.Getenv(resource.EnvTfAcc) == "" {
		t.Skipf("Acceptance tests skipped unless env '%s' set", resource.EnvTfAcc)
	}
	if err := caseFailure(t, tc); err != nil {
		t.Fatal(err)
	}
}

// ParallelTest is Test beside the package's other parallel tests, as resource.ParallelTest.
func ParallelTest(t *testing.T, tc resource.TestCase) {
	t.Helper()
	t.Parallel()
	Test(t, tc)
}

func caseFailure(t *testing.T, tc resource.TestCase) error {
	t.Helper()
	v := reflect.ValueOf(tc)
	for i := 0; i < v.NumField(); i++ {
		switch name := v.Type().Field(i).Name; name {
		case "ProtoV6ProviderFactories", "Steps", "CheckDestroy", "ErrorCheck":
		case "AdditionalCLIOptions":
			if o := tc.AdditionalCLIOptions; o != nil && (o.Plan.AllowDeferral || o.Apply.AllowDeferral) {
				return errors.New("acctest.Test does not implement deferral (AdditionalCLIOptions)")
			}
		default:
			if !v.Field(i).IsZero() {
				return fmt.Errorf("acctest.Test does not implement TestCase.%s", name)
			}
		}
	}
	factories, steps := tc.ProtoV6ProviderFactories, tc.Steps
	for i, st := range steps {
		if f := unsupported(st); f != "" {
			return fmt.Errorf("step %d/%d: acctest.RunSteps does not implement TestStep.%s", i+1, len(steps), f)
		}
	}
	r := newStepRunner(t, factories)
	r.noRefresh = tc.AdditionalCLIOptions != nil && tc.AdditionalCLIOptions.Plan.NoRefresh
	if out, err := r.cli(r.dir, "init", "-no-color", "-input=false"); err != nil {
		return fmt.Errorf("init: %w\n%s", err, out)
	}
	for i, st := range steps {
		if st.PreConfig != nil {
			st.PreConfig()
		}
		err := r.step(st)
		if st.ExpectError == nil && err != nil && tc.ErrorCheck != nil {
			err = tc.ErrorCheck(err)
		}
		switch {
		case st.ExpectError == nil && err != nil:
			return fmt.Errorf("step %d/%d error: %w", i+1, len(steps), err)
		case st.ExpectError != nil && err == nil:
			return fmt.Errorf("step %d/%d, expected an error but got none", i+1, len(steps))
		case st.ExpectError != nil && !st.ExpectError.MatchString(err.Error()):
			return fmt.Errorf("step %d/%d, expected an error with pattern, no match on: %w", i+1, len(steps), err)
		}
	}
	// The framework's last step: what the steps left destroyed, with the last configuration
	// and without refresh, then CheckDestroy with the state before it.
	before, err := r.state(r.dir)
	if err != nil {
		return err
	}
	if len(before.RootModule().Resources) > 0 || len(before.RootModule().Outputs) > 0 {
		if out, err := r.cli(r.dir, "destroy", "-auto-approve", "-no-color", "-input=false", "-refresh=false"); err != nil {
			return fmt.Errorf("error running post-test destroy, there may be dangling resources: %w\n%s", err, out)
		}
	}
	if tc.CheckDestroy != nil {
		return tc.CheckDestroy(before)
	}
	return nil
}

// unsupported names the first field of st that RunSteps does not implement, or "".
func unsupported(st resource.TestStep) string {
	known := map[string]bool{
		"PreConfig": true, "Config": true, "ConfigPlanChecks": true, "ExpectError": true, "Destroy": true,
		"PlanOnly": true, "ExpectNonEmptyPlan": true, "Check": true, "ConfigStateChecks": true,
		"ResourceName": true, "ImportState": true, "ImportStateIdFunc": true, "ImportStateId": true,
		"ImportStateVerify": true, "ImportStateVerifyIgnore": true, "ImportStatePersist": true, "ImportStateKind": true,
		"ImportStateCheck": true, "RefreshState": true, "ConfigVariables": true,
	}
	v := reflect.ValueOf(st)
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		if !known[name] && !v.Field(i).IsZero() {
			return name
		}
	}
	if st.ImportStateKind != resource.ImportCommandWithID && st.ImportStateKind != resource.ImportBlockWithID {
		return "ImportStateKind"
	}
	return ""
}

// stepRunner is one test case's working directory and provider.
type stepRunner struct {
	t         *testing.T
	cliPath   string
	dir       string
	env       []string
	factories map[string]func() (tfprotov6.ProviderServer, error)
	config    string // the last step's configuration
	noRefresh bool   // every plan with -refresh=false (AdditionalCLIOptions.Plan.NoRefresh)
}

// planArgs are the arguments of a plan (or of an apply that plans) of a step.
func (r *stepRunner) planArgs(args ...string) []string {
	args = append(args, "-no-color", "-input=false")
	if r.noRefresh {
		args = append(args, "-refresh=false")
	}
	return args
}

func newStepRunner(t *testing.T, factories map[string]func() (tfprotov6.ProviderServer, error)) *stepRunner {
	t.Helper()
	cli := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if cli == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH is not set: run `make testacc CLI=terraform` (or CLI=tofu)")
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "TF_VAR_") || k == "TF_REATTACH_PROVIDERS" || k == "TF_LOG" || k == "TF_LOG_PATH" {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_DISABLE_PLUGIN_TLS=1", "TF_SKIP_PROVIDER_VERIFY=1")
	return &stepRunner{t: t, cliPath: cli, dir: t.TempDir(), env: env, factories: factories}
}

// reattachConfig is an entry of TF_REATTACH_PROVIDERS.
type reattachConfig struct {
	Protocol        string
	ProtocolVersion int
	Pid             int
	Test            bool
	Addr            struct{ Network, String string }
}

// providerAddress is the provider's source address for the CLI, as terraform-plugin-testing
// gives it (TF_ACC_PROVIDER_HOST and TF_ACC_PROVIDER_NAMESPACE for OpenTofu).
func providerAddress(name string) string {
	host, ns := "registry.terraform.io", "hashicorp"
	if v := os.Getenv(resource.EnvTfAccProviderHost); v != "" {
		host = v
	}
	if v := os.Getenv(resource.EnvTfAccProviderNamespace); v != "" {
		ns = v
	}
	return host + "/" + ns + "/" + name
}

// cli runs the CLI in dir with each provider served from this process for the length of the
// call, a fresh instance per call as the CLI starts a fresh provider process per command. It
// returns stdout, and an error holding stderr when the CLI fails (exit status 2 of a plan
// with -detailed-exitcode is no failure: see plan).
func (r *stepRunner) cli(dir string, args ...string) (string, error) {
	out, code, err := r.run(dir, args...)
	if err == nil && code != 0 {
		err = fmt.Errorf("exit status %d", code)
	}
	return out, err
}

func (r *stepRunner) run(dir string, args ...string) (string, int, error) {
	ctx, cancel := context.WithCancel(context.Background())
	reattach := map[string]reattachConfig{}
	var closed []chan struct{}
	defer func() {
		cancel()
		for _, c := range closed {
			<-c
		}
	}()
	for name, factory := range r.factories {
		srv, err := factory()
		if err != nil {
			return "", 0, err
		}
		name = strings.TrimPrefix(name, "terraform-provider-")
		addr := providerAddress(name)
		cfgCh, closeCh, errCh := make(chan *plugin.ReattachConfig), make(chan struct{}), make(chan error, 1)
		go func() {
			errCh <- tf6server.Serve(addr, func() tfprotov6.ProviderServer { return srv },
				tf6server.WithDebug(ctx, cfgCh, closeCh), tf6server.WithGoPluginLogger(hclog.NewNullLogger()),
				tf6server.WithLoggingSink(r.t), tf6server.WithoutLogStderrOverride())
		}()
		select {
		case c := <-cfgCh:
			closed = append(closed, closeCh)
			rc := reattachConfig{Protocol: string(c.Protocol), ProtocolVersion: c.ProtocolVersion, Pid: c.Pid, Test: c.Test}
			rc.Addr.Network, rc.Addr.String = c.Addr.Network(), c.Addr.String()
			reattach[addr] = rc
		case err := <-errCh:
			return "", 0, fmt.Errorf("serving %s: %v", addr, err)
		}
	}
	ra, err := json.Marshal(reattach)
	if err != nil {
		return "", 0, err
	}
	cmd := exec.Command(r.cliPath, args...)
	cmd.Dir = dir
	cmd.Env = append(append([]string(nil), r.env...), "TF_REATTACH_PROVIDERS="+string(ra))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.String(), 0, nil
	case errors.As(err, &exit) && (exit.ExitCode() == 2 && slices.Contains(args, "-detailed-exitcode")):
		return stdout.String(), 2, nil
	case errors.As(err, &exit):
		// As terraform-plugin-testing words it: the status, then the CLI's error output.
		return stdout.String(), exit.ExitCode(), fmt.Errorf("exit status %d\n\n%s", exit.ExitCode(), strings.TrimLeft(stderr.String(), "\n"))
	}
	return stdout.String(), 0, fmt.Errorf("%s %s: %w", filepath.Base(r.cliPath), args[0], err)
}

// configFile is the configuration's file, named as terraform-plugin-testing names it: the
// CLI's diagnostics name it, and tests compare them whole.
const configFile = "terraform_plugin_test.tf"

func (r *stepRunner) write(dir, config string) error {
	return os.WriteFile(filepath.Join(dir, configFile), []byte(config), 0o644)
}

// step runs one step; its error is what ExpectError is matched against.
func (r *stepRunner) step(st resource.TestStep) error {
	if st.ImportState {
		return r.importStep(st)
	}
	if st.RefreshState {
		return r.refreshStep(st)
	}
	if st.Config == "" {
		return errors.New("a step without configuration")
	}
	r.config = st.Config
	if err := r.write(r.dir, st.Config); err != nil {
		return err
	}
	vars := filepath.Join(r.dir, "terraform-plugin-testing.auto.tfvars.json")
	if err := os.Remove(vars); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if st.ConfigVariables != nil {
		if err := st.ConfigVariables.Write(r.dir); err != nil {
			return err
		}
	}
	ctx := context.Background()
	if !st.PlanOnly {
		var before *terraform.State
		if st.Check != nil && st.Destroy {
			s, err := r.state(r.dir)
			if err != nil {
				return err
			}
			before = s
		}
		destroy := []string{}
		if st.Destroy {
			destroy = []string{"-destroy"}
		}
		if len(st.ConfigPlanChecks.PreApply) > 0 {
			if _, err := r.cli(r.dir, append(r.planArgs("plan", "-out=tfplan"), destroy...)...); err != nil {
				return fmt.Errorf("error running pre-apply plan: %w", err)
			}
			plan, err := r.showPlan()
			if err != nil {
				return err
			}
			if err := planChecks(ctx, plan, st.ConfigPlanChecks.PreApply); err != nil {
				return fmt.Errorf("pre-apply plan check(s) failed:\n%w", err)
			}
			if _, err := r.cli(r.dir, "apply", "-no-color", "-input=false", "tfplan"); err != nil {
				return fmt.Errorf("error running apply: %w", err)
			}
		} else if _, err := r.cli(r.dir, append(r.planArgs("apply", "-auto-approve"), destroy...)...); err != nil {
			return fmt.Errorf("error running apply: %w", err)
		}
		if st.Check != nil {
			s := before
			if s == nil {
				var err error
				if s, err = r.state(r.dir); err != nil {
					return err
				}
			}
			if err := st.Check(s); err != nil {
				return fmt.Errorf("check failed: %w", err)
			}
		}
		if len(st.ConfigStateChecks) > 0 {
			out, err := r.cli(r.dir, "show", "-json", "-no-color")
			if err != nil {
				return err
			}
			var state tfjson.State
			state.UseJSONNumber(true) // as terraform-plugin-testing reads it
			if err := json.Unmarshal([]byte(out), &state); err != nil {
				return err
			}
			var errs []error
			for _, c := range st.ConfigStateChecks {
				var resp statecheck.CheckStateResponse
				c.CheckState(ctx, statecheck.CheckStateRequest{State: &state}, &resp)
				errs = append(errs, resp.Error)
			}
			if err := errors.Join(errs...); err != nil {
				return fmt.Errorf("post-apply refresh state check(s) failed:\n%w", err)
			}
		}
		if st.Destroy {
			// Nothing is left to plan: a destroy that succeeded leaves no state.
			return nil
		}
	}
	if pre := st.ConfigPlanChecks.PostApplyPreRefresh; len(pre) > 0 {
		// The plan without refresh, only for a step that checks it.
		out, code, err := r.run(r.dir, "plan", "-no-color", "-input=false", "-refresh=false", "-detailed-exitcode", "-out=tfplan")
		if err != nil {
			return fmt.Errorf("error running post-apply non-refresh plan: %w", err)
		}
		plan, err := r.showPlan()
		if err != nil {
			return err
		}
		if err := planChecks(ctx, plan, pre); err != nil {
			return fmt.Errorf("post-apply, pre-refresh plan check(s) failed:\n%w", err)
		}
		if code == 2 && !st.ExpectNonEmptyPlan {
			return fmt.Errorf("after applying this test step, the non-refresh plan was not empty.\nstdout:\n\n%s", out)
		}
	}
	// The plan a user runs next: refreshed, and empty unless the step expects changes.
	args := r.planArgs("plan", "-detailed-exitcode")
	post := st.ConfigPlanChecks.PostApplyPostRefresh
	if len(post) > 0 {
		args = append(args, "-out=tfplan")
	}
	out, code, err := r.run(r.dir, args...)
	if err != nil {
		if st.PlanOnly {
			return fmt.Errorf("error running plan: %w", err)
		}
		return fmt.Errorf("error running post-apply plan: %w", err)
	}
	if len(post) > 0 {
		plan, err := r.showPlan()
		if err != nil {
			return err
		}
		if err := planChecks(ctx, plan, post); err != nil {
			return fmt.Errorf("post-apply refresh plan check(s) failed:\n%w", err)
		}
	}
	switch {
	case code == 2 && !st.ExpectNonEmptyPlan:
		return fmt.Errorf("after applying this test step, the refresh plan was not empty.\nstdout\n\n%s", out)
	case code == 0 && st.ExpectNonEmptyPlan:
		return errors.New("expected a non-empty plan, but got an empty refresh plan")
	}
	return nil
}

// refreshStep is a RefreshState step: `refresh`, the step's Check on the refreshed state, and a
// plan that must be empty unless the step expects changes.
func (r *stepRunner) refreshStep(st resource.TestStep) error {
	if _, err := r.cli(r.dir, "refresh", "-no-color", "-input=false"); err != nil {
		return err
	}
	if st.Check != nil {
		s, err := r.state(r.dir)
		if err != nil {
			return err
		}
		if err := st.Check(s); err != nil {
			return err
		}
	}
	out, code, err := r.run(r.dir, "plan", "-no-color", "-input=false", "-detailed-exitcode")
	if err != nil {
		return fmt.Errorf("error running post-refresh plan: %w", err)
	}
	if code == 2 && !st.ExpectNonEmptyPlan {
		return fmt.Errorf("after refreshing state during this test step, a followup plan was not empty.\nstdout:\n\n%s", out)
	}
	return nil
}

func planChecks(ctx context.Context, plan *tfjson.Plan, checks []plancheck.PlanCheck) error {
	var errs []error
	for _, c := range checks {
		var resp plancheck.CheckPlanResponse
		c.CheckPlan(ctx, plancheck.CheckPlanRequest{Plan: plan}, &resp)
		errs = append(errs, resp.Error)
	}
	return errors.Join(errs...)
}

func (r *stepRunner) showPlan() (*tfjson.Plan, error) {
	return r.showPlanIn(r.dir)
}

func (r *stepRunner) showPlanIn(dir string) (*tfjson.Plan, error) {
	out, err := r.cli(dir, "show", "-json", "-no-color", "tfplan")
	if err != nil {
		return nil, fmt.Errorf("error retrieving plan: %w", err)
	}
	var plan tfjson.Plan
	plan.UseJSONNumber(true) // as terraform-plugin-testing reads it
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		return nil, err
	}
	return &plan, nil
}

// importStep imports ResourceName: in the working directory with ImportStatePersist, else
// in a directory of its own holding a copy of the state (for an import block, without the
// resource), as terraform-plugin-testing does; ImportStateVerify compares the imported
// attributes with the state's (importVerify).
func (r *stepRunner) importStep(st resource.TestStep) error {
	state, err := r.state(r.dir)
	if err != nil {
		return err
	}
	var id string
	switch {
	case st.ImportStateIdFunc != nil:
		if id, err = st.ImportStateIdFunc(state); err != nil {
			return err
		}
	case st.ImportStateId != "":
		id = st.ImportStateId
	default:
		rs, ok := state.RootModule().Resources[st.ResourceName]
		if !ok {
			return fmt.Errorf("%s not in state", st.ResourceName)
		}
		id = rs.Primary.ID
	}
	config := st.Config
	if config == "" {
		config = r.config
	}
	if config == "" {
		return errors.New("cannot import state with no specified config")
	}
	block := st.ImportStateKind == resource.ImportBlockWithID
	if block {
		config += fmt.Sprintf("\nimport {\n  to = %s\n  id = %q\n}\n", st.ResourceName, id)
	}
	dir := r.dir
	if !st.ImportStatePersist {
		dir = filepath.Join(r.t.TempDir(), "import")
		if err := os.Mkdir(dir, 0o755); err != nil {
			return err
		}
		if block {
			if err := copyStateWithout(filepath.Join(r.dir, "terraform.tfstate"), filepath.Join(dir, "terraform.tfstate"), st.ResourceName); err != nil {
				return err
			}
		}
		if _, err := r.cli(dir, "init", "-no-color", "-input=false"); err != nil {
			return fmt.Errorf("error running init: %w", err)
		}
	}
	if err := r.write(dir, config); err != nil {
		return err
	}
	if st.ImportStatePersist {
		defer func() { _ = r.write(r.dir, r.config) }()
	}
	if block {
		if _, err := r.cli(dir, "plan", "-no-color", "-input=false", "-out=tfplan"); err != nil {
			return fmt.Errorf("generating plan with import config: %w", err)
		}
		plan, err := r.showPlanIn(dir)
		if err != nil {
			return err
		}
		for _, rc := range plan.ResourceChanges {
			if rc.Address != st.ResourceName || rc.Change == nil {
				continue
			}
			switch {
			case rc.Change.Importing == nil:
				return fmt.Errorf("importing resource %s: expected an import operation, got %q action", rc.Address, rc.Change.Actions)
			case !rc.Change.Actions.NoOp():
				return fmt.Errorf("importing resource %s: expected a no-op import operation, got %q action", rc.Address, rc.Change.Actions)
			}
			return nil
		}
		return fmt.Errorf("importing resource %s: expected a resource change, got no changes", st.ResourceName)
	}
	if _, err := r.cli(dir, "import", "-no-color", "-input=false", st.ResourceName, id); err != nil {
		return err
	}
	imported, err := r.state(dir)
	if err != nil {
		return err
	}
	if st.ImportStateCheck != nil {
		// What was imported, each with its type, as terraform-plugin-testing hands it over.
		var states []*terraform.InstanceState
		for address, rs := range imported.RootModule().Resources {
			if strings.HasPrefix(address, "data.") || rs.Primary == nil {
				continue
			}
			rs.Primary.Ephemeral.Type = rs.Type // (the imported state is this step's own)
			states = append(states, rs.Primary)
		}
		if err := st.ImportStateCheck(states); err != nil {
			return err
		}
	}
	if !st.ImportStateVerify {
		return nil
	}
	return importVerify(imported, state, st.ResourceName, st.ImportStateVerifyIgnore)
}

// importVerify is ImportStateVerify: the imported resource's attributes equal those of the
// resource with its id in state, empty collections and the ignored prefixes aside.
func importVerify(imported, state *terraform.State, address string, ignore []string) error {
	newR, ok := imported.RootModule().Resources[address]
	if !ok {
		return fmt.Errorf("ImportStateVerify: %s was not imported", address)
	}
	oldR, ok := state.RootModule().Resources[address]
	if !ok || oldR.Primary.Attributes["id"] != newR.Primary.Attributes["id"] {
		return fmt.Errorf("failed state verification, resource with ID %s not found", newR.Primary.Attributes["id"])
	}
	clean := func(m map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			if (strings.HasSuffix(k, ".#") || strings.HasSuffix(k, ".%")) && v == "0" {
				continue
			}
			drop := false
			for _, p := range ignore {
				drop = drop || strings.HasPrefix(k, p)
			}
			if !drop {
				out[k] = v
			}
		}
		return out
	}
	actual, expected := clean(newR.Primary.Attributes), clean(oldR.Primary.Attributes)
	if reflect.DeepEqual(actual, expected) {
		return nil
	}
	var diff []string
	for k, v := range expected {
		if actual[k] != v {
			diff = append(diff, fmt.Sprintf("  %s: state %q, imported %q", k, v, actual[k]))
		}
	}
	for k, v := range actual {
		if _, ok := expected[k]; !ok {
			diff = append(diff, fmt.Sprintf("  %s: state none, imported %q", k, v))
		}
	}
	return fmt.Errorf("ImportStateVerify: the imported attributes differ from the state's:\n%s", strings.Join(diff, "\n"))
}

// stateFile is the part of a state file (format 4) RunSteps reads.
type stateFile struct {
	Outputs map[string]struct {
		Value     any  `json:"value"`
		Sensitive bool `json:"sensitive"`
	} `json:"outputs"`
	Resources []struct {
		Module    string `json:"module"`
		Mode      string `json:"mode"`
		Type      string `json:"type"`
		Name      string `json:"name"`
		Provider  string `json:"provider"`
		Instances []struct {
			IndexKey      any            `json:"index_key"`
			SchemaVersion int            `json:"schema_version"`
			Attributes    map[string]any `json:"attributes"`
			Dependencies  []string       `json:"dependencies"`
		} `json:"instances"`
	} `json:"resources"`
}

// state is the state file of dir as the framework hands it to a Check: each managed
// resource's attributes flattened (`tags.#`, `tags.0`, `labels.%`, …), null values left out,
// numbers as JSON wrote them; an empty state when there is no file yet.
func (r *stepRunner) state(dir string) (*terraform.State, error) {
	s := terraform.NewState() //nolint:staticcheck // the framework's Check takes this type
	b, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	var f stateFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("state file: %w", err)
	}
	for name, o := range f.Outputs {
		s.RootModule().Outputs[name] = shimOutput(o.Value, o.Sensitive)
	}
	for _, res := range f.Resources {
		if res.Module != "" {
			return nil, fmt.Errorf("modules are not supported: %s.%s.%s", res.Module, res.Type, res.Name)
		}
		for _, inst := range res.Instances {
			key := res.Type + "." + res.Name
			if res.Mode == "data" {
				key = "data." + key
			}
			if inst.IndexKey != nil {
				key += "." + fmt.Sprint(inst.IndexKey)
			}
			attrs := map[string]string{}
			flatten(attrs, "", inst.Attributes)
			id, ok := attrs["id"]
			if !ok {
				id = "id-attribute-not-set"
			}
			s.RootModule().Resources[key] = &terraform.ResourceState{
				Type: res.Type, Provider: strings.TrimSuffix(strings.TrimPrefix(res.Provider, `provider["`), `"]`),
				Dependencies: inst.Dependencies,
				Primary: &terraform.InstanceState{ID: id, Attributes: attrs,
					Meta: map[string]any{"schema_version": inst.SchemaVersion}},
			}
		}
	}
	return s, nil
}

// shimOutput is an output as the framework's state shim gives it to a Check: a string, a
// bool or a number as a string; a list or a map as it is.
func shimOutput(v any, sensitive bool) *terraform.OutputState {
	o := &terraform.OutputState{Sensitive: sensitive, Type: "string", Value: v}
	switch x := v.(type) {
	case bool:
		o.Value = strconv.FormatBool(x)
	case json.Number:
		o.Value = x.String()
	case []any:
		o.Type = "list"
	case map[string]any:
		o.Type = "map"
	}
	return o
}

// flatten adds v at key to m as the framework's state shim does.
func flatten(m map[string]string, key string, v any) {
	join := func(k string) string {
		if key == "" {
			return k
		}
		return key + "." + k
	}
	switch x := v.(type) {
	case nil:
	case bool:
		m[key] = strconv.FormatBool(x)
	case json.Number:
		m[key] = x.String()
	case string:
		m[key] = x
	case map[string]any:
		for k, e := range x {
			flatten(m, join(k), e)
		}
		m[join("%")] = strconv.Itoa(len(x))
	case []any:
		for i, e := range x {
			flatten(m, join(strconv.Itoa(i)), e)
		}
		m[join("#")] = strconv.Itoa(len(x))
	}
}

// copyStateWithout copies the state file from to to, without the resource at address (an
// import block's plan must find it absent).
func copyStateWithout(from, to, address string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	var doc map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return err
	}
	res, _ := doc["resources"].([]any)
	var kept []any
	for _, e := range res {
		m, _ := e.(map[string]any)
		if m["mode"] == "managed" && fmt.Sprint(m["type"], ".", m["name"]) == address {
			continue
		}
		kept = append(kept, e)
	}
	doc["resources"] = kept
	out, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	return os.WriteFile(to, out, 0o644)
}
