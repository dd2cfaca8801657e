package konnect

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

func TestRedactSecretValues(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"minute":10,"redis":{"host":"r","password":"pw1"}}`, `{"minute":10,"redis":{"host":"r","password":"[REDACTED]"}}`},
		{`{"client_secret": ["a","b"], "client_id":["c"]}`, `{"client_secret": "[REDACTED]", "client_id":["c"]}`},
		{`{"headers":{"Authorization":"Bearer x","X-Team":"t"}}`, `{"headers":{"Authorization":"[REDACTED]","X-Team":"t"}}`},
		{`{"key":"k-1","api_key":"k-2","key_names":["apikey"],"keyword":"w"}`, `{"key":"[REDACTED]","api_key":"[REDACTED]","key_names":["apikey"],"keyword":"w"}`},
		{`{"password":"with \"quote\" inside","x":"y"}`, `{"password":"[REDACTED]","x":"y"}`},
		{`bad request: {"secret":"cut-off-val`, `bad request: {"secret":"[REDACTED]"`},
		{`{"a":"b","token":"cut\`, `{"a":"b","token":"[REDACTED]"`},
		{`plain text`, `plain text`},
		// JSON quoted inside a JSON string: the value of the quoted member is redacted.
		{`{"detail":"bad config {\"password\":\"hun\\\"ter\\\\2\",\"host\":\"r\"}"}`,
			`{"detail":"bad config {\"password\":\"[REDACTED]\",\"host\":\"r\"}"}`},
		{`{"detail":"{\"name\":\"svc\"}"}`, `{"detail":"{\"name\":\"svc\"}"}`},
	} {
		if got := redactSecretValues(tt.in); got != tt.want {
			t.Errorf("redactSecretValues(%s)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// A server that echoes the request body into an error (a proxy's error page, a validation
// message quoting the input): the secret values of the plugin config and of a credential
// reach neither the error nor the DEBUG log.
func TestSecretValuesInEchoedBodiesAreRedacted(t *testing.T) {
	const redisPW, credKey = "Redis-Pa55-echoed", "key-auth-secret-echoed"
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch {
		case strings.HasSuffix(r.URL.Path, "/plugins/p1"):
			writeJSON(w, 400, "text/plain", "bad request: "+string(body))
		case strings.HasSuffix(r.URL.Path, "/key-auth/k1"):
			writeJSON(w, 400, "application/json", `{"unexpected":`+string(body)+`}`)
		}
	})
	var logs bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &logs)
	c := newTestClient(t, srv.URL)
	var errs []string
	_, _, err := c.PutEntity(ctx, CoreEntitiesPath("cp", "plugins"), "p1",
		Object{"name": "rate-limiting", "config": map[string]any{"minute": 10, "redis": map[string]any{"host": "r", "password": redisPW}}}, "")
	if err == nil {
		t.Fatal("want an error")
	}
	errs = append(errs, err.Error())
	_, _, err = c.PutEntity(ctx, CoreEntitiesPath("cp", "consumers", "c1", "key-auth"), "k1", Object{"key": credKey}, "")
	if err == nil {
		t.Fatal("want an error")
	}
	errs = append(errs, err.Error())
	all := strings.Join(errs, "\n") + "\n" + logs.String()
	for _, s := range []string{redisPW, credKey} {
		if strings.Contains(all, s) {
			t.Errorf("%q leaked:\n%s", s, all)
		}
	}
	if !strings.Contains(all, `"minute":10`) || !strings.Contains(all, `"password":"[REDACTED]"`) {
		t.Errorf("the error should keep what is not secret and say what was redacted:\n%s", all)
	}
}

// A detail that quotes the request as JSON: decoded once, its secret values are already gone.
func TestSecretValuesQuotedInADetailAreRedacted(t *testing.T) {
	const pw = "Redis-Pa55-quoted"
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 400, "application/problem+json",
			`{"status":400,"title":"Bad Request","detail":"invalid config {\"host\":\"r\",\"password\":\"`+pw+`\"}"}`)
	})
	_, _, err := newTestClient(t, srv.URL).GetControlPlane(context.Background(), "x")
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %#v", err)
	}
	want := `invalid config {"host":"r","password":"[REDACTED]"}`
	if apiErr.Detail != want || strings.Contains(err.Error(), pw) || !strings.Contains(err.Error(), want) {
		t.Fatalf("Detail %q\nError() %q\nwant %q", apiErr.Detail, err, want)
	}
}

func TestGetPluginSchema(t *testing.T) {
	srv, _ := newTestServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.URL.EscapedPath() != "/v2/control-planes/cp1/core-entities/schemas/plugins/rate-limiting" {
			writeJSON(w, 404, "", `{"message":"Not found"}`)
			return
		}
		writeJSON(w, 200, "", `{"fields":[{"config":{"type":"record","fields":[{"minute":{"type":"number"}}]}}]}`)
	})
	c := newTestClient(t, srv.URL)
	sch, err := c.GetPluginSchema(context.Background(), "cp1", "rate-limiting")
	if err != nil || len(sch["fields"].([]any)) != 1 {
		t.Fatalf("schema %v, err %v", sch, err)
	}
	if _, err := c.GetPluginSchema(context.Background(), "cp1", "custom"); !IsNotFound(err) {
		t.Fatalf("unknown plugin: %v", err)
	}
	if _, err := c.GetPluginSchema(context.Background(), "", "x"); err == nil {
		t.Fatal("want an error without a control plane")
	}
}
