package engine

import (
	"context"
	"errors"
	"maps"
	"time"

	"github.com/google/uuid"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// coreEntityAPI reaches a gateway core entity collection. Objects are created with a
// client-chosen id (PUT …/{id}), so a create retried after an ambiguous failure is
// idempotent and never leaves a duplicate.
type CoreEntityAPI struct {
	// Collection is the collection path for an object's path parameters.
	Collection func(parents map[string]string) string
	// Derived are response fields that Konnect computes from other objects (a
	// certificate's snis list). They are left out of the object's revision
	// (entityResource.revision), so that writing those other objects never counts as a
	// change of this one; a computed attribute may still show them.
	Derived []string
}

// inControlPlane is the collection path of a top-level core entity collection.
func InControlPlane(collection string) func(map[string]string) string {
	return func(p map[string]string) string {
		return konnect.CoreEntitiesPath(p["control_plane_id"], collection)
	}
}

func (c CoreEntityAPI) Get(ctx context.Context, cl *konnect.Client, a Address) (konnect.Object, *konnect.Response, error) {
	return cl.GetEntity(ctx, c.Collection(a.Parents), a.ID)
}

func (c CoreEntityAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	obj, _, err := cl.GetEntity(ctx, c.Collection(parents), name)
	if konnect.IsNotFound(err) {
		return nil, nil
	}
	return obj, err
}

// Create puts the object under the id configuration chose (the body's "id", see chosenID)
// or a random one.
func (c CoreEntityAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	id := uuid.NewString()
	if chosen, ok := body["id"].(string); ok && chosen != "" {
		id = chosen
		body = maps.Clone(body)
		delete(body, "id")
	}
	return cl.PutEntity(ctx, c.Collection(parents), id, body, "")
}

// CreatesWithChosenID: Create writes the object under the body's id (a PUT).
func (CoreEntityAPI) CreatesWithChosenID() bool { return true }

func (c CoreEntityAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	return cl.PutEntity(ctx, c.Collection(a.Parents), a.ID, body, ifMatch)
}

func (c CoreEntityAPI) Delete(ctx context.Context, cl *konnect.Client, a Address, ifMatch string) (*konnect.Response, error) {
	return cl.DeleteEntity(ctx, c.Collection(a.Parents), a.ID, ifMatch)
}

// controlPlaneAPI reaches /v2/control-planes: POST to create (no client-chosen id, so an
// ambiguous failure is resolved by looking the name up before anything is retried), PATCH
// to update.
type ControlPlaneAPI struct{}

// controlPlaneFixed are set at creation only; PATCH refuses them.
var controlPlaneFixed = map[string]bool{"cluster_type": true, "cloud_gateway": true}

func (ControlPlaneAPI) Get(ctx context.Context, cl *konnect.Client, a Address) (konnect.Object, *konnect.Response, error) {
	return cl.GetControlPlane(ctx, a.ID)
}

func (ControlPlaneAPI) FindByName(ctx context.Context, cl *konnect.Client, _ map[string]string, name string) (konnect.Object, error) {
	found, err := cl.ListControlPlanes(ctx, konnect.ControlPlaneFilter{Name: name})
	if err != nil {
		return nil, err
	}
	for _, cp := range found {
		if cp["name"] == name {
			return cp, nil
		}
	}
	return nil, nil
}

// Create posts a control plane. Konnect refuses a taken name (409), which the engine
// reports with the existing control plane's import block. After an ambiguous failure
// (connection lost, 5xx) the name is looked up before anything is posted again: a control
// plane with the name that Konnect created after this POST was sent is the one it made
// and is returned; one created before is someone else's, reported like a 409 (never
// adopted); when that cannot be told, nothing is posted and it is reported too.
func (api ControlPlaneAPI) Create(ctx context.Context, cl *konnect.Client, _ map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	sent := time.Now()
	obj, resp, err := cl.CreateControlPlane(ctx, body)
	if err == nil || !Ambiguous(err) {
		return obj, resp, err
	}
	name, _ := body["name"].(string)
	existing, lookErr := api.FindByName(ctx, cl, nil, name)
	switch {
	case lookErr != nil:
		return nil, nil, err // still unknown: report the original failure, post nothing
	case existing == nil:
		return cl.CreateControlPlane(ctx, body)
	}
	id, _ := existing["id"].(string)
	return claimCreated(existing, sent, err, func() (konnect.Object, *konnect.Response, error) { return cl.GetControlPlane(ctx, id) })
}

// ambiguous errors leave it unknown whether the server applied the request.
func Ambiguous(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var apiErr *konnect.APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode >= 500
	}
	return true
}

// mergesOnUpdate: PATCH keeps what the body leaves out, so a reset sends the default.
func (ControlPlaneAPI) mergesOnUpdate() bool { return true }

// sendsChangesOnly: the engine sends a control plane's PATCH only the fields the plan
// changes, labels key by key (api_v3.go), like every platform object.
func (ControlPlaneAPI) sendsChangesOnly() bool { return true }

func (ControlPlaneAPI) Update(ctx context.Context, cl *konnect.Client, a Address, body, _ konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	patch := konnect.Object{}
	for k, v := range body {
		if !controlPlaneFixed[k] {
			patch[k] = v
		}
	}
	return cl.UpdateControlPlane(ctx, a.ID, patch, ifMatch)
}

func (ControlPlaneAPI) Delete(ctx context.Context, cl *konnect.Client, a Address, ifMatch string) (*konnect.Response, error) {
	return cl.DeleteControlPlane(ctx, a.ID, ifMatch)
}

// ListPath is the path a core entity kind lists its objects under (pluginAPI and others
// that embed CoreEntityAPI have it too).
func (c CoreEntityAPI) ListPath(parents map[string]string) string {
	return c.Collection(parents)
}
