package gateway

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// MTLSAuthKind is an mTLS credential of a consumer (…/consumers/{c}/mtls-auth): the
// certificate subject that identifies the consumer. Konnect can create and delete one but
// has no PUT for it, so every attribute replaces it.
var MTLSAuthKind = engine.EntityKind{
	TypeName: "konnect_gateway_mtls_auth",
	Description: "An mTLS credential of a consumer in a Konnect control plane: clients presenting a certificate with this subject " +
		"are identified as the consumer. Konnect cannot change one in place: changing any attribute replaces it.",
	API: mtlsAuthAPI{engine.CoreEntityAPI{Collection: func(p map[string]string) string {
		return konnect.CoreEntitiesPath(p["control_plane_id"], "consumers", p["consumer_id"], "mtls-auth")
	}}},
	Attrs: []engine.Attr{
		controlPlaneID,
		engine.ParentID("consumer_id", "The id of the `konnect_gateway_consumer`."),
		{Name: "subject_name", Type: engine.String, Mode: engine.Required, ForceNew: true, Description: "The certificate subject (common name or SAN) that identifies the consumer.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
		{Name: "ca_certificate", Default: engine.DefaultNull, ForceNew: true, Type: engine.RefID("Id of the `konnect_gateway_ca_certificate`."),
			Description: "The CA certificate that must have issued the client certificate. Unset: any CA the plugin trusts.",
			Validators:  []engine.Validator{engine.RefIsUUID()}},
		{Name: "tags", Default: engine.DefaultNull, ForceNew: true, Type: engine.SetOf(engine.String), Description: "Tags for filtering and grouping. Changing them replaces the credential.",
			Validators: []engine.Validator{engine.KongTags()}},
		engine.CoreTimestamps[0], engine.CoreTimestamps[1],
	},
}

// mtlsAuthAPI reads and deletes like any core entity; it creates with POST (Konnect has no
// PUT for mtls-auth, so there is no client-chosen id) and never updates. After an
// ambiguous failure of the POST, the consumer's credentials are listed again, and one that
// appeared since with the posted subject is the one the POST created: it is adopted
// instead of posting again.
type mtlsAuthAPI struct{ engine.CoreEntityAPI }

// CreatesWithChosenID: an mTLS credential is POSTed; its own Create resolves an unknown outcome.
func (mtlsAuthAPI) CreatesWithChosenID() bool { return false }

func (api mtlsAuthAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	col := api.Collection(parents)
	before, err := cl.ListEntities(ctx, col, nil)
	if err != nil {
		return nil, nil, err
	}
	obj, resp, err := cl.CreateEntity(ctx, col, body)
	if err == nil || !engine.Ambiguous(err) {
		return obj, resp, err
	}
	after, lookErr := cl.ListEntities(ctx, col, nil)
	if lookErr != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	for _, o := range before {
		seen[fmt.Sprint(o["id"])] = true
	}
	for _, o := range after {
		if !seen[fmt.Sprint(o["id"])] && o["subject_name"] == body["subject_name"] {
			return o, nil, nil
		}
	}
	return cl.CreateEntity(ctx, col, body)
}

func (mtlsAuthAPI) Update(context.Context, *konnect.Client, engine.Address, konnect.Object, konnect.Object, string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, errors.New("an mtls-auth credential cannot change in place; every attribute replaces it")
}
