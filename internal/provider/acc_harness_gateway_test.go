package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The gateway kinds' fixtures and checks that this package's tests share with
// internal/gateway's (acctest's gateway.go and cli.go), under this package's names.

type tlsPair = acctest.TLSPair

func tlsTestPEM(t *testing.T, cn string, ca bool) tlsPair {
	t.Helper()
	return acctest.TLSTestPEM(t, cn, ca)
}

func tlsCP(name string) string { return acctest.TLSCP(name) }

func wantConfig(t *testing.T, what string, plugin konnect.Object, key string, want any) {
	t.Helper()
	acctest.WantConfig(t, what, plugin, key, want)
}

func (e *konnectEnv) pluginID(cpName, name string) string {
	e.t.Helper()
	return e.PluginID(cpName, name)
}

func (e *konnectEnv) cpAndConsumers(policy, cpName string) string {
	return e.CPAndConsumers(policy, cpName)
}

// cliRun is acctest.CLIRun under this package's names: one CLI working directory wired to
// this test binary as the provider (TestAccSecretsHelperProvider serves it).
type cliRun struct {
	*acctest.CLIRun
	cli, dir string
}

func newCLIRun(t *testing.T) *cliRun {
	t.Helper()
	c := acctest.NewCLIRun(t)
	return &cliRun{CLIRun: c, cli: c.CLI, dir: c.Dir}
}

func (c *cliRun) write(config string) {
	c.T.Helper()
	c.Write(config)
}

// run runs the CLI with extra environment; it returns stdout and stderr together and the
// exit status.
func (c *cliRun) run(extraEnv []string, args ...string) (string, int) {
	c.T.Helper()
	return c.Run(extraEnv, args...)
}

const cliRequiredProviders = acctest.CLIRequiredProviders

var cliWriteOnly = acctest.CLIWriteOnly

func wrappedText(text string) *regexp.Regexp { return acctest.WrappedText(text) }
func luaSchema(n string) string              { return acctest.LuaSchema(n) }

func names(want ...string) knownvalue.Check      { return acctest.Names(want...) }
func both(summary, detail string) *regexp.Regexp { return acctest.Both(summary, detail) }

func (e *konnectEnv) mkCP(body konnect.Object) string {
	e.t.Helper()
	return e.MkCP(body)
}
