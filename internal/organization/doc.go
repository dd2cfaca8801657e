// Package organization is the family of Konnect's organization-level settings that belong
// to no control plane, portal or identity object: the audit logs API (the organization's
// audit log webhook and the destinations webhooks send to) and customer managed
// encryption keys. Both APIs are regional (their specifications list the regions as
// servers, not the global host), so the client sends them to server_url.
package organization
