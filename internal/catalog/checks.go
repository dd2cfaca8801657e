package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Plan-time checks of what a catalog object refers to: the portal an API is published to,
// the document a document is under, the service or control plane that implements an API.
// Each is read once when the plan is made (ids not yet known are not checked), and one that
// Konnect does not hold fails the plan on the attribute that names it, instead of a 404 at
// apply.

// missing reports whether Konnect answers 404 for path; any other failure is left to the
// apply, which reports it.
func missing(ctx context.Context, c *konnect.Client, path string) bool {
	if c == nil {
		return false
	}
	_, err := c.Do(ctx, http.MethodGet, path, nil, nil, nil)
	var apiErr *konnect.APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound
}

func checkPublication(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
	portal, _ := values["portal_id"].(string)
	if portal == "" || !missing(ctx, c, "/v3/portals/"+url.PathEscape(portal)) {
		return nil
	}
	return []engine.Problem{{Attr: "portal_id", Summary: "Portal not found",
		Detail: fmt.Sprintf("Konnect has no portal %s to publish the API to. Use the id of an existing portal (`konnect_portal.x.id`, or the `konnect_portal` data source).", portal)}}
}

func checkDocument(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
	parent, _ := values["parent_document_id"].(string)
	api, _ := values["api_id"].(string)
	if parent == "" || api == "" || !missing(ctx, c, "/v3/apis/"+url.PathEscape(api)+"/documents/"+url.PathEscape(parent)) {
		return nil
	}
	return []engine.Problem{{Attr: "parent_document_id", Summary: "Parent document not in this API",
		Detail: fmt.Sprintf("parent_document_id %s is not a document of API %s: a document can only be under a document of its own API. "+
			"Use the id of a document of API %s, or leave parent_document_id unset for a top-level document.", parent, api, api)}}
}

func checkImplementation(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
	controlPlane := func(attr, id string) []engine.Problem {
		if !missing(ctx, c, "/v2/control-planes/"+url.PathEscape(id)) {
			return nil
		}
		return []engine.Problem{{Attr: attr, Summary: "Control plane not found",
			Detail: fmt.Sprintf("Konnect has no control plane %s: it was deleted, or the id is wrong. Use the id of an existing control plane (`konnect_gateway_control_plane.x.id`).", id)}}
	}
	if ref, ok := values["service_reference"].(map[string]any); ok {
		svc, _ := ref["service"].(map[string]any)
		cp, _ := svc["control_plane_id"].(string)
		id, _ := svc["id"].(string)
		if cp == "" || id == "" {
			return nil
		}
		if p := controlPlane("service_reference", cp); p != nil {
			return p
		}
		if missing(ctx, c, "/v2/control-planes/"+url.PathEscape(cp)+"/core-entities/services/"+url.PathEscape(id)) {
			return []engine.Problem{{Attr: "service_reference", Summary: "Gateway service not found",
				Detail: fmt.Sprintf("Control plane %s has no gateway service %s. Use the id of a service of that control plane (`konnect_gateway_service.x.id`).", cp, id)}}
		}
	}
	if ref, ok := values["control_plane_reference"].(map[string]any); ok {
		cp, _ := ref["control_plane"].(map[string]any)
		if id, _ := cp["id"].(string); id != "" {
			return controlPlane("control_plane_reference", id)
		}
	}
	return nil
}

// checkVersion: an API version whose name (version, else the specification's info.version)
// another version of the API already has. Konnect refuses it at apply (409) after the rest
// of the apply was written; the plan names the version that has it, with its import block.
// The version being updated is not its own rival (values["id"]).
func checkVersion(ctx context.Context, c *konnect.Client, values konnect.Object) []engine.Problem {
	api, _ := values["api_id"].(string)
	name, _ := values["version"].(string)
	if name == "" {
		spec, _ := values["spec"].(map[string]any)
		if text, ok := spec["content"].(string); ok {
			if doc, ok := parseSpec(text); ok {
				info, _ := doc["info"].(map[string]any)
				if v, ok := info["version"]; ok && v != nil {
					name = fmt.Sprint(v)
				}
			}
		}
	}
	if api == "" || name == "" || c == nil {
		return nil
	}
	versions, err := engine.ListPlatform(ctx, c, "/v3/apis/"+url.PathEscape(api)+"/versions")
	if err != nil {
		return nil // the apply reports what Konnect says
	}
	for _, v := range versions {
		if v["version"] == name && v["id"] != values["id"] {
			return []engine.Problem{{Attr: "version", Summary: "API version already exists",
				Detail: fmt.Sprintf("API %s already has a version %q (id %s), in Konnect or in another resource of this configuration. "+
					"Give this one another version, or manage that one here instead:\n\n  import {\n    to = konnect_api_version.<name>\n    id = \"%s/%s\"\n  }", api, name, v["id"], api, v["id"])}}
		}
	}
	return nil
}
