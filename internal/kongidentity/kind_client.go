package kongidentity

import (
	"context"
	"crypto/rand"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// clientIDRE is an OAuth 2.0 client id as Konnect takes one: 1 to 36 letters, digits, - or _.
var clientIDRE = regexp.MustCompile(`^[-_0-9A-Za-z]{1,36}$`)

// tokenDuration declares a token lifetime in seconds (Konnect: 60 to 2592000, default 300).
func tokenDuration(name, what string) engine.Attr {
	return engine.Attr{Name: name, Type: engine.Int64, Default: int64(300),
		Description: "How long " + what + " it issues is valid, in seconds (60 to 2592000; default 300).",
		Validators:  []engine.Validator{int64validator.Between(60, 2592000)}}
}

// ClientKind is an OAuth 2.0 client of an auth server (/v1/auth-servers/{id}/clients).
// Konnect generates its id and secret unless the create names them, and shows a generated
// secret in the create's answer only. Its name is unique in the auth server, and Konnect
// refuses a second (kong-identity v1, a 409): the create writes without a look-up first.
var ClientKind = engine.EntityKind{
	TypeName: "konnect_identity_auth_server_client",
	Description: "An OAuth 2.0 client of a Kong Identity auth server: its grant and response types, the scopes it may ask for, and how long its tokens last. " +
		"Without `client_secret` (or `client_secret_wo`), Konnect generates the secret and shows it once, in the answer to the create: **it is then kept in state**, in the sensitive attribute `client_secret`, " +
		"so that it can be passed on (for example to a secret store); state is then as sensitive as the secret, store it accordingly. It is in no plan output, log or private state. " +
		"To keep the secret out of state, set it with `client_secret_wo` and `client_secret_wo_version` (Terraform 1.11+, OpenTofu 1.11+). " +
		"An update replaces the client whole (PUT), which must carry its secret: the one in state, or with the write-only twin a new `client_secret_wo_version`. " +
		"A secret someone added in Konnect since Terraform last wrote the client (a rotation, `/clients/{id}/secrets`) is reported when the state is refreshed, by its id and time, and an update that would send the old secret over it is refused: nothing is regenerated or reverted behind anyone's back. " +
		"`allow_scopes` must list scopes of the same auth server: another's is refused when the plan is made. " +
		"Adding a client whose name another of the auth server has fails with the `import` block that adopts it. Import it as `<auth_server_id>/<id>` or `<auth_server_id>/<name>`: a secret Konnect generated is not in state after an import, and an update of the client then needs the secret (`client_secret`, or `client_secret_wo` with its version).",
	API:      clientAPI{engine.PlatformAPI{Collection: below("clients"), Unique: []string{"name"}}},
	NameAttr: "name",
	Check:    scopesOfServer("allow_scopes"),
	Notice:   rotatedSecrets,
	Attrs: slices.Concat([]engine.Attr{
		authServerID,
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The client's name, unique in the auth server.",
			Validators: []engine.Validator{stringvalidator.LengthAtLeast(1), engine.NotBlank()}},
		{Name: "grant_types", Type: engine.ListOf(engine.String), Mode: engine.Required,
			Description: "The OAuth 2.0 grant types it uses: `client_credentials`, `implicit` (each once).",
			Validators:  []engine.Validator{listvalidator.UniqueValues(), listvalidator.ValueStringsAre(stringvalidator.OneOf("implicit", "client_credentials"))}},
		{Name: "response_types", Type: engine.ListOf(engine.String), Mode: engine.Required,
			Description: "The OAuth 2.0 response types it uses: `none`, `token`, `code`, `id_token`.",
			Validators:  []engine.Validator{listvalidator.ValueStringsAre(stringvalidator.OneOf("none", "token", "code", "id_token"))}},
		{Name: "redirect_uris", Type: engine.ListOf(engine.String), Default: []any{},
			Description: "Where it may redirect to after authentication in interactive flows: absolute HTTPS URIs without a fragment."},
		{Name: "login_uri", Type: engine.String, Default: engine.DefaultNull,
			Description: "The HTTPS URI of the login page users are sent to in interactive flows."},
		tokenDuration("access_token_duration", "an access token"),
		tokenDuration("id_token_duration", "an ID token"),
		{Name: "allow_all_scopes", Type: engine.Bool, Default: false, Description: "Whether it may ask for every scope of the auth server (default false)."},
		{Name: "allow_scopes", Type: engine.ListOf(engine.String), Default: []any{},
			Description: "The ids of the scopes (of the same auth server) it may ask for.",
			Validators:  []engine.Validator{listvalidator.UniqueValues(), listvalidator.ValueStringsAre(stringvalidator.RegexMatches(engine.UUIDRE, "must be a UUID"))}},
		labelsAttr,
		{Name: "token_endpoint_auth_method", Type: engine.String, Default: "client_secret_post",
			Description: "How it authenticates at the token endpoint: `client_secret_post` (Konnect's default) or `none`.",
			Validators:  []engine.Validator{stringvalidator.OneOf("client_secret_post", "none")}},
	}, engine.WriteOnlySecret(engine.Attr{Name: "client_secret", Type: engine.String, Sensitive: true, ShownOnce: true, NotReturned: true,
		Description: "The client's secret. Set, it is the secret Konnect keeps; unset, Konnect generates one and shows it once, and state keeps it (sensitive) so that it can be passed on. " +
			"Every update of the client sends it (Konnect replaces a client whole).",
		Validators: []engine.Validator{stringvalidator.LengthAtLeast(1)}}),
		[]engine.Attr{engine.PlatformTimestamps[0], engine.PlatformTimestamps[1]}),
}

// clientAPI reaches /v1/auth-servers/{id}/clients. A create with a secret of configuration's
// is a PUT under the client's id (chosen by configuration, or here: Konnect's spec creates
// a client with a given id and secret by PUT), one without a POST that generates both. An
// update is a PUT of the whole client, its secret included. Each object carries the
// listing of the client's secrets (ids and times, never a value) under "secrets", so that its
// revision moves when someone rotates the secret in Konnect.
type clientAPI struct{ engine.PlatformAPI }

// secretsField holds the client's secrets listing in the objects clientAPI returns.
const secretsField = "secrets"

// IDAttr: configuration may choose the OAuth 2.0 client id (Kong's schema: optional, a
// change replaces the client).
func (clientAPI) IDAttr() engine.Attr {
	return engine.Attr{Name: engine.AttrID, Type: engine.String, Mode: engine.Optional, ForceNew: true,
		Description: "The OAuth 2.0 client id: 1 to 36 letters, digits, `-` or `_`. Unset, Konnect chooses one; changing it replaces the client.",
		Validators:  []engine.Validator{stringvalidator.RegexMatches(clientIDRE, "must be 1 to 36 letters, digits, `-` or `_`")}}
}

// withSecrets adds the client's secrets listing to obj.
func (c clientAPI) withSecrets(ctx context.Context, cl *konnect.Client, parents map[string]string, obj konnect.Object) (konnect.Object, error) {
	id, _ := obj["id"].(string)
	list, err := engine.ListPlatform(ctx, cl, c.Path(parents, id)+"/secrets")
	if err != nil {
		return nil, err
	}
	shown := make([]any, 0, len(list))
	for _, s := range list {
		shown = append(shown, map[string]any{"id": s["id"], "enabled": s["enabled"], "created_at": s["created_at"]})
	}
	obj = maps.Clone(obj)
	obj[secretsField] = shown
	return obj, nil
}

func (c clientAPI) Get(ctx context.Context, cl *konnect.Client, a engine.Address) (konnect.Object, *konnect.Response, error) {
	obj, resp, err := c.PlatformAPI.Get(ctx, cl, a)
	if err != nil {
		return nil, resp, err
	}
	obj, err = c.withSecrets(ctx, cl, a.Parents, obj)
	return obj, resp, err
}

// FindByName lists the auth server's clients filtered by the name (the creation guard).
func (c clientAPI) FindByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) (konnect.Object, error) {
	return engine.PatchAPI{PlatformAPI: c.PlatformAPI, NameFilter: "filter[name][eq]"}.FindByName(ctx, cl, parents, name)
}

func (c clientAPI) Create(ctx context.Context, cl *konnect.Client, parents map[string]string, body konnect.Object) (konnect.Object, *konnect.Response, error) {
	var obj konnect.Object
	var resp *konnect.Response
	var err error
	if _, given := body["client_secret"].(string); given {
		body = maps.Clone(body)
		id, _ := body[engine.AttrID].(string)
		delete(body, engine.AttrID)
		if id == "" {
			id = randomClientID()
		}
		obj, resp, err = c.PlatformAPI.Update(ctx, cl, engine.Address{Parents: parents, ID: id}, body, nil, "")
	} else {
		obj, resp, err = c.PlatformAPI.Create(ctx, cl, parents, body)
	}
	if err != nil {
		return nil, resp, err
	}
	secret := obj["client_secret"] // shown once: kept for state (ShownOnce)
	if obj, err = c.withSecrets(ctx, cl, parents, obj); err != nil {
		return nil, resp, err
	}
	if secret != nil {
		obj["client_secret"] = secret
	}
	return obj, resp, nil
}

func (c clientAPI) Update(ctx context.Context, cl *konnect.Client, a engine.Address, body, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	return c.UpdateFrom(ctx, cl, a, body, nil, live, ifMatch)
}

// UpdateFrom replaces the client whole. It refuses to send the secret it sent before over
// secrets someone added in Konnect since the client was last written (a rotation): that
// would silently revert it. A plan that sends a new secret (client_secret changed, or with
// the write-only twin a new version) is the user's choice, and goes.
func (c clientAPI) UpdateFrom(ctx context.Context, cl *konnect.Client, a engine.Address, body, prior, live konnect.Object, ifMatch string) (konnect.Object, *konnect.Response, error) {
	if body["client_secret"] == nil {
		// after an import (Konnect never shows a secret again), or with the write-only twin
		// and no new version (refused at plan)
		return nil, nil, fmt.Errorf("nothing was written: Konnect replaces a client whole, with its secret, and Terraform holds no secret of this client " +
			"(an imported client: Konnect shows a generated secret only to its create). Set the secret to use with client_secret_wo and client_secret_wo_version (or client_secret) in the same change")
	}
	if rotated := rotatedSecrets(live); rotated != "" && prior != nil && fmt.Sprint(body["client_secret"]) == fmt.Sprint(prior["client_secret"]) {
		return nil, nil, fmt.Errorf("nothing was written: Konnect %s", rotated)
	}
	body = maps.Clone(body)
	delete(body, secretsField) // kept from live by a PUT's keepUndeclared: not a field of a client
	delete(body, engine.AttrID)
	obj, resp, err := c.PlatformAPI.Update(ctx, cl, a, body, live, ifMatch)
	if err != nil {
		return nil, resp, err
	}
	obj, err = c.withSecrets(ctx, cl, a.Parents, obj)
	return obj, resp, err
}

// randomClientID is an id for a client created with a secret of configuration's (Konnect
// creates such a client by PUT under its id): 20 letters and digits, as Konnect's own.
func randomClientID() string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 20)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// sameWrite is how much later than the client's updated_at a secret may be created by the
// same write (Konnect's create of a client makes its first secret): a second and more later
// is someone's rotation. (A rotation within that second is still caught by the revision,
// which covers the secrets listing: a plan made before it is stale.)
const sameWrite = time.Second

// rotatedSecrets names the secrets Konnect holds that were added after the client was last
// written ("" when none): someone rotated its secret in Konnect, and the secret in state may
// no longer be the one in use.
func rotatedSecrets(obj konnect.Object) string {
	updated, err := time.Parse(time.RFC3339Nano, fmt.Sprint(obj["updated_at"]))
	if err != nil {
		return ""
	}
	list, _ := obj[secretsField].([]any)
	var added []string
	for _, raw := range list {
		s, _ := raw.(map[string]any)
		created, err := time.Parse(time.RFC3339Nano, fmt.Sprint(s["created_at"]))
		if err == nil && created.After(updated.Add(sameWrite)) {
			added = append(added, fmt.Sprintf("%v (created_at %v)", s["id"], s["created_at"]))
		}
	}
	if len(added) == 0 {
		return ""
	}
	return "holds client secrets added in Konnect after Terraform last wrote the client: " + strings.Join(added, ", ") +
		". The client_secret Terraform holds may no longer be the one in use. An update of the client must send a secret, and one that would send the old secret over them is refused: " +
		"set the secret to use with client_secret_wo and a new client_secret_wo_version (or client_secret)."
}
