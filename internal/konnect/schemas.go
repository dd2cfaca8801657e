package konnect

import (
	"context"
	"fmt"
	"net/http"
)

// GetPluginSchema reads a plugin's schema from a control plane, in Kong's format
// ({"fields":[…,{"config":{"type":"record","fields":[…]}}]}). Fields that hold secrets are
// marked "encrypted" or "referenceable" there.
func (c *Client) GetPluginSchema(ctx context.Context, controlPlaneID, name string) (Object, error) {
	if controlPlaneID == "" || name == "" {
		return nil, fmt.Errorf("GET plugin schema: control plane id and plugin name are required")
	}
	var out Object
	_, err := c.Do(ctx, http.MethodGet, CoreEntitiesPath(controlPlaneID, "schemas", "plugins", name), nil, nil, &out)
	return out, err
}
