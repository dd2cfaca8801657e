package pluginspec

import (
	"encoding/json"
	"slices"
)

// The config of each vault type (a vault's `name`). Kong publishes no vault schemas as it
// does plugin schemas; the facts come from Kong's vault reference pages
// (developer.konghq.com, app/gateway/vault/*.md: each "Vault entity: vaults.config.<field>"
// and its stated type, values and default) and the gateway configuration reference of
// 3.15 (app/_data/kong-conf/3.15.json: the vault_<type>_<field> defaults). Where the pages
// leave a type open, the field takes any value (type "any"), so nothing Kong accepts is
// refused; a key none of them names is refused, as Kong does. Fields holding a credential
// (a token, a secret id, a key) are marked encrypted and referenceable.

// VaultNames are the vault types Konnect accepts.
var VaultNames = []string{"env", "aws", "gcp", "hcv", "azure", "konnect", "conjur"}

func num(x float64) *float64 { return &x }

func def(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func str(name string) *Field { return &Field{Name: name, Type: "string"} }

// secret is a field holding a credential.
func secret(name string) *Field {
	return &Field{Name: name, Type: "string", Encrypted: true, Referenceable: true}
}

func withDefault(f *Field, v any) *Field { f.Default = def(v); return f }

func oneOf(name string, dflt string, values ...string) *Field {
	return withDefault(&Field{Name: name, Type: "string", OneOf: values}, dflt)
}

// vaultCommon are the fields every vault type has: caching of secrets (seconds) and
// base64 decoding.
func vaultCommon() []*Field {
	ttl := func(name string) *Field { return &Field{Name: name, Type: "number", Min: num(0), Max: num(1e8)} }
	return []*Field{
		withDefault(&Field{Name: "base64_decode", Type: "boolean"}, false),
		ttl("neg_ttl"), ttl("resurrect_ttl"), ttl("ttl"),
	}
}

var vaults = map[string][]*Field{
	"env": {str("prefix")},
	"aws": {
		str("assume_role_arn"), str("endpoint_url"), str("region"),
		withDefault(str("role_session_name"), "KongVault"), str("sts_endpoint_url"),
	},
	"gcp": {str("project_id")},
	"hcv": {
		str("approle_auth_path"), str("approle_role_id"), secret("approle_secret_id"), str("approle_secret_id_file"),
		withDefault(&Field{Name: "approle_response_wrapping", Type: "boolean"}, false),
		oneOf("auth_method", "token", "token", "kubernetes", "approle", "cert", "jwt", "gcp_iam", "gcp_gce", "azure", "aws_ec2", "aws_iam"),
		secret("aws_access_key_id"), str("aws_assume_role_arn"), str("aws_auth_nonce"), str("aws_auth_region"), str("aws_auth_role"),
		str("aws_login_path"), str("aws_role_session_name"), secret("aws_secret_access_key"), str("aws_sts_endpoint_url"),
		str("azure_auth_role"), str("azure_login_path"),
		str("cert_auth_cert"), secret("cert_auth_cert_key"), str("cert_auth_role_name"),
		str("gcp_auth_role"), &Field{Name: "gcp_jwt_exp", Type: "number", Min: num(0), Max: num(900)}, str("gcp_login_path"), str("gcp_service_account"),
		withDefault(str("host"), "127.0.0.1"), str("jwt_role"),
		str("kube_api_token_file"), str("kube_auth_path"), str("kube_role"),
		oneOf("kv", "v1", "v1", "v2"),
		withDefault(str("mount"), "secret"), str("namespace"),
		str("oauth2_audiences"), str("oauth2_client_id"), secret("oauth2_client_secret"), str("oauth2_role_name"), str("oauth2_token_endpoint"),
		withDefault(&Field{Name: "port", Type: "integer", Min: num(0), Max: num(65535)}, 8200),
		oneOf("protocol", "http", "http", "https"),
		{Name: "ssl_verify", Type: "any"},
		secret("token"),
	},
	"azure": {
		str("client_id"), withDefault(str("credentials_prefix"), "AZURE"), str("location"), str("tenant_id"),
		oneOf("type", "secrets", "secrets"), str("vault_uri"),
	},
	"konnect": {{Name: "config_store_id", Type: "string", Required: true}},
	"conjur": {
		str("account"), secret("api_key"), oneOf("auth_method", "api_key", "api_key"), str("endpoint_url"), str("login"),
	},
}

// VaultFields returns the config fields of a vault type, sorted by name; false for a type
// not in VaultNames.
func VaultFields(name string) ([]*Field, bool) {
	own, ok := vaults[name]
	if !ok {
		return nil, false
	}
	out := append(vaultCommon(), own...)
	slices.SortFunc(out, func(a, b *Field) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out, true
}

// VaultSchema renders a vault type's schema in Kong's format (…/schemas/vaults/{name}):
// its config record; false for a type not in VaultNames.
func VaultSchema(name string) (map[string]any, bool) {
	fields, ok := VaultFields(name)
	if !ok {
		return nil, false
	}
	return map[string]any{"fields": []any{map[string]any{"config": configRecord(fields)}}}, true
}
