// Package consumers is the family of Konnect's centrally managed consumers (the consumers
// API, /v1/realms): realms, the consumers in a realm, and the consumers' API keys. A
// gateway's key-auth plugin finds these consumers through config.identity_realms. The API
// is regional (its specification lists the regions as servers, not the global host), so
// the client sends it to server_url.
package consumers
