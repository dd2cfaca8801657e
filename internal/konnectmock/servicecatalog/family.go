package servicecatalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Family serves the service catalog.
type Family struct {
	env mockcore.Env
	st  *state
}

var _ mockcore.Family = (*Family)(nil)

// New returns the family of a new organisation: an empty catalog.
func New(env mockcore.Env) *Family { return &Family{env: env.Complete(), st: newState()} }

// Name is the family's key in the state document.
func (f *Family) Name() string { return "servicecatalog" }

type state struct {
	Services    []*service             `json:"catalog_services"`
	Instances   []*instance            `json:"integration_instances"`
	AuthConfigs map[string]*authConfig `json:"auth_configs"`     // by instance id
	Credentials map[string]*credential `json:"auth_credentials"` // by instance id
}

func newState() *state {
	return &state{Services: []*service{}, Instances: []*instance{}, AuthConfigs: map[string]*authConfig{}, Credentials: map[string]*credential{}}
}

type service struct {
	ID           string            `json:"id"`
	Name         string            `json:"name"`
	DisplayName  string            `json:"display_name"`
	Description  *string           `json:"description"`
	CustomFields map[string]any    `json:"custom_fields"`
	Labels       map[string]string `json:"labels"`
	CreatedAt    time.Time         `json:"created_at"`
	UpdatedAt    time.Time         `json:"updated_at"`
}

type instance struct {
	ID          string            `json:"id"`
	Integration string            `json:"integration_name"`
	Name        string            `json:"name"`
	DisplayName string            `json:"display_name"`
	Description *string           `json:"description"`
	Config      map[string]any    `json:"config"`
	Labels      map[string]string `json:"labels"`
	CreatedAt   time.Time         `json:"created_at"`
	UpdatedAt   time.Time         `json:"updated_at"`
}

type authConfig struct {
	ClientID              string `json:"client_id"`
	ClientSecret          string `json:"client_secret"` // never answered
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
}

type header struct {
	Name string `json:"name"`
	Key  string `json:"key"` // never answered
}

type credential struct {
	ID        string    `json:"id"`
	Headers   []header  `json:"headers"`
	CreatedAt time.Time `json:"created_at"`
}

// integrations are the integrations Konnect offers (GET /v1/integrations): name and
// display name, from the specification's examples.
var integrations = [][2]string{
	{"aws-api-gateway", "AWS API Gateway"}, {"aws-lambda", "AWS Lambda"}, {"azure-api-management", "Azure API Management"},
	{"azure-devops", "Azure DevOps"}, {"datadog", "Datadog"}, {"dynatrace", "Dynatrace"}, {"github", "GitHub"},
	{"gitlab", "GitLab"}, {"pagerduty", "PagerDuty"}, {"slack", "Slack"}, {"sonarqube", "SonarQube"},
	{"swaggerhub", "SwaggerHub"}, {"traceable", "Traceable"},
}

func integrationDisplay(name string) (string, bool) {
	for _, i := range integrations {
		if i[0] == name {
			return i[1], true
		}
	}
	return "", false
}

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return json.RawMessage(mockcore.Marshal(f.st)) }

// Reset returns to a new organisation.
func (f *Family) Reset() { f.st = newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete or
// inconsistent (ids that are not unique lower-case UUIDs, an integration Konnect does not
// offer, an auth config or credential of no instance).
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("servicecatalog: %w", err)
	}
	if st.Services == nil || st.Instances == nil || st.AuthConfigs == nil || st.Credentials == nil {
		return fmt.Errorf("servicecatalog: catalog_services, integration_instances, auth_configs and auth_credentials are required")
	}
	seen := map[string]bool{}
	for i, s := range st.Services {
		if !mockcore.IsUUID(s.ID) || mockcore.NormalizeUUID(s.ID) != s.ID || seen[s.ID] {
			return fmt.Errorf("servicecatalog: catalog_services[%d]: not a unique lower-case UUID", i)
		}
		seen[s.ID] = true
	}
	instances := map[string]bool{}
	for i, in := range st.Instances {
		if _, ok := integrationDisplay(in.Integration); !ok || !mockcore.IsUUID(in.ID) || mockcore.NormalizeUUID(in.ID) != in.ID || seen[in.ID] {
			return fmt.Errorf("servicecatalog: integration_instances[%d]: not a unique lower-case UUID, or an unknown integration", i)
		}
		seen[in.ID], instances[in.ID] = true, true
	}
	for id := range st.AuthConfigs {
		if !instances[id] {
			return fmt.Errorf("servicecatalog: auth_configs: instance %s does not exist", id)
		}
	}
	for id := range st.Credentials {
		if !instances[id] {
			return fmt.Errorf("servicecatalog: auth_credentials: instance %s does not exist", id)
		}
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}

type handler func(c *call) mockcore.Response

var routes mockcore.Routes[handler]

func init() {
	add := routes.Add
	add("v1/catalog-services", map[string]handler{"GET": listServices, "POST": createService})
	add("v1/catalog-services/{id}", map[string]handler{"GET": getService, "PATCH": patchService, "DELETE": deleteService})
	add("v1/integrations", map[string]handler{"GET": listIntegrations})
	add("v1/integration-instances", map[string]handler{"GET": listInstances, "POST": createInstance})
	add("v1/integration-instances/{id}", map[string]handler{"GET": getInstance, "PATCH": patchInstance, "DELETE": deleteInstance})
	add("v1/integration-instances/{integrationInstanceId}/auth-config", map[string]handler{"GET": getAuthConfig, "PUT": putAuthConfig, "DELETE": deleteAuthConfig})
	add("v1/integration-instances/{integrationInstanceId}/auth-credential", map[string]handler{"GET": getCredential, "POST": createCredential, "DELETE": deleteCredential})
}

// Route reports whether segs is the family's (/v1/catalog-services…, /v1/integrations,
// /v1/integration-instances…), and its Counts key.
func (f *Family) Route(segs []string) (string, bool) {
	if len(segs) < 2 || segs[0] != "v1" {
		return "", false
	}
	switch segs[1] {
	case "catalog-services", "integrations", "integration-instances":
	default:
		return "", false
	}
	return routes.RouteKey(segs, "/v1/unmatched"), true
}

type call struct {
	f      *Family
	r      *http.Request
	params map[string]string
	raw    []byte
}

// Serve answers one request for a path of the family whose body has been read.
func (f *Family) Serve(r *http.Request, segs []string, body []byte) mockcore.Response {
	return routes.Serve(f.env, r, segs, body, func(h handler, params map[string]string) mockcore.Response {
		return h(&call{f: f, r: r, params: params, raw: body})
	})
}

// ServeHTTP serves the family on its own, for tests of this package.
func (f *Family) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route := func(segs []string) bool { _, ok := f.Route(segs); return ok }
	mockcore.ServeAlone(w, r, f.env, route, f.Serve)
}

func (f *Family) now() time.Time { return mockcore.Millis(f.env.Now()) }

// --- problems, as the service catalog's specification words them

func (c *call) notFound() mockcore.Response { return c.f.env.Problem(http.StatusNotFound, "Not Found") }

func (c *call) conflict(detail string) mockcore.Response {
	return c.f.env.Problem(http.StatusConflict, detail)
}

func (c *call) badRequest(detail string, params ...mockcore.InvalidParam) mockcore.Response {
	return c.f.env.Problem(http.StatusBadRequest, detail, params...)
}

// body decodes the request body: one that is not a JSON object is a 400 on "body".
func (c *call) body() (*mockcore.Body, *mockcore.Response) {
	b, err := mockcore.ParseBody(c.raw)
	if err != nil {
		resp := c.badRequest("Invalid request body", mockcore.InvalidParam{Field: "body", Rule: "invalid", Reason: "request format is invalid"})
		return nil, &resp
	}
	return b, nil
}

// invalid answers the problems a Body collected, if any.
func (c *call) invalid(b *mockcore.Body) *mockcore.Response {
	if len(b.Bad) == 0 {
		return nil
	}
	resp := c.badRequest("Invalid Parameters", b.Bad...)
	return &resp
}

// query reads a listing's parameters, refusing one with a 400 naming it.
func (c *call) query() mockcore.Query {
	return mockcore.Query{Values: c.r.URL.Query(), Invalid: func(params ...mockcore.InvalidParam) mockcore.Response {
		return c.badRequest("Invalid Parameters", params...)
	}}
}

// lower is an id from a path, as Konnect compares ids.
func lower(id string) string { return strings.ToLower(id) }
