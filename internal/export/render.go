package export

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
)

// header starts every file the export writes; --overwrite removes only files that start
// with it.
const header = "# Written by `terraform-provider-konnect export`. Edit freely: it is your configuration now.\n"

// variable is a secret the configuration takes from a sensitive variable, never written.
type variable struct {
	name, comment string
	str           bool // a string (type = string); else any type
}

// renderer writes resource blocks: references between exported objects, secrets as
// variables.
type renderer struct {
	byID map[string]*object // exported objects by id
	vars map[string]variable
}

// shortType is a type name without its provider prefix: konnect_gateway_service -> service.
func shortType(typeName string) string {
	return strings.TrimPrefix(strings.TrimPrefix(typeName, "konnect_"), "gateway_")
}

// omitted reports whether an attribute's value can be left out of configuration: unset,
// or what Konnect applies when a write leaves it out (its declared default). Required
// attributes and path parameters are always written.
func omitted(a engine.Attr, v any) bool {
	if a.Mode == engine.Required || a.Parent {
		return false
	}
	if v == nil {
		return true
	}
	def, known := a.ResetValue()
	return known && guard.Equal(guard.Field{Set: a.Type.Kind == engine.KSet}, v, def)
}

// onlyDefaults reports whether an object's configuration would set nothing but its parents:
// every attribute unset, at its declared default or at the value Konnect gives a new one
// (defaults: a singleton's Defaults, by JSON name), and no secret.
func onlyDefaults(k engine.EntityKind, values map[string]any, defaults map[string]any) bool {
	for _, a := range k.Attrs {
		if !written(a) || a.Parent {
			continue
		}
		v := values[a.Name]
		if d, ok := defaults[a.JSONName()]; ok && !a.Sensitive && guard.Equal(guard.Field{Set: a.Type.Kind == engine.KSet}, v, d) {
			continue
		}
		if a.Sensitive && v != nil || !a.Sensitive && !omitted(a, v) {
			return false
		}
	}
	return true
}

// written reports whether an attribute is one configuration sets at all.
func written(a engine.Attr) bool {
	return a.Mode != engine.Computed && !a.ConfigOnly() && !a.Overlay
}

// block writes the import block and the resource block of o.
func (r *renderer) block(body *hclwrite.Body, o *object) {
	imp := body.AppendNewBlock("import", nil).Body()
	imp.SetAttributeTraversal("to", hcl.Traversal{hcl.TraverseRoot{Name: o.kind.TypeName}, hcl.TraverseAttr{Name: o.name}})
	imp.SetAttributeValue("id", cty.StringVal(o.importID()))
	body.AppendNewline()
	res := body.AppendNewBlock("resource", []string{o.kind.TypeName, o.name}).Body()
	for _, a := range o.kind.Attrs {
		if !written(a) {
			continue
		}
		v := o.values[a.Name]
		if a.Sensitive {
			if v == nil && a.NotReturned && !a.ShownOnce && a.Mode != engine.Required {
				// An optional one Konnect never returns (a portal's OIDC client secret, which
				// a portal without OIDC has none of): the import leaves it null, and so may
				// configuration; asking for it would make every adopter invent one.
				res.AppendUnstructuredTokens(comment(fmt.Sprintf("  # %s: Konnect never returns it; set it to manage it.\n", a.Name)))
				continue
			}
			if v == nil && (!a.NotReturned || a.ShownOnce) {
				// unset; a required one Konnect never returns is asked for all the same, but
				// not one Konnect generated and showed once (a client's secret): the object
				// keeps it
				continue
			}
			res.SetAttributeRaw(a.Name, r.secret(o, []string{a.Name}, v, a.NotReturned, a.Type.Kind == engine.KString))
			continue
		}
		if omitted(a, v) {
			continue
		}
		if a.Type.Kind == engine.KJSON {
			doc, _ := engine.DropNulls(v).(map[string]any)
			res.SetAttributeRaw(a.Name, jsonencode(r.withSecrets(o, a.Name, doc, o.secrets[a.Name])))
			continue
		}
		res.SetAttributeRaw(a.Name, r.value(o, a.Type, v, []string{a.Name}))
	}
	body.AppendNewline()
}

// secret is a reference to the sensitive variable holding the secret at path of o,
// declared on first use.
func (r *renderer) secret(o *object, path []string, v any, notReturned, str bool) hclwrite.Tokens {
	what := fmt.Sprintf("%s.%s: %s", o.kind.TypeName, o.name, strings.Join(path, "."))
	name := identifier(o.name+"_"+strings.Join(path, "_"), "secret")
	if v, taken := r.vars[name]; taken && !strings.HasPrefix(v.comment, what) { // another type's object of the same name
		name = identifier(shortType(o.kind.TypeName)+"_"+name, "secret")
	}
	comment := what + ". Konnect holds this secret and the export does not write it: supply its current value " +
		"(TF_VAR_" + name + ", or a .tfvars file kept out of version control)."
	if notReturned {
		comment = what + ". Konnect never returns this secret: supply the value it should hold (TF_VAR_" + name + ")."
	}
	if _, isString := v.(string); isString {
		str = true
	}
	r.vars[name] = variable{name: name, comment: comment, str: str}
	return hclwrite.TokensForTraversal(hcl.Traversal{hcl.TraverseRoot{Name: "var"}, hcl.TraverseAttr{Name: name}})
}

// withSecrets renders a JSON document (config) with the secrets an import took out of it
// back in, each a variable. They go in the document itself, not in config_secrets: the
// import recorded their digests, so configuration whose secrets match what Konnect holds
// plans no change (config_secrets would be a change from the null an import leaves it).
func (r *renderer) withSecrets(o *object, attr string, doc map[string]any, taken []engine.SecretAt) hclwrite.Tokens {
	if doc == nil {
		doc = map[string]any{}
	}
	leaves := map[string]hclwrite.Tokens{}
	for _, s := range taken {
		cur := doc
		for _, k := range s.Path[:len(s.Path)-1] {
			next, ok := cur[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				cur[k] = next
			}
			cur = next
		}
		marker := "\x00secret:" + strings.Join(s.Path, "\x00")
		cur[s.Path[len(s.Path)-1]] = marker
		leaves[marker] = r.secret(o, append([]string{attr}, s.Path...), s.Value, false, false)
	}
	return jsonTokens(doc, leaves)
}

// value renders a value of type t: ids of exported objects as references, secrets inside
// objects as variables.
func (r *renderer) value(o *object, t engine.Type, v any, path []string) hclwrite.Tokens {
	if v == nil {
		return hclwrite.TokensForIdentifier("null")
	}
	switch t.Kind {
	case engine.KString:
		s := fmt.Sprint(v)
		if ref, ok := r.byID[s]; ok && engine.UUIDRE.MatchString(s) {
			return hclwrite.TokensForTraversal(hcl.Traversal{hcl.TraverseRoot{Name: ref.kind.TypeName}, hcl.TraverseAttr{Name: ref.name}, hcl.TraverseAttr{Name: "id"}})
		}
		return hclwrite.TokensForValue(cty.StringVal(s))
	case engine.KJSON:
		return jsonencode(jsonTokens(engine.DropNulls(v), nil))
	case engine.KList, engine.KSet:
		arr, _ := v.([]any)
		elems := make([]hclwrite.Tokens, 0, len(arr))
		for _, e := range arr {
			elems = append(elems, r.value(o, *t.Elem, e, path))
		}
		if t.Kind == engine.KSet { // Konnect's order is no order: sorted, so a second export is the same
			sort.Slice(elems, func(i, j int) bool { return string(elems[i].Bytes()) < string(elems[j].Bytes()) })
		}
		return hclwrite.TokensForTuple(elems)
	case engine.KMap:
		m, _ := v.(map[string]any)
		attrs := make([]hclwrite.ObjectAttrTokens, 0, len(m))
		for _, k := range slices.Sorted(maps.Keys(m)) {
			attrs = append(attrs, hclwrite.ObjectAttrTokens{Name: keyTokens(k), Value: r.value(o, *t.Elem, m[k], path)})
		}
		return hclwrite.TokensForObject(attrs)
	case engine.KObject:
		m, _ := v.(map[string]any)
		var attrs []hclwrite.ObjectAttrTokens
		for _, a := range t.Attrs {
			if !written(a) {
				continue
			}
			mv := m[a.Name]
			if a.Inline { // a flattened union's branch: its fields are the object's own
				mv = nil
				if engine.InlinePresent(a, m) {
					mv = m
				}
			}
			var tokens hclwrite.Tokens
			switch {
			case a.Sensitive && (mv != nil || a.NotReturned && a.Mode == engine.Required):
				tokens = r.secret(o, append(append([]string(nil), path...), a.Name), mv, a.NotReturned, a.Type.Kind == engine.KString)
			case mv == nil && a.Mode != engine.Required:
				continue
			default:
				tokens = r.value(o, a.Type, mv, append(append([]string(nil), path...), a.Name))
			}
			attrs = append(attrs, hclwrite.ObjectAttrTokens{Name: hclwrite.TokensForIdentifier(a.Name), Value: tokens})
		}
		return hclwrite.TokensForObject(attrs)
	}
	return scalar(v)
}

// scalar renders a number, a boolean or a string.
func scalar(v any) hclwrite.Tokens {
	switch x := v.(type) {
	case bool:
		return hclwrite.TokensForValue(cty.BoolVal(x))
	case string:
		return hclwrite.TokensForValue(cty.StringVal(x))
	}
	if n, ok := canonjson.Number(v); ok {
		if num, err := cty.ParseNumberVal(n); err == nil {
			return hclwrite.TokensForValue(num)
		}
	}
	b, _ := json.Marshal(v)
	return hclwrite.TokensForValue(cty.StringVal(string(b)))
}

// jsonTokens renders a JSON document as an HCL expression that jsonencode turns back into
// it; a string found in leaves is replaced by those tokens (a secret's variable).
func jsonTokens(v any, leaves map[string]hclwrite.Tokens) hclwrite.Tokens {
	switch x := v.(type) {
	case nil:
		return hclwrite.TokensForIdentifier("null")
	case map[string]any:
		attrs := make([]hclwrite.ObjectAttrTokens, 0, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			attrs = append(attrs, hclwrite.ObjectAttrTokens{Name: keyTokens(k), Value: jsonTokens(x[k], leaves)})
		}
		return hclwrite.TokensForObject(attrs)
	case []any:
		elems := make([]hclwrite.Tokens, 0, len(x))
		for _, e := range x {
			elems = append(elems, jsonTokens(e, leaves))
		}
		return hclwrite.TokensForTuple(elems)
	case string:
		if t, ok := leaves[x]; ok {
			return t
		}
	}
	return scalar(v)
}

func jsonencode(doc hclwrite.Tokens) hclwrite.Tokens {
	return hclwrite.TokensForFunctionCall("jsonencode", doc)
}

// keyTokens is an object key: bare where it is an identifier, quoted otherwise.
func keyTokens(k string) hclwrite.Tokens {
	if hclsyntax.ValidIdentifier(k) && k != "null" && k != "true" && k != "false" {
		return hclwrite.TokensForIdentifier(k)
	}
	return hclwrite.TokensForValue(cty.StringVal(k))
}

// variablesFile declares the secrets' variables, sensitive, each with what to supply.
func variablesFile(vars map[string]variable) []byte {
	f := hclwrite.NewEmptyFile()
	body := f.Body()
	body.AppendUnstructuredTokens(comment(header))
	body.AppendUnstructuredTokens(comment("# Secrets: the export never writes one. Supply each (TF_VAR_<name>, or a .tfvars file kept out of version control).\n"))
	body.AppendNewline()
	for _, n := range slices.Sorted(maps.Keys(vars)) {
		v := vars[n]
		b := body.AppendNewBlock("variable", []string{n}).Body()
		b.SetAttributeValue("description", cty.StringVal(v.comment))
		if v.str {
			b.SetAttributeTraversal("type", hcl.Traversal{hcl.TraverseRoot{Name: "string"}})
		}
		b.SetAttributeValue("sensitive", cty.True)
		body.AppendNewline()
	}
	return hclwrite.Format(f.Bytes())
}

func comment(text string) hclwrite.Tokens {
	return hclwrite.Tokens{{Type: hclsyntax.TokenComment, Bytes: []byte(text)}}
}
