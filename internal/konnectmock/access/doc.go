// Package access is the mock Konnect's identity API family (Konnect's identity
// API v3, served under /v3/): users, teams and their members, assigned roles,
// the predefined roles catalogue, system accounts and their access tokens,
// personal access tokens, identity providers and their team group mappings,
// authentication and impersonation settings, invitations, and the caller's own
// user and organisation. Its facts are Kong's published identity specification
// (identity-v3.yaml) and the mock/client contract (konnect-api.md): problem+json
// errors whose 400s name each field in invalid_parameters, page[size] and
// page[number] paging with meta.page, filter[field][op] filters, RFC 3339
// timestamps with milliseconds, and PATCH that changes only the fields sent.
//
// The family is mounted by package konnectmock, which authenticates, counts,
// injects faults and saves the state file around Family.Serve; on its own
// (Family.ServeHTTP) it serves without any of that, for this package's tests.
// The state is one document (state.go) kept under the lock the assembler shares
// with every family.
//
// A new organisation has Konnect's predefined teams (system_team true: they
// cannot be edited or deleted, and their roles cannot change, though their
// members can), and three users: admin@example.com (the owner, an Organization
// Admin), jane.doe@example.com, and john.smith@example.com, invited but not yet
// registered (active false). Users exist only by invitation: POST /v3/invites
// adds a pending user; POST /_mock/users, Family.AddUser and Options.Users add
// users out of band (active unless pending).
//
// Tokens: creating a system account token or personal access token answers its
// value once ("spat_…", "kpat_…"); afterwards only a SHA-256 digest is kept, so
// no read returns it. The assembler accepts the tokens the family issued as
// bearer tokens while they are good, and refuses them once expired, revoked
// (personal tokens: PATCH …/revoke) or deleted. Family.ExpireToken and
// RevokeToken, and POST /_mock/tokens/{id}/expire and …/revoke, do that out of
// band.
//
// Where the specification is silent or contradicts itself the mock chooses, and
// says so here:
//   - Two teams may have the same name (the spec's create-team says so, and
//     lists no 409); system account names and a system account's token names
//     are unique (409), as the spec says.
//   - Unknown properties in a request body are a 400 (rule unknown_property).
//   - An id in the path that is not a UUID is a 400 {"field":"teamID","reason":
//     "invalid ID format"} where the spec types the id as a UUID (teams, users,
//     identity providers, mappings, personal access tokens), and a 404 where it
//     types it as a plain string (system accounts and their tokens and roles,
//     and the team of /teams/{teamId}/system-accounts).
//   - A role assignment needs role_name, entity_id (a UUID or "*"),
//     entity_type_name and entity_region from the spec's enums; for an entity
//     type that GET /v3/roles describes, the role must be one of that type's.
//     Assigning the same role twice is a 409.
//   - Assigned-role lists have no paging parameters in the spec: without
//     page[size] or page[number] every role is on the one page.
//   - An organisation has at most one identity provider per type (409), and at
//     most one enabled (409). PATCH merges config into the stored one; a
//     client_secret is accepted and never returned. Team group mappings page
//     with cursors (page[after], page[before]); links are relative to /v3, as
//     in the spec's example.
//   - filter contains is case-sensitive; filter[email][eq] is exact.
//   - There are no permissions: the documented 403s never occur.
package access
