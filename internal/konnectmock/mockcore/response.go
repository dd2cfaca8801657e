package mockcore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
)

// Content types: success bodies (and Kong-style errors) are JSON, platform errors problem+json.
const (
	CTJSON    = "application/json"
	CTProblem = "application/problem+json"
)

// Response is computed while the state lock is held (bodies are marshalled then)
// and written after it is released.
type Response struct {
	Status int
	CType  string
	Body   []byte
	Header http.Header
}

// Write sends the response; a 204 or a response without a body has no Content-Type.
func (r Response) Write(w http.ResponseWriter) {
	for k, vs := range r.Header {
		w.Header()[k] = vs
	}
	if r.Status == http.StatusNoContent || r.Body == nil {
		w.WriteHeader(r.Status)
		return
	}
	w.Header().Set("Content-Type", r.CType)
	w.Header().Set("Content-Length", strconv.Itoa(len(r.Body)))
	w.WriteHeader(r.Status)
	_, _ = w.Write(r.Body)
}

// With returns the response with one more header.
func (r Response) With(key, value string) Response {
	h := http.Header{}
	for k, vs := range r.Header {
		h[k] = vs
	}
	h.Set(key, value)
	r.Header = h
	return r
}

// OK reports a 2xx status.
func (r Response) OK() bool { return r.Status >= 200 && r.Status < 300 }

// Marshal renders v as the mock sends JSON: no HTML escaping, one trailing newline.
func Marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("konnectmock: marshal: %v", err))
	}
	return buf.Bytes()
}

// JSON is an application/json response.
func JSON(status int, v any) Response {
	return Response{Status: status, CType: CTJSON, Body: Marshal(v)}
}

// NoContent is a 204.
func NoContent() Response { return Response{Status: http.StatusNoContent} }

// Empty is a status without a body (Konnect's 201 "Created" for memberships).
func Empty(status int) Response { return Response{Status: status} }
