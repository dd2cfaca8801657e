package konnect

import (
	"errors"
	"net/http"
	"testing"
)

func TestIsUniqueViolation(t *testing.T) {
	unique := `{"code":3,"message":"data constraint error","details":[{"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail","type":"ERROR_TYPE_REFERENCE","field":"name","messages":["name (type: unique) constraint failed"]}]}`
	foreign := `{"code":3,"message":"data constraint error","details":[{"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail","type":"ERROR_TYPE_REFERENCE","field":"service.id","messages":["service.id (type: foreign) constraint failed"]}]}`
	validation := `{"code":3,"message":"validation error","details":[{"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail","type":"ERROR_TYPE_FIELD","field":"name","messages":["must not be empty"]}]}`
	cpTaken := `{"status":409,"title":"Conflict","detail":"Control Plane with provided name already exists."}`
	apiErr := func(status int, body string) error {
		return newAPIError(http.MethodPut, "/v2/control-planes/cp/core-entities/services/x", &http.Response{StatusCode: status}, body)
	}
	tests := []struct {
		name  string
		err   error
		field string
		want  bool
	}{
		{"unique on the field", apiErr(400, unique), "name", true},
		{"unique on another field", apiErr(400, unique), "username", false},
		{"foreign key", apiErr(400, foreign), "name", false},
		{"validation on the field", apiErr(400, validation), "name", false},
		{"platform 409", apiErr(409, cpTaken), "name", true},
		{"not found", apiErr(404, `{"code":5,"message":"not found"}`), "name", false},
		{"server error", apiErr(500, unique), "name", false},
		{"not an API error", errors.New("connection reset"), "name", false},
		{"nil", nil, "name", false},
	}
	for _, tt := range tests {
		if got := IsUniqueViolation(tt.err, tt.field); got != tt.want {
			t.Errorf("%s: IsUniqueViolation = %v, want %v", tt.name, got, tt.want)
		}
	}
}
