package gateway

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// kind declares one core-entity collection. The HTTP handlers, validation,
// defaults, indexes, references and pagination are written once, in terms of it;
// adding an entity kind means adding one declaration file (kind_*.go).
type kind struct {
	name     string // collection segment in the URL: "services"
	singular string // "service"
	fields   []*field
	// nameField is the unique field accepted in place of the id in GET/PUT paths
	// ("" when the kind is addressed by id only).
	nameField string
	// filterField is what filter[name][eq] matches ("" when unsupported).
	filterField string
	// parents maps a parent collection to the foreign field that nests this kind
	// under it: services/{s}/routes sets and filters on "service".
	parents map[string]string
	// alias is a second top-level collection name for kinds whose own name is the
	// nested one: consumers/{c}/key-auth is also listed as /key-auths.
	alias string
	// timestamps: updated_at absent (no kind today); fractional seconds for targets
	noUpdatedAt  bool
	fractionalTS bool
	noPut        bool // created and deleted only (mtls-auth): PUT is 405
	// refuseDelete names why e cannot be deleted (a reference the field declarations
	// cannot express, such as a plugin's partials); nil allows the delete.
	refuseDelete func(cs *coreStore, e *entity) *errDetail

	variantOf func(in map[string]any) string               // "" when the kind has one shape
	prepare   func(in map[string]any) []errDetail          // rewrites shorthands before validation
	finish    func(b *build)                               // cross-field checks and computed fields
	composite func(obj map[string]any) (key, field string) // a uniqueness key spanning fields

	afterWrite  func(cs *coreStore, e *entity) // maintain data derived from this entity elsewhere
	afterDelete func(cs *coreStore, e *entity)
}

func (k *kind) compositeKey(obj map[string]any) string {
	if k.composite == nil {
		return ""
	}
	key, _ := k.composite(obj)
	return key
}

// build is the state of one create or replace while the object is assembled.
type build struct {
	cs       *coreStore
	k        *kind
	id       string
	existing *entity // nil on create
	in       map[string]any
	obj      map[string]any
	v        *validator
}

func (b *build) fail(field, msg string) { b.v.errs = append(b.v.errs, fieldErr(field, msg)) }
func (b *build) failEntity(msg string)  { b.v.errs = append(b.v.errs, entityErr(msg)) }

type referrer struct {
	kind  *kind
	field *field
}

var (
	kindList  []*kind
	kindIndex = map[string]*kind{} // by collection name and by alias
	referrers = map[string][]referrer{}
	kindsOnce sync.Once
)

// register adds a kind declaration; called from each kind file's init.
func register(k *kind) {
	kindList = append(kindList, k)
}

// sealKinds builds the lookup tables once every declaration file has registered.
func sealKinds() {
	kindsOnce.Do(func() {
		for _, k := range kindList {
			kindIndex[k.name] = k
			if k.alias != "" {
				kindIndex[k.alias] = k
			}
			for _, f := range k.fields {
				if f.typ == tForeign {
					referrers[f.ref] = append(referrers[f.ref], referrer{kind: k, field: f})
				}
			}
		}
	})
}

// unmanagedCollections answer an empty list: Kong's sync tooling lists them.
var unmanagedCollections = []string{"degraphql_routes", "filter-chains", "ai-models"}

var kongNameRe = regexp.MustCompile(`^[A-Za-z0-9.\-_~]+$`)

// kongName is Kong's rule for service, route and upstream names.
func kongName(s string) string {
	if !kongNameRe.MatchString(s) {
		return "invalid value '" + s + "': the only accepted ascii characters are alphanumerics or ., -, _, and ~"
	}
	return ""
}

func tagsCheck(tags []string) string {
	for _, s := range tags {
		if s == "" || strings.ContainsAny(s, ",/") {
			return "invalid tag '" + s + "': expected printable ascii (except `,` and `/`) or valid utf-8 sequences"
		}
	}
	return ""
}

func uuidItems(ids []string) string {
	for _, id := range ids {
		if !isUUID(id) {
			return "must be an array of valid UUIDs"
		}
	}
	return ""
}

func tagsField() *field { return fld("tags", tStrings, checkStrings(tagsCheck)) }

// emptyish reports whether a stored value is null or an empty array or object.
func emptyish(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	case string:
		return x == ""
	}
	return false
}

func hasAny(obj map[string]any, names ...string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return !emptyish(obj[n]) })
}
