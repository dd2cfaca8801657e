package catalog

import (
	"strings"
	"testing"
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
		"just words":          "does not parse",
	} {
		if why := SpecProblem(text); !strings.Contains(why, want) {
			t.Errorf("%q: %q, want %q", text, why, want)
		}
	}
}
