// Package export is the export command: it reads a Konnect organization through the
// provider's own client and engine, and writes a Terraform configuration that adopts it
// (resource blocks as a person would write them, an import block each, secrets as
// sensitive variables). It is generic over the kinds' declarations: what a kind is, how
// it is listed, what an import of it holds and how its import id reads all come from its
// engine.EntityKind.
package export

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/provider"
)

// Options are one export's settings.
type Options struct {
	Out          string   // the folder written
	Families     []string // nil: every family
	ControlPlane string   // a control plane's name or id: only it (and its objects) of the gateway family
	Tag          string   // only the gateway objects carrying this tag, with the objects they live below and reference
	Overwrite    bool     // write into a folder that holds .tf files
	Getenv       func(string) string
	Stderr       io.Writer
	Version      string
}

// Main runs the command with its arguments (after `export`) and returns the exit status.
func Main(args []string, stderr io.Writer, version string) int {
	fs := flag.NewFlagSet("terraform-provider-konnect export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := Options{Getenv: os.Getenv, Stderr: stderr, Version: version}
	fs.StringVar(&o.Out, "out", "", "the folder to write the configuration to (required)")
	families := fs.String("family", "", "comma-separated families to export (default: all): "+strings.Join(familyNames(), ", "))
	fs.StringVar(&o.ControlPlane, "control-plane", "", "export only this control plane (name or id) of the gateway family")
	fs.StringVar(&o.Tag, "tag", "", "of the gateway family, export only the objects carrying this tag, with the objects they live below (their control plane, a credential's consumer) and reference (a route's service)")
	fs.BoolVar(&o.Overwrite, "overwrite", false, "write into a folder that already holds .tf files (files an earlier export wrote are replaced)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: terraform-provider-konnect export --out DIR [--family gateway,access,...] [--control-plane NAME|ID] [--tag TAG] [--overwrite]")
		fmt.Fprintln(stderr, "Reads Konnect with the provider's settings (KONNECT_TOKEN or KONNECT_SPAT, KONNECT_SERVER_URL, ...) and writes a configuration that adopts it.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.Out == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *families != "" {
		o.Families = strings.Split(*families, ",")
	}
	if err := Run(context.Background(), o); err != nil {
		fmt.Fprintln(stderr, "Error: "+err.Error())
		return 1
	}
	return 0
}

func familyNames() []string {
	var out []string
	for _, f := range provider.Families {
		out = append(out, f.Name)
	}
	return out
}

// Run exports: it reads everything first, and writes only when every read succeeded.
func Run(ctx context.Context, o Options) error {
	fams, err := selected(o.Families)
	if err != nil {
		return err
	}
	if err := checkFolder(o.Out, o.Overwrite); err != nil {
		return err
	}
	client, err := provider.ClientFromEnvironment(o.Getenv, o.Version)
	if err != nil {
		return err
	}
	progress := func(format string, args ...any) { fmt.Fprintf(o.Stderr, format, args...) }
	w := &walk{data: &engine.ProviderData{Client: client}, cpFilter: o.ControlPlane, progress: progress,
		byType: map[string][]*object{}, byID: map[string]*object{}, counts: map[string]int{}}
	for _, f := range fams {
		if !exportedFamilies[f.Name] {
			w.skipped = append(w.skipped, skip{"family " + f.Name, "not exported yet"})
			continue
		}
		if err := w.family(ctx, f); err != nil {
			return readError(err)
		}
	}
	if o.ControlPlane != "" && !w.cpMatched && slices.ContainsFunc(fams, func(f provider.Family) bool { return f.Name == "gateway" }) {
		return fmt.Errorf("no control plane in Konnect is named %q or has that id; nothing was written", o.ControlPlane)
	}
	if o.Tag != "" {
		w.keepTagged(o.Tag)
	}
	files := render(w)
	if err := writeFiles(o.Out, files, o.Overwrite); err != nil {
		return err
	}
	summary(o.Stderr, w, files, o.Out)
	return nil
}

// selected are the families named (all when none is).
func selected(names []string) ([]provider.Family, error) {
	if len(names) == 0 {
		return provider.Families, nil
	}
	var out []provider.Family
	for _, n := range names {
		i := slices.IndexFunc(provider.Families, func(f provider.Family) bool { return f.Name == strings.TrimSpace(n) })
		if i < 0 {
			return nil, fmt.Errorf("unknown family %q: the families are %s", n, strings.Join(familyNames(), ", "))
		}
		out = append(out, provider.Families[i])
	}
	return out, nil
}

// checkFolder refuses a folder that holds .tf files, unless told to overwrite.
func checkFolder(dir string, overwrite bool) error {
	tfs, err := filepath.Glob(filepath.Join(dir, "*.tf"))
	if err != nil || len(tfs) == 0 || overwrite {
		return err
	}
	names := make([]string, 0, len(tfs))
	for _, f := range tfs {
		names = append(names, filepath.Base(f))
	}
	return fmt.Errorf("%s already holds Terraform files (%s); nothing was written. Export into an empty folder, or pass --overwrite to replace them",
		dir, strings.Join(names, ", "))
}

// readError words a failed read: a refused token and an unreachable server say so.
func readError(err error) error {
	var apiErr *konnect.APIError
	if errors.As(err, &apiErr) && (apiErr.StatusCode == 401 || apiErr.StatusCode == 403) {
		return fmt.Errorf("the token was refused by Konnect (HTTP %d): check KONNECT_TOKEN or KONNECT_SPAT and KONNECT_SERVER_URL (the region); nothing was written. %v", apiErr.StatusCode, err)
	}
	return fmt.Errorf("could not read Konnect; nothing was written: %w", err)
}

// file is one file to write: its name and content.
type file struct {
	name    string
	content []byte
}

// render names every object and writes the files: one per control plane (its gateway
// objects), one per other family, the variables, and the provider requirement.
func render(w *walk) []file {
	name(w)
	r := &renderer{byID: w.byID, vars: map[string]variable{}}
	groups := map[string][]*object{}
	for _, o := range w.objects {
		fname := o.family + ".tf"
		if o.cp != nil {
			fname = o.family + "_" + o.cp.name + ".tf"
		}
		groups[fname] = append(groups[fname], o)
	}
	var files []file
	for _, fname := range slices.Sorted(maps.Keys(groups)) {
		f := hclwrite.NewEmptyFile()
		body := f.Body()
		body.AppendUnstructuredTokens(comment(header))
		body.AppendNewline()
		for _, o := range groups[fname] {
			r.block(body, o)
		}
		files = append(files, file{fname, hclwrite.Format(f.Bytes())})
	}
	if len(r.vars) > 0 {
		files = append(files, file{"variables.tf", variablesFile(r.vars)})
	}
	files = append(files, file{"terraform.tf", requirements()})
	return files
}

// requirements is the terraform block naming the provider; its settings come from the
// environment, as the export's did.
func requirements() []byte {
	f := hclwrite.NewEmptyFile()
	body := f.Body()
	body.AppendUnstructuredTokens(comment(header))
	body.AppendUnstructuredTokens(comment("# The provider reads KONNECT_TOKEN (or KONNECT_SPAT) and KONNECT_SERVER_URL, as the export did.\n"))
	rp := body.AppendNewBlock("terraform", nil).Body().AppendNewBlock("required_providers", nil).Body()
	rp.SetAttributeRaw("konnect", hclwrite.TokensForObject([]hclwrite.ObjectAttrTokens{{
		Name: hclwrite.TokensForIdentifier("source"), Value: scalar(strings.TrimPrefix(provider.SourceAddress, registryHost(provider.SourceAddress))),
	}}))
	return hclwrite.Format(f.Bytes())
}

// registryHost is the host part of a source address ("" when it has none), with its slash.
func registryHost(addr string) string {
	if parts := strings.Split(addr, "/"); len(parts) == 3 {
		return parts[0] + "/"
	}
	return ""
}

// writeFiles writes the files; with overwrite, the files an earlier export wrote that
// this one does not are removed first (never a file someone else wrote).
func writeFiles(dir string, files []file, overwrite bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if overwrite {
		old, _ := filepath.Glob(filepath.Join(dir, "*.tf"))
		for _, p := range old {
			if b, err := os.ReadFile(p); err == nil && strings.HasPrefix(string(b), header) {
				if err := os.Remove(p); err != nil {
					return err
				}
			}
		}
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// name gives every object its resource name, kind by kind: parents before the objects
// below them, and the kinds named after the object they are scoped to (a plugin, after its
// service, route or consumer) last.
func name(w *walk) {
	var first, last []string
	for _, k := range ordered(provider.Kinds) {
		if len(w.byType[k.TypeName]) == 0 {
			continue
		}
		if k.NameAttr == "" && !belowObject(k) && lastParent(k) != "" { // scoped to an object it references (a plugin)
			last = append(last, k.TypeName)
		} else {
			first = append(first, k.TypeName)
		}
	}
	types := append(first, last...)
	for _, t := range types {
		objs := w.byType[t]
		cands := make([]candidate, len(objs))
		for i, o := range objs {
			cands[i] = candidate{typeName: t, base: baseName(o, w), key: o.id}
			if o.cp != nil && o.cp != o {
				cands[i].scope = o.cp.name
			}
		}
		for i, n := range uniqueNames(cands) {
			objs[i].name = n
		}
		sort.SliceStable(objs, func(i, j int) bool { return objs[i].name < objs[j].name })
	}
	w.objects = w.objects[:0]
	for _, k := range ordered(provider.Kinds) { // files list kinds parents first
		w.objects = append(w.objects, w.byType[k.TypeName]...)
	}
}

// belowObject reports whether a kind lives below an object other than a control plane (a
// consumer's credential, a team's role): its objects are named after that object.
func belowObject(k engine.EntityKind) bool {
	p := lastParent(k)
	if p == "" {
		return false
	}
	pk, ok := parentKind(p, k)
	_, isCP := pk.API.(engine.ControlPlaneAPI)
	return ok && !isCP
}

// ownNames are the attributes that name an object, in order of preference (after the
// kind's unique name).
var ownNames = []string{"instance_name", "name", "username", "custom_id", "prefix", "title", "group", "kid", "key", "version"}

// baseName is an object's name before clashes are resolved: its own name (its unique name,
// else the first naming attribute it has, else the non-id values that identify it), after
// its parent's name when it lives below an object other than its control plane, or, for a
// kind without a unique name, after the object it is scoped to (a plugin's service).
func baseName(o *object, w *walk) string {
	short := identifier(shortType(o.kind.TypeName), "x")
	own := ""
	if s, ok := o.values[o.kind.NameAttr].(string); ok && engine.UUIDRE.MatchString(s) {
		if ref, exported := w.byID[s]; exported { // named by another object: a control plane's configuration
			own = identifier(describe(ref.kind, ref.values), short)
		} else if o.label != "" { // a link to an object not exported: a team's user, by email
			own = identifier(o.label, short)
		}
	}
	for _, n := range append([]string{o.kind.NameAttr}, ownNames...) {
		if own != "" {
			break
		}
		if a, ok := attr(o.kind, n); ok && !a.Sensitive && !a.Parent {
			if s, isString := o.values[n].(string); isString && s != "" && !engine.UUIDRE.MatchString(s) {
				own = identifier(s, short)
				break
			}
		}
	}
	if own == "" {
		var parts []string
		for _, n := range o.kind.Unique {
			if s, ok := o.values[strings.TrimSuffix(n, "?")].(string); ok && s != "" && s != "*" && !engine.UUIDRE.MatchString(s) {
				parts = append(parts, s)
			}
		}
		own = identifier(strings.Join(parts, "_"), short)
	}
	prefix := ""
	switch {
	case o.parent != nil && o.parent != o.cp:
		prefix = o.parent.name
	case o.kind.NameAttr == "":
		prefix = scopeName(o, w)
	}
	if rest, ok := strings.CutPrefix(own, short+"_"); ok && prefix != "" && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
		own = rest // the type made a name that starts with a digit an identifier; the prefix does (orders_api_1_0_0)
	}
	switch {
	case own == "" && prefix == "":
		return short
	case own == "":
		return prefix + "_" + short
	case prefix == "":
		return own
	}
	return prefix + "_" + own
}

// scopeName is the name of the first exported object o references ({ id = … } attributes:
// a plugin's service, route or consumer), "" when none.
func scopeName(o *object, w *walk) string {
	for _, a := range o.kind.Attrs {
		if a.Type.Kind != engine.KObject || len(a.Type.Attrs) != 1 || a.Type.Attrs[0].Name != "id" {
			continue
		}
		ref, _ := o.values[a.Name].(map[string]any)
		id, _ := ref["id"].(string)
		if x, ok := w.byID[id]; ok && x.name != "" {
			return x.name
		}
	}
	return ""
}

func attr(k engine.EntityKind, name string) (engine.Attr, bool) {
	for _, a := range k.Attrs {
		if a.Name == name && name != "" {
			return a, true
		}
	}
	return engine.Attr{}, false
}

// summary tells what was written and what was left out, and why.
func summary(out io.Writer, w *walk, files []file, dir string) {
	fmt.Fprintf(out, "\nExported %d objects to %s:\n", len(w.objects), dir)
	for _, t := range slices.Sorted(maps.Keys(w.counts)) {
		fmt.Fprintf(out, "  %-45s %d\n", t, w.counts[t])
	}
	fmt.Fprint(out, "Files:")
	for _, f := range files {
		fmt.Fprint(out, " "+f.name)
	}
	fmt.Fprintln(out)
	if len(w.skipped) > 0 {
		fmt.Fprintf(out, "Skipped (%d):\n", len(w.skipped))
		for _, s := range w.skipped {
			fmt.Fprintf(out, "  %s: %s\n", s.what, s.reason)
		}
	}
}
