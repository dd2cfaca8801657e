package catalog

import "github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"

// A list's paging, filter and sort parameters, read by mockcore.Query; refusals in this
// family's problem style.

type filterSpec = mockcore.QuerySpec

const (
	textField     = mockcore.TextField
	uuidField     = mockcore.UUIDField
	boolField     = mockcore.BoolField
	timeField     = mockcore.TimeField
	eqField       = mockcore.EqField
	containsField = mockcore.ContainsField
)

func (c *call) query() mockcore.Query {
	return mockcore.Query{Values: c.q, Invalid: func(params ...mockcore.InvalidParam) mockcore.Response {
		return c.invalidRequest(params...)
	}}
}

func (c *call) filters(spec filterSpec) ([]mockcore.QueryFilter, *mockcore.Response) {
	return c.query().Filters(spec)
}

func keep[T any](items []T, fs []mockcore.QueryFilter, get func(T, string) (string, bool)) []T {
	return mockcore.Keep(items, fs, get)
}

// list answers a paged list (mockcore.ListQuery): sorts nil, the list has no sort parameter.
func list[T, V any](c *call, items []T, spec filterSpec, sorts []string, get func(T, string) (string, bool), view func(T) V) mockcore.Response {
	return mockcore.ListQuery(c.query(), items, spec, sorts, get, view)
}

func optString(s *string) (string, bool) { return mockcore.OptString(s) }
