package acctest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// Some tests run the CLI the way a user does, not through the test framework: the CLI
// starts the provider as its own process (the test binary, through dev_overrides), so what
// they see is everything a user sees: the CLI's output and, with TF_LOG, the log file
// holding the CLI's, the plugin libraries' and the provider's own lines.
//
// The test binary serves the provider when the CLI starts it with EnvServeProvider set:
// internal/provider through its TestAccSecretsHelperProvider, the other packages through
// their TestMain (ServeProvider), before any test runs.

// EnvServeProvider, set to 1, makes the test binary serve the provider (ServeProvider).
const EnvServeProvider = "KONNECT_TEST_SERVE_PROVIDER"

// helperRun is what the CLI runs of the test binary: internal/provider's
// TestAccSecretsHelperProvider; a package serving from its TestMain stops before tests run.
const helperRun = "^TestAccSecretsHelperProvider$"

// ServeProvider serves the provider at address over the plugin protocol until the CLI stops
// it, then exits, when EnvServeProvider is set; otherwise it returns at once. A package
// whose tests use NewCLIRun calls it first thing in its TestMain.
func ServeProvider(address string, newServer func() tfprotov6.ProviderServer) {
	if os.Getenv(EnvServeProvider) != "1" {
		return
	}
	if err := tf6server.Serve(address, newServer); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// CLIRequiredProviders is the terraform block of a configuration run by a CLIRun.
const CLIRequiredProviders = `terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}
`

// CLIRun is one CLI working directory wired to the test binary as the provider. Dir is
// the working directory, where main.tf, the state and saved plans are.
type CLIRun struct {
	T   *testing.T
	CLI string
	Dir string
	Env []string
}

// NewCLIRun makes a working directory for the CLI of TF_ACC_TERRAFORM_PATH, with a CLI
// configuration whose dev_overrides start this test binary as the provider.
func NewCLIRun(t *testing.T) *CLIRun {
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
	launcher := fmt.Sprintf("#!/bin/sh\nexec %q -test.run='%s' -test.count=1\n", self, helperRun)
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
	env = append(env, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", EnvServeProvider+"=1")
	return &CLIRun{T: t, CLI: cli, Dir: work, Env: env}
}

// Write makes config the working directory's main.tf.
func (c *CLIRun) Write(config string) {
	c.T.Helper()
	if err := os.WriteFile(filepath.Join(c.Dir, "main.tf"), []byte(config), 0o644); err != nil {
		c.T.Fatal(err)
	}
}

// Run runs the CLI with extra environment; it returns stdout and stderr together and the
// exit status.
func (c *CLIRun) Run(extraEnv []string, args ...string) (string, int) {
	c.T.Helper()
	cmd := exec.Command(c.CLI, args...)
	cmd.Dir = c.Dir
	cmd.Env = append(append([]string(nil), c.Env...), extraEnv...)
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
	c.T.Fatalf("%s %v: %v\n%s", c.CLI, args, err, out.String())
	return "", -1
}

// CLIWriteOnly reports whether the CLI of this run supports write-only attributes
// (Terraform 1.11+, OpenTofu 1.11+), from its own version.
var CLIWriteOnly = sync.OnceValues(func() (bool, error) {
	out, err := exec.Command(os.Getenv("TF_ACC_TERRAFORM_PATH"), "version", "-json").Output()
	if err != nil {
		return false, err
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return false, fmt.Errorf("%s version -json: %w", os.Getenv("TF_ACC_TERRAFORM_PATH"), err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &minor); err != nil {
		return false, fmt.Errorf("CLI version %q: %w", v.Version, err)
	}
	return major > 1 || major == 1 && minor >= 11, nil
})
