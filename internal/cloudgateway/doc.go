// Package cloudgateway declares the Dedicated Cloud Gateways family (Konnect's cloud-gateways
// v2 API, on its global host): networks, and the provider accounts they are made in.
//
// These objects provision asynchronously: each kind declares its engine.Provisioning, so a
// create waits for `ready` and a delete for `terminated` (or 404), and the fields that move
// while Konnect provisions (state, entity_version, provider metadata) are Derived: out of the
// revision, so provisioning never makes a plan stale.
package cloudgateway
