package mockcore

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// Problem is Konnect's application/problem+json error body.
type Problem struct {
	Status            int            `json:"status"`
	Title             string         `json:"title"`
	Type              string         `json:"type,omitempty"`
	Instance          string         `json:"instance"`
	Detail            string         `json:"detail"`
	InvalidParameters []InvalidParam `json:"invalid_parameters,omitempty"`
}

// InvalidParam is one entry of a 400's invalid_parameters.
type InvalidParam struct {
	Field   string   `json:"field"`
	Rule    string   `json:"rule,omitempty"`
	Minimum *int     `json:"minimum,omitempty"`
	Maximum *int     `json:"maximum,omitempty"`
	Choices []string `json:"choices,omitempty"`
	Reason  string   `json:"reason"`
	// Source is where the parameter was: "body", "query" or "path" (the portal
	// API names it; the identity API does not).
	Source string `json:"source,omitempty"`
}

// ProblemTitles are the titles Konnect gives each status.
var ProblemTitles = map[int]string{
	400: "Bad Request", 401: "Unauthenticated", 403: "Forbidden", 404: "Not Found",
	405: "Method Not Allowed", 409: "Conflict", 412: "Precondition Failed",
	500: "Internal Server Error",
}

// Tracer makes the "instance" values of problems, "konnect:trace:<19 digits>".
type Tracer struct{ n atomic.Uint64 }

// NewTracer starts from the clock, so two mocks do not repeat each other's ids.
func NewTracer() *Tracer {
	t := &Tracer{}
	t.n.Store(uint64(time.Now().UnixNano()) % 1e18)
	return t
}

// Next returns a fresh trace id.
func (t *Tracer) Next() string {
	return "konnect:trace:" + strconv.FormatUint(1e18+t.n.Add(7919)%8e18, 10)
}

// NewProblem renders a problem+json response. Konnect's 401 carries no type.
func NewProblem(instance string, status int, detail string, params []InvalidParam) Response {
	return NewTitledProblem(instance, status, ProblemTitles[status], detail, params)
}

// NewTitledProblem is NewProblem with the title an API gives the problem (the
// portal API titles its 400s "Invalid Request"); an empty title is the status's.
func NewTitledProblem(instance string, status int, title, detail string, params []InvalidParam) Response {
	p := Problem{Status: status, Title: title, Instance: instance, Detail: detail, InvalidParameters: params}
	if p.Title == "" {
		p.Title = http.StatusText(status)
	}
	if status != http.StatusUnauthorized {
		p.Type = "https://httpstatuses.com/" + strconv.Itoa(status)
	}
	return Response{Status: status, CType: CTProblem, Body: Marshal(p)}
}

// IntPtr is for InvalidParam.Minimum and Maximum.
func IntPtr(n int) *int { return &n }
