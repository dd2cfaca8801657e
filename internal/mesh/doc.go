// Package mesh is the family of Konnect's Mesh Manager (/v1/mesh/control-planes, regional):
// the global control planes of Kong Mesh that zones connect to.
package mesh
