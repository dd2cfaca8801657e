// Package mesh serves the mock's Mesh Manager API (/v1/mesh/control-planes) as the mesh
// control planes' published specification describes it: problem+json errors, a paged listing
// filtered on name and labels, and a delete refused (400) while a zone of the control plane
// is online. Tests connect zones through the family's Go API (ZoneOnline).
package mesh
