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
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The arguments of Kong's provider's control plane data sources (`filter`, `filter_labels`,
// `sort`), so a lookup written for Kong's provider works here unchanged. Konnect applies
// them: they become the listing's query parameters (konnect.ControlPlaneFilter).

// kongFilterFields are the fields of Kong's `filter` and the operators Konnect takes on each.
var kongFilterFields = []struct {
	name, what string
	ops        []string
}{
	{"name", "name", []string{"eq", "neq", "contains"}},
	{"id", "id", []string{"eq", "oeq"}},
	{"cluster_type", "cluster type", []string{"eq", "neq", "oeq"}},
}

var kongFilterOps = map[string]string{
	"eq":       "The field exactly matches this value.",
	"neq":      "The field does not match this value.",
	"contains": "The field contains this value.",
	"oeq":      "The field matches any of these comma-separated values.",
}

// kongRemovedArguments are arguments of earlier releases of Kong's provider that this
// provider refuses rather than ignore: each changed which objects a list returned.
var kongRemovedArguments = map[string]string{
	"page_size":   "`page_size` is an argument of earlier releases of Kong's provider, whose list returned one page. This data source always returns every matching control plane; remove `page_size`.",
	"page_number": "`page_number` is an argument of earlier releases of Kong's provider, whose list returned one page. This data source always returns every matching control plane; remove `page_number`.",
}

// controlPlaneFilterAttributes are Kong's filter arguments as data-source attributes.
func controlPlaneFilterAttributes() map[string]schema.Attribute {
	fields := map[string]schema.Attribute{
		"cloud_gateway": schema.BoolAttribute{Optional: true, Description: "Only control planes whose `cloud_gateway` is this value.",
			MarkdownDescription: "Only control planes whose `cloud_gateway` is this value."},
	}
	for _, f := range kongFilterFields {
		ops := map[string]schema.Attribute{}
		for _, op := range f.ops {
			var others []path.Expression
			for _, o := range f.ops {
				if o != op {
					others = append(others, path.MatchRelative().AtParent().AtName(o))
				}
			}
			ops[op] = schema.StringAttribute{Optional: true, Description: kongFilterOps[op], MarkdownDescription: kongFilterOps[op],
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), stringvalidator.ConflictsWith(others...)}}
		}
		desc := fmt.Sprintf("Filter on the control plane's %s with one of the operators `%s`.", f.what, strings.Join(f.ops, "`, `"))
		fields[f.name] = schema.SingleNestedAttribute{Optional: true, Description: desc, MarkdownDescription: desc, Attributes: ops}
	}
	out := map[string]schema.Attribute{
		"filter": schema.SingleNestedAttribute{Optional: true, Attributes: fields,
			Description:         "Konnect's filters on control planes, as Kong's provider takes them; every filter set must hold.",
			MarkdownDescription: "Konnect's filters on control planes, as Kong's provider takes them; every filter set must hold."},
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
	if v := cfg["filter"]; v.IsKnown() && !v.IsNull() {
		fields, err := engine.AsObject(v)
		if err != nil {
			return f, nil, err
		}
		for _, kf := range kongFilterFields {
			fv := fields[kf.name]
			if !fv.IsKnown() || fv.IsNull() {
				continue
			}
			ops, err := engine.AsObject(fv)
			if err != nil {
				return f, nil, err
			}
			var m konnect.Match
			for _, op := range kf.ops {
				s := engine.Str(ops[op])
				if s == "" {
					continue
				}
				described = append(described, fmt.Sprintf("filter.%s.%s = %q", kf.name, op, s))
				switch op {
				case "eq":
					m.Eq = s
				case "neq":
					m.Neq = s
				case "contains":
					m.Contains = s
				case "oeq":
					for _, part := range strings.Split(s, ",") {
						if part = strings.TrimSpace(part); part != "" {
							m.Oeq = append(m.Oeq, part)
						}
					}
				}
			}
			switch kf.name {
			case "name":
				f.NameMatch = m
			case "id":
				f.IDMatch = m
			case "cluster_type":
				f.ClusterTypeMatch = m
			}
		}
		if cg := fields["cloud_gateway"]; cg.IsKnown() && !cg.IsNull() {
			var b bool
			if err := cg.As(&b); err != nil {
				return f, nil, err
			}
			f.CloudGateway = &b
			described = append(described, fmt.Sprintf("filter.cloud_gateway = %t", b))
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

// withConfigArgs returns the data source's state: the values read from Konnect (obj, of
// the attributes in attrs) and the arguments as configured.
func withConfigArgs(config tftypes.Value, read tftypes.Value, args ...string) (tftypes.Value, error) {
	vals, err := engine.AsObject(read)
	if err != nil {
		return tftypes.Value{}, err
	}
	cfg, err := engine.AsObject(config)
	if err != nil {
		return tftypes.Value{}, err
	}
	for _, a := range args {
		vals[a] = cfg[a]
	}
	return tftypes.NewValue(config.Type(), map[string]tftypes.Value(vals)), nil
}
