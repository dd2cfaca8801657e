// Command terraform-provider-konnect is a Terraform provider for Kong Konnect that never
// silently overwrites a change made in Konnect (see docs/guides/reconciliation-guards.md).
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// version is set by the release build: -ldflags "-X main.version=1.2.3".
var version = "dev"

// Generate the registry docs from templates/ and examples/.
//go:generate go tool tfplugindocs generate --provider-name konnect --rendered-provider-name Konnect

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address:         provider.SourceAddress,
		Debug:           debug,
		ProtocolVersion: 6,
	})
	if err != nil {
		log.Fatal(err.Error())
	}
}
