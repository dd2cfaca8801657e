// Package portal is the mock Konnect's Dev Portal family: Konnect's portal
// management API v3 (portal-management-v3.yaml, served under /v3/) and its
// application auth strategies and DCR providers API v2
// (application-auth-strategies-v2.yaml, whose servers are
// https://{region}.api.konghq.com/v2: served under /v2/). Its facts are those
// published specifications and the mock/client contract (konnect-api.md):
// problem+json errors naming each field, page[size]/page[number] paging with
// meta.page, filter[field][op] filters, RFC 3339 timestamps with milliseconds
// (updated_at moves on every write of the object), and PATCH that changes
// only the fields sent.
//
// Served:
//
//	/v3/portals                                 GET (paged, filtered, sorted), POST
//	/v3/portals/{id}                            GET, PATCH, DELETE (?force=true)
//	/v3/portals/{id}/custom-domain              GET, POST, PATCH, DELETE
//	/v3/portals/{id}/authentication-settings    GET, PATCH
//	/v3/portals/{id}/customization              GET, PUT, PATCH
//	/v3/portals/{id}/assets/{logo,favicon}      GET, PUT (data URLs); …/raw GET (the image)
//	/v3/portals/{id}/pages                      GET (the tree), POST
//	/v3/portals/{id}/pages/{id}                 GET, PATCH, DELETE; …/move POST
//	/v3/portals/{id}/snippets                   GET (paged), POST; …/{id} GET, PATCH, DELETE
//	/v3/portals/{id}/default-content            POST
//	/v3/portals/{id}/teams                      GET (paged), POST; …/{id} GET, PATCH, DELETE
//	/v3/portals/{id}/teams/{id}/developers      GET (paged), POST; …/{id} DELETE
//	/v3/portals/{id}/teams/{id}/assigned-roles  GET (paged), POST; …/{id} DELETE
//	/v3/portals/{id}/developers                 GET (paged), POST; …/{id} GET, PATCH, DELETE; …/{id}/teams GET
//	/v3/portal-roles                            GET
//	/v3/portals/{id}/ip-allow-list              GET (cursor paged), POST; …/{id} GET, PUT, PATCH, DELETE
//	/v3/portals/{id}/audit-log-webhook          GET, PATCH, DELETE; …/status GET
//	/v2/application-auth-strategies             GET (paged, filtered, sorted), POST; …/{id} GET, PUT, PATCH, DELETE
//	/v2/dcr-providers                           GET (paged, filtered, sorted), POST; …/{id} GET, PATCH, DELETE
//
// Not served (404 under the family's paths): applications and their
// registrations, portal identity providers and team group mappings,
// integrations, e-mail domains, delivery, config and templates, the audit log
// replay job, and DCR provider verification.
//
// The family is mounted by package konnectmock, which authenticates, counts,
// injects faults and saves the state file around Family.Serve; on its own
// (Family.ServeHTTP) it serves without any of that, for this package's tests.
// The state is one document (state.go) kept under the lock the assembler shares
// with every family. It holds no secret (below).
//
// Errors are worded as the portal spec's examples word them: a 400 is
// {"title":"Invalid Request","detail":"Invalid Parameters"} with one
// invalid_parameters entry per field, each with the field, the rule, the
// reason ("\"name\" is required", "value of \"rbac_enabled\" must be true or
// false", "value of \"title\" must not exceed 512 characters") and its source
// ("body", "query"); a body that is not a JSON object is {"title":"Bad
// Request","detail":"Could not parse request body"} on the field "body"
// ("request format is invalid"); a 404 is {"detail":"Not Found"}; a 409 says
// what conflicts. The v2 spec shows no example; its APIs answer the same way.
// An unknown filter field or operator is unknown_property on the parameter as
// sent ("\"filter[my_attribute]\" is not allowed"); a page[size] or
// page[number] that is not a number is is_number.
//
// Rules the specs state, and so the mock:
//   - Portal names are unique (409). display_name defaults to the name;
//     authentication_enabled to true; rbac_enabled, sipr_enabled,
//     auto_approve_*, notifications_developer_pii_visibility_enabled to false.
//   - DELETE /v3/portals/{id} deletes the portal "along with all related
//     entities" (pages, snippets, teams, developers, settings, domain, allow
//     list). Only API publications hold it back: with any, it needs
//     force=true, which deletes them too. Publications belong to the API
//     builder API, which this family does not serve; Family.Publish and POST
//     /_mock/portals/{id}/publications add them out of band. force must be
//     "true" or "false" (400 otherwise).
//   - Pages and snippets: front matter in content sets title and description
//     and takes precedence over the request's, as the create operations say.
//     Front matter is the content's first line "---" up to the next "---"
//     line; its top-level "title:" and "description:" values count (plain,
//     'single-' or "double-quoted"). The content itself is stored and returned
//     exactly as sent: no trailing newline or other normalisation (the spec
//     documents none). Status defaults to unpublished; visibility to the
//     portal's default_page_visibility.
//   - The page list is the whole tree (nested children), not paged.
//   - /move places the page under parent_page_id (absent or null: the top
//     level) at index among its siblings, zero-based, negative from the end
//     (-1: last); it answers 201 without a body.
//   - Snippet names are unique in a portal (409).
//   - Developer e-mails are unique in a portal (409 "Developer with the given
//     email already exists"); a developer's status defaults to approved when
//     the portal auto-approves developers, else pending.
//   - Deleting a team deletes its assigned roles; its developers stay.
//   - Custom domain: one per portal ("only one custom domain can be associated
//     with a portal at a time"). A custom certificate's private key is checked
//     and never returned.
//   - Authentication settings exist with the portal (GET works at once); the
//     OIDC scopes default to ["email","openid","profile"] and the claim
//     mappings to {"name":"name","email":"email","groups":"groups"}. The OIDC
//     client secret is accepted and never returned.
//   - Customization: the spec renderer's documented defaults fill what a
//     document leaves out. PATCH merges ("merging properties").
//   - Audit log webhook: DELETE empties the destination and disables it.
//   - Application auth strategies: the type decides the configs member
//     (key_auth: "key-auth", openid_connect: "openid-connect", which keeps
//     properties the spec does not define, as its additionalProperties says).
//     A strategy in use cannot be deleted (409).
//   - DCR providers: their credentials (initial_client_secret, dcr_token,
//     api_key) are write-only; "sensitive fields will be removed from the
//     response", and the mock does not keep them at all.
//
// Where the specs are silent or contradict themselves the mock chooses, and
// says so here:
//   - A path id that is not a UUID names nothing: 404.
//   - updated_at is the object's own: writing a portal's pages, snippets,
//     teams, settings or domain does not move the portal's, nor does a team's
//     membership or roles move the team's. Settings without timestamps in the
//     spec (authentication settings, customization, assets, webhook, allow
//     list entries) have none.
//   - Fields the spec does not make nullable cannot be cleared with null (a
//     400 naming the field's type); a page's or snippet's description is
//     emptied with "".
//   - Read-only properties of the Portal schema (id, created_at, updated_at,
//     default_domain, canonical_domain) are accepted in a request body and
//     ignored, as the request schema is the Portal schema itself; any other
//     unknown property is a 400 where the schema is closed
//     (additionalProperties false). Where it is open (authentication settings
//     PATCH, audit log webhook PATCH, team developer and role POSTs, /move,
//     DCR provider create) unknown properties are ignored.
//   - A portal without a description has description null; labels are always
//     shown ({} when none). default_api_visibility and default_page_visibility
//     default to private. default_domain is "<12 hex>.us.portal.konghq.com";
//     canonical_domain is the custom domain's hostname while the domain is
//     enabled, else default_domain. default_application_auth_strategy_id must
//     name an existing strategy (400 missing_reference).
//   - page[size] defaults to 10. The spec sets no largest page[size]; nor
//     does the mock. Lists without a
//     sort parameter in the spec ignore sort. sort=field, sort=-field and
//     sort=field desc (several separated by commas) are accepted; another
//     field is the spec's enum 400. Unsorted lists are in creation order.
//   - filter contains and ocontains are case-sensitive; time filters
//     (created_at, updated_at: eq, lt, lte, gt, gte) compare instants.
//   - The page filters are the spec's (id, slug, title, visibility,
//     created_at, updated_at): parent_page_id is not one of them, so it is a
//     400 like any unknown filter (children are in the tree). With filters the
//     matching pages, at any depth, are the top level of the answer, each with
//     its whole subtree; with sort, siblings are sorted at every level.
//   - Slugs are unique among siblings, compared without leading and trailing
//     slashes ("about" and "/about" collide): a duplicate is a 409 on create,
//     PATCH and /move. parent_page_id must be a page of the same portal (400
//     missing_reference otherwise, a page of another portal included); a
//     page cannot become its own or its descendant's child (400). PATCH of
//     parent_page_id moves the page to the end of its new siblings. A /move
//     index past either end is that end. Deleting a page deletes the pages
//     under it.
//   - Front matter is applied on PATCH too, when content is sent; a PATCH
//     without content leaves the title and description to the fields sent.
//     A page or snippet title not given and not in front matter is "".
//   - Default content (POST …/default-content) creates the spec example's
//     pages /about, /home and /privacy (top level, published) and snippets
//     guides-sidebar-navigation and guides-sidebar-toc that the portal does
//     not have yet (by slug, by name), and answers those it created.
//   - Team names are unique in a portal (409); the spec lists no 409 on
//     create, but the provider identifies teams by name. A team description
//     not given is "". Role names and entity types are the catalogue's (GET
//     /v3/portal-roles: "API Viewer", "API Consumer" on "Services"); the same
//     assignment twice is a 409. Adding a developer of another portal is a 404.
//   - Custom domain: a second POST, or a hostname another portal uses, is a
//     409. The hostname must be a fully qualified domain name (400 is_fqdn). A
//     custom certificate must be PEM, match its key and be valid for the
//     hostname; its uploaded_at, expires_at (the certificate's NotAfter) and
//     skip_ca_check are shown, the certificate and key are not, and the key is
//     not kept. verification_status is verified for a custom certificate,
//     pending for http; cname_status is pending, until Family.VerifyDomain
//     (POST /_mock/portals/{id}/custom-domain/verify) verifies both. PATCH of
//     a certificate needs its key too (and the reverse); an http domain has
//     no certificate to change (400). GET, PATCH and DELETE without a domain
//     are 404s.
//   - New portals' authentication settings: basic auth enabled; OIDC, SAML,
//     OIDC team mapping, IdP mapping and Konnect mapping disabled. oidc_config
//     appears once the deprecated oidc_issuer and oidc_client_id are set.
//   - Customization: a new portal's document holds only the spec renderer's
//     defaults. PATCH is a JSON merge patch (RFC 7386): objects merge member
//     by member, arrays are replaced whole, null removes a member. PUT
//     replaces the document; null is accepted only for css and robots.
//   - Assets: GET of a logo or favicon never set is a 404 (the spec lists
//     none). /raw answers the image's bytes with the data URL's media type.
//   - Audit log webhook: a new portal's is {"enabled":false}. The destination
//     (of the audit logs API, not served here) may be any UUID. Enabling it
//     without a destination is the spec's {"title":"Bad Request","detail":
//     "Required field missing"} on audit_log_destination_id. The portal
//     webhook has no secret or authorization header in this spec: the
//     destination holds those. Its status is active while enabled.
//   - IP allow list: any number of entries; each holds 1 to 25 distinct IP
//     addresses or CIDR blocks. Cursor paging as the spec's CursorMetaPage
//     (meta.first, last, next, previous, size; links relative to /v3).
//   - Application auth strategies: names need not be unique (the spec lists
//     no 409 on create). PUT replaces and answers 201, the spec's only success
//     status; an id that names no strategy creates it with that id. "In use"
//     (DELETE 409) is: a portal's default strategy, or a publication's. active
//     is true while a publication uses the strategy. PATCH configs holds the
//     member of the strategy's type only, merged as a JSON merge patch (a null
//     ttl unsets it). dcr_provider_id is for openid_connect strategies only.
//     supports_multiple_credentials is true for key_auth, and for
//     openid_connect with an http DCR provider that allows multiple
//     credentials. The spec defines no client secret on a strategy; an
//     openid-connect config's extra properties are kept as given.
//   - DCR providers: deleting one a strategy uses is a 409 (the spec lists
//     none). active is true while an active strategy uses it.
//   - Statuses an operation's spec does not list, answered where the case
//     needs one: 409 for a duplicate portal name on create (the spec lists it
//     for PATCH only), a duplicate page slug, snippet or team name, a second
//     custom domain, a portal with publications deleted without force, a DCR
//     provider in use; 404 for an unknown portal (or other path object) on
//     every operation, a missing custom domain or image, a non-UUID strategy
//     id on PUT; 400 for invalid paging or filters on the lists that list no
//     400, and for a team PATCH; 405 with Allow for a method a path does not
//     have.
//   - There are no permissions: the documented 403s never occur.
//
// Out of band (Go API and /_mock/, for tests): EditPage replaces a page's
// content as the portal editor would (PUT /_mock/portals/{id}/pages/{id}/content);
// Publish and Unpublish record API publications (POST
// /_mock/portals/{id}/publications, DELETE …/publications/{apiId});
// VerifyDomain verifies a custom domain; FindPortal finds a portal by name.
package portal
