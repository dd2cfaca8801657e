// Package consumers is the mock Konnect's family of centrally managed consumers
// (the consumers API, v1): realms, the consumers in a realm and their API keys. The
// API is regional: its specification lists the regions
// (https://{us,eu,au,me,in}.api.konghq.com) as its servers, not the global host.
//
// Served:
//
//	/v1/realms                                        GET (cursor paged), POST
//	/v1/realms/{realmId}                              GET, PATCH, DELETE (?force=true|false)
//	/v1/realms/{realmId}/consumers                    GET (cursor paged, filter[username], filter[custom_id]), POST
//	/v1/realms/{realmId}/consumers/{consumerId}       GET, PATCH, DELETE
//	/v1/realms/{realmId}/consumers/{consumerId}/keys  GET (cursor paged), POST
//	/v1/realms/{realmId}/consumers/{consumerId}/keys/{keyId}  GET, DELETE
//
// Not served: moving a consumer to another realm (…/move).
//
// Rules the specifications state (Konnect's published one, and the copy Kong's provider
// carries, which adds allow_all_control_planes), and so the mock:
//   - A realm's create requires name; ttl and negative_ttl are at least 5 and default
//     to 10; allowed_control_planes and consumer_groups default to []; allow_all_control_planes
//     to false. PATCH changes the fields sent. Unknown fields are refused
//     (unknown_property). A realm holding consumers is deleted only with ?force=true,
//     which deletes its consumers and their keys with it; without it, a 400.
//   - A consumer's create requires username; type is proxy, developer, admin or
//     application (default proxy); custom_id is null until set; tags and
//     consumer_groups default to []. PATCH changes the fields sent (custom_id and
//     consumer_groups may be null).
//   - A key's create is of type new (the default: no secret, Konnect generates one) or
//     legacy (secret required). The create's answer carries the secret; no other answer
//     does (a key's GET carries id, type, tags and created_at only). Listings are cursor
//     paged: page[size], page[after]; meta is {"next", "previous", "size"}, next null on
//     the last page.
//
// What the specifications do not say, and the mock chooses (the client must not rely on
// the wording): a username taken in the realm is a 409 Conflict, and so is a legacy
// secret another key of the realm has; deleting a consumer deletes its keys.
package consumers
