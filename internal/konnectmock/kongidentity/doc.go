// Package kongidentity is the mock Konnect's Kong Identity family: auth servers
// and their scopes, claims and clients (kong-identity v1, /v1/auth-servers…).
// The API is regional: its spec lists the regions as its servers, not the
// global host.
//
// Served:
//
//	/v1/auth-servers                                  GET (page[size], page[number], filter[name|description|audience][eq|contains], filter[id][eq], sort), POST
//	/v1/auth-servers/{id}                             GET, PATCH, DELETE (?force=true|false)
//	/v1/auth-servers/{id}/scopes, …/claims, …/clients GET (paged, filter[name][eq|contains], filter[id][eq]), POST
//	/v1/auth-servers/{id}/scopes/{scopeId}            GET, PATCH, DELETE
//	/v1/auth-servers/{id}/claims/{claimId}            GET, PATCH, DELETE
//	/v1/auth-servers/{id}/clients/{clientId}          GET, PATCH, PUT, DELETE
//	/v1/auth-servers/{id}/clients/{clientId}/secrets  GET, POST; …/{secretId} GET, PATCH, DELETE
//
// Not served: tokens, test-claim.
//
// Rules the spec states, and so the mock:
//   - Create bodies require what the spec requires (an auth server's name and
//     audience; a scope's name; a claim's name and value; a client's name,
//     grant_types and response_types); defaults are the spec's (signing_algorithm
//     RS256, scopes enabled, claims enabled, token durations 300 within 60 to
//     2592000, token_endpoint_auth_method client_secret_post). Every answer
//     carries every field the spec's schema requires (labels {} and lists []).
//   - PATCH changes the fields sent; labels merge key by key, a null value
//     removing the label (LabelsUpdate). A client's PUT replaces it whole and
//     requires name, client_secret, grant_types and response_types; a PUT of a
//     client id that does not exist creates it (201).
//   - A scope's and a client's name are unique in their auth server (409).
//   - A client's create generates its id and secret; the secret is in the
//     create's answer only (CreatedClient), never in a GET or a listing. The
//     secrets listing shows each secret's id, enabled and times, never its value;
//     POST …/secrets adds one (its value in that answer only).
//   - Deleting a scope removes it from the clients that allow it and the claims
//     that include it; deleting an auth server without force=true while it holds
//     scopes, claims or clients is refused (400), with force=true they go with it.
//
// What the spec does not say, and the mock chooses (the client must not rely on
// the wording): an auth server's name is unique in the organization (409, the
// create's listed conflict); the create of a client takes Kong's id and
// client_secret (Kong's provider's copy of the spec lists them); a client_secret
// sent by PUT or PATCH that is not one of the client's secrets replaces all its
// secrets (one it already has changes nothing); a claim or client naming a scope
// id that is not a scope of its auth server is a 400, rule missing_reference.
package kongidentity
