// Package kongidentity is the Kong Identity family: auth servers (/v1/auth-servers), the
// OAuth 2.0 authorization servers Konnect runs for an organization, and their scopes, claims
// and clients. The API is regional (kong-identity v1 lists the regions as its servers, and
// Kong's provider sends it to the server URL), so the client sends it to server_url.
package kongidentity
