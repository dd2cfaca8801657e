package catalog

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// SpecificationKind is the specification of an API through Konnect's older endpoint
// (/v3/apis/{apiId}/specifications), which Konnect keeps for Kong's konnect_api_specification:
// an API has one, and Konnect holds it as the API's version. konnect_api_version is the
// newer way to the same object.
var SpecificationKind = engine.EntityKind{
	TypeName:   "konnect_api_specification",
	ExportedAs: "konnect_api_version",
	Description: "The specification of an API (OpenAPI 2 or 3, or AsyncAPI; JSON or YAML), through Konnect's older specifications endpoint: an API has at most one, and Konnect holds it as the API's version. " +
		"Prefer `konnect_api_version` for new configurations; do not manage one API's specification with both. " +
		"The specification is compared as a document: re-indenting it, reordering its keys or switching between JSON and YAML plans no change. An update sends only what the plan changes (PATCH).",
	// Refreshed one GET per specification, not from a listing: Konnect lists them without
	// their content and validation messages.
	API:   engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: engine.V3Path("apis", "{api_id}", "specifications")}},
	Check: checkSpecType,
	Attrs: []engine.Attr{
		apiID(),
		{Name: "content", Type: engine.String, Mode: engine.Required,
			Description:   "The specification's text, JSON or YAML. Konnect refuses one it cannot parse as OpenAPI or AsyncAPI; the error names this attribute.",
			Validators:    []engine.Validator{stringvalidator.LengthAtLeast(1), specDocument{}},
			PlanModifiers: []engine.PlanModifier{sameDocument{}}, TextDocument: true},
		{Name: "type", Type: engine.String,
			Description: "The specification's kind: `oas2`, `oas3` or `asyncapi`. Konnect takes it from the content; set, it must be the content's.",
			Validators:  []engine.Validator{stringvalidator.OneOf(specTypes...)}},
		{Name: "validation_messages", Mode: engine.Computed, Description: "What Konnect's validation reported.",
			Type: engine.ListOf(engine.ObjectOf(engine.Attr{Name: "message", Type: engine.String, Mode: engine.Computed, Description: "A message."}))},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// specTypes are the kinds of specification Konnect knows.
var specTypes = []string{"oas2", "oas3", "asyncapi"}

// SpecType is the kind of a specification, as Konnect finds it: `oas3` for an `openapi: 3.x`
// document, `oas2` for `swagger: "2.0"`, `asyncapi` for an AsyncAPI one; "" for anything else.
func SpecType(doc map[string]any) string {
	str := func(k string) string {
		switch v := doc[k].(type) {
		case string:
			return v
		case nil:
			return ""
		default:
			return fmt.Sprint(v)
		}
	}
	switch o := str("openapi"); {
	case len(o) > 2 && o[:2] == "3.":
		return "oas3"
	case str("swagger") == "2.0":
		return "oas2"
	case str("asyncapi") != "":
		return "asyncapi"
	}
	return ""
}

// checkSpecType refuses a configured type that is not the content's: Konnect keeps the
// content's, and the plan would never settle.
func checkSpecType(_ context.Context, _ *konnect.Client, values konnect.Object) []engine.Problem {
	set, _ := values["type"].(string)
	content, _ := values["content"].(string)
	if set == "" || content == "" {
		return nil
	}
	doc, ok := parseSpec(content)
	if !ok {
		return nil // the content's own validator says why
	}
	if found := SpecType(doc); found != "" && found != set {
		return []engine.Problem{{Attr: "type", Summary: "Specification type is not the content's",
			Detail: fmt.Sprintf("type is %q but the content is an %s document; Konnect takes the type from the content. Set type = %q or leave it unset.", set, found, found)}}
	}
	return nil
}
