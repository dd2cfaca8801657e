package acctest

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
)

// Names is the state check of a list of strings (a list data source's names, an output):
// exactly want, in order.
func Names(want ...string) knownvalue.Check {
	checks := make([]knownvalue.Check, 0, len(want))
	for _, w := range want {
		checks = append(checks, knownvalue.StringExact(w))
	}
	return knownvalue.ListExact(checks)
}

// Both matches a diagnostic's summary and then a part of its detail, however the CLI wraps
// them.
func Both(summary, detail string) *regexp.Regexp {
	return regexp.MustCompile("(?s)" + Words(summary) + ".*" + Words(detail))
}
