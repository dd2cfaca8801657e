// Package servicecatalog is the family of Konnect's Service Catalog (/v1, regional): the
// catalog's services, the integration instances that connect it to other tools, and each
// instance's auth config (the OAuth client Konnect authorizes with) and auth credential
// (the keys Konnect sends to the tool). The service catalog API's specification lists the
// regions as its servers, so the client sends it to server_url.
package servicecatalog
