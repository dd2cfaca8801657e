package gateway

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The arguments of Kong's provider's control plane data sources (`filter`, `filter_labels`,
// `sort`), so a lookup written for Kong's provider works here unchanged. Konnect applies
// them: they become the listing's query parameters (konnect.ControlPlaneFilter).

// controlPlaneKongFilter is Kong's `filter` on control planes: the fields and the operators
// Konnect takes on each.
var controlPlaneKongFilter = engine.KongFilter{Noun: "control plane", Fields: []engine.KongFilterField{
	{Name: "cloud_gateway"},
	{Name: "name", Ops: []string{"eq", "neq", "contains"}},
	{Name: "id", Ops: []string{"eq", "oeq"}},
	{Name: "cluster_type", What: "cluster type", Ops: []string{"eq", "neq", "oeq"}},
}}

// kongRemovedArguments are arguments of earlier releases of Kong's provider that this
// provider refuses rather than ignore: each changed which objects a list returned.
var kongRemovedArguments = map[string]string{
	"page_size":   "`page_size` is an argument of earlier releases of Kong's provider, whose list returned one page. This data source always returns every matching control plane; remove `page_size`.",
	"page_number": "`page_number` is an argument of earlier releases of Kong's provider, whose list returned one page. This data source always returns every matching control plane; remove `page_number`.",
}

// controlPlaneFilterAttributes are Kong's filter arguments as data-source attributes.
func controlPlaneFilterAttributes() map[string]schema.Attribute {
	out := map[string]schema.Attribute{
		"filter": controlPlaneKongFilter.Attribute(),
		"filter_labels": schema.StringAttribute{Optional: true,
			Description:         "Only control planes with these labels: comma-separated `key:value` (the label has this value) or `key` (the label is set) terms, every one of which must hold, for example `env:prod,team`.",
			MarkdownDescription: "Only control planes with these labels: comma-separated `key:value` (the label has this value) or `key` (the label is set) terms, every one of which must hold, for example `env:prod,team`.",
			Validators: []validator.String{stringvalidator.RegexMatches(labelSelectorRE,
				"must be comma-separated key:value or key terms, for example env:prod,team")}},
		"sort": schema.StringAttribute{Optional: true,
			Description:         "Order of the control planes: `created_at` (oldest first, the default) or `created_at desc`.",
			MarkdownDescription: "Order of the control planes: `created_at` (oldest first, the default) or `created_at desc`.",
			Validators:          []validator.String{stringvalidator.OneOf("created_at", "created_at desc")}},
	}
	for name, why := range kongRemovedArguments {
		out[name] = schema.Int64Attribute{Optional: true, Description: "Not supported: " + why, MarkdownDescription: "Not supported: " + why,
			Validators: []validator.Int64{unsupportedArgument{why}}}
	}
	return out
}

// controlPlaneFilterArgs are the names controlPlaneFilterAttributes adds.
var controlPlaneFilterArgs = []string{"filter", "filter_labels", "sort", "page_size", "page_number"}

// controlPlaneFilterValidators: the data source's own `name` (and `labels` on the list)
// look up by exact name, which `filter` also does; setting both is refused, naming both.
func controlPlaneFilterValidators(lookups ...string) []datasource.ConfigValidator {
	var out []datasource.ConfigValidator
	for _, l := range lookups {
		out = append(out, datasourcevalidator.Conflicting(path.MatchRoot(l), path.MatchRoot("filter")))
	}
	return out
}

// controlPlaneFilter reads Kong's filter arguments from configuration. described lists
// them as configuration wrote them, for a diagnostic when nothing matches.
func controlPlaneFilter(cfg engine.ObjectValues) (f konnect.ControlPlaneFilter, described []string, err error) {
	terms, described, err := controlPlaneKongFilter.Terms(cfg["filter"])
	if err != nil {
		return f, nil, err
	}
	for _, t := range terms {
		var m *konnect.Match
		switch t.Field {
		case "cloud_gateway":
			b := t.Value == "true"
			f.CloudGateway = &b
			continue
		case "name":
			m = &f.NameMatch
		case "id":
			m = &f.IDMatch
		case "cluster_type":
			m = &f.ClusterTypeMatch
		}
		switch t.Op {
		case "eq":
			m.Eq = t.Value
		case "neq":
			m.Neq = t.Value
		case "contains":
			m.Contains = t.Value
		case "oeq":
			for _, part := range strings.Split(t.Value, ",") {
				if part = strings.TrimSpace(part); part != "" {
					m.Oeq = append(m.Oeq, part)
				}
			}
		}
	}
	if s := engine.Str(cfg["filter_labels"]); s != "" {
		f.LabelSelector = s
		described = append(described, fmt.Sprintf("filter_labels = %q", s))
	}
	f.Sort = engine.Str(cfg["sort"])
	sort.Strings(described)
	return f, described, nil
}

// controlPlaneDataAttrs is a control plane as the data sources report it: the resource's
// attributes, with `config` as Kong's provider nests it (every field Konnect returns there).
func controlPlaneDataAttrs() []engine.Attr {
	attrs := engine.NewEntityResource(ControlPlaneKind).Attrs
	out := make([]engine.Attr, 0, len(attrs))
	for _, a := range attrs {
		if a.Name == "config" {
			a.Description = "The control plane's configuration as Konnect returns it: the endpoints data planes connect to, and its cluster type, auth type, cloud gateway flag and proxy URLs."
			fields := append([]engine.Attr(nil), a.Type.Attrs...)
			for _, name := range []string{"cluster_type", "auth_type", "cloud_gateway", "proxy_urls"} {
				for _, top := range ControlPlaneKind.Attrs {
					if top.Name == name {
						top.ReadFrom, top.Mode, top.Default = "", engine.Computed, nil
						fields = append(fields, top)
					}
				}
			}
			a.Type = engine.ObjectOf(fields...)
		}
		out = append(out, a)
	}
	return out
}

// labelSelectorRE is Kong's filter_labels: key:value or key terms, comma-separated.
var labelSelectorRE = regexp.MustCompile(`^[^,:\s]+(:[^,]+)?(,[^,:\s]+(:[^,]+)?)*$`)

// unsupportedArgument fails validation whenever its attribute is set, with the reason.
type unsupportedArgument struct{ why string }

func (u unsupportedArgument) Description(context.Context) string         { return u.why }
func (u unsupportedArgument) MarkdownDescription(context.Context) string { return u.why }
func (u unsupportedArgument) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Unsupported argument "+req.Path.String(), u.why)
}
