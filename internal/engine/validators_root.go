package engine

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/helpers/validatordiag"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// ConflictsWithRoot and AtLeastOneOfRoot are the framework-validators' ConflictsWith and
// AtLeastOneOf over root attributes (path.MatchRoot of each name): the same rule, the same
// diagnostics, the same description. They read the named attributes straight from the
// configuration's object, where the originals match each path expression over the whole
// configuration (Config.PathMatches), which was half of the framework's validation time in
// a plan of routes. validators_root_test.go holds them to the originals.

// ConflictsWithRoot: when the attribute is set, none of the named root attributes may be.
func ConflictsWithRoot(names ...string) RootConflicts { return RootConflicts(names) }

// AtLeastOneOfRoot: when the attribute is not set, one of the named root attributes must be.
func AtLeastOneOfRoot(names ...string) RootAtLeastOneOf { return RootAtLeastOneOf(names) }

// RootConflicts is ConflictsWithRoot's validator (strings and integers).
type RootConflicts []string

// RootAtLeastOneOf is AtLeastOneOfRoot's validator (strings).
type RootAtLeastOneOf []string

func rootExpressions(names []string) path.Expressions {
	out := make(path.Expressions, len(names))
	for i, n := range names {
		out[i] = path.MatchRoot(n)
	}
	return out
}

func (v RootConflicts) Description(ctx context.Context) string { return v.MarkdownDescription(ctx) }

func (v RootConflicts) MarkdownDescription(context.Context) string {
	return fmt.Sprintf("Ensure that if an attribute is set, these are not set: %q", rootExpressions(v))
}

func (v RootConflicts) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	v.validate(req.Config, req.ConfigValue, req.Path, &resp.Diagnostics)
}

func (v RootConflicts) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	v.validate(req.Config, req.ConfigValue, req.Path, &resp.Diagnostics)
}

func (v RootConflicts) validate(config tfsdk.Config, value attr.Value, at path.Path, diags *diag.Diagnostics) {
	if value.IsNull() || value.IsUnknown() {
		return
	}
	for _, name := range v {
		other := path.Root(name)
		if other.Equal(at) {
			continue
		}
		set, known := rootValue(config, name)
		if !known {
			return // decided when every value involved is known
		}
		if set {
			diags.Append(validatordiag.InvalidAttributeCombinationDiagnostic(at,
				fmt.Sprintf("Attribute %q cannot be specified when %q is specified", other, at)))
		}
	}
}

func (v RootAtLeastOneOf) Description(ctx context.Context) string { return v.MarkdownDescription(ctx) }

func (v RootAtLeastOneOf) MarkdownDescription(context.Context) string {
	return fmt.Sprintf("Ensure that at least one attribute from this collection is set: %s", rootExpressions(v))
}

func (v RootAtLeastOneOf) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	for _, name := range v {
		set, known := rootValue(req.Config, name)
		if !known || set {
			return
		}
	}
	exprs := rootExpressions(v)
	exprs = append(exprs, req.PathExpression)
	resp.Diagnostics.Append(validatordiag.InvalidAttributeCombinationDiagnostic(req.Path,
		fmt.Sprintf("At least one attribute out of %s must be specified", exprs)))
}

// rootValue reports whether the configuration sets the root attribute name (not null), and
// whether that is known yet. A name the object lacks counts as not set.
func rootValue(config tfsdk.Config, name string) (set, known bool) {
	got, err := config.Raw.ApplyTerraform5AttributePathStep(tftypes.AttributeName(name))
	if err != nil {
		return false, true
	}
	v, ok := got.(tftypes.Value)
	if !ok {
		return false, true
	}
	if !v.IsKnown() {
		return false, false
	}
	return !v.IsNull(), true
}
