package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// withProviderData holds what the provider's Configure hands every resource and data
// source. Embed resourceWithConfigure or dataSourceWithConfigure instead of writing
// Configure again.
type withProviderData struct {
	data *providerData
}

func (w *withProviderData) setProviderData(v any, diags *diag.Diagnostics) {
	if v == nil { // the framework calls Configure before the provider is configured, too
		return
	}
	data, ok := v.(*providerData)
	if !ok {
		diags.AddError("Unexpected provider data", fmt.Sprintf("expected *providerData, got %T", v))
		return
	}
	w.data = data
}

// resourceWithConfigure gives a resource its Configure.
type resourceWithConfigure struct{ withProviderData }

func (r *resourceWithConfigure) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.setProviderData(req.ProviderData, &resp.Diagnostics)
}

// dataSourceWithConfigure gives a data source its Configure.
type dataSourceWithConfigure struct{ withProviderData }

func (d *dataSourceWithConfigure) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.setProviderData(req.ProviderData, &resp.Diagnostics)
}
