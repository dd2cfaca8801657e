package gateway

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
)

var kongNameRE = regexp.MustCompile(`^[A-Za-z0-9.\-_~]+$`)

// kongName is Konnect's rule for the name of a service or a route: 1 to 128 letters,
// digits and . - _ ~.
func kongName() []engine.Validator {
	return []engine.Validator{stringvalidator.LengthBetween(1, 128),
		stringvalidator.RegexMatches(kongNameRE, "may contain only letters, digits and . - _ ~")}
}

// hostName accepts what Konnect accepts as a service's host: a host name or an IP address,
// without a scheme, a port, a path or spaces.
func hostName() validator.String { return hostNameValidator{} }

type hostNameValidator struct{}

func (hostNameValidator) Description(context.Context) string {
	return "must be a host name or an IP address, without a scheme, port or path"
}

func (v hostNameValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (hostNameValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	if problem := hostProblem(s); problem != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid host",
			fmt.Sprintf("%s %q is not a host name or an IP address: %s.", req.Path, s, problem))
	}
}

var hostLabelRE = regexp.MustCompile(`^[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$`)

// hostProblem says what is wrong with a service host, or "" when nothing is.
func hostProblem(s string) string {
	switch {
	case s == "":
		return "it is empty"
	case strings.Contains(s, "://"):
		return fmt.Sprintf("remove the scheme %q (the protocol attribute sets it)", s[:strings.Index(s, "://")+3])
	case strings.ContainsAny(s, " \t\r\n"):
		return "it contains spaces"
	case strings.ContainsAny(s, "/?#"):
		return "remove the path (the path attribute sets it)"
	}
	if ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")); ip != nil {
		return ""
	}
	if strings.Contains(s, ":") {
		return "remove the port (the port attribute sets it)"
	}
	for _, label := range strings.Split(strings.TrimSuffix(s, "."), ".") {
		if !hostLabelRE.MatchString(label) {
			return "each dot-separated part must be 1 to 63 letters, digits, - or _, and not begin or end with -"
		}
	}
	return ""
}
