package provider

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// These tests run the CLI the way a user does, not through the test framework: the CLI
// starts the provider as its own process (this test binary, through dev_overrides), so
// what they see is everything a user sees: the CLI's output and, with TF_LOG, the log file
// holding the CLI's, the plugin libraries' and the provider's own lines.

const envServeProvider = "KONNECT_TEST_SERVE_PROVIDER"

// TestAccSecretsHelperProvider is not a test: started by a CLI with envServeProvider set,
// it serves the provider over the plugin protocol until the CLI stops it.
func TestAccSecretsHelperProvider(t *testing.T) {
	if os.Getenv(envServeProvider) != "1" {
		return
	}
	if err := tf6server.Serve(SourceAddress, NewServer("test")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// cliRun is one CLI working directory wired to this test binary as the provider.
type cliRun struct {
	t   *testing.T
	cli string
	dir string
	env []string
}

func newCLIRun(t *testing.T) *cliRun {
	t.Helper()
	cli := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if cli == "" {
		t.Fatal("TF_ACC_TERRAFORM_PATH is not set: run `make testacc CLI=terraform` (or CLI=tofu)")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pluginDir := filepath.Join(dir, "plugins")
	if err := os.Mkdir(pluginDir, 0o755); err != nil {
		t.Fatal(err)
	}
	launcher := fmt.Sprintf("#!/bin/sh\nexec %q -test.run='^TestAccSecretsHelperProvider$' -test.count=1\n", self)
	if err := os.WriteFile(filepath.Join(pluginDir, "terraform-provider-konnect"), []byte(launcher), 0o755); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(dir, "cli.tfrc")
	if err := os.WriteFile(rc, []byte(fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"konnectguard/konnect\" = %q\n  }\n  direct {}\n}\n", pluginDir)), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "TF_LOG") || strings.HasPrefix(k, "TF_VAR_") || k == "TF_CLI_CONFIG_FILE" || k == "KONNECT_CONFLICT_POLICY" {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", envServeProvider+"=1")
	return &cliRun{t: t, cli: cli, dir: work, env: env}
}

func (c *cliRun) write(config string) {
	c.t.Helper()
	if err := os.WriteFile(filepath.Join(c.dir, "main.tf"), []byte(config), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

// run runs the CLI with extra environment; it returns stdout and stderr together and the
// exit status.
func (c *cliRun) run(extraEnv []string, args ...string) (string, int) {
	c.t.Helper()
	cmd := exec.Command(c.cli, args...)
	cmd.Dir = c.dir
	cmd.Env = append(append([]string(nil), c.env...), extraEnv...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out.String(), 0
	case errors.As(err, &exit):
		return out.String(), exit.ExitCode()
	}
	c.t.Fatalf("%s %v: %v\n%s", c.cli, args, err, out.String())
	return "", -1
}

func (e *konnectEnv) secretPluginConfig() string {
	return `terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}

variable "redis_password" {
  type      = string
  sensitive = true
}

` + e.providerBlock("") + `
resource "konnect_gateway_control_plane" "cp" {
  name = "secrets"
}

resource "konnect_gateway_plugin" "limit" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  instance_name    = "limit"
  config = jsonencode({
    minute = 10
    policy = "redis"
    redis  = { host = "redis.internal", password = var.redis_password }
  })
}
`
}

// A rate-limiting plugin whose redis password comes from a sensitive variable. Someone
// changes the limit and the password in Konnect. The conflict names both keys, the
// password as "(sensitive value changed)", and neither password appears in the CLI's
// output (policy fail and warn) nor in a line of a TF_LOG=DEBUG log file that the
// provider or the plugin libraries wrote.
//
// One line of that log file does show them, and it is the CLI's own: when a refresh finds
// drift, Terraform 1.5.7 and OpenTofu 1.12.6 log "[WARN] Provider … produced an unexpected
// new value for … during refresh" with the attribute's old and new values. They check the
// sensitivity of the attribute in the schema and the marks on the values, but the prior
// value's marks were taken off before the check (node_resource_abstract_instance.go,
// refresh), so a sensitive variable inside jsonencode() is printed. The provider could only
// prevent it by declaring all of `config` sensitive in the schema, which hides every config
// diff in every plan (guards.md promises them). This test pins that line as the only one;
// TestAccSecretsKnownBugCLIRefreshLog (build tag knownbugs) fails until it is gone. The
// way around it is config_secrets, a sensitive attribute (TestAccConfigSecretsPlugin: no
// line of the log shows the password there).
func TestAccSecretsPluginConfigConflict(t *testing.T) {
	secretConflictScenario(t, false)
}

// cliRefreshDrift recognizes the CLI's refresh drift warning described above.
var cliRefreshDrift = regexp.MustCompile(`\[WARN\]\s+Provider "[^"]+" produced an unexpected new value for konnect_gateway_plugin\.limit during refresh\.`)

// secretConflictScenario runs the scenario; strictLogs allows no log line at all with a
// password, not even the CLI's refresh drift warning.
func secretConflictScenario(t *testing.T, strictLogs bool) {
	env := newKonnectEnv(t, konnectmock.Options{})
	const oldPW, newPW = "Old-Redis-Pa55-7f3a9e", "New-Redis-Pa55-c41d2b"
	cli := newCLIRun(t)
	cli.write(env.secretPluginConfig())
	vars := []string{"TF_VAR_redis_password=" + oldPW}

	noSecret := func(what, text string) {
		t.Helper()
		for _, pw := range []string{oldPW, newPW} {
			if strings.Contains(text, pw) {
				i := strings.Index(text, pw)
				t.Errorf("%s shows a redis password: …%s…", what, text[max(0, i-300):min(len(text), i+100)])
			}
		}
	}

	out, code := cli.run(vars, "apply", "-auto-approve", "-input=false", "-no-color")
	if code != 0 {
		t.Fatalf("apply: exit %d\n%s", code, out)
	}
	noSecret("apply", out)
	wantConfig(t, "after apply", env.get(env.corePath("secrets", "plugins", "limit")), "minute", 10)

	env.edit(env.corePath("secrets", "plugins", "limit"), func(b konnect.Object) {
		cfg := b["config"].(map[string]any)
		cfg["minute"] = 20
		cfg["redis"].(map[string]any)["password"] = newPW
	})

	conflictLines := []*regexp.Regexp{
		regexp.MustCompile(`config\.minute\s+last applied: 10\s+in Konnect now: 20\s+planned: 10`),
		regexp.MustCompile(`config\.redis\.password\s+last applied: \(sensitive value changed\)\s+in Konnect now: \(sensitive value changed\)\s+planned: \(sensitive value changed\)`),
	}
	wantConflict := func(what, out string) {
		t.Helper()
		flat := strings.Join(strings.Fields(out), " ") // the CLI wraps long diagnostic lines
		for _, re := range conflictLines {
			if !re.MatchString(flat) {
				t.Errorf("%s: no line matching %s in:\n%s", what, re, out)
			}
		}
		noSecret(what, out)
	}

	// policy fail (the default): the plan fails.
	out, code = cli.run(vars, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 1 || !strings.Contains(out, "Applying this plan would overwrite changes made in Konnect") {
		t.Fatalf("plan with policy fail: exit %d, want 1 and the conflict error\n%s", code, out)
	}
	wantConflict("plan (policy fail)", out)

	// policy warn: the plan proceeds with a warning that says the same.
	out, code = cli.run(append(vars, "KONNECT_CONFLICT_POLICY=warn"), "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 2 || !strings.Contains(out, "This plan overwrites changes made in Konnect") {
		t.Fatalf("plan with policy warn: exit %d, want 2 (changes) and the conflict warning\n%s", code, out)
	}
	wantConflict("plan (policy warn)", out)

	// The same plan with TF_LOG=DEBUG: the log file holds the provider's lines (its API
	// calls), the conflict, and neither password.
	for _, level := range strings.Fields(os.Getenv("SECRETS_LEVELS") + " DEBUG") {
		logPath := filepath.Join(t.TempDir(), "tf.log")
		out, code = cli.run(append(vars, "TF_LOG="+level, "TF_LOG_PATH="+logPath), "plan", "-input=false", "-no-color")
		if code != 1 {
			t.Fatalf("plan with TF_LOG=%s: exit %d, want 1\n%s", level, code, out)
		}
		wantConflict("plan with TF_LOG="+level, out)
		logged, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Konnect API request", "konnect guard decision", "config.redis.password"} {
			if !bytes.Contains(logged, []byte(want)) {
				t.Errorf("TF_LOG=%s log file lacks %q: the provider's lines did not reach it (%d bytes)", level, want, len(logged))
			}
		}
		entry := "" // the first line of the log entry a line belongs to
		for _, line := range strings.Split(string(logged), "\n") {
			if len(line) > 0 && line[0] >= '0' && line[0] <= '9' {
				entry = line
			}
			if !strings.Contains(line, oldPW) && !strings.Contains(line, newPW) {
				continue
			}
			cliLine := cliRefreshDrift.MatchString(entry) && strings.HasPrefix(strings.TrimSpace(line), "- .config: was cty.StringVal(")
			if strictLogs || !cliLine {
				t.Errorf("the TF_LOG=%s log file shows a redis password: %.300s", level, line)
			}
		}
	}

	// Nothing was written: Konnect keeps the out-of-band values.
	p := env.get(env.corePath("secrets", "plugins", "limit"))
	wantConfig(t, "after the plans", p, "minute", 20)
	if got := p["config"].(map[string]any)["redis"].(map[string]any)["password"]; got != newPW {
		t.Errorf("Konnect's redis password changed by a plan") // the value itself is not printed
	}
}
