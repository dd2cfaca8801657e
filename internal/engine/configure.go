package engine

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// withProviderData holds what the provider's Configure hands every resource and data
// source. Embed resourceWithConfigure or dataSourceWithConfigure instead of writing
// Configure again.
type withProviderData struct {
	Data *ProviderData
}

func (w *withProviderData) setProviderData(v any, diags *diag.Diagnostics) {
	if v == nil { // the framework calls Configure before the provider is configured, too
		return
	}
	data, ok := v.(*ProviderData)
	if !ok {
		diags.AddError("Unexpected provider data", fmt.Sprintf("expected *providerData, got %T", v))
		return
	}
	w.Data = data
}

// resourceWithConfigure gives a resource its Configure.
type resourceWithConfigure struct{ withProviderData }

func (r *resourceWithConfigure) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.setProviderData(req.ProviderData, &resp.Diagnostics)
}

// dataSourceWithConfigure gives a data source its Configure.
type DataSourceWithConfigure struct{ withProviderData }

func (d *DataSourceWithConfigure) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.setProviderData(req.ProviderData, &resp.Diagnostics)
}

// providerData is what every resource receives from Configure.
type ProviderData struct {
	Client    *konnect.Client
	Policy    guard.ConflictPolicy
	Snapshots *snapshots // this run's refresh snapshots
	secrets   PluginSecrets
	Digest    *guard.DigestKey // digest.go: the key of keyed digests, never in state
	// PollInterval is the first interval between two reads of an object that provisions
	// (provisioning.go); 0: PollInterval.
	PollInterval time.Duration
	// replacing holds "<type>/<id>" of the objects this run plans to replace: the plan of a
	// replacement's create half (no prior state) finds the object it replaces by its name,
	// which is no one else's (planNameTaken).
	replacing sync.Map
	// walk: what this provider process saw of the graph walk it serves (cascade_plan.go):
	// the objects it refreshed, and those whose destroy it planned.
	walk walkRecord
	// planned holds what the creates this process planned identify (duplicates.go).
	planned sync.Map
}
