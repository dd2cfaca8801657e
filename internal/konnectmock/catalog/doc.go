// Package catalog is the mock Konnect's API catalog family: Konnect's API
// builder API v3 ("Konnect API Catalog", api-builder-v3.yaml, served under
// /v3/). Its facts are that published specification and the mock/client
// contract (konnect-api.md): problem+json errors titled "Invalid Request" with
// invalid_parameters worded as the spec's examples word them ("name must be
// longer than or equal to 1 characters", "slug must match /^[\w-]+$/ regular
// expression", "Service not found"), page[size]/page[number] paging with
// meta.page, filter[field][op] filters and sort where the spec declares them,
// RFC 3339 timestamps with milliseconds, and PATCH that changes only the
// fields sent.
//
// Served:
//
//	/v3/apis                                        GET (paged, filtered, sorted), POST
//	/v3/apis/validate-specification                 POST → 201
//	/v3/apis/{apiId}                                GET, PATCH, DELETE (with everything of the API)
//	/v3/apis/{apiId}/versions                       GET (paged), POST; …/{versionId} GET, PATCH, DELETE
//	/v3/apis/{apiId}/specifications                 GET (paged), POST; …/{specId} GET, PATCH, DELETE (deprecated: the version, seen as its spec)
//	/v3/apis/{apiId}/documents                      GET (the tree, filter[status]), POST
//	/v3/apis/{apiId}/documents/{documentId}         GET, PATCH, DELETE (with the documents under it); …/move POST → 204
//	/v3/apis/{apiId}/publications/{portalId}        GET, PUT (create or replace → 200), DELETE
//	/v3/api-publications                            GET (paged, filtered, sorted)
//	/v3/portals/{portalId}/api-publications         GET (paged, filtered, sorted)
//	/v3/apis/{apiId}/implementations                GET (paged), POST; …/{implementationId} GET, DELETE
//	/v3/api-implementations                         GET (paged, filtered, sorted)
//
// Not served (404 under the family's paths): operations, registrations, attributes, images and api-packages.
//
// The choices the spec leaves open:
//   - An API's name+version is unique, and so is its slug (slugify(name
//     version) unless given): 409 naming the one taken. spec_content on create
//     makes the API's version.
//   - A specification must parse as JSON or YAML and be OpenAPI 3.x (type
//     oas3), Swagger 2.0 (oas2) or AsyncAPI (asyncapi); otherwise 400 rule
//     "invalid" on content (validate-specification), spec.content (versions)
//     or spec_content (create API). A version left out is the spec's
//     info.version, and without one the spec's missing_reference on version.
//     An API has one version (the spec's ApiSpecConflict: 409).
//   - A document's title defaults to its front matter's title and its slug to
//     slugify(title); the slug is unique among siblings (409); a parent that is
//     not a document of the API, or a move under itself, is a 400
//     missing_reference on parent_document_id; status defaults to unpublished.
//   - A publication's portal must exist in the portal family (404 otherwise);
//     its auth_strategy_ids hold at most one strategy, which must exist there
//     (400 missing_reference), and left out are the portal's default
//     application auth strategy (null: none); the portal family records every publication, so
//     a portal with published APIs is deleted only with force=true, and the
//     listings leave out publications to portals deleted so.
//   - An implementation's gateway service {control_plane_id, id} must exist in
//     the gateway family (400 missing_reference on service.id); an API has one
//     implementation and a service implements one API (409s worded as the
//     spec's examples). implementation_mode is gateway_entity with one, none
//     without.
//
// The family imports no other family: it asks the portal and gateway families
// through its Portals and Services interfaces, which the assembler wires with
// adapters, all under the one Env.Lock. Its state is the APIs with everything
// in them (Snapshot, Restore, under the name "catalog").
package catalog
