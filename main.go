// Command terraform-provider-konnect is a Terraform provider for Kong Konnect that never
// silently overwrites a change made in Konnect (see docs/guides/reconciliation-guards.md).
package main

import (
	"flag"
	"log"
	"os"
	"runtime/debug"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// version is set by the release build: -ldflags "-X main.version=1.2.3".
var version = "dev"

// Generate the registry docs from templates/ and examples/.
//go:generate go tool tfplugindocs generate --provider-name konnect --rendered-provider-name Konnect

func main() {
	var debugMode bool
	flag.BoolVar(&debugMode, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()

	if !debugMode {
		quietUnreadLogs(os.LookupEnv, os.Setenv)
	}
	tuneGC(os.LookupEnv, debug.SetGCPercent, debug.SetMemoryLimit)
	var opts []tf6server.ServeOpt
	if debugMode {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	err := tf6server.Serve(provider.SourceAddress, provider.NewServer(version), opts...)
	if err != nil {
		log.Fatal(err.Error())
	}
}

// quieted are the level variables set to OFF. The SDK's subsystems need their own: one left
// unset still formats every TRACE line before the root logger drops it.
var quieted = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_KONNECT"}

// quietUnreadLogs turns the provider's own and the SDK's logs off when the CLI that runs
// the provider will throw them away anyway. Without a level the plugin libraries log every
// gRPC call and every framework step at TRACE; Terraform and OpenTofu read each line from
// the provider's stderr and then drop it unless TF_LOG or TF_LOG_PROVIDER is set. Writing
// and parsing those lines was about 40% of the provider's CPU in a no-change plan.
//
// Anything the user set wins: with TF_LOG or TF_LOG_PROVIDER set nothing changes, and a
// level already set in one of the quieted variables is kept.
func quietUnreadLogs(lookup func(string) (string, bool), set func(string, string) error) {
	for _, name := range []string{"TF_LOG", "TF_LOG_PROVIDER"} {
		if v, ok := lookup(name); ok && v != "" {
			return
		}
	}
	for _, name := range quieted {
		if v, ok := lookup(name); ok && v != "" {
			continue
		}
		if err := set(name, "OFF"); err != nil {
			log.Printf("[WARN] could not set %s: %v", name, err)
		}
	}
}

// The garbage collector's defaults suit a server with a large, long-lived heap. A provider
// is the opposite: its own data is small (a refresh snapshot of a few thousand objects), but
// the plugin framework allocates several times each request's input while walking the
// schema, and two cores are shared with the CLI. With the defaults (GOGC=100, no limit) the
// collector took a third of the provider's CPU in a 1000-object plan, and because it marks
// while requests keep allocating, the heap it kept grew with the number of objects: 670 MB
// of RSS planning 5000 objects. gcPercent lets the heap grow further between collections;
// memoryLimit caps it: near the limit the collector runs as often as it must. make bench
// measures both (provider CPU and peak RSS per step). GOGC and GOMEMLIMIT, when set, win.
const (
	gcPercent   = 400
	memoryLimit = 160 << 20
)

func tuneGC(lookup func(string) (string, bool), setPercent func(int) int, setLimit func(int64) int64) {
	if v, ok := lookup("GOGC"); !ok || v == "" {
		setPercent(gcPercent)
	}
	if v, ok := lookup("GOMEMLIMIT"); !ok || v == "" {
		setLimit(memoryLimit)
	}
}
