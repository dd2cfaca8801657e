// Package catalog declares the kinds of Konnect's API Catalog (/v3/apis): an API, its
// versions with their specification, its documents, its publications to Dev Portals and its
// implementations by gateway services. Type and attribute names are those of Kong's provider,
// so a state moves here with `terraform state replace-provider`.
package catalog
