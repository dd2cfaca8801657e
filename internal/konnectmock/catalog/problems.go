package catalog

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The API catalog's problems, as its spec's examples show them:
//
//	400 {"title":"Invalid Request","detail":"Invalid Parameters","invalid_parameters":[{"field":"name","rule":"required","reason":"\"name\" is required","source":"body"}]}
//	400 {"title":"Bad Request","detail":"Could not parse request body","invalid_parameters":[{"field":"body","reason":"request format is invalid"}]}
//	404 {"title":"Not Found","detail":"Not Found"}
//	409 {"title":"Conflict","detail":"…"}
//
// Every problem also has status, type and a trace instance (mockcore).

func (c *call) problem(status int, detail string) mockcore.Response {
	return c.f.env.Problem(status, detail)
}

func (c *call) notFound() mockcore.Response { return c.problem(http.StatusNotFound, "Not Found") }

func (c *call) conflict(detail string) mockcore.Response {
	return c.problem(http.StatusConflict, detail)
}

// invalidRequest is the spec's 400 for parameters that fail their checks; each
// is worded as the spec words its rule (the catalog's problems name no source).
func (c *call) invalidRequest(params ...mockcore.InvalidParam) mockcore.Response {
	out := make([]mockcore.InvalidParam, len(params))
	for i, p := range params {
		out[i] = phrase(p)
	}
	return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Invalid Request", "Invalid Parameters", out)
}

// unparsable is the spec's answer to a body that is not a JSON object.
func (c *call) unparsable() mockcore.Response {
	return mockcore.NewTitledProblem(c.f.env.Trace.Next(), http.StatusBadRequest, "Bad Request", "Could not parse request body",
		[]mockcore.InvalidParam{{Field: "body", Reason: "request format is invalid"}})
}

// phrase words a problem the way the catalog spec does ("\"name\" is required",
// "value of \"rbac_enabled\" must be true or false"). Reasons of rules the spec
// shows no example of are kept, after the field's name.
func phrase(p mockcore.InvalidParam) mockcore.InvalidParam {
	q := `"` + p.Field + `"`
	switch p.Rule {
	case "required":
		p.Reason = q + " is required"
	case "unknown_property":
		p.Reason = q + " is not allowed"
	case "is_boolean":
		p.Reason = "value of " + q + " must be true or false"
	case "is_string":
		p.Reason = "value of " + q + " must be a utf-8 string"
	case "is_uuid":
		p.Reason = "value of " + q + " must be a UUID"
	case "is_array":
		p.Reason = q + " must be an array"
	case "is_object":
		p.Reason = q + " must be an object"
	case "is_integer", "is_number":
		p.Reason = q + " must be a number"
	case "max_length":
		if p.Maximum != nil {
			p.Reason = fmt.Sprintf("%s must be shorter than or equal to %d characters", p.Field, *p.Maximum)
		}
	case "min_length":
		if p.Minimum != nil {
			p.Reason = fmt.Sprintf("%s must be longer than or equal to %d characters", p.Field, *p.Minimum)
		}
	case "min":
		if p.Minimum != nil {
			p.Reason = fmt.Sprintf("value of %s must be at least %d", q, *p.Minimum)
		}
	case "max":
		if p.Maximum != nil {
			p.Reason = fmt.Sprintf("value of %s must be at most %d", q, *p.Maximum)
		}
	case "min_items":
		if p.Minimum != nil {
			p.Reason = fmt.Sprintf("%s must have at least %s", q, items(*p.Minimum))
		}
	case "max_items":
		if p.Maximum != nil {
			p.Reason = fmt.Sprintf("%s must have at most %s", q, items(*p.Maximum))
		}
	case "enum":
		p.Reason = "must be one of [" + strings.Join(p.Choices, ", ") + "]"
	case "matches_regex":
		if re, ok := strings.CutPrefix(p.Reason, "must match "); ok {
			p.Reason = p.Field + " must match /" + re + "/ regular expression"
		}
	case "missing_reference", "invalid":
		// the reason is the spec's own
	case "is_label":
		// mockcore's reason names the label key or value
	default:
		if !strings.HasPrefix(p.Reason, "value of ") && !strings.HasPrefix(p.Reason, q) {
			p.Reason = "value of " + q + " " + p.Reason
		}
	}
	return p
}

func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return fmt.Sprintf("%d items", n)
}

// body decodes the request body: a body that is not one JSON object is the
// spec's "Could not parse request body".
func (c *call) body() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		resp := c.unparsable()
		return nil, &resp
	}
	return b, nil
}

// optionalBody is body for operations whose request body the spec does not
// require: an empty body is an empty object.
func (c *call) optionalBody() (*mockcore.Body, *mockcore.Response) {
	if strings.TrimSpace(string(c.raw)) == "" {
		return &mockcore.Body{In: map[string]any{}}, nil
	}
	return c.body()
}

// invalid answers the problems a Body collected, if any.
func (c *call) invalid(b *mockcore.Body) *mockcore.Response {
	if len(b.Bad) == 0 {
		return nil
	}
	resp := c.invalidRequest(b.Bad...)
	return &resp
}

// pathID resolves a UUID path parameter: one that is not a UUID names nothing (404).
func (c *call) pathID(name string) (string, bool) {
	v := c.params[name]
	if !mockcore.IsUUID(v) {
		return "", false
	}
	return strings.ToLower(v), true
}
