package catalog

import (
	"context"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

func TestSameDocument(t *testing.T) {
	jsonSpec := `{"openapi":"3.0.3","info":{"title":"Orders","version":"1.0.0"},"paths":{}}`
	yamlSpec := "openapi: 3.0.3\ninfo:\n  version: 1.0.0\n  title: Orders\npaths: {}\n"
	reindented := "{\n  \"info\": {\"version\": \"1.0.0\", \"title\": \"Orders\"},\n  \"openapi\": \"3.0.3\",\n  \"paths\": {}\n}"
	for _, s := range []string{yamlSpec, reindented} {
		if !SameDocument(jsonSpec, s) {
			t.Errorf("not the same document: %q", s)
		}
	}
	changed := "openapi: 3.0.3\ninfo:\n  version: 1.0.1\n  title: Orders\npaths: {}\n"
	if SameDocument(yamlSpec, changed) {
		t.Error("a changed version is the same document")
	}
	if SameDocument("just text", "just  text") {
		t.Error("plain text compares as a document")
	}
}

func TestSpecProblem(t *testing.T) {
	for _, ok := range []string{`{"openapi":"3.0.3","info":{},"paths":{}}`, "swagger: '2.0'\ninfo: {}\n", "asyncapi: 2.6.0\n"} {
		if why := SpecProblem(ok); why != "" {
			t.Errorf("%q refused: %s", ok, why)
		}
	}
	for text, want := range map[string]string{
		`{"openapi": "3.0.3"`: "does not parse",
		"title: not a spec\n": "no OpenAPI or AsyncAPI document",
		"just words":          "not a JSON or YAML object",
		"openapi: 2.5\n":      "no OpenAPI or AsyncAPI document",
	} {
		if why := SpecProblem(text); !strings.Contains(why, want) {
			t.Errorf("%q: %q, want %q", text, why, want)
		}
	}
}

func TestSpecType(t *testing.T) {
	for text, want := range map[string]string{
		`{"openapi":"3.1.0"}`: "oas3",
		"swagger: \"2.0\"\n":  "oas2",
		"asyncapi: 3.0.0\n":   "asyncapi",
		"openapi: 2.5\n":      "",
		"swagger: \"1.2\"\n":  "",
		"info: {title: x}\n":  "",
	} {
		doc, ok := parseSpec(text)
		if !ok {
			t.Fatalf("%q does not parse", text)
		}
		if got := SpecType(doc); got != want {
			t.Errorf("SpecType(%q) = %q, want %q", text, got, want)
		}
	}
}

// A configured type that is not the content's fails the plan on type; the content's, or
// none, passes.
func TestCheckSpecType(t *testing.T) {
	spec := "openapi: 3.0.3\ninfo: {title: Orders, version: 1.0.0}\npaths: {}\n"
	problems := checkSpecType(context.Background(), nil, konnect.Object{"content": spec, "type": "oas2"})
	if len(problems) != 1 || problems[0].Attr != "type" || !strings.Contains(problems[0].Detail, `the content is an oas3 document`) {
		t.Fatalf("problems = %+v", problems)
	}
	for _, v := range []konnect.Object{{"content": spec, "type": "oas3"}, {"content": spec}, {"content": "not: [a spec", "type": "oas2"}} {
		if p := checkSpecType(context.Background(), nil, v); len(p) != 0 {
			t.Errorf("%v: %+v", v, p)
		}
	}
}
