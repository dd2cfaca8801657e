package portal

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/objectvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// An application auth strategy (/v2/application-auth-strategies) is key_auth or
// openid_connect, told apart by strategy_type, with its configuration under
// configs["key-auth"] or configs["openid-connect"]. Kong's schema, which state must keep,
// names each type by an object (key_auth, openid_connect) holding the whole strategy, and
// repeats the common fields at the top level. strategyAPI reshapes Konnect's object into
// that shape on every read, and a write back into Konnect's.

// strategyVariants: the Terraform object of each strategy type, and its configs member.
var strategyVariants = map[string]string{"key_auth": "key-auth", "openid_connect": "openid-connect"}

// oidcKnown are the OpenID Connect settings Kong's schema names; every other member of
// configs["openid-connect"] is in additional_properties.
var oidcKnown = []string{"issuer", "credential_claim", "scopes", "auth_methods"}

// hoisted are the fields Kong repeats at the top level, from the strategy's object.
var hoisted = []string{"id", "name", "display_name", "strategy_type", "active", "supports_multiple_credentials", "created_at", "updated_at"}

type strategyAPI struct{ engine.PatchAPI }

// toKong reshapes Konnect's strategy into Kong's: the strategy under its type's object, the
// common fields hoisted.
func toKong(wire konnect.Object) konnect.Object {
	if wire == nil {
		return nil
	}
	typ, _ := wire["strategy_type"].(string)
	v := konnect.Object{}
	for k, x := range wire {
		if k != "configs" && k != "principals" {
			v[k] = x
		}
	}
	cfgs, _ := wire["configs"].(map[string]any)
	cfg, _ := cfgs[strategyVariants[typ]].(map[string]any)
	if typ == "openid_connect" {
		known, extra := map[string]any{}, map[string]any{}
		for k, x := range cfg {
			if slices.Contains(oidcKnown, k) {
				known[k] = x
			} else {
				extra[k] = x
			}
		}
		if len(extra) > 0 {
			known["additional_properties"] = extra // a JSON attribute: the engine keeps it as a normalized string
		}
		cfg = known
		if d, ok := wire["dcr_provider"].(map[string]any); ok {
			v["dcr_provider_id"] = d["id"]
		}
	}
	v["configs"] = map[string]any{typ: cfg}
	out := konnect.Object{"key_auth": nil, "openid_connect": nil}
	for _, k := range hoisted {
		out[k] = wire[k]
	}
	if _, ok := strategyVariants[typ]; ok {
		out[typ] = v
	}
	return out
}

// toWire reshapes a body of Kong's shape into Konnect's: the fields of the one strategy
// object it holds (a PATCH's: only those that changed).
func toWire(body konnect.Object, create bool) konnect.Object {
	out := konnect.Object{}
	for typ, key := range strategyVariants {
		v, ok := body[typ].(map[string]any)
		if !ok {
			continue
		}
		for k, x := range v {
			switch k {
			case "configs":
				cfgs, _ := x.(map[string]any)
				cfg, _ := cfgs[typ].(map[string]any)
				cfg = maps.Clone(cfg)
				extra, _ := cfg["additional_properties"].(map[string]any)
				if raw, ok := cfg["additional_properties"].(string); ok {
					_ = json.Unmarshal([]byte(raw), &extra)
				}
				for ek, ex := range extra {
					cfg[ek] = ex
				}
				delete(cfg, "additional_properties")
				out["configs"] = map[string]any{key: cfg}
			case "strategy_type":
				// fixed by the object that holds it
			default:
				out[k] = x
			}
		}
		if create {
			out["strategy_type"] = typ
		}
	}
	return out
}

func (a strategyAPI) Get(ctx context.Context, c *konnect.Client, addr engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PatchAPI.Get(ctx, c, addr)
	return toKong(obj), resp, err
}

func (a strategyAPI) FindByName(ctx context.Context, c *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	obj, err := a.PatchAPI.FindByName(ctx, c, parents, name)
	return toKong(obj), err
}

func (a strategyAPI) List(ctx context.Context, c *konnect.Client, parents map[string]string, query url.Values) ([]konnect.Object, error) {
	found, err := a.PatchAPI.List(ctx, c, parents, query)
	return engine.Shaped(found, err, toKong)
}

func (a strategyAPI) Create(ctx context.Context, c *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PatchAPI.Create(ctx, c, parents, toWire(body, true))
	return toKong(obj), resp, err
}

func (a strategyAPI) Update(ctx context.Context, c *konnect.Client, addr engine.Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := a.PatchAPI.Update(ctx, c, addr, labelRemovals(toWire(body, false), live), live, ifMatch)
	return toKong(obj), resp, err
}

// labelRemovals: Konnect merges the labels of a PATCH key by key (a null value removes
// one), and a strategy's labels are sent with the rest of its object; so each label Konnect
// holds (live, in Kong's shape: just read, and what the plan was made against) that the
// body's labels no longer have is sent as null. Labels null in the body remove them all.
func labelRemovals(wire, live konnect.Object) konnect.Object {
	now, ok := wire["labels"].(map[string]any)
	if !ok {
		return wire
	}
	var was map[string]any
	for typ := range strategyVariants {
		if v, isObj := live[typ].(map[string]any); isObj {
			was, _ = v["labels"].(map[string]any)
		}
	}
	out := maps.Clone(now)
	for k := range was {
		if _, kept := now[k]; !kept {
			out[k] = nil
		}
	}
	wire["labels"] = out
	return wire
}

// typeSwitch: a strategy's type cannot change, so moving from one object to the other replaces
// it; a change inside one is an update.
var typeSwitch = []engine.PlanModifier{objectplanmodifier.RequiresReplaceIf(
	func(_ context.Context, req planmodifier.ObjectRequest, resp *objectplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = req.StateValue.IsNull() != req.PlanValue.IsNull()
	}, "Changing the strategy's type replaces it.", "Changing the strategy's type replaces it.")}

// strategyCommon are the attributes both strategy objects have.
func strategyCommon(typ string) []engine.Attr {
	return []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The strategy's name, unique in the organization (1 to 256 characters).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 256), engine.NotBlank()}},
		{Name: "display_name", Type: engine.String, Mode: engine.Required, Description: "The name developers see (at most 256 characters).",
			Validators: []engine.Validator{stringvalidator.LengthAtMost(256)}},
		{Name: "strategy_type", Type: engine.String, Description: "`" + typ + "`: the object that holds the strategy says it.",
			Validators: []engine.Validator{stringvalidator.OneOf(typ)}},
		{Name: "labels", Type: engine.MapOf(engine.String), Description: "Labels."},
		{Name: "active", Type: engine.Bool, Mode: engine.Computed, Description: "Whether an API publication uses the strategy."},
		{Name: "dcr_provider", Mode: engine.Computed, Description: "The DCR provider the strategy uses, if any.",
			Type: engine.ObjectOf(
				engine.Attr{Name: "id", Type: engine.String, Mode: engine.Computed, Description: "The provider's id."},
				engine.Attr{Name: "name", Type: engine.String, Mode: engine.Computed, Description: "The provider's name."},
				engine.Attr{Name: "display_name", Type: engine.String, Mode: engine.Computed, Description: "The provider's display name."},
				engine.Attr{Name: "provider_type", Type: engine.String, Mode: engine.Computed, Description: "The provider's type."},
			)},
		{Name: "supports_multiple_credentials", Type: engine.Bool, Mode: engine.Computed, Description: "Whether an application may hold several credentials."},
		{Name: "id", Type: engine.String, Mode: engine.Computed, Description: "The strategy's id."},
		{Name: "created_at", Type: engine.String, Mode: engine.Computed, Description: "When the strategy was created."},
		{Name: "updated_at", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "When the strategy was last written."},
	}
}

// ApplicationAuthStrategyKind is an application auth strategy (/v2/application-auth-strategies).
var ApplicationAuthStrategyKind = engine.EntityKind{
	TypeName: "konnect_application_auth_strategy",
	Description: "How applications authenticate to the APIs a Dev Portal publishes: with API keys (`key_auth`) or with OpenID Connect (`openid_connect`). Set exactly one of the two objects. " +
		"An update sends Konnect only what the plan changes (PATCH); changing the type replaces the strategy. Konnect refuses to delete a strategy a portal or an API publication uses. " +
		"The top-level attributes repeat the strategy's, as in Kong's provider.",
	API:      strategyAPI{engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: func(map[string]string) string { return "/v2/application-auth-strategies" }, Listed: true}, NameFilter: "filter[name][eq]"}},
	NameAttr: "", // the name is inside the strategy's object; Konnect takes two strategies of one name
	// active follows the publications that use the strategy: deleting one in the same
	// destroy is no change of the strategy's (issue 32, part 3).
	Derived: []string{"active", "key_auth.active", "openid_connect.active", "openid_connect.dcr_provider.active"},
	Attrs: []engine.Attr{
		{Name: "key_auth", PatchMembers: true, PlanModifiers: typeSwitch, Description: "A strategy of API keys. Conflicts with `openid_connect`.",
			Validators: []engine.Validator{objectvalidator.ExactlyOneOf(path.MatchRoot("openid_connect"))},
			Type: engine.ObjectOf(append(strategyCommon("key_auth"),
				engine.Attr{Name: "configs", Description: "The key settings.",
					Type: engine.ObjectOf(engine.Attr{Name: "key_auth", Description: "The key settings.",
						Type: engine.ObjectOf(
							engine.Attr{Name: "key_names", Type: engine.ListOf(engine.String), Description: "The names of the header or query parameter that carries the key (1 to 10).",
								Validators: []engine.Validator{listvalidator.SizeBetween(1, 10), listvalidator.ValueStringsAre(stringvalidator.LengthBetween(1, 256))}},
							engine.Attr{Name: "ttl", Description: "How long a key is valid.",
								Type: engine.ObjectOf(
									engine.Attr{Name: "value", Type: engine.Int64, Mode: engine.Required, Description: "How many units.",
										Validators: []engine.Validator{int64validator.AtLeast(1)}},
									engine.Attr{Name: "unit", Type: engine.String, Mode: engine.Required, Description: "`days`, `weeks` or `years`.",
										Validators: []engine.Validator{stringvalidator.OneOf("days", "weeks", "years")}},
								)},
						)})})...)},
		{Name: "openid_connect", PatchMembers: true, PlanModifiers: typeSwitch, Description: "A strategy of OpenID Connect. Conflicts with `key_auth`.",
			Type: engine.ObjectOf(append(strategyCommon("openid_connect"),
				engine.Attr{Name: "dcr_provider_id", Type: engine.String, Description: "The id of the DCR provider that registers applications with the identity provider.",
					Validators: []engine.Validator{stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID")}},
				engine.Attr{Name: "configs", Mode: engine.Required, Description: "The OpenID Connect settings.",
					Type: engine.ObjectOf(engine.Attr{Name: "openid_connect", Mode: engine.Required, Description: "The OpenID Connect settings.",
						Type: engine.ObjectOf(
							engine.Attr{Name: "issuer", Type: engine.String, Mode: engine.Required, Description: "The issuer URL (at most 256 characters).",
								Validators: []engine.Validator{stringvalidator.LengthBetween(1, 256)}},
							engine.Attr{Name: "credential_claim", Type: engine.ListOf(engine.String), Mode: engine.Required, Description: "The claims that identify the application (at most 10).",
								Validators: []engine.Validator{listvalidator.SizeAtMost(10)}},
							engine.Attr{Name: "scopes", Type: engine.ListOf(engine.String), Mode: engine.Required, Description: "The scopes requested (at most 50).",
								Validators: []engine.Validator{listvalidator.SizeAtMost(50)}},
							engine.Attr{Name: "auth_methods", Type: engine.ListOf(engine.String), Mode: engine.Required, Description: "The authentication methods allowed (at most 10).",
								Validators: []engine.Validator{listvalidator.SizeAtMost(10)}},
							engine.Attr{Name: "additional_properties", Type: engine.JSON, Description: "Any other settings of the OpenID Connect plugin, as a JSON object (`jsonencode({...})`)."},
						)})})...)},
		{Name: "name", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "The strategy's name."},
		{Name: "display_name", Type: engine.String, Mode: engine.Computed, ChangesOnWrite: true, Description: "The name developers see."},
		{Name: "strategy_type", Type: engine.String, Mode: engine.Computed, Description: "`key_auth` or `openid_connect`."},
		{Name: "active", Type: engine.Bool, Mode: engine.Computed, Description: "Whether an API publication uses the strategy."},
		{Name: "supports_multiple_credentials", Type: engine.Bool, Mode: engine.Computed, Description: "Whether an application may hold several credentials."},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}
