package deck

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"text/template"

	"github.com/kong/go-database-reconciler/pkg/file"
)

// providerConfig is this provider's configuration equivalent to every file in kindFiles:
// the same objects with the same values, written the way a user of the provider writes
// them (references between resources, plugin and vault config with jsonencode). The PEM
// documents and the JWK are read from the files so that the two cannot drift apart.
//
// withBasicAuth leaves alice's basic-auth credential out when false: Konnect returns only a
// hash of its password, so an imported one is, as documented
// (docs/resources/gateway_basic_auth.md), written once by the next apply, and the plan
// after its import cannot be empty. TestEngineAgreesWithProviderApply covers it: the
// provider creates it and the engine finds the password it expects.
//
// A kind the provider manages that the files do not hold, so neither does this
// configuration: mTLS credentials (the engine creates them with PUT …/mtls-auth/{id},
// which the project's Konnect API contract does not have; see README.md).
const providerConfigTemplate = `terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}

# KONNECT_SERVER_URL and KONNECT_TOKEN come from the environment.
provider "konnect" {}

locals {
  cp = {{q .CP}}
}

# services.yaml

resource "konnect_gateway_service" "orders" {
  control_plane_id = local.cp
  name             = "orders"
  host             = "orders.internal"
  port             = 8080
  path             = "/v1"
  retries          = 3
  tags             = ["team-a"]
}

resource "konnect_gateway_plugin" "orders_rate_limiting" {
  control_plane_id = local.cp
  name             = "rate-limiting"
  service          = { id = konnect_gateway_service.orders.id }
  config = jsonencode({
    minute = 120
    policy = "redis"
    redis  = { host = "redis.internal", port = 6380, database = 2, timeout = 1500 }
  })
}

resource "konnect_gateway_route" "orders_api" {
  control_plane_id = local.cp
  name             = "orders-api"
  service          = { id = konnect_gateway_service.orders.id }
  paths            = ["/orders"]
  methods          = ["GET", "POST"]
  hosts            = ["api.example.test"]
  headers          = { "x-team" = ["a", "b"] }
  strip_path       = false
  tags             = ["team-a"]
}

resource "konnect_gateway_plugin" "orders_api_key_auth" {
  control_plane_id = local.cp
  name             = "key-auth"
  route            = { id = konnect_gateway_route.orders_api.id }
  config           = jsonencode({ key_names = ["x-api-key"] })
}

resource "konnect_gateway_plugin" "orders_api_cors" {
  control_plane_id = local.cp
  name             = "cors"
  route            = { id = konnect_gateway_route.orders_api.id }
  config = jsonencode({
    origins = ["https://app.example.test"]
    methods = ["GET", "POST"]
    max_age = 3600
  })
}

resource "konnect_gateway_service" "search" {
  control_plane_id = local.cp
  name             = "search"
  host             = "search.internal"
  protocol         = "https"
  port             = 443
  read_timeout     = 5000
}

resource "konnect_gateway_route" "search_expr" {
  control_plane_id = local.cp
  name             = "search-expr"
  service          = { id = konnect_gateway_service.search.id }
  expression       = {{q .SearchExpression}}
  priority         = 10
  protocols        = ["https"]
}

resource "konnect_gateway_plugin" "correlation_id" {
  control_plane_id = local.cp
  name             = "correlation-id"
  config           = jsonencode({ header_name = "X-Request-Id" })
}

# consumers.yaml

resource "konnect_gateway_consumer" "alice" {
  control_plane_id = local.cp
  username         = "alice"
  custom_id        = "alice-001"
  tags             = ["people"]
}

resource "konnect_gateway_consumer_group_member" "alice_gold" {
  control_plane_id  = local.cp
  consumer_group_id = konnect_gateway_consumer_group.gold.id
  consumer_id       = konnect_gateway_consumer.alice.id
}

resource "konnect_gateway_key_auth" "alice" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.alice.id
  key              = "alice-key-0123456789"
}
{{if .WithBasicAuth}}
resource "konnect_gateway_basic_auth" "alice" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.alice.id
  username         = "alice-basic"
  password         = "correct-horse-battery"
}
{{end}}
resource "konnect_gateway_acl" "alice_admins" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.alice.id
  group            = "admins"
}

resource "konnect_gateway_acl" "alice_readers" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.alice.id
  group            = "readers"
}

resource "konnect_gateway_jwt" "alice" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.alice.id
  key              = "alice-jwt-issuer"
  algorithm        = "HS256"
  secret           = "alice-jwt-secret-0123456789"
}

resource "konnect_gateway_hmac_auth" "alice" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.alice.id
  username         = "alice-hmac"
  secret           = "alice-hmac-secret-0123456789"
}

resource "konnect_gateway_plugin" "alice_request_transformer" {
  control_plane_id = local.cp
  name             = "request-transformer"
  consumer         = { id = konnect_gateway_consumer.alice.id }
  config           = jsonencode({ add = { headers = ["x-consumer:alice"] } })
}

resource "konnect_gateway_consumer" "bob" {
  control_plane_id = local.cp
  username         = "bob"
}

resource "konnect_gateway_consumer_group_member" "bob_gold" {
  control_plane_id  = local.cp
  consumer_group_id = konnect_gateway_consumer_group.gold.id
  consumer_id       = konnect_gateway_consumer.bob.id
}

resource "konnect_gateway_consumer_group_member" "bob_silver" {
  control_plane_id  = local.cp
  consumer_group_id = konnect_gateway_consumer_group.silver.id
  consumer_id       = konnect_gateway_consumer.bob.id
}

resource "konnect_gateway_jwt" "bob" {
  control_plane_id = local.cp
  consumer_id      = konnect_gateway_consumer.bob.id
  key              = "bob-jwt-issuer"
  algorithm        = "ES256"
  secret           = "bob-jwt-secret-unused-for-es256"
  rsa_public_key   = {{q .BobPublicKey}}
}

resource "konnect_gateway_consumer" "carol" {
  control_plane_id = local.cp
  custom_id        = "carol-002"
}

resource "konnect_gateway_consumer_group" "gold" {
  control_plane_id = local.cp
  name             = "gold"
  tags             = ["tier"]
}

resource "konnect_gateway_plugin" "gold_rate_limiting" {
  control_plane_id = local.cp
  name             = "rate-limiting"
  consumer_group   = { id = konnect_gateway_consumer_group.gold.id }
  config           = jsonencode({ hour = 5000 })
}

resource "konnect_gateway_consumer_group" "silver" {
  control_plane_id = local.cp
  name             = "silver"
}

# upstreams.yaml

resource "konnect_gateway_upstream" "orders" {
  control_plane_id = local.cp
  name             = "orders-upstream"
  algorithm        = "least-connections"
  slots            = 1000
  healthchecks = {
    active = {
      type      = "http"
      http_path = "/health"
      healthy   = { interval = 5, successes = 2 }
      unhealthy = { interval = 5, http_failures = 3 }
    }
    passive = {
      unhealthy = { http_failures = 5 }
    }
  }
}

resource "konnect_gateway_target" "orders_1" {
  control_plane_id = local.cp
  upstream_id      = konnect_gateway_upstream.orders.id
  target           = "10.0.0.1:8080"
  weight           = 50
}

resource "konnect_gateway_target" "orders_2" {
  control_plane_id = local.cp
  upstream_id      = konnect_gateway_upstream.orders.id
  target           = "10.0.0.2:8080"
}

resource "konnect_gateway_upstream" "search" {
  control_plane_id = local.cp
  name             = "search-upstream"
  hash_on          = "header"
  hash_on_header   = "x-user"
  algorithm        = "consistent-hashing"
}

resource "konnect_gateway_target" "search" {
  control_plane_id = local.cp
  upstream_id      = konnect_gateway_upstream.search.id
  target           = "search.internal:9200"
}

# certificates.yaml (the files give certificates ids; so does this configuration)

resource "konnect_gateway_certificate" "api" {
  control_plane_id = local.cp
  id               = "2f7b0c4d-8e1a-4b5c-9d3e-1a2b3c4d5e33"
  cert             = {{q .APICert}}
  key              = {{q .APIKey}}
  tags             = ["edge"]
}

resource "konnect_gateway_sni" "api" {
  control_plane_id = local.cp
  name             = "api.peer.test"
  certificate      = { id = konnect_gateway_certificate.api.id }
}

resource "konnect_gateway_sni" "www" {
  control_plane_id = local.cp
  name             = "www.peer.test"
  certificate      = { id = konnect_gateway_certificate.api.id }
}

resource "konnect_gateway_certificate" "alt" {
  control_plane_id = local.cp
  id               = "6a1d3c1e-5b0e-4f43-9a57-0c8f0f2b7a11"
  cert             = {{q .AltCert}}
  key              = {{q .AltKey}}
}

resource "konnect_gateway_ca_certificate" "internal" {
  control_plane_id = local.cp
  id               = "9c3e5a77-2f1d-4e8b-b6a0-3d4c5e6f7a22"
  cert             = {{q .CACert}}
  tags             = ["internal-ca"]
}

resource "konnect_gateway_service" "payments" {
  control_plane_id   = local.cp
  name               = "payments"
  host               = "payments.internal"
  protocol           = "https"
  port               = 443
  tls_verify         = true
  tls_verify_depth   = 2
  client_certificate = { id = konnect_gateway_certificate.alt.id }
  ca_certificates    = [konnect_gateway_ca_certificate.internal.id]
}

# vaults.yaml

resource "konnect_gateway_vault" "env" {
  control_plane_id = local.cp
  name             = "env"
  prefix           = "env-secrets"
  description      = "secrets from the environment"
  config           = jsonencode({ prefix = "KONG_SECRET_" })
}

# keys.yaml

resource "konnect_gateway_key_set" "signing" {
  control_plane_id = local.cp
  name             = "signing"
  tags             = ["jwt"]
}

resource "konnect_gateway_key" "signing_pem" {
  control_plane_id = local.cp
  name             = "signing-pem"
  kid              = "signing-pem-1"
  set              = { id = konnect_gateway_key_set.signing.id }
  pem = {
    private_key = {{q .SigningPrivateKey}}
    public_key  = {{q .SigningPublicKey}}
  }
}

resource "konnect_gateway_key" "loose_jwk" {
  control_plane_id = local.cp
  name             = "loose-jwk"
  kid              = "loose-jwk-1"
  jwk              = {{q .LooseJWK}}
}

# partials.yaml

resource "konnect_gateway_partial" "shared_redis" {
  control_plane_id = local.cp
  name             = "shared-redis"
  type             = "redis-ce"
  config = jsonencode({
    host     = "redis.shared.internal"
    port     = 6381
    database = 3
    timeout  = 1800
    password = "{vault://env/peer-redis-password}"
  })
  tags = ["shared"]
}

resource "konnect_gateway_service" "billing" {
  control_plane_id = local.cp
  name             = "billing"
  host             = "billing.internal"
}

# policy redis with no config.redis: the linked partial holds the Redis settings
resource "konnect_gateway_plugin" "billing_rate_limiting" {
  control_plane_id = local.cp
  name             = "rate-limiting"
  service          = { id = konnect_gateway_service.billing.id }
  config           = jsonencode({ hour = 500, policy = "redis" })
  partials         = [{ id = konnect_gateway_partial.shared_redis.id }]
}
`

// providerConfigValues are the values of the template that come from the files.
type providerConfigValues struct {
	CP, SearchExpression, BobPublicKey            string
	APICert, APIKey, AltCert, AltKey, CACert      string
	SigningPrivateKey, SigningPublicKey, LooseJWK string
	WithBasicAuth                                 bool
}

// providerConfig renders the configuration for control plane cp.
func providerConfig(t *testing.T, cp string, withBasicAuth bool) string {
	t.Helper()
	content, err := file.GetContentFromFiles(allKindFiles(), false)
	if err != nil {
		t.Fatal(err)
	}
	v := providerConfigValues{CP: cp, WithBasicAuth: withBasicAuth}
	str := func(what string, p *string) string {
		if p == nil {
			t.Fatalf("the files have no %s", what)
		}
		return *p
	}
	for _, s := range content.Services {
		for _, r := range s.Routes {
			if r.Name != nil && *r.Name == "search-expr" {
				v.SearchExpression = str("expression of route search-expr", r.Expression)
			}
		}
	}
	for _, c := range content.Certificates {
		switch str("certificate id", c.ID) {
		case "2f7b0c4d-8e1a-4b5c-9d3e-1a2b3c4d5e33":
			v.APICert, v.APIKey = str("cert", c.Cert), str("key", c.Key)
		case "6a1d3c1e-5b0e-4f43-9a57-0c8f0f2b7a11":
			v.AltCert, v.AltKey = str("cert", c.Cert), str("key", c.Key)
		}
	}
	for _, c := range content.CACertificates {
		v.CACert = str("CA cert", c.Cert)
	}
	for _, c := range content.Consumers {
		for _, j := range c.JWTAuths {
			if j.RSAPublicKey != nil {
				v.BobPublicKey = *j.RSAPublicKey
			}
		}
	}
	for _, k := range content.Keys {
		switch str("key name", k.Name) {
		case "signing-pem":
			if k.PEM == nil {
				t.Fatal("key signing-pem has no pem in the files")
			}
			v.SigningPrivateKey, v.SigningPublicKey = str("private key", k.PEM.PrivateKey), str("public key", k.PEM.PublicKey)
		case "loose-jwk":
			v.LooseJWK = str("jwk", k.JWK)
		}
	}
	for name, s := range map[string]string{"expression": v.SearchExpression, "bob's public key": v.BobPublicKey,
		"api cert": v.APICert, "alt cert": v.AltCert, "CA cert": v.CACert, "signing key": v.SigningPrivateKey, "jwk": v.LooseJWK} {
		if s == "" {
			t.Fatalf("providerConfig: %s not found in the files", name)
		}
	}
	tmpl := template.Must(template.New("config").Funcs(template.FuncMap{"q": hclString}).Parse(providerConfigTemplate))
	var b bytes.Buffer
	if err := tmpl.Execute(&b, v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hclString quotes s as an HCL string literal: JSON's escapes (without HTML escaping),
// and HCL's own template sequences escaped.
func hclString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	out := strings.TrimSuffix(b.String(), "\n")
	out = strings.ReplaceAll(out, "${", "$${")
	return strings.ReplaceAll(out, "%{", "%%{")
}
