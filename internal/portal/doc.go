// Package portal declares the kinds of Konnect's Dev Portal management API (/v3/portals):
// portals, their pages and snippets, the teams of a portal's developers, and the roles granted
// to those teams on the APIs a portal publishes. Type and attribute names are those of Kong's provider, so a
// state moves here with `terraform state replace-provider`.
package portal
