package portal

import (
	"maps"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

func TestFrontMatter(t *testing.T) {
	for _, c := range []struct {
		content string
		want    map[string]string
	}{
		{"# No front matter\n", nil},
		{"---\ntitle: Installing\ndescription: 'It''s easy'\n---\n# Install\n", map[string]string{"title": "Installing", "description": "It's easy"}},
		{"---\ntitle: \"Quoted \\\"one\\\"\"\n---\n", map[string]string{"title": `Quoted "one"`}},
		{"---\ntitle: Plain # a comment\n---\n", map[string]string{"title": "Plain"}},
		{"---\ntitle: never closed\n", nil},
		{"intro\n---\ntitle: not first\n---\n", nil},
	} {
		if got := FrontMatter(c.content); !maps.Equal(got, c.want) {
			t.Errorf("FrontMatter(%q) = %v, want %v", c.content, got, c.want)
		}
	}
}

// A configured title the front matter contradicts is refused; one that agrees, or none, is not.
func TestCheckFrontMatter(t *testing.T) {
	content := "---\ntitle: Installing\n---\n# Install\n"
	if p := checkFrontMatter(konnect.Object{"content": content, "title": "Setup"}); len(p) != 1 || p[0].Attr != "title" {
		t.Errorf("contradicting title: %v", p)
	}
	if p := checkFrontMatter(konnect.Object{"content": content, "title": "Installing"}); len(p) != 0 {
		t.Errorf("agreeing title: %v", p)
	}
	if p := checkFrontMatter(konnect.Object{"content": content}); len(p) != 0 {
		t.Errorf("no title: %v", p)
	}
}
