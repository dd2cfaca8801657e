// Command gen writes plugins.json from the trimmed input (run by `go generate` in the
// pluginspec directory).
//
// With -import DIR -names DIR it first refreshes input/ from Kong's published plugin
// schemas (app/_schemas/gateway/plugins/<version> of Kong/developer.konghq.com, one
// PascalCase file per plugin) and its plugin pages (app/_kong_plugins/<name>, which give
// each file's plugin name): descriptions are dropped, the facts kept.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

func main() {
	importDir := flag.String("import", "", "Kong's plugin schema directory to trim into input/")
	namesDir := flag.String("names", "", "Kong's plugin pages directory (one sub-directory per plugin name)")
	flag.Parse()
	if *importDir != "" {
		if err := importSchemas(*importDir, *namesDir); err != nil {
			log.Fatal(err)
		}
	}
	out, err := pluginspec.Generate(os.DirFS("input"))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("plugins.json", out, 0o644); err != nil {
		log.Fatal(err)
	}
}

func importSchemas(dir, namesDir string) error {
	entries, err := os.ReadDir(namesDir)
	if err != nil {
		return err
	}
	// Kong's own tools match a schema file to a plugin by its lower-cased name without dashes
	byKey := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			byKey[strings.ReplaceAll(e.Name(), "-", "")] = e.Name()
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join("input", "*.json"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	written := map[string]string{}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".json")
		name, ok := byKey[strings.ToLower(base)]
		if !ok {
			name = kebab(base) // a plugin without a page (konnect-application-auth)
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var doc any
		if err := dec.Decode(&doc); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(trim(doc)); err != nil {
			return err
		}
		if prev, dup := written[name]; dup {
			// two spellings of one plugin's file: they must say the same
			if prev != buf.String() {
				return fmt.Errorf("%s: differs from another file of plugin %s", f, name)
			}
			continue
		}
		written[name] = buf.String()
		if err := os.WriteFile(filepath.Join("input", name+".json"), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// kebab turns a PascalCase file name into a plugin name.
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' {
			p := s[i-1]
			if p >= 'a' && p <= 'z' || p >= '0' && p <= '9' {
				b.WriteByte('-')
			}
		}
		b.WriteRune(r)
	}
	return strings.ToLower(b.String())
}

// trim drops Kong's prose (the schema nodes' descriptions and examples) and keeps the
// facts. Under "properties" the keys are field names, kept whatever they are.
func trim(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch k {
			case "description", "example", "examples":
				continue
			case "properties":
				if props, ok := e.(map[string]any); ok {
					kept := make(map[string]any, len(props))
					for name, sub := range props {
						kept[name] = trim(sub)
					}
					out[k] = kept
					continue
				}
			}
			out[k] = trim(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = trim(e)
		}
		return out
	}
	return v
}
