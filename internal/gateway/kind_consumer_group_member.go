package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ConsumerGroupMemberKind is one consumer's membership of a consumer group
// (…/consumer_groups/{g}/consumers). Konnect can only add and remove members, so every
// attribute replaces the membership. Its id is the consumer's id.
var ConsumerGroupMemberKind = engine.EntityKind{
	KongKey:  "consumer_id",
	TypeName: "konnect_gateway_consumer_group_member",
	Description: "Makes a consumer a member of a consumer group in a Konnect control plane. Konnect can only add and remove members: " +
		"changing any attribute replaces the membership. The id is the consumer's id. Adding a consumer that is already a member " +
		"fails with the `import` block that adopts the existing membership.",
	API:      GroupMemberAPI{},
	NameAttr: "consumer_id",
	Attrs: []engine.Attr{
		controlPlaneID,
		engine.ParentID("consumer_group_id", "The id of the `konnect_gateway_consumer_group`."),
		{Name: "consumer_id", Type: engine.String, Mode: engine.Required, ForceNew: true, JSON: "consumer", ReadFrom: "id",
			Description: "The id of the `konnect_gateway_consumer` that is a member.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
	},
}

// groupMemberAPI reaches consumer_groups/{g}/consumers: POST {"consumer": id} adds a
// member, DELETE …/{c} removes one, and the group's consumer list is how a membership is
// read. A membership has no fields of its own, so it is read as {"id": consumer id}: its
// revision stays the same for as long as the membership exists, whatever happens to the
// consumer itself.
type GroupMemberAPI struct{}

// ListAll lists a consumer group's members for the export (engine.ExportListing), each as
// Get answers it.
func (api GroupMemberAPI) ListAll(ctx context.Context, cl *konnect.Client, parents map[string]string) ([]konnect.Object, error) {
	list, err := cl.ListEntities(ctx, api.Members(parents), nil)
	if err != nil {
		return nil, err
	}
	out := make([]konnect.Object, 0, len(list))
	for _, c := range list {
		if id, ok := c["id"].(string); ok {
			out = append(out, konnect.Object{"id": id})
		}
	}
	return out, nil
}

func (GroupMemberAPI) Members(p map[string]string) string {
	return konnect.CoreEntitiesPath(p["control_plane_id"], "consumer_groups", p["consumer_group_id"], "consumers")
}

func (api GroupMemberAPI) Get(ctx context.Context, cl *konnect.Client, a engine.Address) (konnect.Object, *konnect.Response, error) {
	list, err := cl.ListEntities(ctx, api.Members(a.Parents), nil)
	if err != nil {
		return nil, nil, err
	}
	for _, c := range list {
		id, _ := c["id"].(string)
		if strings.EqualFold(id, a.ID) {
			return konnect.Object{"id": id}, nil, nil
		}
	}
	return nil, nil, &konnect.APIError{StatusCode: http.StatusNotFound, Code: 5, Message: "not found",
		Method: http.MethodGet, Path: api.Members(a.Parents) + "/" + a.ID,
		Detail: fmt.Sprintf("consumer %s is not a member of consumer group %s", a.ID, a.Parents["consumer_group_id"])}
}

func (api GroupMemberAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, consumerID string) (konnect.Object, error) {
	obj, _, err := api.Get(ctx, cl, engine.Address{Parents: parents, ID: consumerID})
	if konnect.IsNotFound(err) {
		return nil, nil
	}
	return obj, err
}

// Create adds the member. Adding a member twice cannot duplicate it (Konnect refuses), so
// after an ambiguous failure the membership is looked up and the POST sent once more only
// when it is not there.
func (api GroupMemberAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	consumer, _ := body["consumer"].(string)
	add := konnect.Object{"consumer": consumer}
	_, _, err := cl.CreateEntity(ctx, api.Members(parents), add)
	if err != nil && engine.Ambiguous(err) {
		if existing, lookErr := api.FindByName(ctx, cl, parents, consumer); lookErr == nil && existing == nil {
			_, _, err = cl.CreateEntity(ctx, api.Members(parents), add)
		} else if lookErr == nil {
			err = nil
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return api.Get(ctx, cl, engine.Address{Parents: parents, ID: consumer})
}

func (GroupMemberAPI) Update(context.Context, *konnect.Client, engine.Address, konnect.Object, konnect.Object, string) (konnect.Object, *konnect.Response, error) {
	return nil, nil, errors.New("a consumer group membership cannot change in place; every attribute replaces it")
}

func (api GroupMemberAPI) Delete(ctx context.Context, cl *konnect.Client, a engine.Address, ifMatch string) (*konnect.Response, error) {
	return cl.DeleteEntity(ctx, api.Members(a.Parents), a.ID, ifMatch)
}
