package kongidentity_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mocktest"
)

// A client's secret, run with a real CLI (acctest.CLIRun). Konnect generates it and shows it
// once, in the create's answer: state keeps it in client_secret (sensitive), and it is in no
// plan output, TF_LOG=DEBUG log or private state (not even as a plain SHA-256); an update
// sends it back with the whole client, and Konnect keeps it. Someone rotates the secret in
// Konnect (a new one through /clients/{id}/secrets): the refresh reports it by the new
// secret's id, and an update that would send the old secret over it is refused, Konnect
// keeping both. Setting the secret to use goes through: with a CLI that supports write-only
// attributes through client_secret_wo (and the state file then holds no secret at all),
// otherwise through client_secret.
func TestAccClientSecret(t *testing.T) {
	t.Parallel()
	clock := mocktest.NewClock(time.Now())
	env := acctest.NewEnv(t, konnectmock.Options{Now: clock.Now})
	cli := acctest.NewCLIRun(t)
	logPath := filepath.Join(t.TempDir(), "tf.log")
	stateFile := filepath.Join(cli.Dir, "terraform.tfstate")
	chosen := "chosen-secret-5b0e71c2d9"
	secrets := []string{chosen}
	current := ""
	write := func(duration int, secret string) {
		cli.Write(acctest.CLIRequiredProviders + env.ProviderBlock("") + `
variable "secret" {
  type      = string
  sensitive = true
  default   = null
}

resource "konnect_identity_auth_server" "idp" {
  name     = "idp"
  audience = "api://idp"
}

resource "konnect_identity_auth_server_client" "app" {
  auth_server_id        = konnect_identity_auth_server.idp.id
  name                  = "orders-app"
  grant_types           = ["client_credentials"]
  response_types        = ["token"]
  access_token_duration = ` + fmt.Sprint(duration) + "\n" + secret + `}
`)
	}
	run := func(what string, want int, args ...string) string {
		t.Helper()
		return cli.RunSecretFree(what, want, logPath, secrets, []string{"TF_VAR_secret=" + current}, args...)
	}
	var server, id string
	state := func(what string) (string, map[string]any) {
		t.Helper()
		raw, attrs := acctest.StateSecretFree(t, what, stateFile, "konnect_identity_auth_server_client", secrets)
		id, _ = attrs["id"].(string)
		server, _ = attrs["auth_server_id"].(string)
		return raw, attrs
	}
	holds := func(what string, want ...string) {
		t.Helper()
		if got := env.Mock.KongIdentity().ClientSecrets(server, id); !slices.Equal(got, want) {
			t.Errorf("%s: Konnect holds %d secrets, %d of them the expected ones", what, len(got), countIn(got, want))
		}
	}

	// Konnect generates the secret: state keeps it, sensitive, and nothing else shows it.
	write(600, "")
	out, _ := cli.Run([]string{"TF_LOG=DEBUG", "TF_LOG_PATH=" + logPath}, "apply", "-auto-approve", "-input=false", "-no-color")
	_, attrs := state("after create")
	generated := env.Mock.KongIdentity().ClientSecrets(server, id)
	if len(generated) != 1 || attrs["client_secret"] != generated[0] {
		t.Fatalf("after create: state's client_secret is not the one secret Konnect generated (%d secrets)\n%s", len(generated), out)
	}
	secrets = append(secrets, generated[0])
	log, _ := os.ReadFile(logPath)
	if found := acctest.SecretShown(out+string(log), secrets[1:]); found != "" {
		t.Errorf("the create's output or debug log shows the generated secret")
	}
	if !strings.Contains(out, "client_secret") || !strings.Contains(out, "(sensitive value)") {
		t.Errorf("the create's plan does not show client_secret as sensitive:\n%s", out)
	}
	run("plan after create", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")

	// An update sends the whole client with the secret in state: Konnect keeps it.
	write(900, "")
	run("update", 0, "apply", "-auto-approve", "-input=false", "-no-color")
	state("after update")
	holds("after update", generated[0])
	if got := env.Get("/v1/auth-servers/" + server + "/clients/" + id); fmt.Sprint(got["access_token_duration"]) != "900" {
		t.Errorf("after update Konnect holds access_token_duration %v", got["access_token_duration"])
	}

	// Someone rotates the secret in Konnect: a second one, created after the client's last write.
	clock.Advance(time.Minute)
	var added konnect.Object
	if _, err := env.Client.Do(t.Context(), http.MethodPost, "/v1/auth-servers/"+server+"/clients/"+id+"/secrets", nil, konnect.Object{}, &added); err != nil {
		t.Fatal(err)
	}
	rotated, _ := added["secret"].(string)
	secrets = append(secrets, rotated)
	out = run("refresh after the rotation", 0, "plan", "-input=false", "-no-color")
	flat := strings.Join(strings.Fields(out), " ")
	if !regexp.MustCompile(`Konnect object changed outside Terraform.*konnect_identity_auth_server_client \(id ` + id + `\) holds client secrets added in Konnect after Terraform last wrote the client: ` +
		fmt.Sprint(added["id"]) + ` \(created_at`).MatchString(flat) {
		t.Errorf("the refresh does not report the rotated secret by its id:\n%s", out)
	}
	write(1200, "")
	out = run("update over the rotation", 1, "apply", "-auto-approve", "-input=false", "-no-color")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "Could not update konnect_identity_auth_server_client") || !strings.Contains(flat, "nothing was written") {
		t.Errorf("the update over the rotation was not refused:\n%s", out)
	}
	holds("after the refused update", generated[0], rotated)

	supported, err := acctest.CLIWriteOnly()
	if err != nil {
		t.Fatal(err)
	}
	current = chosen
	if supported {
		// The secret to use, write-only: Konnect takes it, state holds no secret at all.
		write(1200, "  client_secret_wo         = var.secret\n  client_secret_wo_version = 1\n")
		run("the twin over the rotation", 0, "apply", "-auto-approve", "-input=false", "-no-color")
		raw, attrs := state("after the twin")
		if found := acctest.SecretShown(raw, secrets); found != "" || attrs["client_secret"] != nil {
			t.Errorf("after the twin the state file shows %q (client_secret %v)", found, attrs["client_secret"] != nil)
		}
	} else {
		write(1200, "  client_secret = var.secret\n")
		run("a chosen secret over the rotation", 0, "apply", "-auto-approve", "-input=false", "-no-color")
		if _, attrs := state("after the chosen secret"); attrs["client_secret"] != chosen {
			t.Errorf("state's client_secret is not the chosen one")
		}
	}
	holds("after the secret to use", chosen)
	run("plan after the secret to use", 0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	run("destroy", 0, "destroy", "-auto-approve", "-input=false", "-no-color")
	if got := env.List("/v1/auth-servers"); len(got) != 0 {
		t.Errorf("after destroy Konnect holds %d auth servers", len(got))
	}
}

// countIn counts the values of got that are in want.
func countIn(got, want []string) int {
	n := 0
	for _, g := range got {
		if slices.Contains(want, g) {
			n++
		}
	}
	return n
}
