// Package guard holds the reconciliation decisions of the provider, as pure functions
// over plain values: no HTTP, no Terraform framework types.
//
// The contract (see docs/guides/reconciliation-guards.md) is that Terraform never silently
// overwrites, deletes or hides a change made in Konnect:
//
//   - Every remote object has a Revision, derived from its canonical JSON (or taken from
//     an ETag where the server sends one). It changes whenever any field changes.
//   - Guard 1 (stale plan, always on): an update or delete is only written when the
//     object's live revision still equals the revision the plan was made against
//     (CheckStale). Otherwise nothing is written and a StalePlanError explains why.
//   - Guard 2 (remote edit, policy): for every managed field the plan compares the base
//     (what Terraform last wrote or adopted), the remote value (refreshed) and the desired
//     value (configuration). A field that changed in Konnect and that the plan would set
//     back is a Conflict (Compare); the ConflictPolicy decides whether that fails the plan,
//     warns, or proceeds.
//   - The plan asks once: Decide takes everything about one object's plan and returns the
//     whole decision (resets, adoptions, conflicts, a destroy's refusing and named changes,
//     the diagnostics and the log), asking the engine for the Terraform plan and Guard 1's
//     live read through two hooks when it needs them.
//   - Creation: an object whose unique name already exists is never overwritten or adopted
//     silently (NameExistsError carries the import hint).
//   - Deletion: an object that Konnect would delete together with its parent (a cascading
//     reference) and that is still there when Terraform deletes the parent was created
//     outside the configuration; the ConflictPolicy decides, and CascadeError names them.
package guard
