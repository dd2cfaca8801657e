package engine

import (
	"context"
	"fmt"
	"maps"
	"net/url"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// What the export command (internal/export) reads through the engine: every object of a
// kind below its parents, and each object as an import of it puts it in state.

// LinkLabel is the field ListAll puts on a listed link (a team's user) with what the linked
// object is called in its parent's listing (the user's email), for the export's resource
// names; no attribute reads it.
const LinkLabel = "\x00label"

// ListAll lists every object of kind k below parents (every page), each as Konnect's GET
// answers it: from the listing a refresh snapshot reads (snapshotOf) where that carries
// whole objects, else one GET per listed object; a singleton (one object per parents) by its
// GET; a link (an assignment) from its parent's listing. ok is false when the kind's API has
// no listing the engine reads: the caller reports it skipped.
func ListAll(ctx context.Context, data *ProviderData, k EntityKind, parents map[string]string) (objs []konnect.Object, ok bool, err error) {
	if _, cp := k.API.(ControlPlaneAPI); cp {
		objs, err = data.Client.ListControlPlanes(ctx, konnect.ControlPlaneFilter{})
		return objs, true, err
	}
	r := &EntityResource{Kind: k}
	r.Data = data
	if _, list, listed := r.snapshotOf(Address{Parents: parents}); listed {
		objs, err = list(ctx)
		return objs, true, err
	}
	if s, ok := k.API.(SingletonAPI); ok && s.Listing != nil {
		objs, err = s.listAll(ctx, data.Client, k, parents)
		return objs, true, err
	}
	if sg, ok := k.API.(interface{ Singleton() SingletonAPI }); ok && sg.Singleton().Listing == nil {
		// One object per parents (a portal's settings, the organization's): its GET, or
		// nothing when there is none (one that exists only once created: a custom domain).
		s := sg.Singleton()
		obj, _, err := k.API.Get(ctx, data.Client, Address{Parents: parents, ID: s.idOf(parents)})
		if konnect.IsNotFound(err) {
			return nil, true, nil
		}
		if err != nil {
			return nil, true, err
		}
		for name, v := range parents {
			obj[name] = v
		}
		return []konnect.Object{obj}, true, nil
	}
	if a, ok := k.API.(AssignmentAPI); ok {
		// Links below a parent (a team's users): the parent's listing, each row read as Get
		// reads it (only the fields Keep names).
		rows, err := ListPlatform(ctx, data.Client, a.Collection(parents))
		if err != nil {
			return nil, true, err
		}
		for _, row := range rows {
			link := a.link(row)
			for _, f := range []string{"email", "name"} { // what the linked object is called
				if v, ok := row[f].(string); ok && v != "" {
					link[LinkLabel] = v
					break
				}
			}
			objs = append(objs, link)
		}
		return objs, true, nil
	}
	if l, ok := k.API.(ExportListing); ok {
		objs, err = l.ListAll(ctx, data.Client, parents)
		return objs, true, err
	}
	p, isPlatform := k.API.(platformCollection)
	if !isPlatform {
		return nil, false, nil
	}
	listed, err := p.listAll(ctx, data.Client, parents)
	if err != nil {
		return nil, true, err
	}
	for _, o := range listed { // the listing leaves fields out (a page's content)
		full, _, err := k.API.Get(ctx, data.Client, Address{Parents: parents, ID: fmt.Sprint(o["id"])})
		if err != nil {
			return nil, true, err
		}
		objs = append(objs, full)
	}
	return objs, true, nil
}

// ExportListing is an API of its own shape (no collection the engine reads: a cloud gateway
// configuration, a CMEK) that lists every object below parents for the export, each as its
// Get answers it.
type ExportListing interface {
	ListAll(ctx context.Context, cl *konnect.Client, parents map[string]string) ([]konnect.Object, error)
}

// EachByGet lists collection (every page) and reads each listed object with get, by its id:
// an ExportListing whose listing carries whole objects in another shape than its Get's.
func EachByGet(ctx context.Context, cl *konnect.Client, collection string, get func(ctx context.Context, cl *konnect.Client, addr Address) (konnect.Object, *konnect.Response, error)) ([]konnect.Object, error) {
	listed, err := ListPlatform(ctx, cl, collection)
	if err != nil {
		return nil, err
	}
	objs := make([]konnect.Object, 0, len(listed))
	for _, o := range listed {
		full, _, err := get(ctx, cl, Address{ID: fmt.Sprint(o["id"])})
		if err != nil {
			return nil, err
		}
		objs = append(objs, full)
	}
	return objs, nil
}

// ImportedValues is what `terraform import` of obj puts in state (StateFromAPI, then
// UnshapedWithoutSecrets), by attribute as decoded JSON (nil for null), and the secrets it
// took out of the object's JSON documents, by attribute: their paths and Konnect's values.
func ImportedValues(ctx context.Context, data *ProviderData, k EntityKind, obj konnect.Object, parents map[string]string) (map[string]any, map[string][]SecretAt, error) {
	r := NewEntityResource(k)
	r.Data = data
	val, _, err := r.StateFromAPI(obj, parents, nil)
	var taken map[string][]SecretAt
	if err == nil {
		val, taken, err = r.UnshapedWithoutSecrets(ctx, val, obj, Address{Parents: parents}, nil)
	}
	if err != nil {
		return nil, nil, err
	}
	m, err := AsObject(val)
	if err != nil {
		return nil, nil, err
	}
	out := make(map[string]any, len(m))
	for _, a := range r.Attrs {
		v, ok := m[a.Name]
		if !ok || a.configOnly() {
			continue
		}
		j, err := a.Type.ToJSON(v)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", a.Name, err)
		}
		out[a.Name] = j
	}
	return out, taken, nil
}

// ConfigOnly reports whether only configuration sets the attribute (a write-only secret, its
// version, a Local attribute): nothing of it is in Konnect to export.
func (a Attr) ConfigOnly() bool { return a.configOnly() }

// ConfigSchemaOf is the schema the control plane serves for the `config` of an object of a
// kind with a ConfigSchema (a plugin's by its name), read once per run: the schema the
// plan-time check of config reads.
func (d *ProviderData) ConfigSchemaOf(ctx context.Context, cs *ConfigSchema, controlPlaneID string, values map[string]any) (konnect.Object, error) {
	name, _ := values[cs.nameAttr].(string)
	return d.secrets.schemas.get(ctx, d.Client, cs.of, controlPlaneID, name)
}

// ListAcross lists at once, by the id of the object each belongs to, every object of a kind
// that lives below another object of a control plane (a consumer's credentials): the
// control plane's listing the cascade guard reads (ControlPlaneContents: All, each object
// naming its parent in Via), one listing instead of one per parent. ok is false when
// Konnect has no such listing (an upstream's targets).
func ListAcross(ctx context.Context, data *ProviderData, k EntityKind, controlPlaneID string) (byParent map[string][]konnect.Object, ok bool, err error) {
	for _, d := range ControlPlaneContents {
		if d.TypeName != k.TypeName || d.Via == "" || d.All == "" {
			continue
		}
		objs, err := data.Client.ListEntities(ctx, konnect.CoreEntitiesPath(controlPlaneID, d.All), url.Values{"size": {"1000"}})
		if err != nil {
			return nil, true, err
		}
		byParent = map[string][]konnect.Object{}
		for _, o := range objs {
			byParent[refID(o[d.Via])] = append(byParent[refID(o[d.Via])], o)
		}
		return byParent, true, nil
	}
	return nil, false, nil
}

// listAll reads every object its Listing lists below parents, each by its GET, naming its
// parents (those the listing's row names too).
func (s SingletonAPI) listAll(ctx context.Context, cl *konnect.Client, k EntityKind, parents map[string]string) ([]konnect.Object, error) {
	rows, err := ListPlatform(ctx, cl, s.Listing(parents))
	if err != nil {
		return nil, err
	}
	var objs []konnect.Object
	for _, row := range rows {
		ps := maps.Clone(parents)
		for _, a := range k.Attrs {
			if _, known := ps[a.Name]; a.Parent && !known {
				ps[a.Name] = fmt.Sprint(row[a.Name])
			}
		}
		full, _, err := s.Get(ctx, cl, Address{Parents: ps, ID: s.idOf(ps)})
		if err != nil {
			return nil, err
		}
		for name, v := range ps {
			full[name] = v
		}
		objs = append(objs, full)
	}
	return objs, nil
}
