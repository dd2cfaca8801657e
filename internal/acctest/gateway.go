package acctest

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Fixtures and checks of the gateway kinds that the tests of more than one package use.

// WantConfig fails the test unless a plugin's config in Konnect holds want in key.
func WantConfig(t *testing.T, what string, plugin konnect.Object, key string, want any) {
	t.Helper()
	if plugin == nil {
		t.Fatalf("%s: plugin not in Konnect", what)
	}
	cfg, _ := plugin["config"].(map[string]any)
	WantField(t, what+" (config)", cfg, key, want)
}

// ImportID builds `<control_plane_id>/<parents…>/<id>` from a resource's state.
func ImportID(address string, parents ...string) resource.ImportStateIdFunc {
	return func(s *terraform.State) (string, error) {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return "", fmt.Errorf("%s not in state", address)
		}
		id := rs.Primary.Attributes["control_plane_id"]
		for _, p := range parents {
			id += "/" + rs.Primary.Attributes[p]
		}
		return id + "/" + rs.Primary.ID, nil
	}
}

// PluginID finds the id of the plugin with this name in a control plane.
func (e *Env) PluginID(cpName, name string) string {
	e.T.Helper()
	list, err := e.Client.ListEntities(context.Background(), konnect.CoreEntitiesPath(e.CPID(cpName), "plugins"), nil)
	if err != nil {
		e.T.Fatal(err)
	}
	for _, p := range list {
		if id, ok := p["id"].(string); ok && p["name"] == name {
			return id
		}
	}
	e.T.Fatalf("plugin %s not in Konnect", name)
	return ""
}

// CPAndConsumers is a control plane and two consumers, alice and bob.
func (e *Env) CPAndConsumers(policy, cpName string) string {
	return e.ProviderBlock(policy) + fmt.Sprintf(`
resource "konnect_gateway_control_plane" "cp" {
  name = %q
}

resource "konnect_gateway_consumer" "alice" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  username         = "alice"
}

resource "konnect_gateway_consumer" "bob" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  username         = "bob"
}
`, cpName)
}

// MkCP creates a control plane out of band and returns its id.
func (e *Env) MkCP(body konnect.Object) string {
	e.T.Helper()
	cp, _, err := e.Client.CreateControlPlane(context.Background(), body)
	if err != nil {
		e.T.Fatalf("create control plane: %v", err)
	}
	id, ok := cp["id"].(string)
	if !ok {
		e.T.Fatalf("create control plane: no id in %v", cp)
	}
	return id
}

// TLSCP is the configuration of a control plane cp named name.
func TLSCP(name string) string {
	return fmt.Sprintf("resource \"konnect_gateway_control_plane\" \"cp\" {\n  name = %q\n}\n", name)
}

// LuaSchema is the schema.lua of a custom plugin `greeter` with a default of n.
func LuaSchema(n string) string {
	return `return {
  name = "greeter",
  fields = {
    { config = { type = "record", fields = {
      { greeting = { type = "string", default = "hello" } },
      { times = { type = "integer", default = ` + n + ` } },
    } } },
  },
}
`
}

// Flat is s with every run of white space one space: CLI output as it reads unwrapped.
func Flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// WrappedText matches text in CLI output, where a diagnostic's lines may wrap between any
// two words.
func WrappedText(text string) *regexp.Regexp {
	words := strings.Fields(text)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(strings.Join(words, `\s+`))
}

// ObjectPath is the API path of an object from its state: the kind's own collection path
// for its path parameters, and its id.
func ObjectPath(k engine.EntityKind, attrs map[string]string) string {
	parents := map[string]string{}
	for _, a := range k.Attrs {
		if a.Parent {
			parents[a.Name] = attrs[a.Name]
		}
	}
	switch api := k.API.(type) {
	case engine.ControlPlaneAPI:
		return "/v2/control-planes/" + attrs["id"]
	case gateway.GroupMemberAPI:
		return api.Members(parents) + "/" + attrs["id"]
	case engine.PlatformAPI:
		return api.Path(parents, attrs["id"])
	case engine.PatchAPI:
		return api.Path(parents, attrs["id"])
	case interface{ Singleton() engine.SingletonAPI }: // also an API wrapping one (a portal's images)
		return api.Singleton().Path(parents)
	case engine.AssignmentAPI:
		return api.Collection(parents) + "/" + attrs["id"]
	case gateway.MembershipAPI:
		return gateway.MembershipPath(attrs["id"])
	case engine.Listable:
		return api.Listing().Collection(parents) + "/" + attrs["id"]
	case interface {
		Path(map[string]string, string) string
	}: // an API of its own over a platform collection (portal pages)
		return api.Path(parents, attrs["id"])
	}
	panic("ObjectPath: no path for " + k.TypeName)
}
