package organization

import (
	"context"
	"maps"
	"net/http"
	"net/url"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// cmekIDs are the ids Konnect lists for a CMEK (the API's enum): one per organization
// and region.
var cmekIDs = []string{"default"}

// CMEKKind is a customer managed encryption key (/v1/cmeks/{id}, the path Kong's provider
// calls): the AWS KMS key Konnect encrypts the organization's data with in this region.
// PUT creates or replaces it whole; its id is one of the few Konnect lists.
var CMEKKind = engine.EntityKind{
	TypeName: "konnect_cmek",
	Description: "The customer managed encryption key (CMEK) of the organization in the provider's region: the AWS KMS key Konnect encrypts the organization's data with. " +
		"One per organization and region, its id `default`. A create checks that none is set already (the `import` block that adopts one is in the error); an update replaces it (PUT). " +
		"Destroying it deletes it from Konnect: do not revoke or delete a KMS key Konnect still uses, as data encrypted with it is lost. Import it by its id, `default`.",
	API: cmekAPI{},
	Attrs: []engine.Attr{
		{Name: "key_arn", Type: engine.String, Mode: engine.Required,
			Description: "The ARN of the AWS KMS key. A multi-region key (MRK) per Konnect region is recommended.",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The key's name; the name it has in KMS is recommended.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the key is for. Removed from configuration, Konnect holds none."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// cmekAPI reaches /v1/cmeks/{id}: GET reads one (404 until it is put), PUT creates or
// replaces it, DELETE removes it.
type cmekAPI struct{}

// IDAttr: configuration may name the id, which is Konnect's `default` when it does not
// (Kong's schema: optional, default "default").
func (cmekAPI) IDAttr() engine.Attr {
	return engine.Attr{Name: engine.AttrID, Type: engine.String, Mode: engine.Optional, ForceNew: true,
		Description:   "The CMEK's id among those Konnect lists: `default` (also when unset).",
		Validators:    []engine.Validator{stringvalidator.OneOf(cmekIDs...)},
		PlanModifiers: []engine.PlanModifier{engine.StringDefaultWhenUnknown(cmekIDs[0])}}
}

func (cmekAPI) Path(_ map[string]string, id string) string { return "/v1/cmeks/" + url.PathEscape(id) }

func (c cmekAPI) Get(ctx context.Context, cl *konnect.Client, a engine.Address) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodGet, c.Path(nil, a.ID), nil, nil, &out)
	return out, resp, err
}

// ListAll lists the organization's CMEKs, for the export.
func (c cmekAPI) ListAll(ctx context.Context, cl *konnect.Client, _ map[string]string) ([]konnect.Object, error) {
	return engine.EachByGet(ctx, cl, "/v1/cmeks", c.Get)
}

// FindByName: a CMEK has no name Konnect keeps unique; the creation guard checks its id
// (checkChosenID).
func (cmekAPI) FindByName(context.Context, *konnect.Client, map[string]string, string) (konnect.Object, error) {
	return nil, nil
}

// Create puts the CMEK under the id the plan chose (its body's id).
func (c cmekAPI) Create(ctx context.Context, cl *konnect.Client, _ map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	id, _ := body[engine.AttrID].(string)
	if id == "" {
		id = cmekIDs[0]
	}
	body = maps.Clone(body)
	delete(body, engine.AttrID)
	return c.put(ctx, cl, id, body, "")
}

func (c cmekAPI) Update(ctx context.Context, cl *konnect.Client, a engine.Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	return c.put(ctx, cl, a.ID, body, ifMatch)
}

func (c cmekAPI) put(ctx context.Context, cl *konnect.Client, id string, body konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPut, c.Path(nil, id), nil, body, &out, konnect.IfMatch(ifMatch))
	return out, resp, err
}

func (c cmekAPI) Delete(ctx context.Context, cl *konnect.Client, a engine.Address, ifMatch string) (*konnect.Response, error) {
	return cl.Do(ctx, http.MethodDelete, c.Path(nil, a.ID), nil, nil, nil, konnect.IfMatch(ifMatch))
}
