package catalog

import (
	"slices"
	"strconv"
	"strings"
)

// frontMatter reads the title and description a document's YAML front matter sets, as the portal family reads a page's.
func frontMatter(content string) (title, description *string) {
	lines := strings.Split(strings.ReplaceAll(content, "\r\n", "\n"), "\n")
	if len(lines) < 2 || strings.TrimRight(lines[0], " \t") != "---" {
		return nil, nil
	}
	end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimRight(l, " \t") == "---" })
	if end < 0 {
		return nil, nil
	}
	for _, l := range lines[1 : end+1] {
		key, val, ok := strings.Cut(l, ":")
		if !ok || key != strings.TrimSpace(key) || strings.HasPrefix(key, "#") {
			continue
		}
		v := scalar(val)
		switch key {
		case "title":
			title = &v
		case "description":
			description = &v
		}
	}
	return title, description
}

// scalar is a YAML scalar as front matter writes one: plain (a trailing
// " # comment" dropped), 'single-quoted' (a doubled quote is a quote) or
// "double-quoted" (with Go-compatible escapes).
func scalar(raw string) string {
	v := strings.TrimSpace(raw)
	switch {
	case len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"':
		if s, err := strconv.Unquote(v); err == nil {
			return s
		}
		return v[1 : len(v)-1]
	case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	return v
}
