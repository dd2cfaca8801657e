// Package portal declares the Dev Portal kinds (Konnect's portal management API v3,
// /v3/portals/…): each kind is a declaration that the engine (internal/engine) serves.
package portal
