package konnect

import (
	"context"
	"fmt"
	"net/http"
)

// GetVaultSchema reads a vault type's schema from a control plane, in the format of
// GetPluginSchema: the vault's `config` record, its credentials marked "encrypted" or
// "referenceable".
func (c *Client) GetVaultSchema(ctx context.Context, controlPlaneID, vaultName string) (Object, error) {
	if controlPlaneID == "" || vaultName == "" {
		return nil, fmt.Errorf("GET vault schema: control plane id and vault name are required")
	}
	var out Object
	_, err := c.Do(ctx, http.MethodGet, CoreEntitiesPath(controlPlaneID, "schemas", "vaults", vaultName), nil, nil, &out)
	return out, err
}
