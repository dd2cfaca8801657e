package provider

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/gateway"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// Issue 17, item 7: what a user reads, through the CLI. Each case is one working directory
// and one control plane on the same mock Konnect.

const wordingHeader = `terraform {
  required_providers {
    konnect = { source = "konnectguard/konnect" }
  }
}
`

// flatOut is CLI output with every run of white space made one space: the CLI wraps long
// diagnostic lines.
func flatOut(out string) string { return strings.Join(strings.Fields(out), " ") }

func wantText(t *testing.T, what, out string, wants ...string) {
	t.Helper()
	flat := flatOut(out)
	for _, w := range wants {
		if !strings.Contains(flat, flatOut(w)) {
			t.Errorf("%s: output lacks %q:\n%s", what, w, out)
		}
	}
}

func wantNoText(t *testing.T, what, out string, nots ...string) {
	t.Helper()
	flat := flatOut(out)
	for _, n := range nots {
		if strings.Contains(flat, flatOut(n)) {
			t.Errorf("%s: output shows %q:\n%s", what, n, out)
		}
	}
}

func mustRun(t *testing.T, cli *cliRun, what string, wantCode int, args ...string) string {
	t.Helper()
	out, code := cli.run(nil, append(args, "-input=false", "-no-color")...)
	if code != wantCode {
		t.Fatalf("%s: exit %d, want %d\n%s", what, code, wantCode, out)
	}
	return out
}

func TestAccWording(t *testing.T) {
	t.Parallel()
	env := newKonnectEnv(t, konnectmock.Options{})

	// (e) An adoption folded into an ordinary update: read_timeout changed in Konnect, and
	// configuration takes it over while it changes retries. The plan warns that it adopts.
	t.Run("adoption with update", func(t *testing.T) {
		cli := newCLIRun(t)
		config := func(readTimeout, retries int) string {
			return wordingHeader + env.providerBlock("") + tlsCP("wording-adopt") + fmt.Sprintf(`
resource "konnect_gateway_service" "orders" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "orders"
  host             = "orders.internal"
  read_timeout     = %d
  retries          = %d
}
`, readTimeout, retries)
		}
		svc := func() konnect.Object { return env.get(env.corePath("wording-adopt", "services", "orders")) }
		cli.write(config(60000, 5))
		mustRun(t, cli, "first apply", 0, "apply", "-auto-approve")
		env.edit(env.corePath("wording-adopt", "services", "orders"), set("read_timeout", 120000))

		cli.write(config(120000, 7))
		out := mustRun(t, cli, "plan that adopts and updates", 2, "plan", "-detailed-exitcode")
		wantText(t, "plan that adopts and updates", out,
			"Warning: Adopting changes made in Konnect",
			"read_timeout   last applied: 60000   in Konnect and configuration: 120000",
			"Applying this plan writes the other changes and records these values as managed by this configuration")
		wantNoText(t, "plan that adopts and updates", out, "retries   last applied")
		mustRun(t, cli, "apply that adopts and updates", 0, "apply", "-auto-approve")
		wantField(t, "after the apply", svc(), "read_timeout", 120000)
		wantField(t, "after the apply", svc(), "retries", 7)

		// Adopted: a later change of it in Konnect is reported, with the adopted value as the
		// one last applied.
		env.edit(env.corePath("wording-adopt", "services", "orders"), set("read_timeout", 90000))
		cli.write(config(120000, 8))
		out = mustRun(t, cli, "plan over a later change", 1, "plan")
		wantText(t, "plan over a later change", out, "read_timeout   last applied: 120000   in Konnect now: 90000   planned: 120000")
		wantField(t, "after the refused plan", svc(), "read_timeout", 90000)
	})

	// (d) A basic-auth password changed in Konnect: no one knows it, so the diagnostic does
	// not advise setting it in configuration.
	t.Run("secret remedy", func(t *testing.T) {
		cli := newCLIRun(t)
		const pw, uiPW = "first-password-0001", "rotated-in-the-ui-0002"
		config := func(tags string) string {
			return wordingHeader + env.providerBlock("") + tlsCP("wording-secret") + fmt.Sprintf(`
resource "konnect_gateway_consumer" "alice" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  username         = "alice"
}

resource "konnect_gateway_basic_auth" "alice" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  consumer_id      = konnect_gateway_consumer.alice.id
  username         = "alice-web"
  password         = %q
  tags             = %s
}
`, pw, tags)
		}
		path := func() string {
			alice := env.get(env.corePath("wording-secret", "consumers", "alice"))
			return env.corePath("wording-secret", "consumers", alice["id"].(string), "basic-auth", "alice-web")
		}
		cli.write(config(`["a"]`))
		mustRun(t, cli, "first apply", 0, "apply", "-auto-approve")
		env.edit(path(), set("password", uiPW))
		uiHash := fmt.Sprint(env.get(path())["password"])

		cli.write(config(`["a", "b"]`))
		out := mustRun(t, cli, "plan over the password changed in Konnect", 1, "plan")
		wantText(t, "plan over the password changed in Konnect", out,
			"Applying this plan would overwrite changes made in Konnect",
			"password was changed in Konnect: the secret is not shown, and no one who does not know the new value can set it in configuration.",
			"Keep the one set in Konnect: plan no write that sends it. `password_wo` is sent only when `password_wo_version` changes; `password` with every write of this object, and so is a secret Konnect needs on every write (a basic-auth password).",
			"Replace it with yours: set the secret to use (`password`, or `password_wo` with a bumped `password_wo_version`) and overwrite, as below.",
			"Overwrite them: re-run with KONNECT_CONFLICT_POLICY=overwrite")
		wantNoText(t, "plan over the password changed in Konnect", out, "set them in configuration", pw, uiPW, uiHash)
		if got := fmt.Sprint(env.get(path())["password"]); got != uiHash {
			t.Errorf("the refused plan changed the password in Konnect")
		}
	})

	// (c) A plugin's partials, linked by configuration and unlinked in Konnect: every side of
	// the row alike, and the link named by id and name.
	t.Run("partials alike", func(t *testing.T) {
		cli := newCLIRun(t)
		cli.write(wordingHeader + env.providerBlock("") + tlsCP("wording-partials") + `
resource "konnect_gateway_partial" "redis" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "shared-redis"
  type             = "redis-ce"
  config           = jsonencode({ host = "redis.internal" })
}

resource "konnect_gateway_plugin" "rl" {
  control_plane_id = konnect_gateway_control_plane.cp.id
  name             = "rate-limiting"
  config           = jsonencode({ minute = 5 })
  partials         = [{ id = konnect_gateway_partial.redis.id }]
}
`)
		mustRun(t, cli, "first apply", 0, "apply", "-auto-approve")
		partialID := env.only(env.corePath("wording-partials", "partials"))["id"].(string)
		pluginPath := env.corePath("wording-partials", "plugins", env.only(env.corePath("wording-partials", "plugins"))["id"].(string))
		env.edit(pluginPath, set("partials", nil))

		out := mustRun(t, cli, "plan that would link it again", 1, "plan")
		wantText(t, "plan that would link it again", out,
			"partials   last applied: 1 item   in Konnect now: (none)   planned: 1 item",
			`removed in Konnect: `+partialID+` ("shared-redis")`,
			"the plan adds: "+partialID)
		wantNoText(t, "plan that would link it again", out, "sha256:")
		if ps, _ := env.get(pluginPath)["partials"].([]any); len(ps) != 0 {
			t.Errorf("the refused plan linked the partial again: %v", ps)
		}
	})

	// (b) A member added to a control plane group in Konnect is named, not fingerprinted.
	t.Run("members named", func(t *testing.T) {
		cli := newCLIRun(t)
		cli.write(wordingHeader + env.providerBlock("") + `
resource "konnect_gateway_control_plane" "group" {
  name         = "wording-group"
  cluster_type = "CLUSTER_TYPE_CONTROL_PLANE_GROUP"
}
resource "konnect_gateway_control_plane" "one" {
  name         = "wording-one"
  cluster_type = "CLUSTER_TYPE_HYBRID"
}
resource "konnect_gateway_control_plane" "two" {
  name         = "wording-two"
  cluster_type = "CLUSTER_TYPE_HYBRID"
}
resource "konnect_gateway_control_plane_membership" "m" {
  control_plane_id = konnect_gateway_control_plane.group.id
  members          = [{ id = konnect_gateway_control_plane.one.id }]
}
`)
		mustRun(t, cli, "first apply", 0, "apply", "-auto-approve")
		group, two := env.cpID("wording-group"), env.cpID("wording-two")
		if _, err := env.client.Do(context.Background(), http.MethodPost, gateway.MembershipPath(group, "add"), nil,
			map[string]any{"members": []any{map[string]any{"id": two}}}, nil); err != nil {
			t.Fatal(err)
		}
		out := mustRun(t, cli, "plan that would remove the member", 1, "plan")
		wantText(t, "plan that would remove the member", out,
			"members   last applied: 1 item   in Konnect now: 2 items   planned: 1 item",
			"added in Konnect: "+two,
			"the plan removes: "+two)
		if regexp.MustCompile(`sha256:[0-9a-f]+… \(\d+ chars\)`).MatchString(out) {
			t.Errorf("the members are shown by a fingerprint:\n%s", out)
		}
		obj, _, err := gateway.MembershipAPI{}.Get(context.Background(), env.client, engine.Address{ID: group})
		if err != nil {
			t.Fatal(err)
		}
		if got := gateway.MemberIDs(obj["members"]); len(got) != 2 {
			t.Errorf("after the refused plan the group has members %v, want both", got)
		}
	})
}
