// Command plugindocs writes the guide to Kong Gateway's bundled plugins
// (templates/guides/plugins.md.tmpl, which tfplugindocs renders into docs/guides/plugins.md)
// from the plugin schemas of internal/pluginspec: every plugin and partial type, each
// configuration key with its type, default and secret marks. main.go's go:generate runs it
// before tfplugindocs; a test checks the committed template is what it makes.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/pluginspec"
)

// The paths are relative to the module root, where go:generate in main.go runs.
const (
	defaultOut    = "templates/guides/plugins.md.tmpl"
	defaultReadme = "internal/pluginspec/input/README.md"
)

// referenceURL is Kong's reference page of a plugin (developer.konghq.com publishes one per
// plugin page, app/_kong_plugins/<name>, at /plugins/<name>/reference/).
const referenceURL = "https://developer.konghq.com/plugins/%s/reference/"

// noReferencePage are the bundled plugins with a schema but no page of their own on
// developer.konghq.com.
var noReferencePage = map[string]bool{"konnect-application-auth": true, "statsd-advanced": true}

// maxDefault is the longest default shown; a longer one is described by its length.
const maxDefault = 100

func main() {
	out := flag.String("o", defaultOut, "the template to write")
	readme := flag.String("readme", defaultReadme, "the pluginspec input README (names the source commit)")
	flag.Parse()
	b, err := generate(*readme)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}

// generate renders the guide from the embedded plugin data and the input README.
func generate(readme string) ([]byte, error) {
	set, err := pluginspec.Load()
	if err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(readme)
	if err != nil {
		return nil, err
	}
	commit, err := sourceCommit(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", readme, err)
	}
	return render(set, commit), nil
}

var commitRE = regexp.MustCompile("Source commit: `([0-9a-f]{40})`")

func sourceCommit(readme []byte) (string, error) {
	m := commitRE.FindSubmatch(readme)
	if m == nil {
		return "", fmt.Errorf("no \"Source commit: `<sha>`\" line")
	}
	return string(m[1]), nil
}

func render(set *pluginspec.Set, commit string) []byte {
	var b bytes.Buffer
	names := slices.Sorted(mapKeys(set.Plugins))
	partials := slices.Sorted(mapKeys(set.Partials))
	v := set.GatewayVersion
	fmt.Fprintf(&b, `---
page_title: "Kong Gateway plugins"
subcategory: ""
description: |-
  The %d plugins bundled with Kong Gateway %s and its %d partial types: each configuration key with its type, default and secret marks.
---

# Kong Gateway plugins

The %d plugins bundled with Kong Gateway %s and its %d [partial types](#partial-types), with
every key their `+"`config`"+` holds: its type, default, and whether it is a secret.

- **Source.** Generated from Kong's published plugin schemas, `+"`app/_schemas/gateway/plugins/%s/`"+` of
  [Kong/developer.konghq.com](https://github.com/Kong/developer.konghq.com) (MIT), commit
  [`+"`%s`"+`](https://github.com/Kong/developer.konghq.com/tree/%s/app/_schemas/gateway/plugins/%s):
  the same data the project's mock Konnect validates plugins against. Each plugin links to
  Kong's reference page, which says what the keys do.
- **Checked at plan.** This page is for reading: a
  [`+"`konnect_gateway_plugin`"+`](../resources/gateway_plugin.md)'s or
  [`+"`konnect_gateway_partial`"+`](../resources/gateway_partial.md)'s `+"`config`"+` is checked when the plan is made
  against the schema the control plane itself serves, so its gateway version decides, and
  custom plugins (`+"`konnect_gateway_custom_plugin_schema`"+`) are checked too (see
  [Configuration checked at plan](../resources/gateway_plugin.md#configuration-checked-at-plan)).
- **Secrets.** *encrypted*: Konnect stores the value encrypted; *referenceable*: the key
  takes a vault reference (`+"`{vault://…}`"+`), resolved by the data plane. Put a referenceable
  secret in `+"`config`"+` as a vault reference; put a literal secret in `+"`config_secrets`"+`
  (sensitive) or `+"`config_secrets_wo`"+` (write-only), never in `+"`config`"+`, which plans and logs show.
- **Keys** are paths inside `+"`config`"+` (a plan error names them with a `+"`config.`"+` prefix):
  `+"`a.b`"+` is key `+"`b`"+` of record `+"`a`"+`, `+"`a[].b`"+` key `+"`b`"+` of each element of array `+"`a`"+`,
  `+"`a.<name>.b`"+` key `+"`b`"+` of each value of map `+"`a`"+`. A record that a partial can fill
  names the partial type instead of listing the keys it has of that type (they are the
  same), with those of the type's keys it lacks, and lists only its own.
- **Records.** A *required* record left out of `+"`config`"+` is stored with its keys' defaults;
  any other record without a default stays null until `+"`config`"+` sets it.

`, len(names), v, len(partials), len(names), v, len(partials), v, commit, commit, v)

	b.WriteString("## Plugins\n\n")
	links := make([]string, len(names))
	for i, n := range names {
		links[i] = fmt.Sprintf("[%s](#%s)", n, n)
	}
	b.WriteString(strings.Join(links, " · "))
	b.WriteString("\n\nPartial types: ")
	for i, n := range partials {
		if i > 0 {
			b.WriteString(" · ")
		}
		fmt.Fprintf(&b, "[%s](#%s)", n, n)
	}
	b.WriteString("\n")

	for _, n := range names {
		p := set.Plugins[n]
		fmt.Fprintf(&b, "\n### %s\n\n", n)
		var facts []string
		if noReferencePage[n] {
			facts = append(facts, "no reference page on developer.konghq.com")
		} else {
			facts = append(facts, fmt.Sprintf("[Kong's reference](%s)", fmt.Sprintf(referenceURL, n)))
		}
		facts = append(facts, "scopes: "+strings.Join(append([]string{"global"}, scopes(p.Scopes)...), ", "))
		if len(p.SupportedPartials) > 0 {
			var ps []string
			for _, typ := range slices.Sorted(mapKeys(p.SupportedPartials)) {
				ps = append(ps, fmt.Sprintf("[%s](#%s) at %s", typ, typ, codes(p.SupportedPartials[typ])))
			}
			facts = append(facts, "partials: "+strings.Join(ps, ", "))
		}
		b.WriteString(strings.Join(facts, " · "))
		b.WriteString("\n")
		t := &table{partialAt: map[string]string{}, partials: set.Partials}
		for typ, paths := range p.SupportedPartials {
			for _, at := range paths {
				if _, _, ok := sharesKeys(lookupFields(p.Config, at), set.Partials[typ]); ok {
					t.partialAt[strings.TrimPrefix(at, "config.")] = typ
				}
			}
		}
		t.fields("", p.Config)
		t.write(&b, "This plugin has no configuration keys.")
	}

	b.WriteString("\n## Partial types\n\nA [`konnect_gateway_partial`](../resources/gateway_partial.md) of each type holds these keys in its `config`.\n")
	for _, n := range partials {
		fmt.Fprintf(&b, "\n### %s\n\n", n)
		var users []string
		for _, pn := range names {
			if _, ok := set.Plugins[pn].SupportedPartials[n]; ok {
				users = append(users, fmt.Sprintf("[%s](#%s)", pn, pn))
			}
		}
		fmt.Fprintf(&b, "Used by %s.\n", strings.Join(users, ", "))
		t := &table{}
		t.fields("", set.Partials[n])
		t.write(&b, "No keys.")
	}
	// The guide is a tfplugindocs template: a literal "{{" (in a default) is written as a
	// template action that prints it.
	return bytes.ReplaceAll(b.Bytes(), []byte("{{"), []byte(`{{"{{"}}`))
}

func scopes(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.ReplaceAll(x, "_", " ")
	}
	return out
}

func codes(paths []string) string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = code(p)
	}
	return strings.Join(out, ", ")
}

// table collects the rows of one plugin's or partial type's keys.
type table struct {
	rows [][4]string
	// record paths (without "config.") that share their keys with a partial type, by type
	partialAt map[string]string
	partials  map[string][]*pluginspec.Field
}

func (t *table) fields(prefix string, fields []*pluginspec.Field) {
	for _, f := range fields {
		at := prefix + f.Name
		typ := describe(f)
		if f.Required {
			typ += ", required"
		}
		if pt, ok := t.partialAt[at]; ok {
			own, lacks, _ := sharesKeys(f.Fields, t.partials[pt])
			desc := fmt.Sprintf("%s: the keys of partial type [%s](#%s)", typ, pt, pt)
			if len(lacks) > 0 {
				desc += " except " + codes(lacks)
			}
			if len(own) > 0 {
				desc += ", and the keys below"
			}
			t.rows = append(t.rows, [4]string{code(at), desc, "", secret(f)})
			t.fields(at+".", own)
			continue
		}
		t.rows = append(t.rows, [4]string{code(at), typ, defaultOf(f), secret(f)})
		switch {
		case f.Type == "record":
			t.fields(at+".", f.Fields)
		case f.Type == "array" && f.Elements != nil && f.Elements.Type == "record":
			t.fields(at+"[].", f.Elements.Fields)
		case f.Type == "map" && f.Values != nil && f.Values.Type == "record":
			t.fields(at+".<name>.", f.Values.Fields)
		}
	}
}

func (t *table) write(b *bytes.Buffer, none string) {
	if len(t.rows) == 0 {
		fmt.Fprintf(b, "\n%s\n", none)
		return
	}
	b.WriteString("\n| Key | Type | Default | Secret |\n|---|---|---|---|\n")
	for _, r := range t.rows {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", cell(r[0]), cell(r[1]), cell(r[2]), cell(r[3]))
	}
}

// cell escapes a table cell's pipes (GitHub's and the registry's Markdown read `\|` as a
// pipe inside code spans too).
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// describe names a field's type with its allowed values or range.
func describe(f *pluginspec.Field) string {
	var s string
	switch f.Type {
	case "array":
		s = "array"
		if f.Elements != nil {
			s = "array of " + describe(f.Elements)
		}
	case "map":
		s = "map"
		if f.Values != nil {
			s = "map of " + describe(f.Values)
		}
	case "object":
		s = "JSON object"
	case "foreign":
		s = "reference " + code("{ id }")
	default:
		s = f.Type
	}
	switch {
	case len(f.OneOf) > 0:
		s += ": " + codes(f.OneOf)
	case f.Min != nil && f.Max != nil:
		s += fmt.Sprintf(" (%s to %s)", num(*f.Min), num(*f.Max))
	case f.Min != nil:
		s += " (≥ " + num(*f.Min) + ")"
	case f.Max != nil:
		s += " (≤ " + num(*f.Max) + ")"
	}
	return s
}

func num(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func secret(f *pluginspec.Field) string {
	marks := func(g *pluginspec.Field) string {
		var m []string
		if g.Encrypted {
			m = append(m, "encrypted")
		}
		if g.Referenceable {
			m = append(m, "referenceable")
		}
		return strings.Join(m, ", ")
	}
	s := marks(f)
	for _, inner := range []struct {
		f    *pluginspec.Field
		each string
	}{{f.Elements, "each element"}, {f.Values, "each value"}} {
		if inner.f == nil || inner.f.Type == "record" {
			continue
		}
		if m := marks(inner.f); m != "" {
			if s != "" {
				s += "; "
			}
			s += m + " (" + inner.each + ")"
		}
	}
	return s
}

func defaultOf(f *pluginspec.Field) string {
	if len(f.Default) == 0 {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(f.Default))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return code(string(f.Default))
	}
	if s, ok := v.(string); ok && len(s) > maxDefault {
		return fmt.Sprintf("a text of %d characters", len([]rune(s)))
	}
	return code(literal(v))
}

// literal writes a JSON value with a space after each comma and colon, so a long list
// wraps in a table.
func literal(v any) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = literal(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := slices.Sorted(mapKeys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = literal(k) + ": " + literal(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

// code writes a Markdown code span, with a longer fence around a value holding backticks.
func code(s string) string {
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	return "`` " + s + " ``"
}

// lookupFields finds the keys of the record at a partial path such as "config.redis" or
// "config.targets[].redis" (in an array's elements).
func lookupFields(fields []*pluginspec.Field, at string) []*pluginspec.Field {
	rest, ok := strings.CutPrefix(at, "config.")
	if !ok {
		return nil
	}
	for _, part := range strings.Split(rest, ".") {
		elems := strings.HasSuffix(part, "[]")
		part = strings.TrimSuffix(part, "[]")
		i := slices.IndexFunc(fields, func(f *pluginspec.Field) bool { return f.Name == part })
		if i < 0 {
			return nil
		}
		f := fields[i]
		if elems {
			if f.Elements == nil {
				return nil
			}
			f = f.Elements
		}
		fields = f.Fields
	}
	return fields
}

// sharesKeys tells whether a record's keys are a partial type's: every key both have is the
// same (type, default, marks, sub-keys), and the keys they share are most of the type's.
// own are the record's keys the type lacks, lacks the type's keys the record lacks.
func sharesKeys(record, partial []*pluginspec.Field) (own []*pluginspec.Field, lacks []string, ok bool) {
	if len(record) == 0 || len(partial) == 0 {
		return nil, nil, false
	}
	shared := 0
	for _, f := range record {
		i := slices.IndexFunc(partial, func(g *pluginspec.Field) bool { return g.Name == f.Name })
		if i < 0 {
			own = append(own, f)
			continue
		}
		if !reflect.DeepEqual(f, partial[i]) {
			return nil, nil, false
		}
		shared++
	}
	for _, g := range partial {
		if !slices.ContainsFunc(record, func(f *pluginspec.Field) bool { return f.Name == g.Name }) {
			lacks = append(lacks, g.Name)
		}
	}
	return own, lacks, shared*4 >= len(partial)*3
}

func mapKeys[M ~map[string]V, V any](m M) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
