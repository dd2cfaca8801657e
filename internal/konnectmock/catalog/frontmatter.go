package catalog

import (
	"slices"
	"strconv"
	"strings"
)

// frontMatter reads the title a document's YAML front matter sets, as the portal family reads a page's.
func frontMatter(content string) (title *string) {
	lines := strings.Split(strings.ReplaceAll(content, "\r\n", "\n"), "\n")
	if len(lines) < 2 || strings.TrimRight(lines[0], " \t") != "---" {
		return nil
	}
	end := slices.IndexFunc(lines[1:], func(l string) bool { return strings.TrimRight(l, " \t") == "---" })
	if end < 0 {
		return nil
	}
	for _, l := range lines[1 : end+1] {
		key, val, ok := strings.Cut(l, ":")
		if !ok || key != strings.TrimSpace(key) || strings.HasPrefix(key, "#") {
			continue
		}
		v := scalar(val)
		if key == "title" {
			title = &v
		}
	}
	return title
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
