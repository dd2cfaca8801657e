package protocol

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// setAsideUnreadable empties *private when the framework would refuse to decode it, and
// returns the warning that says so; nil when the framework reads it (or there is none).
//
// The framework fails every call on such private state ("Error Decoding Private State …
// Please report this to the provider developer"), which leaves a user whose state file was
// truncated or edited by hand with no way forward but deleting the resource from state.
// Set aside, the resource has no guard record: the engine then takes the state's own
// attributes as what was last applied (a change made in Konnect is still found), and the
// next refresh or write records it again. The framework's own keys (an import marker) are in
// the same unreadable text and go with it.
func setAsideUnreadable(typeName string, private *[]byte) *tfprotov6.Diagnostic {
	if len(*private) == 0 {
		return nil
	}
	problem := frameworkRefuses(*private)
	if problem == "" {
		return nil
	}
	*private = nil
	return &tfprotov6.Diagnostic{
		Severity: tfprotov6.DiagnosticSeverityWarning,
		Summary:  "Guard record unreadable: set aside",
		Detail: fmt.Sprintf("The state file's private data for this %s (the guard's record of what was last applied in Konnect) "+
			"cannot be read: %s. It was probably truncated or edited by hand.\n\n"+
			"It was set aside for this run: the state's own attributes stand in for what was last applied, so a change made "+
			"in Konnect since is still reported, and the record is written again by the next apply "+
			"(`terraform apply -refresh-only` writes it without changing anything in Konnect). "+
			"If the state's attributes are not trustworthy either, remove the resource from state and import it again.",
			typeName, problem),
	}
}

// frameworkRefuses reports why the framework's private state decoder would fail on raw,
// or "" when it reads it (or, for the older SDK's format, drops it silently).
func frameworkRefuses(raw []byte) string {
	var keys map[string][]byte
	if err := json.Unmarshal(raw, &keys); err != nil {
		if json.Unmarshal(raw, new(map[string]any)) == nil {
			return "" // the older SDK's format: the framework discards it without an error
		}
		return "it is not a JSON object of keys (" + err.Error() + ")"
	}
	for k, v := range keys {
		if len(v) > 0 && (!utf8.Valid(v) || !json.Valid(v)) { // (an empty value passes: the framework answers it)
			return fmt.Sprintf("the value of its key %q is not UTF-8 JSON", k)
		}
	}
	return ""
}

// warned appends a warning, when there is one, to a call's diagnostics.
func warned(diags []*tfprotov6.Diagnostic, warning *tfprotov6.Diagnostic) []*tfprotov6.Diagnostic {
	if warning == nil {
		return diags
	}
	return append(diags, warning)
}
