package engine

import (
	"context"
	"fmt"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"net/url"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// EntityKind is the whole declaration of one Konnect entity kind. The engine
// (resource.go) does CRUD, refresh, the guards, import, diagnostics and logging once for
// every kind; a kind only says what it is.
type EntityKind struct {
	// TypeName is the Terraform resource type, e.g. "konnect_gateway_service".
	TypeName    string
	Description string
	// Attrs are the kind's attributes, path parameters first. The engine adds `id` and
	// `revision`.
	Attrs []Attr
	// API says how to reach objects of this kind.
	API EntityAPI
	// NameAttr is the attribute holding the unique name that the creation guard checks
	// ("" when the kind has none).
	NameAttr string
	// Unique lists the attributes that together identify one object in Konnect (a page's
	// portal, parent page and slug; a role grant's team, role and entity): two resources of
	// one configuration that plan to create the same are refused at plan (duplicates.go);
	// a name ending in "?" counts as a value when left unset (a grant's entity_region).
	Unique []string
	// Dependents are the collections below an object of this kind that Konnect deletes
	// with it; the cascade guard (cascade.go) lists them before every delete.
	Dependents []Dependent
	// DataSource: the kind also has a data source of the same type name that reads one
	// object by id or by NameAttr.
	DataSource bool
	// Filter, when set, is Kong's `filter` argument on the kind; its API is then a
	// FilteredLister. The kind's data source takes it as a third lookup (exactly one object
	// must match), and the kind has a list data source, <TypeName>_list, with the same
	// filter and the objects in `data` (NewListDataSource).
	Filter *KongFilter
	// Lookups are attributes besides id and NameAttr that the kind's data source reads one
	// object by (a kind with a Filter only): it lists the collection, filtered by Konnect on
	// the field's `eq` when the Filter has one, else every page, keeps the objects whose
	// value is exactly the configured one, and exactly one must remain (an API's slug).
	Lookups []string
	// KongKey names, for a same-named type whose state in Kong's provider has no `id`, the
	// attribute that holds what this provider keeps as the id (Konnect addresses these
	// objects by it). After `state replace-provider` their id is null: the refresh addresses
	// the object by that attribute (dotted: a member of an object attribute), and writes the id.
	KongKey string
	// ReplaceIf, when set, is a change Konnect cannot make in place beyond the ForceNew
	// attributes' (a managed cache made smaller): given the prior and planned values, the
	// attribute path the plan replaces the object for, or false.
	ReplaceIf func(prior, planned ObjectValues) (path.Path, bool)
	// Expired, when set, tells why an object read from Konnect no longer works ("" when it
	// does): an expired access token. Refresh then removes it from state with a warning,
	// and the next plan creates it again.
	Expired func(obj konnect.Object) string
	// Notice, when set, tells what a refresh should report about an object read from
	// Konnect ("" when nothing): a client secret someone added in Konnect. The refresh warns
	// with it and stores the object as read.
	Notice func(obj konnect.Object) string
	// Predefined, when set, tells why an object read from Konnect is one Konnect made and
	// this kind does not manage ("" when it is not): a predefined team. The export command
	// leaves such objects (and what is below them) out, with the reason.
	Predefined func(obj konnect.Object) string
	// NotExported, when set, tells why the export command leaves an object of this kind out
	// ("" when it writes it): an adoption that would change it (a legacy key, whose secret
	// Konnect never returns and a new one of which replaces the key).
	NotExported func(obj konnect.Object) string
	// ExportedAs names the kind whose objects this kind reaches too, by another endpoint
	// (an API's specification, its version by Konnect's older endpoint): the export writes
	// them as that kind only, never twice.
	ExportedAs string
	// Check, when set, checks the planned values of a create or an update against what
	// Konnect lists when the plan is made (role names against its roles); each problem
	// names the attribute that caused it. Values not yet known are left out of values.
	Check func(ctx context.Context, c *konnect.Client, values konnect.Object) []Problem
	// CheckOn, when set, runs Check on an update only when the plan changes one of these
	// attributes (a consumer's username: what its Check looks up), so that an update of
	// something else asks Konnect nothing. A create always runs it.
	CheckOn []string
	// DeleteQuery, when set, adds query parameters to the DELETE of an object, each from
	// the state value of an attribute (parameter -> attribute name; a null value is left
	// out): Kong's `force_destroy` of a portal is sent as ?force=. Such an attribute is
	// usually Local.
	DeleteQuery map[string]string
	// Derived are JSON fields Konnect computes from other objects (a portal's
	// canonical_domain follows its custom domain; a strategy's active, whether a publication
	// uses it): they are left out of the revision, so a write of the other object never
	// makes a plan of this one stale. A dotted name is a field inside an object.
	Derived []string
	// ConfigSchema, when set, checks the JSON `config` of a create or an update at plan
	// against the schema the control plane serves (config_check.go).
	ConfigSchema *ConfigSchema
	// PluginSchemaSource, when set, is the attribute holding a custom plugin's schema.lua
	// source (an uploaded plugin schema's `lua_schema`, a streamed custom plugin's `schema`),
	// `name` the plugin's (schema_uploads.go): while a plan changes it, the plan-time check
	// of that plugin's config waits for the apply.
	PluginSchemaSource string
	// Provisioning, when set, says how the kind's objects report asynchronous provisioning:
	// a create waits for them to be ready, a delete for them to be gone (provisioning.go).
	// Such a kind has the `timeouts` attribute (ProvisioningTimeouts) and lists the fields
	// provisioning moves (state, entity_version, …) in Derived.
	Provisioning *Provisioning
}

// FilteredLister is an API whose collection Konnect filters (filter[field][op] query
// parameters) and pages: a listing returns every matching object.
type FilteredLister interface {
	List(ctx context.Context, c *konnect.Client, parents map[string]string, query url.Values) ([]konnect.Object, error)
}

// Problem is a plan-time error about one attribute's value.
type Problem struct {
	Attr    string
	Summary string
	Detail  string
}

// QuotedList is names quoted and joined with ", ": how a problem lists what Konnect offers
// ("Valid roles: "Admin", "Viewer".").
func QuotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// Address locates one object: the values of its path parameters and its id.
type Address struct {
	Parents map[string]string // by attribute name, e.g. control_plane_id
	ID      string
	// Query is the query of a DELETE (EntityKind.DeleteQuery); APIs that reach a
	// collection send it with the DELETE.
	Query url.Values
}

// UpdatesFromPrior is an API whose update needs the request body of the state being
// replaced too (a client replaced whole with its secret: whether this write sends a new
// one); the engine calls UpdateFrom instead of Update.
type UpdatesFromPrior interface {
	UpdateFrom(ctx context.Context, c *konnect.Client, a Address, body, prior, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error)
}

// EntityAPI is how the engine reaches one kind of object through the Konnect client.
type EntityAPI interface {
	// Get reads one object by id (or by unique name where Konnect allows it).
	Get(ctx context.Context, c *konnect.Client, a Address) (konnect.Object, *konnect.Response, error)
	// FindByName returns the object with this unique name, or nil.
	FindByName(ctx context.Context, c *konnect.Client, parents map[string]string, name string) (konnect.Object, error)
	// Create writes a new object; a retried create never duplicates.
	Create(ctx context.Context, c *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error)
	// Update writes the desired values over the object that was just read as live.
	Update(ctx context.Context, c *konnect.Client, a Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error)
	Delete(ctx context.Context, c *konnect.Client, a Address, ifMatch string) (*konnect.Response, error)
}

// parentID declares the path parameter that holds the id of the object a kind lives under.
func ParentID(name, description string) Attr {
	return Attr{Name: name, Type: String, Mode: Required, Parent: true, Description: description,
		Validators: []Validator{stringvalidator.RegexMatches(UUIDRE, "must be a UUID")}}
}

// uuidRE matches a Konnect id.
var UUIDRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
