package konnect

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestAPIErrorDecoding(t *testing.T) {
	const cpPath = "/v2/control-planes"
	svcPath := CoreEntitiesPath("cp", "services")
	tests := []struct {
		name        string
		method      string
		path        string
		status      int
		contentType string
		header      map[string]string
		body        string
		want        APIError
		wantMsg     string // exact Error(), when set
		wantIn      []string
		notFound    bool
		precond     bool
	}{
		{
			name: "platform validation with field errors", method: "POST", path: cpPath, status: 400,
			contentType: "application/problem+json",
			body: `{"status":400,"title":"Invalid Request","type":"https://httpstatuses.com/400","instance":"konnect:trace:1234567890","detail":"Invalid Parameters",
				"invalid_parameters":[{"field":"name","rule":"min_length","minimum":2,"reason":"must have at least 2 characters","source":"body"},
				{"field":"cluster_type","rule":"enum","reason":"is not one of the allowed values","choices":["CLUSTER_TYPE_CONTROL_PLANE","CLUSTER_TYPE_HYBRID"]}]}`,
			want: APIError{StatusCode: 400, Title: "Invalid Request", Detail: "Invalid Parameters", Type: "https://httpstatuses.com/400", TraceID: "1234567890",
				FieldErrors: []FieldError{
					{Field: "name", Rule: "min_length", Reason: "must have at least 2 characters"},
					{Field: "cluster_type", Rule: "enum", Reason: "is not one of the allowed values", Choices: []string{"CLUSTER_TYPE_CONTROL_PLANE", "CLUSTER_TYPE_HYBRID"}},
				}},
			wantMsg: "POST /v2/control-planes: 400 Invalid Request: Invalid Parameters: name: must have at least 2 characters; " +
				"cluster_type: is not one of the allowed values (one of: CLUSTER_TYPE_CONTROL_PLANE, CLUSTER_TYPE_HYBRID) (trace 1234567890)",
		},
		{
			name: "platform 409 name taken", method: "POST", path: cpPath, status: 409, contentType: "application/problem+json",
			body:    `{"status":409,"title":"Conflict","instance":"konnect:trace:42","detail":"Control Plane with provided name already exists."}`,
			want:    APIError{StatusCode: 409, Title: "Conflict", Detail: "Control Plane with provided name already exists.", TraceID: "42"},
			wantMsg: "POST /v2/control-planes: 409 Conflict: Control Plane with provided name already exists. (trace 42)",
		},
		{
			name: "platform 401", method: "GET", path: cpPath + "/x", status: 401, contentType: "application/problem+json",
			body:   `{"status":401,"title":"Unauthenticated","instance":"konnect:trace:7","detail":"A valid token is required"}`,
			want:   APIError{StatusCode: 401, Title: "Unauthenticated", Detail: "A valid token is required", TraceID: "7"},
			wantIn: []string{"401 Unauthenticated: A valid token is required", "access token", "(trace 7)"},
		},
		{
			name: "kong 401", method: "GET", path: svcPath, status: 401,
			body:   `{"message":"Unauthorized","status":401}`,
			want:   APIError{StatusCode: 401, Message: "Unauthorized"},
			wantIn: []string{"GET " + svcPath + ": 401 Unauthorized"},
		},
		{
			name: "kong validation", method: "PUT", path: svcPath + "/x", status: 400,
			header: map[string]string{"X-Kong-Request-Id": "req-9"},
			body: `{"code":3,"message":"validation error","details":[{"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail",
				"type":"ERROR_TYPE_FIELD","field":"port","messages":["value must be between 0 and 65535"]}]}`,
			want: APIError{StatusCode: 400, Message: "validation error", Code: 3, TraceID: "req-9",
				FieldErrors: []FieldError{{Field: "port", Rule: "ERROR_TYPE_FIELD", Reason: "value must be between 0 and 65535", Messages: []string{"value must be between 0 and 65535"}}}},
			wantMsg: "PUT " + svcPath + "/x: 400 validation error: port: value must be between 0 and 65535 (trace req-9)",
		},
		{
			name: "kong unique violation is a conflict", method: "PUT", path: svcPath + "/x", status: 400,
			body: `{"code":3,"message":"data constraint error","details":[{"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail",
				"type":"ERROR_TYPE_REFERENCE","field":"name","messages":["name (type: unique) constraint failed"]}]}`,
			want: APIError{StatusCode: 400, Message: "data constraint error", Code: 3,
				FieldErrors: []FieldError{{Field: "name", Rule: "ERROR_TYPE_REFERENCE", Reason: "name (type: unique) constraint failed", Messages: []string{"name (type: unique) constraint failed"}}}},
		},
		{
			name: "kong data constraint without unique is not a conflict", method: "PUT", path: svcPath + "/x", status: 400,
			body: `{"code":3,"message":"data constraint error","details":[{"type":"ERROR_TYPE_REFERENCE","field":"service","messages":["referenced entity not found"]}]}`,
			want: APIError{StatusCode: 400, Message: "data constraint error", Code: 3,
				FieldErrors: []FieldError{{Field: "service", Rule: "ERROR_TYPE_REFERENCE", Reason: "referenced entity not found", Messages: []string{"referenced entity not found"}}}},
		},
		{
			name: "kong not found", method: "GET", path: svcPath + "/x", status: 404,
			body:     `{"code":5,"message":"not found"}`,
			want:     APIError{StatusCode: 404, Message: "not found", Code: 5},
			wantMsg:  "GET " + svcPath + "/x: 404 not found",
			notFound: true,
		},
		{
			name: "platform not found", method: "GET", path: cpPath + "/x", status: 404, contentType: "application/problem+json",
			body:     `{"status":404,"title":"Not Found","instance":"konnect:trace:5","detail":"Not found"}`,
			want:     APIError{StatusCode: 404, Title: "Not Found", Detail: "Not found", TraceID: "5"},
			wantMsg:  "GET /v2/control-planes/x: 404 Not Found (trace 5)",
			notFound: true,
		},
		{
			name: "precondition failed", method: "PUT", path: svcPath + "/x", status: 412,
			body:    `{"message":"precondition failed"}`,
			want:    APIError{StatusCode: 412, Message: "precondition failed"},
			precond: true,
		},
		{
			name: "non-JSON body keeps a snippet", method: "POST", path: cpPath, status: 502, contentType: "text/html",
			body:    "<html>\n  <body>502 Bad Gateway " + strings.Repeat("x", 500) + "</body></html>",
			wantIn:  []string{"POST /v2/control-planes: 502 <html> <body>502 Bad Gateway xxx", "…"},
			want:    APIError{StatusCode: 502},
			wantMsg: "",
		},
		{
			name: "empty body", method: "POST", path: cpPath, status: 403,
			body:    "",
			want:    APIError{StatusCode: 403},
			wantMsg: "POST /v2/control-planes: 403 Forbidden",
		},
		{
			name: "unknown JSON shape", method: "POST", path: cpPath, status: 418,
			body:   `{"weird":true}`,
			want:   APIError{StatusCode: 418},
			wantIn: []string{`418 {"weird":true}`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				writeJSON(w, tt.status, tt.contentType, tt.body)
			})
			c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 1 })
			resp, err := c.Do(context.Background(), tt.method, tt.path, nil, nil, nil)
			if resp == nil || resp.StatusCode != tt.status {
				t.Fatalf("resp = %+v", resp)
			}
			var got *APIError
			if !errors.As(err, &got) {
				t.Fatalf("err = %#v, want *APIError", err)
			}
			if tt.want.Detail == "" && tt.status == 502 {
				tt.want.Detail = got.Detail // checked through Error()
			}
			if tt.status == 418 {
				tt.want.Detail = got.Detail
			}
			tt.want.Method, tt.want.Path, tt.want.Attempts = tt.method, tt.path, 1
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("APIError =\n%#v\nwant\n%#v", *got, tt.want)
			}
			if tt.wantMsg != "" && err.Error() != tt.wantMsg {
				t.Errorf("Error() =\n%s\nwant\n%s", err, tt.wantMsg)
			}
			for _, s := range tt.wantIn {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Error() = %q, missing %q", err, s)
				}
			}
			if len(got.Detail) > 300 {
				t.Errorf("snippet too long: %d", len(got.Detail))
			}
			wrapped := fmt.Errorf("reading: %w", err)
			if IsNotFound(wrapped) != tt.notFound || IsPreconditionFailed(wrapped) != tt.precond || isRateLimited(wrapped) {
				t.Errorf("IsNotFound=%v IsPreconditionFailed=%v isRateLimited=%v",
					IsNotFound(wrapped), IsPreconditionFailed(wrapped), isRateLimited(wrapped))
			}
		})
	}
}

func TestPredicatesOnOtherErrors(t *testing.T) {
	for _, err := range []error{nil, errors.New("x"), context.Canceled} {
		if IsNotFound(err) || IsPreconditionFailed(err) || isRateLimited(err) {
			t.Errorf("predicate true for %v", err)
		}
	}
	var nilAPI *APIError
	if IsNotFound(nilAPI) {
		t.Error("IsNotFound(nil *APIError)")
	}
}
