package cloudgateway

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

const serverlessGateways = "/v0/serverless-cloud-gateways"

// serverlessAPI reaches /v0/serverless-cloud-gateways (Konnect's global host; its only
// specification is Kong's provider's copy): an object is addressed by its control plane's id,
// which the create names, so a create whose answer is lost is looked up by it before it is
// sent again. Konnect has no update: every attribute replaces the gateway.
type serverlessAPI struct{}

func (serverlessAPI) Path(_ map[string]string, id string) string {
	return serverlessGateways + "/" + url.PathEscape(id)
}

// withID copies the control plane's id, which addresses the gateway, into its id.
func withID(obj konnect.Object) konnect.Object {
	if cp, ok := obj["control_plane"].(map[string]any); ok {
		obj["id"] = cp["id"]
	}
	return obj
}

func (a serverlessAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodGet, a.Path(nil, addr.ID), nil, nil, &out)
	if err != nil {
		return nil, resp, err
	}
	return withID(out), resp, nil
}

// ListAll lists, for the export (engine.ExportListing), the gateway of every serverless
// control plane that has one: Konnect has no listing of them, and a gateway is addressed by
// its control plane's id.
func (a serverlessAPI) ListAll(ctx context.Context, cl *konnect.Client, _ map[string]string) ([]konnect.Object, error) {
	ids, err := cl.ControlPlaneIDs(ctx, "CLUSTER_TYPE_SERVERLESS", "CLUSTER_TYPE_SERVERLESS_V1")
	if err != nil {
		return nil, err
	}
	var out []konnect.Object
	for _, id := range ids {
		obj, _, err := a.Get(ctx, cl, engine.Address{ID: id})
		if konnect.IsNotFound(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, obj)
	}
	return out, nil
}

// FindByName: a serverless cloud gateway has no name.
func (serverlessAPI) FindByName(context.Context, *konnect.Client, map[string]string, string) (konnect.Object, error) {
	return nil, nil
}

func (a serverlessAPI) Create(ctx context.Context, cl *konnect.Client, _ map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	var out konnect.Object
	resp, err := cl.Do(ctx, http.MethodPost, serverlessGateways, nil, body, &out)
	if err == nil || !engine.Ambiguous(err) {
		return withID(out), resp, err
	}
	cp, _ := body["control_plane"].(map[string]any)
	id, _ := cp["id"].(string)
	if found, r, getErr := a.Get(ctx, cl, engine.Address{ID: id}); getErr == nil {
		return found, r, nil // Konnect made it before the answer was lost
	} else if !konnect.IsNotFound(getErr) {
		return nil, resp, err // still unknown: report the original failure, post nothing
	}
	out = nil
	resp, err = cl.Do(ctx, http.MethodPost, serverlessGateways, nil, body, &out)
	return withID(out), resp, err
}

// Update is never called: every attribute is ForceNew.
func (serverlessAPI) Update(context.Context, *konnect.Client, engine.Address, konnect.Object, konnect.Object, string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, errors.New("konnect has no update for a serverless cloud gateway")
}

func (a serverlessAPI) Delete(ctx context.Context, cl *konnect.Client, addr engine.Address, _ string) (*konnect.Response, error) {
	return cl.Do(ctx, http.MethodDelete, a.Path(nil, addr.ID), nil, nil, nil)
}

// serverlessKey is the cluster certificate's private key with its write-only twin: Konnect
// never returns it, and has no update, so a new key (or a new version of the twin) replaces
// the gateway.
var serverlessKey = engine.WriteOnlySecretReplacing(engine.Attr{Name: "cluster_cert_key", Type: engine.String, Mode: engine.Required, Sensitive: true, NotReturned: true, ForceNew: true,
	Description: "The private key of `cluster_cert`, PEM-encoded. Konnect never returns it: Terraform keeps what it wrote (or nothing, with `cluster_cert_key_wo`), and cannot see a key changed in Konnect. Changing it replaces the gateway.",
	Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}}, "Konnect has no update: changing it replaces the gateway.")

// ServerlessKind is a serverless cloud gateway (/v0/serverless-cloud-gateways): the data
// planes Konnect runs for a serverless control plane, which authenticate with the cluster
// certificate given at its creation.
var ServerlessKind = engine.EntityKind{
	TypeName: "konnect_serverless_cloud_gateway",
	Description: "A serverless cloud gateway: the data planes Konnect runs for a serverless control plane (`cluster_type = \"CLUSTER_TYPE_SERVERLESS\"`), which connect to it with a cluster certificate and its key. " +
		"Konnect returns neither of them, and has no update: every change replaces the gateway. The key is sensitive; `cluster_cert_key_wo` (Terraform 1.11+, OpenTofu 1.11+) keeps it out of the state file altogether. " +
		"Import it by its control plane's id.",
	API:     serverlessAPI{},
	KongKey: "control_plane.id", // Kong's state of it has no id
	NotExported: func(konnect.Object) string {
		return "Konnect never returns its cluster certificate, which configuration must set, and setting it replaces the gateway; " +
			"adopt it by hand with an import block and the certificate it was made with"
	},
	Attrs: slices.Concat([]engine.Attr{
		{Name: "control_plane", Mode: engine.Required, ForceNew: true, Description: "The serverless control plane the gateway serves. Changing it replaces the gateway.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "id", Type: engine.String, Mode: engine.Required, Description: "The control plane's id.",
					Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
				engine.Attr{Name: "prefix", Type: engine.String, Mode: engine.Required, Description: "The control plane's prefix: the first label of its endpoint's host name (`518da50bf7`).",
					Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}},
				engine.Attr{Name: "region", Type: engine.String, Mode: engine.Required, Description: "The control plane's region: `us`, `eu` or `au`.",
					Validators: []engine.Validator{stringvalidator.OneOf("us", "eu", "au")}},
			)},
		{Name: "cluster_cert", Type: engine.String, Mode: engine.Required, ForceNew: true, NotReturned: true,
			Description: "The cluster certificate (the public key), PEM-encoded. Konnect never returns it: Terraform keeps what it wrote. Changing it replaces the gateway.",
			Validators:  []engine.Validator{stringvalidator.LengthAtLeast(1)}},
	}, serverlessKey, []engine.Attr{
		{Name: "labels", Type: engine.MapOf(engine.String), Default: map[string]any{}, ForceNew: true,
			Description: "Labels to find the gateway by. Keys are 1 to 63 characters and cannot start with `kong`, `konnect`, `mesh`, `kic` or `_`. Changing them replaces the gateway."},
		{Name: "gateway_endpoint", Type: engine.String, Mode: engine.Computed, Description: "The gateway's host name (`us-kong-518da50bf7.kongcloud.dev`)."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	}),
}
