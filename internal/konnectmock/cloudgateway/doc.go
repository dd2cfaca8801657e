// Package cloudgateway is the mock's Dedicated Cloud Gateways family (the cloud-gateways v2
// API, served on Konnect's global host): provider accounts, availability.json, networks,
// configurations and their data-plane groups.
//
// Provisioning is asynchronous, as in Konnect: a network starts `initializing` and becomes
// `ready` once Options.ProvisioningTime has passed on the mock's clock (Env.Now, which a
// test controls); a delete moves it to `terminating`, then `terminated`, then it is gone
// (404). Every change of an object, its state's included, bumps its `entity_version`.
// FailNextProvisioning (or POST /_mock/cloud-gateways/fail-next-provisioning) makes the
// next provisioning end in `error` with a reason instead of `ready`. Nothing advances on a
// timer: states are brought up to date whenever the family is read or written.
package cloudgateway
