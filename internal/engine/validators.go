package engine

import (
	"context"
	"encoding/pem"
	"fmt"
	"maps"
	"net"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

// noPrefix rejects strings that start with any of the reserved prefixes.
func NoPrefix(prefixes ...string) validator.String { return noPrefixValidator(prefixes) }

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

// --- upstreams, targets, certificates, vaults and keys ---------------------------------

// pemBlock accepts a PEM document whose first block's type ends with want
// ("CERTIFICATE", "PRIVATE KEY", "PUBLIC KEY"): the text begins with -----BEGIN.
func PemBlock(want string) validator.String { return pemValidator(want) }

type pemValidator string

func (v pemValidator) Description(context.Context) string {
	return "must be a PEM-encoded " + string(v) + " (text beginning with -----BEGIN)"
}

func (v pemValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v pemValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := strings.TrimSpace(req.ConfigValue.ValueString())
	if !strings.HasPrefix(s, "-----BEGIN") {
		resp.Diagnostics.AddAttributeError(req.Path, "Not a PEM document",
			fmt.Sprintf("%s must be a PEM-encoded %s: text beginning with -----BEGIN %s-----.", req.Path, string(v), string(v)))
		return
	}
	block, _ := pem.Decode([]byte(s))
	if block == nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Malformed PEM document",
			fmt.Sprintf("%s begins like PEM but could not be decoded (check the -----END----- line and the base64 body).", req.Path))
		return
	}
	if !strings.HasSuffix(block.Type, string(v)) {
		resp.Diagnostics.AddAttributeError(req.Path, "Wrong kind of PEM block",
			fmt.Sprintf("%s holds a PEM %q block; a %s is expected here.", req.Path, block.Type, string(v)))
	}
}

// hostPort accepts Kong's target syntax: host:port or [ipv6]:port, port 0 to 65535.
func HostPort() validator.String { return hostPortValidator{} }

type hostPortValidator struct{}

func (hostPortValidator) Description(context.Context) string {
	return "must be host:port (or [ipv6]:port), port 0 to 65535"
}

func (v hostPortValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (hostPortValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	s := req.ConfigValue.ValueString()
	host, port, err := net.SplitHostPort(s)
	n, perr := strconv.Atoi(port)
	if err != nil || host == "" || strings.ContainsAny(host, " /") || perr != nil || n < 0 || n > 65535 {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid target",
			fmt.Sprintf("%s = %q: expected host:port or [ipv6]:port with a port from 0 to 65535, for example \"10.0.0.7:8080\". (Konnect would otherwise append port 8000 and the plan would never settle.)", req.Path, s))
	}
}

// jsonText accepts a JSON document (a JSON object when object is true).
func JSONText(object bool) validator.String { return jsonValidator(object) }

type jsonValidator bool

func (v jsonValidator) Description(context.Context) string {
	if v {
		return "must be a JSON object (use jsonencode)"
	}
	return "must be a JSON document (use jsonencode)"
}

func (v jsonValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v jsonValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	doc, err := canonjson.ParseJSON(req.ConfigValue.ValueString())
	if err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid JSON", fmt.Sprintf("%s %s: %v.", req.Path, v.Description(ctx), err))
		return
	}
	if _, ok := doc.(map[string]any); bool(v) && !ok {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid JSON", fmt.Sprintf("%s %s, not %s.", req.Path, v.Description(ctx), jsonKind(doc)))
	}
}

// jsonKind names a decoded JSON value's type as JSON does ("an array"), never as Go does.
func jsonKind(doc any) string {
	switch doc.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	}
	return "a number"
}

// requiresWhen: when the attribute holds one of the keys, the sibling attribute named by
// that key's value must be set too (hash_on = "header" needs hash_on_header).
func RequiresWhen(siblings map[string]string) validator.String {
	return requiresWhenValidator(siblings)
}

type requiresWhenValidator map[string]string

func (v requiresWhenValidator) Description(context.Context) string {
	parts := make([]string, 0, len(v))
	for _, k := range slices.Sorted(maps.Keys(v)) {
		parts = append(parts, fmt.Sprintf("%q requires %s", k, v[k]))
	}
	return strings.Join(parts, ", ")
}

func (v requiresWhenValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (v requiresWhenValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	sibling, ok := v[req.ConfigValue.ValueString()]
	if !ok {
		return
	}
	var other basetypes.StringValue
	p := req.Path.ParentPath().AtName(sibling)
	if d := req.Config.GetAttribute(ctx, p, &other); d.HasError() || other.IsUnknown() {
		return
	}
	if other.IsNull() || other.ValueString() == "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Missing companion attribute",
			fmt.Sprintf("%s = %q needs %s to be set as well.", req.Path, req.ConfigValue.ValueString(), p))
	}
}

// refIsUUID checks the id of a `{ id = … }` reference.
func RefIsUUID() validator.Object { return refUUIDValidator{} }

type refUUIDValidator struct{}

func (refUUIDValidator) Description(context.Context) string { return "id must be a UUID" }

func (v refUUIDValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (refUUIDValidator) ValidateObject(_ context.Context, req validator.ObjectRequest, resp *validator.ObjectResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	id, ok := req.ConfigValue.Attributes()["id"].(basetypes.StringValue)
	if !ok || id.IsNull() || id.IsUnknown() {
		return
	}
	if !UUIDRE.MatchString(id.ValueString()) {
		resp.Diagnostics.AddAttributeError(req.Path.AtName("id"), "Invalid reference",
			fmt.Sprintf("%s = %q must be the UUID of the referenced object.", req.Path.AtName("id"), id.ValueString()))
	}
}

// kongTags are Kong's tag rules: non-empty, without `,` or `/`.
func KongTags() validator.Set {
	return setvalidator.ValueStringsAre(stringvalidator.LengthAtLeast(1),
		stringvalidator.RegexMatches(regexp.MustCompile(`^[^,/]*$`), "must not contain `,` or `/`"))
}

// jwkKid checks that a JWK document is a JSON object whose kid, when present, equals the
// sibling attribute kidAttr (Konnect refuses a mismatch).
func JWKKid(kidAttr string) validator.String { return jwkKidValidator(kidAttr) }

type jwkKidValidator string

func (v jwkKidValidator) Description(context.Context) string {
	return "must be a JWK JSON object whose kid equals " + string(v)
}

func (v jwkKidValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v jwkKidValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	doc, err := canonjson.ParseJSON(req.ConfigValue.ValueString())
	obj, ok := doc.(map[string]any)
	if err != nil || !ok {
		// Never echo the document: it holds key material.
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid JWK", fmt.Sprintf("%s must be a JSON object (use jsonencode); the value given is not.", req.Path))
		return
	}
	kid, present := obj["kid"]
	if !present {
		return
	}
	var want basetypes.StringValue
	p := req.Path.ParentPath().AtName(string(v))
	if d := req.Config.GetAttribute(ctx, p, &want); d.HasError() || want.IsNull() || want.IsUnknown() {
		return
	}
	if fmt.Sprint(kid) != want.ValueString() {
		resp.Diagnostics.AddAttributeError(req.Path, "JWK kid does not match",
			fmt.Sprintf("The kid inside %s (%q) must equal %s (%q).", req.Path, fmt.Sprint(kid), p, want.ValueString()))
	}
}

// NotBlank refuses a name made only of whitespace, as Konnect refuses an empty one: at plan,
// on the attribute, instead of a 400 at apply after other objects were written.
func NotBlank() Validator {
	return stringvalidator.RegexMatches(regexp.MustCompile(`\S`), "must not be empty or only whitespace")
}
