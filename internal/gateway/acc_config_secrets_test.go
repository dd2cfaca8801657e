package gateway_test

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// config_secrets and config_secrets_wo (config_secrets.go), with a real CLI the way a user
// runs it (cliRun, acc_secrets_test.go): the CLI's output, the state file, saved plans and
// TF_LOG=DEBUG log files are read as they are on disk.

// csKind is one kind with a JSON config and a secret in it.
type csKind struct {
	typ, name string // resource type and name: <typ>.<name>
	// block is the resource body: config (an HCL expression, or "" for none) and extra lines
	// (config_secrets, ...).
	block func(config, extra string) string
	// config returns the config with its non-secret key at one of two values.
	config func(i int) string
	// secret is the path of the secret inside config, its HCL for a config_secrets document
	// holding expr, and how it shows in a conflict.
	secret     []string
	secretHCL  func(expr string) string
	otherKey   string // a non-secret key config sets, dotted, and its two values
	otherVals  [2]any
	path       func(e *acctest.Env) string
	conflictAt string // the conflict line's name: config_secrets.<path>
}

func csKinds() map[string]csKind {
	return map[string]csKind{
		"plugin": {typ: "konnect_gateway_plugin", name: "limit",
			block: func(config, extra string) string {
				s := "  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"rate-limiting\"\n  instance_name = \"limit\"\n"
				if config != "" {
					s += "  config = " + config + "\n"
				}
				return s + extra
			},
			config: func(i int) string {
				return fmt.Sprintf(`jsonencode({ minute = %d, policy = "redis", redis = { host = "redis.internal" } })`, []int{10, 11}[i])
			},
			secret:    []string{"redis", "password"},
			secretHCL: func(expr string) string { return "jsonencode({ redis = { password = " + expr + " } })" },
			otherKey:  "minute", otherVals: [2]any{10.0, 11.0},
			path:       func(e *acctest.Env) string { return e.CorePath("secrets", "plugins", "limit") },
			conflictAt: "config_secrets.redis.password"},
		"partial": {typ: "konnect_gateway_partial", name: "redis",
			block: func(config, extra string) string {
				return "  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"shared-redis\"\n  type = \"redis-ee\"\n  config = " + config + "\n" + extra
			},
			config: func(i int) string {
				return fmt.Sprintf(`jsonencode({ host = "redis.internal", port = %d })`, []int{6379, 6380}[i])
			},
			secret:    []string{"password"},
			secretHCL: func(expr string) string { return "jsonencode({ password = " + expr + " })" },
			otherKey:  "port", otherVals: [2]any{6379.0, 6380.0},
			path:       func(e *acctest.Env) string { return e.CorePath("secrets", "partials", "shared-redis") },
			conflictAt: "config_secrets.password"},
		"vault": {typ: "konnect_gateway_vault", name: "hcv",
			block: func(config, extra string) string {
				return "  control_plane_id = konnect_gateway_control_plane.cp.id\n  name = \"hcv\"\n  prefix = \"corp-vault\"\n  config = " + config + "\n" + extra
			},
			config: func(i int) string {
				return fmt.Sprintf(`jsonencode({ host = "vault.internal", mount = "%s" })`, []string{"secret", "kv"}[i])
			},
			secret:    []string{"token"},
			secretHCL: func(expr string) string { return "jsonencode({ token = " + expr + " })" },
			otherKey:  "mount", otherVals: [2]any{"secret", "kv"},
			path:       func(e *acctest.Env) string { return e.CorePath("secrets", "vaults", "corp-vault") },
			conflictAt: "config_secrets.token"},
	}
}

// csConfig is a whole configuration: the control plane and one resource of the kind, with
// a sensitive variable "pw" (ephemeral when asked: OpenTofu 1.11+, Terraform 1.10+).
func csConfig(e *acctest.Env, k csKind, config, extra string, ephemeral bool) string {
	eph := ""
	if ephemeral {
		eph = "  ephemeral = true\n"
	}
	return `terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}

variable "pw" {
  type      = string
  sensitive = true
` + eph + `}

` + e.ProviderBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "secrets"
}

resource "` + k.typ + `" "` + k.name + `" {
` + k.block(config, extra) + `}
`
}

// csSecretAt is the value Konnect holds at the secret's path.
func csSecretAt(obj konnect.Object, p []string) any {
	cfg, _ := obj["config"].(map[string]any)
	return engine.ValueAt(cfg, p)
}

// csState reads the resource's attributes and private state from a state file.
func csState(t *testing.T, dir, typ string) (map[string]any, string, string) {
	t.Helper()
	raw, instances := acctest.ReadStateFile(t, filepath.Join(dir, "terraform.tfstate"))
	var found []acctest.StateInstance
	for _, in := range instances {
		if in.Type == typ {
			found = append(found, in)
		}
	}
	if len(found) == 1 {
		return found[0].Attributes, string(found[0].Private), string(raw)
	}
	t.Fatalf("no %s in state", typ)
	return nil, "", ""
}

// noneOf fails when text shows any of the secrets.
func noneOf(t *testing.T, what, text string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if i := strings.Index(text, s); i >= 0 {
			t.Errorf("%s shows a secret: …%s…", what, text[max(0, i-200):min(len(text), i+60)])
		}
	}
}

// The plugin's whole life with config_secrets, Terraform 1.5.7 and OpenTofu alike: a redis
// password from a sensitive variable in config_secrets reaches Konnect and never config; a
// saved plan goes stale when someone changes it in Konnect; the next plan is a conflict that
// names config_secrets.redis.password and shows neither password, also in a TF_LOG=DEBUG log
// (the CLI's own drift line included: config does not hold the password, and
// config_secrets is sensitive); the overwrite policy writes it back; a destroy over a
// password changed in Konnect is refused; removing config_secrets resets it to Konnect's
// default.
func TestAccConfigSecretsPlugin(t *testing.T) { csScenario(t, "plugin", true) }

// The same life for a partial and a vault (a partial's and a vault's update replaces the
// whole config: the secret must be sent again with every write).
func TestAccConfigSecretsPartial(t *testing.T) { csScenario(t, "partial", false) }
func TestAccConfigSecretsVault(t *testing.T)   { csScenario(t, "vault", false) }

func csScenario(t *testing.T, kind string, full bool) {
	t.Parallel()
	k := csKinds()[kind]
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	const oldPW, newPW = "Old-Cs-Pa55-8e1f0a", "New-Cs-Pa55-3b7c92"
	vars := []string{"TF_VAR_pw=" + oldPW}
	secrets := k.secretHCL("var.pw")
	write := func(i int, extra string) {
		cli.Write(csConfig(env, k, k.config(i), extra, false))
	}
	run := func(extraEnv []string, args ...string) (string, int) {
		t.Helper()
		out, code := cli.Run(append(append([]string(nil), vars...), extraEnv...), args...)
		noneOf(t, strings.Join(args[:1], " ")+" output", out, oldPW, newPW)
		return out, code
	}
	holds := func(what string, want any) {
		t.Helper()
		obj := env.Get(k.path(env))
		if obj == nil {
			t.Fatalf("%s: %s not in Konnect", what, k.typ)
		}
		if got := csSecretAt(obj, k.secret); got != want {
			same := "a different value"
			if got == nil {
				same = "no value"
			}
			t.Errorf("%s: Konnect holds %s at config.%s, not the expected one", what, same, strings.Join(k.secret, ".")) // values not printed
		}
	}
	stateCheck := func(what string) map[string]any {
		t.Helper()
		attrs, _, _ := csState(t, cli.Dir, k.typ)
		cfg, _ := attrs["config"].(string)
		noneOf(t, what+": state config", cfg, oldPW, newPW)
		if strings.Contains(cfg, `"`+k.secret[len(k.secret)-1]+`"`) {
			t.Errorf("%s: state config holds the key %s: %s", what, k.secret[len(k.secret)-1], cfg)
		}
		return attrs
	}

	// Create.
	write(0, "  config_secrets = "+secrets+"\n")
	out, code := run(nil, "apply", "-auto-approve", "-input=false", "-no-color")
	if code != 0 {
		t.Fatalf("apply: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "A secret is written in config") {
		t.Errorf("the warning about a secret in config, for config_secrets:\n%s", out)
	}
	holds("after create", oldPW)
	attrs := stateCheck("after create")
	if s, _ := attrs["config_secrets"].(string); !strings.Contains(s, oldPW) {
		t.Errorf("state config_secrets does not hold the password Terraform wrote") // values not printed
	}
	if out, code = run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Fatalf("plan after create: exit %d, want 0 (no changes)\n%s", code, out)
	}

	// A saved plan that changes another key; someone changes the secret in Konnect; the
	// apply of the saved plan writes nothing.
	write(1, "  config_secrets = "+secrets+"\n")
	if out, code = run(nil, "plan", "-out=cs.tfplan", "-input=false", "-no-color", "-detailed-exitcode"); code != 2 {
		t.Fatalf("plan -out: exit %d, want 2\n%s", code, out)
	}
	env.Edit(k.path(env), func(b konnect.Object) {
		cfg := b["config"].(map[string]any)
		if len(k.secret) == 2 {
			cfg = cfg[k.secret[0]].(map[string]any)
		}
		cfg[k.secret[len(k.secret)-1]] = newPW
	})
	out, code = run(nil, "apply", "-input=false", "-no-color", "cs.tfplan")
	if code != 1 || !staleDiagFor(k.typ).MatchString(acctest.Flat(out)) {
		t.Fatalf("apply of a stale saved plan: exit %d, want 1 and the stale-plan error\n%s", code, out)
	}
	holds("after the stale apply", newPW)
	acctest.WantField(t, "after the stale apply", env.Get(k.path(env))["config"].(map[string]any), k.otherKey, k.otherVals[0])

	// The next plan: a conflict on the secret, shown without either value.
	conflict := regexp.MustCompile(regexp.QuoteMeta(k.conflictAt) + `\s+last applied: \(a\s+secret\)\s+in Konnect now: \(a\s+different\s+secret\)\s+planned: \((?:the\s+same\s+secret\s+as\s+before|another\s+secret|the\s+secret\s+in\s+configuration,\s+sent\s+again)\)`)
	out, code = run(nil, "plan", "-input=false", "-no-color")
	if code != 1 || !strings.Contains(out, "Applying this plan would overwrite changes made in Konnect") || !conflict.MatchString(acctest.Flat(out)) {
		t.Fatalf("plan over the secret changed in Konnect: exit %d, want 1 and a conflict on %s\n%s", code, k.conflictAt, out)
	}
	if full {
		// The same plan with TF_LOG=DEBUG: no line of the log file shows either password,
		// the CLI's own refresh drift line included.
		logPath := filepath.Join(t.TempDir(), "tf.log")
		if out, code = run([]string{"TF_LOG=DEBUG", "TF_LOG_PATH=" + logPath}, "plan", "-input=false", "-no-color"); code != 1 || !conflict.MatchString(acctest.Flat(out)) {
			t.Fatalf("plan with TF_LOG=DEBUG: exit %d, want 1 and the conflict\n%s", code, out)
		}
		logged, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Konnect API request", "konnect guard decision", "during refresh"} {
			if !strings.Contains(string(logged), want) {
				t.Errorf("TF_LOG=DEBUG log file lacks %q (%d bytes)", want, len(logged))
			}
		}
		for _, line := range strings.Split(string(logged), "\n") {
			if strings.Contains(line, oldPW) || strings.Contains(line, newPW) {
				t.Errorf("the TF_LOG=DEBUG log file shows a password: %.300s", line)
			}
		}
		// Policy warn, to a saved plan: the plan file as show -json renders it holds the
		// password Konnect holds now (prior state) and the configured one only as
		// sensitive values; the CLI's output shows neither.
		out, code = run([]string{"KONNECT_CONFLICT_POLICY=warn"}, "plan", "-out=warn.tfplan", "-input=false", "-no-color", "-detailed-exitcode")
		if code != 2 || !conflict.MatchString(acctest.Flat(out)) {
			t.Fatalf("plan with policy warn: exit %d, want 2 and the conflict as a warning\n%s", code, out)
		}
		shown, scode := cli.Run(vars, "show", "-no-color", "warn.tfplan")
		if scode != 0 {
			t.Fatalf("show: exit %d\n%s", scode, shown)
		}
		noneOf(t, "show of the saved plan", shown, oldPW, newPW)
		if !strings.Contains(shown, "config_secrets") || !strings.Contains(shown, "(sensitive value)") {
			t.Errorf("show of the saved plan does not show config_secrets as a sensitive change:\n%s", shown)
		}
		js, scode := cli.Run(vars, "show", "-json", "warn.tfplan")
		if scode != 0 {
			t.Fatalf("show -json: exit %d\n%s", scode, js)
		}
		csSensitiveInJSON(t, js, k.typ)
	}
	holds("after the conflicting plans", newPW)

	// Overwrite: the configured secret goes back to Konnect.
	if out, code = run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("apply with policy overwrite: exit %d\n%s", code, out)
	}
	holds("after overwrite", oldPW)
	acctest.WantField(t, "after overwrite", env.Get(k.path(env))["config"].(map[string]any), k.otherKey, k.otherVals[1])
	stateCheck("after overwrite")

	// An update that does not touch config_secrets keeps the secret (a partial's or a
	// vault's PUT replaces the whole config).
	write(0, "  config_secrets = "+secrets+"\n")
	if out, code = run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("apply of another key: exit %d\n%s", code, out)
	}
	holds("after an update of another key", oldPW)

	if full {
		// A destroy over a secret someone changed in Konnect deletes their change: refused,
		// naming the path, showing neither value; the plugin stays.
		env.Edit(k.path(env), func(b konnect.Object) {
			b["config"].(map[string]any)["redis"].(map[string]any)["password"] = newPW
		})
		out, code = run(nil, "destroy", "-auto-approve", "-input=false", "-no-color")
		if code != 1 || !conflict.MatchString(acctest.Flat(out)) {
			t.Fatalf("destroy over a secret changed in Konnect: exit %d, want 1 and the conflict on %s\n%s", code, k.conflictAt, out)
		}
		holds("after the refused destroy", newPW)
		if out, code = run([]string{"KONNECT_CONFLICT_POLICY=overwrite"}, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
			t.Fatalf("apply with policy overwrite after the refused destroy: exit %d\n%s", code, out)
		}
		holds("after the second overwrite", oldPW)
	}

	if full {
		// A path in both config and config_secrets: a plan-time error naming it.
		both := strings.Replace(k.config(0), `host = "redis.internal"`, `host = "redis.internal", password = "x"`, 1)
		cli.Write(csConfig(env, k, both, "  config_secrets = "+secrets+"\n", false))
		out, code = run(nil, "plan", "-input=false", "-no-color")
		if code != 1 || !strings.Contains(acctest.Flat(out), "A path is set in both config and config_secrets") || !strings.Contains(out, "redis.password") {
			t.Errorf("a path in both: exit %d, want 1 and an error naming redis.password\n%s", code, out)
		}
		// A literal secret in config: a warning naming the path and config_secrets. A vault
		// reference there: none.
		literal := strings.Replace(k.config(0), `host = "redis.internal"`, `host = "redis.internal", password = "Literal-Pa55"`, 1)
		cli.Write(csConfig(env, k, literal, "", false))
		out, code = cli.Run(vars, "plan", "-input=false", "-no-color")
		if code != 0 && code != 2 || !strings.Contains(out, "A secret is written in config") || !regexp.MustCompile(`config\.redis\.password.*config_secrets`).MatchString(acctest.Flat(out)) {
			t.Errorf("a literal secret in config: exit %d, want a warning naming config.redis.password and config_secrets\n%s", code, out)
		}
		ref := strings.Replace(k.config(0), `host = "redis.internal"`, `host = "redis.internal", password = "{vault://env/redis-pw}"`, 1)
		cli.Write(csConfig(env, k, ref, "", false))
		if out, _ = run(nil, "plan", "-input=false", "-no-color"); strings.Contains(out, "A secret is written in config") {
			t.Errorf("a vault reference in config gets the warning about a secret:\n%s", out)
		}
	}

	// Removing config_secrets: the plan shows the change (hidden), the apply resets the
	// secret to Konnect's default, and state holds no password anywhere.
	write(0, "")
	out, code = run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 2 || !strings.Contains(out, "config_secrets") {
		t.Fatalf("plan without config_secrets: exit %d, want 2 and config_secrets in the diff\n%s", code, out)
	}
	if out, code = run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("apply without config_secrets: exit %d\n%s", code, out)
	}
	holds("after removing config_secrets", nil)
	_, private, raw := csState(t, cli.Dir, k.typ)
	noneOf(t, "the state file after removing config_secrets", raw, oldPW, newPW)
	noneOf(t, "the private state after removing config_secrets", private, oldPW, newPW)
	if out, code = run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("plan after removing config_secrets: exit %d, want 0\n%s", code, out)
	}
}

// csSensitiveInJSON: in a saved plan as show -json renders it, config_secrets is marked
// sensitive before and after, and config holds no password key.
func csSensitiveInJSON(t *testing.T, js, typ string) {
	t.Helper()
	var plan struct {
		ResourceChanges []struct {
			Type   string `json:"type"`
			Change struct {
				Before          map[string]any `json:"before"`
				After           map[string]any `json:"after"`
				BeforeSensitive map[string]any `json:"before_sensitive"`
				AfterSensitive  map[string]any `json:"after_sensitive"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	if err := json.Unmarshal([]byte(js), &plan); err != nil {
		t.Fatalf("show -json: %v", err)
	}
	for _, rc := range plan.ResourceChanges {
		if rc.Type != typ {
			continue
		}
		if rc.Change.BeforeSensitive["config_secrets"] != true || rc.Change.AfterSensitive["config_secrets"] != true {
			t.Errorf("show -json: config_secrets not marked sensitive (before %v, after %v)", rc.Change.BeforeSensitive["config_secrets"], rc.Change.AfterSensitive["config_secrets"])
		}
		for _, v := range []map[string]any{rc.Change.Before, rc.Change.After} {
			if c, _ := v["config"].(string); strings.Contains(c, "password") || strings.Contains(c, "token") {
				t.Errorf("show -json: config holds a secret key: %s", c)
			}
		}
		return
	}
	t.Errorf("show -json: no change of %s", typ)
}

// config_secrets_wo with OpenTofu 1.11+ (Terraform 1.5.7: the framework's refusal, nothing
// reaches Konnect): the secret, from an ephemeral variable, reaches Konnect and never the
// state file, the private state, a saved plan or a TF_LOG=DEBUG log; a new value without a
// version bump plans and sends nothing; a bump sends it; an update of another key keeps
// what Konnect holds (also for a partial, whose update replaces the whole config).
func TestAccConfigSecretsWriteOnlyPlugin(t *testing.T)  { csWOScenario(t, "plugin") }
func TestAccConfigSecretsWriteOnlyPartial(t *testing.T) { csWOScenario(t, "partial") }

func csWOScenario(t *testing.T, kind string) {
	t.Parallel()
	k := csKinds()[kind]
	env := acctest.NewEnv(t, konnectmock.Options{})
	cli := acctest.NewCLIRun(t)
	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	pws := map[string]string{"first": "Wo-First-Pa55-a1b2", "unbumped": "Wo-Unbumped-Pa55-c3d4", "second": "Wo-Second-Pa55-e5f6"}
	all := []string{pws["first"], pws["unbumped"], pws["second"]}
	var vars []string
	write := func(step string, version, cfg int) {
		vars = []string{"TF_VAR_pw=" + pws[step]}
		extra := fmt.Sprintf("  config_secrets_wo = %s\n  config_secrets_wo_version = %d\n", k.secretHCL("var.pw"), version)
		cli.Write(csConfig(env, k, k.config(cfg), extra, supported))
	}
	run := func(extraEnv []string, args ...string) (string, int) {
		t.Helper()
		out, code := cli.Run(append(append([]string(nil), vars...), extraEnv...), args...)
		noneOf(t, args[0]+" output", out, all...)
		return out, code
	}
	holds := func(what, step string) {
		t.Helper()
		if got := csSecretAt(env.Get(k.path(env)), k.secret); got != pws[step] {
			t.Errorf("%s: Konnect does not hold the %s secret", what, step)
		}
	}
	if !supported {
		write("first", 1, 0)
		out, code := run(nil, "apply", "-auto-approve", "-input=false", "-no-color")
		if code != 1 || !regexp.MustCompile(`WriteOnly Attribute Not Allowed .*config_secrets_wo\. Write-only attributes are only supported in Terraform 1\.11 and later\.`).MatchString(acctest.Flat(out)) {
			t.Fatalf("apply with config_secrets_wo on a CLI before 1.11: exit %d, want 1 and the framework's error\n%s", code, out)
		}
		if cps, _ := env.Client.ListControlPlanes(context.Background(), konnect.ControlPlaneFilter{}); len(cps) != 0 {
			t.Errorf("the refused apply created %d control planes", len(cps))
		}
		return
	}
	checkState := func(what string) {
		t.Helper()
		attrs, private, raw := csState(t, cli.Dir, k.typ)
		noneOf(t, what+": the state file", raw, all...)
		noneOf(t, what+": the private state", private, all...)
		if attrs["config_secrets_wo"] != nil || attrs["config_secrets"] != nil {
			t.Errorf("%s: state holds config_secrets(_wo)", what)
		}
	}
	savedPlan := func(what string) int {
		t.Helper()
		out, code := run(nil, "plan", "-out=wo.tfplan", "-input=false", "-no-color", "-detailed-exitcode")
		if code == 1 {
			t.Fatalf("%s: plan failed\n%s", what, out)
		}
		shown, _ := run(nil, "show", "-json", "wo.tfplan")
		noneOf(t, what+": show -json of the saved plan", shown, all...)
		zr, err := zip.OpenReader(filepath.Join(cli.Dir, "wo.tfplan"))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			noneOf(t, what+": "+f.Name+" in the plan file", string(b), all...)
		}
		return code
	}

	write("first", 1, 0)
	if code := savedPlan("create"); code != 2 {
		t.Fatalf("create: plan exit %d, want 2", code)
	}
	if out, code := run(nil, "apply", "-input=false", "-no-color", "wo.tfplan"); code != 0 {
		t.Fatalf("create: exit %d\n%s", code, out)
	}
	holds("after create", "first")
	checkState("after create")

	// A new value, no bump: nothing planned, nothing sent.
	write("unbumped", 1, 0)
	env.ResetRequests()
	if code := savedPlan("unbumped"); code != 0 {
		t.Errorf("a new value without a bump: plan exit %d, want 0", code)
	}
	if out, code := run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("unbumped: exit %d\n%s", code, out)
	}
	if w := env.WritesSince(); len(w) > 0 {
		t.Errorf("a new value without a bump wrote to Konnect: %v", w)
	}
	holds("after the unbumped apply", "first")

	// Another key changes, no bump: Konnect keeps the secret it holds.
	write("unbumped", 1, 1)
	if out, code := run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("update of another key: exit %d\n%s", code, out)
	}
	acctest.WantField(t, "after the update of another key", env.Get(k.path(env))["config"].(map[string]any), k.otherKey, k.otherVals[1])
	holds("after the update of another key", "first")

	// A bump sends the value, with TF_LOG=DEBUG: the log file shows no secret.
	write("second", 2, 1)
	if code := savedPlan("bump"); code != 2 {
		t.Fatalf("bump: plan exit %d, want 2", code)
	}
	logPath := filepath.Join(t.TempDir(), "tf.log")
	if out, code := run([]string{"TF_LOG=DEBUG", "TF_LOG_PATH=" + logPath}, "apply", "-input=false", "-no-color", "wo.tfplan"); code != 0 {
		t.Fatalf("bump: exit %d\n%s", code, out)
	}
	logged, err := os.ReadFile(logPath)
	if err != nil || !strings.Contains(string(logged), "Konnect API request") {
		t.Errorf("the TF_LOG=DEBUG log holds no provider line (%v)", err)
	}
	noneOf(t, "the TF_LOG=DEBUG log of the bump", string(logged), all...)
	holds("after the bump", "second")
	checkState("after the bump")
	if out, code := run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Errorf("plan after the bump: exit %d, want 0\n%s", code, out)
	}
}
