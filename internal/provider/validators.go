package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// noPrefix rejects strings that start with any of the reserved prefixes.
func noPrefix(prefixes ...string) validator.String { return noPrefixValidator(prefixes) }

type noPrefixValidator []string

func (v noPrefixValidator) Description(context.Context) string {
	return "must not start with " + strings.Join(v, ", ")
}

func (v noPrefixValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v noPrefixValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	for _, p := range v {
		if strings.HasPrefix(s, p) {
			resp.Diagnostics.AddAttributeError(req.Path, "Reserved prefix",
				fmt.Sprintf("%q must not start with %q (Konnect reserves %s).", s, p, strings.Join(v, ", ")))
			return
		}
	}
}
