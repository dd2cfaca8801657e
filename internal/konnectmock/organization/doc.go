// Package organization is the mock Konnect's family of organization-level
// settings that belong to no control plane, portal or identity object: the
// audit logs API (audit-logs v3, and the v2 paths of its destinations, which
// Kong's provider calls) and customer managed encryption keys (CMEK, the path
// Kong's provider calls: /v1/cmeks). Both APIs are regional: their specs list
// the regions (https://{us,eu,au,me,in}.api.konghq.com) as their servers, not
// the global host.
//
// Served:
//
//	/v2/audit-log-destinations, /v3/audit-log-destinations   GET (cursor paged, filter[name][eq|contains]), POST
//	/v2/audit-log-destinations/{id}, /v3/…/{id}               GET, PATCH, DELETE
//	/v3/audit-log-webhook                                     GET, PATCH, DELETE; …/status GET
//	/v1/cmeks                                                 GET
//	/v1/cmeks/{cmekId}                                        GET, PUT, DELETE
//
// Not served: the v2 webhook (endpoint and authorization on the webhook
// itself), the audit log replay job, the audit logs themselves, the JWKS.
//
// Rules the specs state, and so the mock:
//   - A destination's create requires name, endpoint (an http or https URL),
//     log_format (cef, json or cps) and authorization; skip_ssl_verification
//     defaults to false. PATCH changes the fields sent. authorization is
//     write-only: no answer ever carries it. Missing fields are the spec's
//     {"title":"Bad Request","detail":"Required field missing"} with
//     "cannot be blank"; a bad endpoint is "Invalid endpoint", "must be a valid
//     URL"; a body that is not a JSON object is "Could not parse request body".
//   - The organization's webhook is {"enabled": false} until someone sets it;
//     enabling it needs a destination ("Required field missing" on
//     audit_log_destination_id); DELETE disables it and empties its destination.
//   - Deleting a destination a webhook uses (the organization's, or a portal's
//     through the Users the assembler wires) is the spec's 409 Conflict.
//   - A CMEK's id is one of Konnect's list (only "default"); PUT creates or
//     replaces it (key_arn and a name of at least one character required, the
//     description optional and dropped when left out); GET of one never put is 404.
//
// What the specs do not say, and the mock chooses (the client must not rely on
// the wording): a webhook pointing at a destination that does not exist is
// refused with 400 {"detail":"Invalid destination"}, rule missing_reference on
// audit_log_destination_id (the rule is in the spec's list); the portal
// family's webhook answers the same through DestinationExists.
package organization
