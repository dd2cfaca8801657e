package provider

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// These tests run the CLI the way a user does, not through the test framework
// (acctest.CLIRun): the CLI starts the provider as its own process (this test binary,
// through dev_overrides), so what they see is everything a user sees: the CLI's output and,
// with TF_LOG, the log file holding the CLI's, the plugin libraries' and the provider's own
// lines.

// TestAccSecretsHelperProvider is not a test: started by a CLI with acctest.EnvServeProvider
// set (acctest.NewCLIRun), it serves the provider over the plugin protocol until the CLI
// stops it.
func TestAccSecretsHelperProvider(t *testing.T) {
	acctest.ServeProvider(SourceAddress, NewServer("test"))
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
// password as "(a secret)" and "(a different secret)", and neither password appears in the CLI's
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
	t.Parallel()
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
		regexp.MustCompile(`config\.redis\.password\s+last applied: \(a\s+secret\)\s+in Konnect now: \(a\s+different\s+secret\)\s+planned: \((?:the\s+same\s+secret\s+as\s+before|another\s+secret|the\s+secret\s+in\s+configuration,\s+sent\s+again)\)`),
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
