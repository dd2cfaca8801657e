package engine

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// The cascade guard. Konnect deletes some objects together with the object they belong
// to (Kong's `on_delete = "cascade"` references): a service's, route's, consumer's or
// consumer group's plugins, a consumer's credentials, a consumer group's memberships, an
// upstream's targets, a certificate's SNIs, a key set's keys. Terraform deletes the
// objects it manages before the object they belong to, so any such object still there
// when Terraform deletes its parent was created outside this configuration, and the
// delete would remove it without a word. Before every delete of a parent (a destroy, or
// the delete half of a replacement: the same Delete call), the guard lists each
// dependent collection once and applies the conflict policy.
//
// A route's service is a reference that Konnect refuses to break instead of cascading: it
// is listed too (Refuses), so that the refusal names the route and gives its import block
// instead of Konnect's "400 data constraint error" with an id only; no policy lets such a
// delete through. Other refusing references (a service's or upstream's client_certificate)
// are left to Konnect's error, which names the referencing object.
//
// A reference may also come from another family: a gateway service implements an API
// through a konnect_api_implementation that points at it. Such a dependent is listed
// Across parents (an absolute platform listing, /v3/api-implementations, filtered on the
// parent's id), imported as <owner id>/<id> (Owner: the field holding the id of the object
// it belongs to, the API), named through that owner when OwnerPath is set (the API's name,
// read with one GET), and Refuses: deleting the service would leave the implementation
// pointing at nothing, so no policy lets the delete through.
//
// A control plane is a parent too: Konnect deletes every gateway entity in it with it. At
// its delete (only there), the guard lists each of its collections once; what this
// configuration manages in it was deleted before, so anything still there is not managed
// by it.
//
// The platform parents (a team, a system account, an identity provider) are the same
// guard over platform listings: a Dependent with Platform set is a collection below the
// parent's own path (/v3/teams/{id}/users, /v3/system-accounts/{id}/access-tokens, …), read
// whole with ListPlatform at the parent's delete. Its objects are imported as
// <parent id>/<id> (or <id>/<parent id>, IDFirst). A membership is a link: what it links
// survives the delete and only loses the link, which the diagnostic says (Link).
//
// A consumer's consumer-group memberships (consumers/{c}/consumer_groups) also go with
// the consumer, but they are not counted: a membership is a link with nothing of its own,
// and deleting the consumer changes nothing for any object that survives it (the group
// keeps its plugins and its other members). Deleting a consumer group is different: its
// members survive and lose the group's plugins, so memberships count there.

// Dependent is one collection of objects that Konnect deletes with an object of a kind.
type Dependent struct {
	Collection string // below the parent object's path: "plugins", "key-auth"
	TypeName   string // the resource type that manages such objects
	// NameFields name one in diagnostics, first non-empty wins; never a secret. A dotted
	// field names a string inside an object field ("service.id": an API implementation's
	// gateway service).
	NameFields []string
	// Nested: the objects are imported as <control_plane_id>/<parent id>/<id>, else
	// <control_plane_id>/<id>.
	Nested bool
	// NotCreated: the collection lists the linked objects, not the links (a group's
	// members are consumers), so their created_at says nothing about the link.
	NotCreated bool
	// All is the control plane's listing of every such object ("" when Konnect has none:
	// targets, group members), each naming its parent in a reference field: the guard
	// lists it once per apply (cascade_snapshot.go) instead of once per parent.
	All string
	// Refuses: Konnect refuses to delete the parent while such an object references it,
	// instead of deleting the object too (a service's routes).
	Refuses bool
	// Dangles, with Refuses: Konnect would delete the parent and leave such objects pointing
	// at nothing (an API implementation of a deleted service); the guard refuses instead.
	Dangles bool
	// Platform: the collection is a platform listing (/v3/…) below the parent's own path,
	// read whole (ListPlatform, every page); its objects are imported as <parent id>/<id>.
	Platform bool
	// IDFirst: the import id is <id>/<parent id>: the link's resource type has the listed
	// object as its parent (a system account's teams: konnect_system_account_team is
	// imported as <team_id>/<account_id>).
	IDFirst bool
	// NameJoin, when set, names an object by every non-empty NameFields value joined by it
	// (a role grant: "Admin on Control Planes") instead of the first one.
	NameJoin string
	// Link: the objects are links (memberships). The listed object survives the parent's
	// delete and only loses the link; Link says so in the diagnostic ("a membership: the
	// user stays in Konnect, …").
	Link string
	// Under: for a Platform collection below a parent that lives below another object (a
	// portal team's role grants), the parent's path parameter that heads the import id:
	// <portal_id>/<team id>/<id> (such a dependent is Nested too).
	Under string
	// Tree, on a Platform collection Konnect answers as a tree (a portal's pages), is the
	// field holding each object's children: every object at any depth is a dependent.
	Tree string
	// Descendants: the dependents are the object's own descendants in its collection, a
	// tree Konnect answers with the children in Tree (a page's sub-pages, a document's child
	// documents, which Konnect deletes with it). They are imported as <parents[Under]>/<id>.
	Descendants bool
	// Uncounted, when set, tells why a listed object is not counted ("" when it is): an
	// expired access token no longer works, and deleting it loses nothing; the Redis partial
	// Konnect made for a managed cache is Konnect's, and goes with the cache's add-on.
	Uncounted func(obj konnect.Object) string
	// Across, when set, is an absolute platform listing across parents
	// ("/v3/api-implementations"), read whole with filter[Filter][eq]=<parent id>; its
	// objects are imported as <obj[Owner]>/<id>. With OwnerPath, each object's owner is
	// read (GET OwnerPath/<obj[Owner]>) and put under "owner", for NameFields ("owner.name").
	Across, Filter, Owner, OwnerPath string
	// Scope and Ref, on an Across dependent, make its listing one per apply: the objects of
	// the parent's control plane (filter[Scope][eq]=<its control_plane_id>), each counted
	// under the parent id found at Ref.
	Scope string
	Ref   []string
	// IDField, when set, is the field that identifies a listed object that has no id of its
	// own (a portal's publication: its API's id); the object it names is matched with the
	// parent's id too.
	IDField string
	// Unless names a string attribute of the parent that, "true", lets Konnect delete such
	// objects with it by the user's own choice (a portal's force_destroy): they are not
	// counted then.
	Unless string
	// Forced, with Unless, says in the diagnostic what setting it would do.
	Forced string
	// Above: for a control plane, a Platform collection below its own path rather than below
	// its core entities (its data-plane certificates, its config stores).
	Above bool
	// Via: for a control plane, a listing of objects that belong to another object (every
	// key-auth of the control plane, each of a consumer): the reference field naming that
	// object, which heads a Nested import id (<control_plane_id>/<consumer id>/<id>).
	Via string
	// ByName: the objects are not below the parent but name it: the control plane's objects
	// of Collection whose `name` is the parent's attribute ByName (a custom plugin's
	// plugins), listed with Konnect's filter[name][eq].
	ByName string
	// Below are the collections listed below each object found in this one (a foreign
	// upstream's targets), where Konnect has no listing across the control plane: the
	// objects the parent's delete takes two levels down, named and counted too.
	Below []Dependent
	// OwnID, on a Platform collection: its objects are imported by their own id (a cloud
	// gateway configuration referencing a network lives on its own, not below it).
	OwnID bool
	// LinkControlPlane and LinkPartial, when set, are dotted fields of the parent as Konnect
	// returns it (read with one GET) naming a control plane and a partial in it: the
	// dependents are that control plane's objects of Collection that link the partial
	// (`partials[].id`). A managed cache add-on's plugins: Konnect makes a Redis partial for
	// the cache in the control plane that owns it, and refuses to delete the add-on while a
	// plugin links it. A parent that names neither (a control plane group's cache, whose
	// partials its members hold; a cache not ready yet) has none.
	LinkControlPlane, LinkPartial string
}

// The dependent collections, declared once and named by each parent kind.
var (
	PluginsOf    = Dependent{Collection: "plugins", All: "plugins", TypeName: "konnect_gateway_plugin", NameFields: []string{"name"}}
	KeyAuthsOf   = Dependent{Collection: "key-auth", All: "key-auths", TypeName: "konnect_gateway_key_auth", Nested: true} // its only name, the key, is a secret
	basicAuthsOf = Dependent{Collection: "basic-auth", All: "basic-auths", TypeName: "konnect_gateway_basic_auth", NameFields: []string{"username"}, Nested: true}
	aclsOf       = Dependent{Collection: "acls", All: "acls", TypeName: "konnect_gateway_acl", NameFields: []string{"group"}, Nested: true}
	jwtsOf       = Dependent{Collection: "jwt", All: "jwts", TypeName: "konnect_gateway_jwt", NameFields: []string{"key"}, Nested: true}
	hmacAuthsOf  = Dependent{Collection: "hmac-auth", All: "hmac-auths", TypeName: "konnect_gateway_hmac_auth", NameFields: []string{"username"}, Nested: true}
	GroupMembers = Dependent{Collection: "consumers", TypeName: "konnect_gateway_consumer_group_member", NameFields: []string{"username", "custom_id"}, Nested: true, NotCreated: true, Link: "a membership: the consumer stays in Konnect, no longer in the group and without the group's plugins"}
	TargetsOf    = Dependent{Collection: "targets", TypeName: "konnect_gateway_target", NameFields: []string{"target"}, Nested: true}
	SnisOf       = Dependent{Collection: "snis", All: "snis", TypeName: "konnect_gateway_sni", NameFields: []string{"name"}}
	KeysOf       = Dependent{Collection: "keys", All: "keys", TypeName: "konnect_gateway_key", NameFields: []string{"name", "kid"}}
	RoutesOf     = Dependent{Collection: "routes", All: "routes", TypeName: "konnect_gateway_route", NameFields: []string{"name"}, Refuses: true}
	// PluginsNamed are the plugins of a streamed custom plugin: those of its name anywhere in
	// its control plane, which Konnect refuses to delete it for.
	PluginsNamed = Dependent{Collection: "plugins", ByName: "name", TypeName: "konnect_gateway_plugin", NameFields: []string{"instance_name", "name"}, Refuses: true}
	// ImplementationsOf are the API implementations pointing at a gateway service, named by
	// their API (its name, else its id).
	ImplementationsOf = Dependent{Collection: "api-implementations", Across: "/v3/api-implementations", Filter: "service_id",
		Owner: "api_id", OwnerPath: "/v3/apis", TypeName: "konnect_api_implementation",
		Scope: "control_plane_id", Ref: []string{"service", "id"},
		NameFields: []string{"owner.name", "api_id"}, Refuses: true, Dangles: true}
	ConsumerParts = []Dependent{PluginsOf, KeyAuthsOf, basicAuthsOf, aclsOf, jwtsOf, hmacAuthsOf}
	// controlPlaneContents are the collections of a control plane's gateway entities. Objects
	// that belong to another one (a consumer's credentials, an upstream's targets) are not
	// listed: they go with it, and their parent is either listed here or was managed, and so
	// checked at its own delete. All: the listing a parent's delete may have taken already
	// this run (cascade_snapshot.go), reused.
	ControlPlaneContents = []Dependent{
		{Collection: "services", TypeName: "konnect_gateway_service", NameFields: []string{"name"}},
		{Collection: "routes", All: "routes", TypeName: "konnect_gateway_route", NameFields: []string{"name"}},
		{Collection: "plugins", All: "plugins", TypeName: "konnect_gateway_plugin", NameFields: []string{"instance_name", "name"}},
		{Collection: "consumers", TypeName: "konnect_gateway_consumer", NameFields: []string{"username", "custom_id"}},
		{Collection: "consumer_groups", TypeName: "konnect_gateway_consumer_group", NameFields: []string{"name"}},
		{Collection: "upstreams", TypeName: "konnect_gateway_upstream", NameFields: []string{"name"}, Below: []Dependent{TargetsOf}},
		// Consumers' credentials, from the control plane's listings: a consumer made outside
		// configuration takes its own with it, and they are named and counted too.
		{Collection: "key-auths", All: "key-auths", Via: "consumer", Nested: true, TypeName: "konnect_gateway_key_auth"},
		{Collection: "basic-auths", All: "basic-auths", Via: "consumer", Nested: true, TypeName: "konnect_gateway_basic_auth", NameFields: []string{"username"}},
		{Collection: "acls", All: "acls", Via: "consumer", Nested: true, TypeName: "konnect_gateway_acl", NameFields: []string{"group"}},
		{Collection: "jwts", All: "jwts", Via: "consumer", Nested: true, TypeName: "konnect_gateway_jwt", NameFields: []string{"key"}},
		{Collection: "hmac-auths", All: "hmac-auths", Via: "consumer", Nested: true, TypeName: "konnect_gateway_hmac_auth", NameFields: []string{"username"}},
		{Collection: "certificates", TypeName: "konnect_gateway_certificate"},
		{Collection: "ca_certificates", TypeName: "konnect_gateway_ca_certificate"},
		{Collection: "snis", All: "snis", TypeName: "konnect_gateway_sni", NameFields: []string{"name"}},
		{Collection: "vaults", TypeName: "konnect_gateway_vault", NameFields: []string{"prefix"}},
		{Collection: "key-sets", TypeName: "konnect_gateway_key_set", NameFields: []string{"name"}},
		{Collection: "keys", All: "keys", TypeName: "konnect_gateway_key", NameFields: []string{"name", "kid"}},
		{Collection: "partials", TypeName: "konnect_gateway_partial", NameFields: []string{"name"}, Uncounted: ManagedCachePartial},
		{Collection: "custom-plugins", TypeName: "konnect_gateway_custom_plugin_streaming", NameFields: []string{"name"}},
		// Not gateway entities, but Konnect deletes them with the control plane too: a custom
		// plugin's schema (named and imported by its name), the data planes' certificates
		// (a data plane that pins one can no longer connect), and config stores with every
		// secret in them.
		{Collection: "plugin-schemas", Platform: true, IDField: "name", TypeName: "konnect_gateway_custom_plugin_schema", NameFields: []string{"name"}},
		{Collection: "dp-client-certificates", Platform: true, Above: true, TypeName: "konnect_gateway_data_plane_client_certificate"},
		{Collection: "config-stores", Platform: true, Above: true, TypeName: "konnect_gateway_config_store", NameFields: []string{"name"}},
	}
	// ConfigStoreSecrets are the secrets of a config store, which Konnect deletes with it:
	// named by their key (never their value), imported as <control_plane_id>/<store id>/<key>.
	ConfigStoreSecrets = Dependent{Collection: "secrets", Platform: true, IDField: "key", Under: "control_plane_id", Nested: true,
		TypeName: "konnect_gateway_config_store_secret", NameFields: []string{"key"}}
)

// ManagedCachePartial tells a Redis partial Konnect made for a Dedicated Cloud Gateways
// managed cache (tagged konnect-managed, named konnect-managed-<id>): Konnect's own, deleted
// with the cache's add-on (which a destroy takes before the control plane), and left out by
// the export.
func ManagedCachePartial(o konnect.Object) string {
	tags, _ := o["tags"].([]any)
	name, _ := o["name"].(string)
	if strings.HasPrefix(name, "konnect-managed-") && slices.Contains(tags, any("konnect-managed")) {
		return "the partial Konnect made for a managed cache add-on, which goes with the add-on"
	}
	return ""
}

// cascadePageSize is the one page read of each dependent collection: any one object is
// enough to refuse, and the diagnostic counts up to this many per collection exactly.
const cascadePageSize = 100

// checkCascade is the cascade guard, run by Delete after Guard 1 and before the DELETE.
// It returns false when the delete must not go on (the diagnostic is added).
func (r *EntityResource) checkCascade(ctx context.Context, addr Address, prior ObjectValues, diags *diag.Diagnostics) bool {
	self, ok := r.cascadeRoot(addr, prior)
	if len(r.Kind.Dependents) == 0 || !ok {
		return true
	}
	found, truncated, failed, err := r.cascadeFound(ctx, "cascade", addr, self, prior, nil)
	if err != nil {
		return r.cascadeUnknown(ctx, addr, failed, err, diags)
	}
	return r.cascadeDecide(ctx, "cascade", guard.CheckCascade(r.object(addr), found, truncated, r.Data.Policy), addr, truncated, diags)
}

// cascadeFound lists what Konnect would delete with the object at addr (below self), less
// the objects goneFor says go before it (nil: none; the guard at plan: what the same plan
// destroys first); g names the guard in the log. A listing that fails returns its
// collection and the error; a 404 is the object gone already: nothing cascades from there.
func (r *EntityResource) cascadeFound(ctx context.Context, g string, addr Address, self string, prior ObjectValues,
	goneFor func(Dependent) func(konnect.Object) bool) (found []guard.Dependent, truncated bool, failed Dependent, err error) {
	for _, d := range r.Kind.Dependents {
		if d.Unless != "" && Str(prior[d.Unless]) == "true" {
			r.logDecision(ctx, g, "not_counted_"+d.Unless, addr, map[string]any{"collection": d.Collection})
			continue
		}
		var gone func(konnect.Object) bool
		if goneFor != nil {
			gone = goneFor(d)
		}
		var objs []konnect.Object
		var more bool
		var err error
		parent := addr
		switch {
		case d.LinkPartial != "":
			objs, parent, err = r.dependentsLinking(ctx, self, d)
		case d.ByName != "":
			objs, err = r.dependentsNamed(ctx, addr, d, Str(prior[d.ByName]))
		default:
			objs, more, err = r.dependentsOf(ctx, addr, self, d, gone)
		}
		if konnect.IsNotFound(err) {
			continue // the object itself is gone since Guard 1's read: nothing cascades
		}
		if err != nil {
			return nil, false, d, err
		}
		for _, o := range objs {
			if d.Uncounted != nil {
				if why := d.Uncounted(o); why != "" {
					r.logDecision(ctx, g, "not_counted", addr, map[string]any{"dependent": o["id"], "why": why})
					continue
				}
			}
			if gone != nil && gone(o) {
				continue // goes before this object
			}
			found = append(found, d.Describe(o, parent))
			for _, b := range d.Below {
				below, more, failed, err := r.cascadeBelow(ctx, addr, self, d, o, b, goneFor)
				if err != nil {
					return nil, false, failed, err
				}
				found, truncated = append(found, below...), truncated || more
			}
		}
		truncated = truncated || more
	}
	return found, truncated, Dependent{}, nil
}

// dependentsNamed lists the objects of d's collection in the control plane of the object at
// addr whose name is name (d.ByName), every page.
func (r *EntityResource) dependentsNamed(ctx context.Context, addr Address, d Dependent, name string) ([]konnect.Object, error) {
	cp := addr.Parents["control_plane_id"]
	if name == "" || cp == "" {
		return nil, nil
	}
	objs, err := r.Data.Client.ListEntities(ctx, konnect.CoreEntitiesPath(cp, d.Collection), url.Values{"filter[name][eq]": {name}})
	if err != nil {
		return nil, err
	}
	var named []konnect.Object
	for _, o := range objs {
		if o["name"] == name {
			named = append(named, o)
		}
	}
	return named, nil
}

// dependentsLinking reads the parent at self and lists the objects of d's collection in the
// control plane it names (d.LinkControlPlane) that link the partial it names (d.LinkPartial),
// every page; parent addresses them (their import ids are <control_plane_id>/<id>).
func (r *EntityResource) dependentsLinking(ctx context.Context, self string, d Dependent) ([]konnect.Object, Address, error) {
	var obj konnect.Object
	if _, err := r.Data.Client.Do(ctx, http.MethodGet, self, nil, nil, &obj); err != nil {
		return nil, Address{}, err
	}
	cp, partial := nameField(obj, d.LinkControlPlane), nameField(obj, d.LinkPartial)
	parent := Address{Parents: map[string]string{"control_plane_id": cp}}
	if cp == "" || partial == "" {
		return nil, parent, nil
	}
	objs, err := r.Data.Client.ListEntities(ctx, konnect.CoreEntitiesPath(cp, d.Collection), nil)
	if err != nil {
		return nil, parent, err
	}
	var linking []konnect.Object
	for _, o := range objs {
		links, _ := o["partials"].([]any)
		if slices.ContainsFunc(links, func(l any) bool { m, _ := l.(map[string]any); return m["id"] == partial }) {
			linking = append(linking, o)
		}
	}
	return linking, parent, nil
}

// cascadeBelow lists collection b below the object o that d's listing found (a foreign
// upstream's targets): what the delete takes two levels down, less what goneFor says goes
// before it. A 404 is o gone since its listing: nothing is below it.
func (r *EntityResource) cascadeBelow(ctx context.Context, addr Address, self string, d Dependent, o konnect.Object, b Dependent,
	goneFor func(Dependent) func(konnect.Object) bool) ([]guard.Dependent, bool, Dependent, error) {
	id, _ := o["id"].(string)
	if id == "" {
		return nil, false, Dependent{}, nil
	}
	objs, more, err := r.Data.Client.ListFirstPage(ctx, self+"/"+d.Collection+"/"+url.PathEscape(id)+"/"+b.Collection, cascadePageSize)
	if konnect.IsNotFound(err) {
		return nil, false, Dependent{}, nil
	}
	if err != nil {
		return nil, false, b, err
	}
	parent := Address{Parents: map[string]string{"control_plane_id": addr.Parents["control_plane_id"]}, ID: id}
	if parent.Parents["control_plane_id"] == "" {
		parent.Parents["control_plane_id"] = addr.ID // the listing's parent is the control plane
	}
	var gone func(konnect.Object) bool
	if goneFor != nil {
		gone = goneFor(b)
	}
	var found []guard.Dependent
	for _, c := range objs {
		if gone != nil && gone(c) {
			continue
		}
		found = append(found, b.Describe(c, parent))
	}
	return found, more, Dependent{}, nil
}

// cascadeDecide applies the conflict policy to what the guard found (e nil: nothing), and
// returns false when the delete must not go on (the diagnostic is added). Konnect's own
// refusal (a route on a service) is an error under any policy.
func (r *EntityResource) cascadeDecide(ctx context.Context, g string, e *guard.CascadeError, addr Address, truncated bool, diags *diag.Diagnostics) bool {
	policy := r.Data.Policy
	if e == nil {
		r.logDecision(ctx, g, "ok", addr, nil)
		return true
	}
	r.logDecision(ctx, g, "conflict_"+string(policy), addr, map[string]any{"dependents": e.IDs(), "truncated": truncated, "refused": e.Refused()})
	if e.Refused() {
		diags.AddError(e.Summary(), e.Detail()) // Konnect would refuse it under any policy
		return false
	}
	switch policy {
	case guard.PolicyWarn:
		diags.AddWarning(e.Summary(), e.Detail())
		return true
	case guard.PolicyOverwrite:
		return true
	}
	diags.AddError(e.Summary(), e.Detail())
	return false
}

// cascadeRoot is the path below which the dependent collections of the object at addr
// are: its own path, or for a control plane its core entities. A control plane group holds
// no gateway entities of its own (its members' stay when it goes): nothing to list.
func (r *EntityResource) cascadeRoot(addr Address, prior ObjectValues) (string, bool) {
	if _, ok := r.Kind.API.(ControlPlaneAPI); ok {
		if Str(prior["cluster_type"]) == "CLUSTER_TYPE_CONTROL_PLANE_GROUP" {
			return "", false
		}
		return konnect.CoreEntitiesPath(addr.ID), true
	}
	if l, ok := r.Kind.API.(Listable); ok {
		return l.Listing().Collection(addr.Parents) + "/" + url.PathEscape(addr.ID), true
	}
	if p, ok := r.Kind.API.(objectPath); ok { // PlatformAPI, PatchAPI: a team, a system account
		return p.Path(addr.Parents, addr.ID), true
	}
	return "", false
}

// objectPath is an API that addresses one object by a path of its own (PlatformAPI and
// the APIs that embed it).
type objectPath interface {
	Path(parents map[string]string, id string) string
}

// cascadeUnknown is a listing that failed: what the delete would take with it is unknown,
// which the policy treats like a conflict.
func (r *EntityResource) cascadeUnknown(ctx context.Context, addr Address, d Dependent, err error, diags *diag.Diagnostics) bool {
	policy := r.Data.Policy
	r.logDecision(ctx, "cascade", "unknown_"+string(policy), addr, map[string]any{"collection": d.Collection, "error": err.Error()})
	summary := "Could not check what Konnect deletes with this object"
	detail := fmt.Sprintf("  %s: listing its %s objects failed: %v\n\n", r.object(addr), d.TypeName, err)
	switch policy {
	case guard.PolicyWarn:
		diags.AddWarning(summary, detail+"conflict_policy is \"warn\": the delete goes on; Konnect deletes whatever depends on this object with it.")
		return true
	case guard.PolicyOverwrite:
		return true
	}
	diags.AddError(summary, detail+"Nothing was deleted. Apply again, or re-run with KONNECT_CONFLICT_POLICY=overwrite to delete without checking.")
	return false
}

// describe names one dependent object for the diagnostic: by its name fields only (never
// by a secret: a token's name, not the token).
func (d Dependent) Describe(o konnect.Object, parent Address) guard.Dependent {
	id, _ := o["id"].(string)
	if d.IDField != "" {
		id, _ = o[d.IDField].(string)
	}
	out := guard.Dependent{TypeName: d.TypeName, ID: id, Link: d.Link, Forced: d.Forced}
	var names []string
	for _, f := range d.NameFields {
		if s := nameField(o, f); s != "" {
			names = append(names, s)
			if d.NameJoin == "" {
				break
			}
		}
	}
	out.Name = strings.Join(names, d.NameJoin)
	if !d.NotCreated {
		out.CreatedAt = guard.FormatUpdatedAt(o["created_at"])
	}
	if d.Across != "" {
		owner, _ := o[d.Owner].(string)
		out.ImportID = owner + "/" + id
		out.Refuses, out.Dangles = d.Refuses, d.Dangles
		return out
	}
	if d.Descendants {
		out.ImportID = parent.Parents[d.Under] + "/" + id
		return out
	}
	if d.Platform {
		out.Refuses, out.Dangles = d.Refuses, d.Dangles
		out.ImportID = parent.ID + "/" + id
		if d.IDFirst {
			out.ImportID = id + "/" + parent.ID
		}
		if d.Under != "" {
			out.ImportID = parent.Parents[d.Under] + "/" + out.ImportID
		}
		if d.OwnID {
			out.ImportID = id
		}
		return out
	}
	cp := parent.Parents["control_plane_id"]
	if cp == "" {
		cp = parent.ID // the parent is the control plane
	}
	out.ImportID = cp + "/" + id
	if d.Nested {
		via := parent.ID
		if d.Via != "" {
			via = refID(o[d.Via])
		}
		out.ImportID = cp + "/" + via + "/" + id
	}
	out.Refuses, out.Dangles = d.Refuses, d.Dangles
	return out
}

// nameField is the string at field f of o, a dotted f reading inside object fields
// ("service.id"); "" when there is none.
func nameField(o map[string]any, f string) string {
	head, rest, nested := strings.Cut(f, ".")
	if !nested {
		s, _ := o[f].(string)
		return s
	}
	inner, _ := o[head].(map[string]any)
	return nameField(inner, rest)
}
