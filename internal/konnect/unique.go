package konnect

import (
	"net/http"
	"strings"
)

// IsUniqueViolation reports Konnect refusing a write because another object already holds
// the value of a unique field: a core entity's 400 "data constraint error" with a detail on
// that field saying "(type: unique)", or the platform API's 409 Conflict (a control plane's
// name). field is the field's JSON name; for a 409 it is not checked, the platform API names
// no field.
func IsUniqueViolation(err error, field string) bool {
	e, ok := asAPIError(err)
	if !ok {
		return false
	}
	if e.StatusCode == http.StatusConflict {
		return true
	}
	if e.StatusCode != http.StatusBadRequest {
		return false
	}
	for _, fe := range e.FieldErrors {
		if fe.Field != field {
			continue
		}
		for _, m := range append([]string{fe.Reason}, fe.Messages...) {
			if strings.Contains(m, "(type: unique)") {
				return true
			}
		}
	}
	return false
}
