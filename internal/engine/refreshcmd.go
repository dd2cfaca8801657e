package engine

// `terraform refresh` (and `tofu refresh`) is a normal plan whose refreshed state the CLI
// keeps: Terraform asks the provider to plan every resource as for `terraform plan`, and
// an error from any plan fails the whole refresh. A refresh writes nothing to Konnect, so
// the guards have nothing to protect there: the refresh stores what Konnect holds and the
// next plan reports the conflict (guards.md). The plugin protocol does not tell a plan
// from a refresh; the CLI's command line does (launchingCLI, refreshmark.go). Where it
// cannot be read (not Linux, a reattached provider) the refresh fails as a plan would,
// and `terraform apply -refresh-only -auto-approve`, which asks the provider for no plan
// at all, is the way to refresh.

// refreshCommand reports that the CLI command running this provider is a refresh. A
// variable so that tests can stand in for a CLI.
var RefreshCommand = func() bool { return launchingCLI().Subcommand == "refresh" }

// A destroy (`terraform destroy`, `plan -destroy`, `apply -destroy`) first plans the
// configuration to refresh the state, and discards that plan's changes. The plan-time checks
// of what configuration would write (a plugin's config against its schema, a name already
// taken, two resources of one object, the kind's own checks) have nothing to protect there,
// and an error from one would block the destroy of everything else: a plugin with a typo
// that was never created must not keep its control plane alive. The guards of the destroy
// itself still run on every object in state. Where the command line cannot be read, the
// checks run as in any plan.

// DestroyCommand reports that the CLI command running this provider is a destroy. A variable
// so that tests can stand in for a CLI.
var DestroyCommand = func() bool { return launchingCLI().Destroy }
