package gateway

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ControlPlaneMembershipKind is the member set of a control plane group
// (/v2/control-planes/{group}/group-memberships). The resource is the whole set: its id is
// the group's id, and its revision is over the listing, so a member added or removed in
// Konnect is a change like any other remote edit (the stale-plan guard, and a conflict under
// the conflict policy when the plan would undo it).
var ControlPlaneMembershipKind = engine.EntityKind{
	TypeName: "konnect_gateway_control_plane_membership",
	Description: "The members of a Konnect control plane group (a control plane with `cluster_type = \"CLUSTER_TYPE_CONTROL_PLANE_GROUP\"`): " +
		"the whole member set, one resource per group; its id is the group's id. A member must be a `CLUSTER_TYPE_HYBRID` control plane " +
		"that belongs to no other group. A member added or removed in Konnect is a change made in Konnect: a saved plan made before it fails, " +
		"and a plan that would undo it is a conflict under `conflict_policy`. Destroying the resource removes every member from the group. " +
		"Creating it for a group that already has members fails with the `import` block that adopts them.",
	API:      MembershipAPI{},
	NameAttr: "control_plane_id",
	Attrs: []engine.Attr{
		{Name: "control_plane_id", Type: engine.String, Mode: engine.Required, ForceNew: true,
			Description: "The id of the control plane group.",
			Validators:  []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
		{Name: "members", Type: engine.SetOf(engine.ObjectOf(engine.Attr{Name: "id", Type: engine.String, Mode: engine.Required, Description: "The id of a `konnect_gateway_control_plane` with `cluster_type = \"CLUSTER_TYPE_HYBRID\"`."})),
			Mode: engine.Required, Description: "The group's members.",
			Validators: []engine.Validator{setvalidator.SizeAtLeast(1)}},
	},
}

// membershipAPI reads a group's members from group-memberships, and writes the difference
// between the set Konnect holds and the planned one with …/add and …/remove (both are set
// operations: adding a member twice or removing one that is gone changes nothing, so a
// retried write never duplicates).
type MembershipAPI struct{}

func MembershipPath(group string, op ...string) string {
	return strings.Join(append([]string{"/v2/control-planes", url.PathEscape(group), "group-memberships"}, op...), "/")
}

func (MembershipAPI) Get(ctx context.Context, cl *konnect.Client, a engine.Address) (konnect.Object, *konnect.Response, error) {
	list, err := engine.ListPlatform(ctx, cl, MembershipPath(a.ID))
	if err != nil {
		return nil, nil, err
	}
	ids := make([]string, 0, len(list))
	for _, m := range list {
		if id, ok := m["id"].(string); ok {
			ids = append(ids, strings.ToLower(id))
		}
	}
	slices.Sort(ids)
	members := make([]any, 0, len(ids))
	for _, id := range ids {
		members = append(members, map[string]any{"id": id})
	}
	return konnect.Object{"id": a.ID, "control_plane_id": a.ID, "members": members}, nil, nil
}

// FindByName reports a group that already has members (the creation guard): creating the
// membership would take them over.
// ListAll lists, for the export (engine.ExportListing), the member set of every control plane
// group that has members, each as Get answers it.
func (api MembershipAPI) ListAll(ctx context.Context, cl *konnect.Client, _ map[string]string) ([]konnect.Object, error) {
	ids, err := cl.ControlPlaneIDs(ctx, "CLUSTER_TYPE_CONTROL_PLANE_GROUP")
	if err != nil {
		return nil, err
	}
	var out []konnect.Object
	for _, id := range ids {
		obj, _, err := api.Get(ctx, cl, engine.Address{ID: id})
		if err != nil {
			return nil, err
		}
		if members, _ := obj["members"].([]any); len(members) > 0 {
			out = append(out, obj)
		}
	}
	return out, nil
}

func (api MembershipAPI) FindByName(ctx context.Context, cl *konnect.Client, _ map[string]string, group string) (konnect.Object, error) {
	obj, _, err := api.Get(ctx, cl, engine.Address{ID: group})
	if err != nil {
		return nil, mapMembersError(err)
	}
	if members, _ := obj["members"].([]any); len(members) == 0 {
		return nil, nil
	}
	return obj, nil
}

func MemberIDs(v any) []string {
	var out []string
	arr, _ := v.([]any)
	for _, it := range arr {
		if m, ok := it.(map[string]any); ok {
			if id, ok := m["id"].(string); ok {
				out = append(out, strings.ToLower(id))
			}
		}
	}
	return out
}

func (api MembershipAPI) change(ctx context.Context, cl *konnect.Client, group, op string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	members := make([]any, 0, len(ids))
	for _, id := range ids {
		members = append(members, map[string]any{"id": id})
	}
	_, err := cl.Do(ctx, http.MethodPost, MembershipPath(group, op), nil, map[string]any{"members": members}, nil)
	return mapMembersError(err)
}

// write brings the group's members to want, from have.
func (api MembershipAPI) write(ctx context.Context, cl *konnect.Client, group string, have, want []string) (konnect.Object, *konnect.Response, error) {
	var add, remove []string
	for _, id := range want {
		if !slices.Contains(have, id) {
			add = append(add, id)
		}
	}
	for _, id := range have {
		if !slices.Contains(want, id) {
			remove = append(remove, id)
		}
	}
	if err := api.change(ctx, cl, group, "remove", remove); err != nil {
		return nil, nil, err
	}
	err := api.change(ctx, cl, group, "add", add)
	if err != nil && engine.Ambiguous(err) {
		// add is a set operation: sending it again cannot add a member twice.
		err = api.change(ctx, cl, group, "add", add)
	}
	if err != nil {
		return nil, nil, err
	}
	return api.Get(ctx, cl, engine.Address{ID: group})
}

func (api MembershipAPI) Create(ctx context.Context, cl *konnect.Client, _ map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	group, _ := body["control_plane_id"].(string)
	return api.write(ctx, cl, group, nil, MemberIDs(body["members"]))
}

func (api MembershipAPI) Update(ctx context.Context, cl *konnect.Client, a engine.Address, body, live konnect.Object, _ string) (konnect.Object, *konnect.Response, error) {
	return api.write(ctx, cl, a.ID, MemberIDs(live["members"]), MemberIDs(body["members"]))
}

func (api MembershipAPI) Delete(ctx context.Context, cl *konnect.Client, a engine.Address, _ string) (*konnect.Response, error) {
	live, _, err := api.Get(ctx, cl, a)
	if err != nil {
		return nil, err
	}
	return nil, api.change(ctx, cl, a.ID, "remove", MemberIDs(live["members"]))
}

var memberFieldRE = regexp.MustCompile(`^members\[\d+\]\.id$`)

// mapMembersError names the `members` attribute in Konnect's complaint about one member
// (`members[0].id`), and the group in one about the group itself (`id`).
func mapMembersError(err error) error {
	var apiErr *konnect.APIError
	if !errors.As(err, &apiErr) {
		return err
	}
	for i, fe := range apiErr.FieldErrors {
		switch {
		case memberFieldRE.MatchString(fe.Field):
			apiErr.FieldErrors[i].Field = "members"
		case fe.Field == "id":
			apiErr.FieldErrors[i].Field = "control_plane_id"
		}
	}
	return err
}
