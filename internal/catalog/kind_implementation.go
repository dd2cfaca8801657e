package catalog

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ImplementationKind links an API to what implements it (/v3/apis/{apiId}/implementations):
// a gateway service, or a control plane. Konnect creates and deletes a link, never changes
// one. Kong's schema names each variant by a wrapper that is not on the wire
// (service_reference, control_plane_reference); implementationAPI translates.
var ImplementationKind = engine.EntityKind{
	TypeName: "konnect_api_implementation",
	Description: "Links an API to the gateway service that implements it (`service_reference`), or to a control plane (`control_plane_reference`). " +
		"Konnect creates and deletes a link, never changes one: changing any attribute replaces it. An API has at most one, and a service implements at most one API.",
	// Refreshed one GET per implementation, not from a listing: Konnect lists
	// implementations only organization-wide (/v3/api-implementations), not below their API,
	// and that listing leaves out the details of a service's auth strategy sync error.
	API:   implementationAPI{engine.PlatformAPI{Collection: engine.V3Path("apis", "{api_id}", "implementations")}},
	Check: checkImplementation, // checks.go
	Attrs: []engine.Attr{
		apiID(),
		{Name: "service_reference", ForceNew: true, Description: "The gateway service that implements the API. Conflicts with `control_plane_reference`.",
			Validators: []engine.Validator{objectvalidator.ConflictsWith(path.MatchRoot("control_plane_reference"))},
			Type: engine.ObjectOf(
				engine.Attr{Name: "service", Mode: engine.Required, Description: "The service.",
					Type: engine.ObjectOf(
						engine.Attr{Name: "control_plane_id", Type: engine.String, Mode: engine.Required, Description: "The id of the service's control plane.",
							Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
						engine.Attr{Name: "id", Type: engine.String, Mode: engine.Required, Description: "The id of the service (`konnect_gateway_service.x.id`).",
							Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
					)},
				engine.Attr{Name: "id", Type: engine.String, Mode: engine.Computed, Description: "The link's id."},
				engine.Attr{Name: "created_at", Type: engine.String, Mode: engine.Computed, Description: "When the link was made."},
				engine.Attr{Name: "updated_at", Type: engine.String, Mode: engine.Computed, Description: "When the link last changed."},
			)},
		{Name: "control_plane_reference", ForceNew: true, Description: "The control plane that implements the API (access control enforcement). Conflicts with `service_reference`.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "control_plane", Mode: engine.Required, Description: "The control plane.",
					Type: engine.ObjectOf(
						engine.Attr{Name: "id", Type: engine.String, Mode: engine.Required, Description: "The id of the control plane.",
							Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
						engine.Attr{Name: "access_control_enforcement_enabled", Type: engine.Bool, Mode: engine.Computed, Description: "Whether the control plane enforces access control."},
					)},
				engine.Attr{Name: "id", Type: engine.String, Mode: engine.Computed, Description: "The link's id."},
				engine.Attr{Name: "created_at", Type: engine.String, Mode: engine.Computed, Description: "When the link was made."},
				engine.Attr{Name: "updated_at", Type: engine.String, Mode: engine.Computed, Description: "When the link last changed."},
			)},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// implementationAPI writes Konnect's flat union ({service: …} or {control_plane:
// {control_plane_id}}) from Kong's wrappers and reads it back into them.
type implementationAPI struct{ engine.PlatformAPI }

func (a implementationAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	out := konnect.Object{}
	if s, ok := body["service_reference"].(map[string]any); ok {
		out["service"] = s["service"]
	}
	if c, ok := body["control_plane_reference"].(map[string]any); ok {
		if cp, ok := c["control_plane"].(map[string]any); ok {
			out["control_plane"] = map[string]any{"control_plane_id": cp["id"]}
		}
	}
	obj, resp, err := a.PlatformAPI.Create(ctx, cl, parents, out)
	return wrapImplementation(obj), resp, err
}

func (a implementationAPI) Get(ctx context.Context, cl *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PlatformAPI.Get(ctx, cl, addr)
	return wrapImplementation(obj), resp, err
}

// wrapImplementation puts Konnect's answer under the wrapper of its variant.
func wrapImplementation(obj konnect.Object) konnect.Object {
	if obj == nil {
		return nil
	}
	ref := map[string]any{"id": obj["id"], "created_at": obj["created_at"], "updated_at": obj["updated_at"]}
	switch {
	case obj["service"] != nil:
		ref["service"] = obj["service"]
		obj["service_reference"] = ref
	case obj["control_plane"] != nil:
		cp, _ := obj["control_plane"].(map[string]any)
		ref["control_plane"] = map[string]any{"id": cp["control_plane_id"], "access_control_enforcement_enabled": cp["access_control_enforcement_enabled"]}
		obj["control_plane_reference"] = ref
	}
	return obj
}
