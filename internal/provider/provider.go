// Package provider is the Terraform framework glue: the provider configuration and the one
// engine that turns each entity kind's declaration into a resource.
package provider

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/konnectguard/terraform-provider-konnect/internal/access"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// SourceAddress is the provider's source address.
const SourceAddress = "registry.terraform.io/konnectguard/konnect"

type konnectProvider struct {
	version string
}

type providerModel struct {
	ServerURL                types.String `tfsdk:"server_url"`
	GlobalServerURL          types.String `tfsdk:"global_server_url"`
	PersonalAccessToken      types.String `tfsdk:"personal_access_token"`
	SystemAccountAccessToken types.String `tfsdk:"system_account_access_token"`
	ConflictPolicy           types.String `tfsdk:"conflict_policy"`
	RequestTimeout           types.String `tfsdk:"request_timeout"`
	MaxRetries               types.Int64  `tfsdk:"max_retries"`
	RequestsPerSecond        types.Int64  `tfsdk:"requests_per_second"`
}

// New returns the provider factory (NewServer serves it).
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &konnectProvider{version: version} }
}

func (p *konnectProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "konnect"
	resp.Version = p.version
}

func (p *konnectProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manage Kong Konnect gateway configuration without ever silently overwriting a change made in Konnect. See the reconciliation guards guide.",
		Attributes: map[string]schema.Attribute{
			"server_url": schema.StringAttribute{Optional: true,
				MarkdownDescription: "Konnect API base URL, e.g. `https://eu.api.konghq.com`. Defaults to `KONNECT_SERVER_URL`, then `" + konnect.DefaultServerURL + "`. Plain `http://` is refused except to a loopback address."},
			"global_server_url": schema.StringAttribute{Optional: true,
				MarkdownDescription: "Where the APIs Konnect serves on its global host only go: the identity API (teams, users, roles, system accounts, identity providers, authentication settings) and cloud gateways. " +
					"Defaults to `KONNECT_GLOBAL_SERVER_URL`, then `" + konnect.DefaultGlobalURL + "` when `server_url` is one of Konnect's hosts (any region), else `server_url` itself (a proxy or a private deployment serving every API on one address). " +
					"Set it only for a proxy in front of Konnect's global host."},
			"personal_access_token": schema.StringAttribute{Optional: true, Sensitive: true,
				MarkdownDescription: "A Konnect personal access token (`kpat_…`). Defaults to `KONNECT_TOKEN`.",
				Validators:          []validator.String{stringvalidator.ConflictsWith(path.MatchRoot("system_account_access_token"))}},
			"system_account_access_token": schema.StringAttribute{Optional: true, Sensitive: true,
				MarkdownDescription: "A Konnect system account access token (`spat_…`). Defaults to `KONNECT_SPAT`."},
			"conflict_policy": schema.StringAttribute{Optional: true,
				MarkdownDescription: "What a plan does when it would overwrite a change made in Konnect since Terraform last wrote the object: `fail` (default), `warn` or `overwrite`. Defaults to `KONNECT_CONFLICT_POLICY`, then `fail`. Stale plans are always refused, whatever this says.",
				Validators:          []validator.String{stringvalidator.OneOf(guard.Policies...)}},
			"request_timeout": schema.StringAttribute{Optional: true, MarkdownDescription: requestTimeoutDescription,
				Validators: []validator.String{requestTimeoutValidator{}}},
			"max_retries": schema.Int64Attribute{Optional: true, MarkdownDescription: maxRetriesDescription,
				Validators: []validator.Int64{int64validator.Between(0, maxMaxRetries)}},
			"requests_per_second": schema.Int64Attribute{Optional: true, MarkdownDescription: requestsPerSecondDescription,
				Validators: []validator.Int64{int64validator.Between(1, maxRequestsPerSecond)}},
		},
	}
}

func (p *konnectProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	for name, v := range map[string]types.String{"server_url": cfg.ServerURL, "global_server_url": cfg.GlobalServerURL, "personal_access_token": cfg.PersonalAccessToken,
		"system_account_access_token": cfg.SystemAccountAccessToken, "conflict_policy": cfg.ConflictPolicy} {
		if v.IsUnknown() {
			resp.Diagnostics.AddAttributeError(path.Root(name), "Unknown provider configuration",
				name+" depends on a value not known until apply; the provider needs it to plan. Set it from a variable or an environment variable.")
		}
	}
	if resp.Diagnostics.HasError() {
		return
	}

	settings, diags := clientSettings(cfg, os.Getenv)
	if resp.Diagnostics.Append(diags...); resp.Diagnostics.HasError() {
		return
	}
	token := settings.Token

	var policy guard.ConflictPolicy
	var err error
	if cfg.ConflictPolicy.ValueString() != "" {
		policy, err = guard.ParsePolicy(cfg.ConflictPolicy.ValueString())
	} else {
		policy, err = guard.PolicyFromEnv()
		if err != nil {
			err = fmt.Errorf("%s: %w", guard.PolicyEnv, err)
		}
	}
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("conflict_policy"), "Invalid conflict policy", err.Error())
		return
	}

	settings.UserAgent = "terraform-provider-konnect/" + p.version
	client, err := konnect.New(settings)
	if err != nil {
		resp.Diagnostics.AddError("Could not create the Konnect client", err.Error())
		return
	}
	digest, err := engine.DigestKeyFor(token)
	if err != nil {
		resp.Diagnostics.AddError("Invalid "+engine.DigestKeyEnv, err.Error())
		return
	}
	poll, err := engine.PollIntervalFromEnv()
	if err != nil {
		resp.Diagnostics.AddError("Invalid "+engine.PollIntervalEnv, err.Error())
		return
	}
	data := &engine.ProviderData{Client: client, Policy: policy, Snapshots: engine.NewSnapshots(), Digest: digest, PollInterval: poll}
	resp.ResourceData = data
	resp.DataSourceData = data
}

// clientSettings resolves the client's settings from the provider block, then the
// environment (getenv): server URLs, token, timeout and retries. The export command
// (ClientFromEnvironment) resolves them the same way, with no provider block.
func clientSettings(cfg providerModel, getenv func(string) string) (konnect.Config, diag.Diagnostics) {
	var diags diag.Diagnostics
	serverURL := firstSet(cfg.ServerURL.ValueString(), getenv("KONNECT_SERVER_URL"), konnect.DefaultServerURL)
	if _, err := konnect.ValidateBaseURL(serverURL); err != nil {
		diags.AddAttributeError(path.Root("server_url"), "Invalid Konnect server URL", err.Error())
		return konnect.Config{}, diags
	}
	globalURL := firstSet(cfg.GlobalServerURL.ValueString(), getenv("KONNECT_GLOBAL_SERVER_URL"))
	if globalURL != "" {
		if _, err := konnect.ValidateBaseURL(globalURL); err != nil {
			diags.AddAttributeError(path.Root("global_server_url"), "Invalid Konnect global server URL",
				strings.Replace(err.Error(), "server_url", "global_server_url", 1))
			return konnect.Config{}, diags
		}
	}

	token := firstSet(cfg.PersonalAccessToken.ValueString(), cfg.SystemAccountAccessToken.ValueString())
	if token == "" {
		pat, spat := getenv("KONNECT_TOKEN"), getenv("KONNECT_SPAT")
		if pat != "" && spat != "" {
			diags.AddError("Two Konnect tokens configured", "Both KONNECT_TOKEN and KONNECT_SPAT are set; set only one.")
			return konnect.Config{}, diags
		}
		token = firstSet(pat, spat)
	}
	if token == "" {
		diags.AddError("No Konnect token configured",
			"Set personal_access_token or system_account_access_token in the provider block, or KONNECT_TOKEN or KONNECT_SPAT in the environment.")
		return konnect.Config{}, diags
	}
	timeout, retries, d := clientLimits(cfg, getenv)
	diags.Append(d...)
	rps, d := requestsPerSecond(cfg, getenv)
	diags.Append(d...)
	return konnect.Config{ServerURL: serverURL, GlobalURL: globalURL, Token: token,
		RequestTimeout: timeout, MaxAttempts: retries + 1, LimitsHint: limitsHint, RateLimitHint: rateLimitHint,
		RequestsPerSecond: float64(rps)}, diags
}

// ClientFromEnvironment is the client the provider configures from the environment alone
// (KONNECT_TOKEN or KONNECT_SPAT, KONNECT_SERVER_URL, the timeout and retry variables),
// with the same defaults and checks: the export command's.
func ClientFromEnvironment(getenv func(string) string, version string) (*konnect.Client, error) {
	settings, diags := clientSettings(providerModel{}, getenv)
	if diags.HasError() {
		var msgs []string
		for _, d := range diags.Errors() {
			msgs = append(msgs, d.Summary()+": "+d.Detail())
		}
		return nil, errors.New(strings.Join(msgs, "; "))
	}
	settings.UserAgent = "terraform-provider-konnect/" + version
	return konnect.New(settings)
}

func firstSet(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

func (p *konnectProvider) Resources(context.Context) []func() resource.Resource {
	out := make([]func() resource.Resource, 0, len(Kinds))
	for _, k := range Kinds {
		out = append(out, engine.NewResource(k))
	}
	return out
}

func (p *konnectProvider) DataSources(context.Context) []func() datasource.DataSource {
	out := append([]func() datasource.DataSource{gateway.NewControlPlaneListDataSource}, gateway.EntityListDataSources()...)
	for _, k := range append(DataOnlyKinds, Kinds...) {
		switch {
		case k.TypeName == gateway.ControlPlaneKind.TypeName:
			out = append(out, gateway.NewControlPlaneDataSource) // also takes Kong's filter arguments
		case k.DataSource:
			out = append(out, engine.NewDataSource(k))
		}
		if k.Filter != nil { // Kong's <type>_list (konnect_team_list, konnect_system_account_list)
			out = append(out, engine.NewListDataSource(k))
		}
	}
	return append(out, access.NewRolesDataSource)
}
