// Command terraform-provider-konnect is a Terraform provider for Kong Konnect that never
// silently overwrites a change made in Konnect (see docs/guides/reconciliation-guards.md).
package main

import (
	"flag"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/konnectguard/terraform-provider-konnect/internal/export"
	"github.com/konnectguard/terraform-provider-konnect/internal/gctune"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// version is set by the release build: -ldflags "-X main.version=1.2.3".
var version = "dev"

// Generate the registry docs from templates/ and examples/. The plugin guide's template is
// written first, from the plugin data (itself rewritten first from its input), so one run
// renders the guide of the current data: go generate runs this package before the others.
//go:generate go run -C internal/pluginspec ./gen
//go:generate go run ./tools/plugindocs
//go:generate go tool tfplugindocs generate --provider-name konnect --rendered-provider-name Konnect

func main() {
	// `terraform-provider-konnect export …` writes a configuration that adopts a Konnect
	// organization (internal/export). Terraform starts the provider with no positional
	// argument, so this cannot collide with serving it.
	if len(os.Args) > 1 && os.Args[1] == "export" {
		os.Exit(export.Main(os.Args[2:], os.Stderr, version))
	}
	var debugMode bool
	flag.BoolVar(&debugMode, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()

	if !debugMode {
		provider.QuietUnreadLogs(os.LookupEnv, os.Setenv)
	}
	// The collector runs less often while the live heap is small (internal/gctune), never
	// more often than Go's default and with no memory limit; GOGC or GOMEMLIMIT in the
	// environment leave the runtime's own settings.
	gctune.Start()
	stopProfiling := startProfiling()
	var opts []tf6server.ServeOpt
	if debugMode {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	// Serve returns when the CLI shuts the plugin down (or on an error): the profiles of a
	// -tags profile build are flushed here, on the way out of main.
	err := tf6server.Serve(provider.SourceAddress, provider.NewServer(version), opts...)
	stopProfiling()
	if err != nil {
		log.Fatal(err.Error())
	}
}

// startProfiling starts the profiling of a -tags profile build (profile_hook.go sets it)
// and returns the function that stops it and writes the last profiles.
var startProfiling = func() (stop func()) { return func() {} }
