package konnect

import (
	"context"
	"fmt"
	"net/http"
)

// GetPartialSchema reads a partial type's schema from a control plane, in the format of
// GetPluginSchema: the partial's own fields and its `config` record.
func (c *Client) GetPartialSchema(ctx context.Context, controlPlaneID, partialType string) (Object, error) {
	if controlPlaneID == "" || partialType == "" {
		return nil, fmt.Errorf("GET partial schema: control plane id and partial type are required")
	}
	var out Object
	_, err := c.Do(ctx, http.MethodGet, CoreEntitiesPath(controlPlaneID, "schemas", "partials", partialType), nil, nil, &out)
	return out, err
}
