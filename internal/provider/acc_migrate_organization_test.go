package provider

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock"
)

// The organization family in TestMigrateAccFromKong: an audit log destination (created on
// the v2 path Kong's provider calls, its authorization in Kong's state, which Kong does not
// mark sensitive) and the CMEK, recorded as Kong's provider (kong/konnect v3.19.0) writes
// them. Kong's konnect_audit_log is the v2 webhook, whose endpoint and authorization Konnect
// now keeps on a destination: it is reshaped (kongReshaped), and TestMigrateAccAuditLogFromKong
// proves its upgrade path.

// kongOrganizationAttrs are the attributes of Kong's organization types.
var kongOrganizationAttrs = map[string][]string{
	"konnect_audit_log_destination": {"authorization", "created_at", "endpoint", "id", "log_format", "name", "skip_ssl_verification", "updated_at"},
	"konnect_cmek":                  {"created_at", "description", "id", "key_arn", "name", "updated_at"},
	"konnect_audit_log":             {"authorization", "enabled", "endpoint", "log_format", "skip_ssl_verification", "updated_at"},
}

// kongReshaped are the types Kong's provider names like this one whose state cannot switch
// with `state replace-provider` alone, each with the test that proves the guide's path.
var kongReshaped = map[string]string{"konnect_audit_log": "TestMigrateAccAuditLogFromKong"}

func init() {
	for typ, attrs := range kongOrganizationAttrs {
		kongAttrs[typ] = attrs
	}
}

// migrationAuditToken is the destination's authorization in Kong's state.
const migrationAuditToken = "Bearer kong-audit-0123456789"

// addKongOrganization creates an audit log destination and the CMEK in the mock, records
// each in state as Kong's provider would have, and returns this provider's configuration.
func addKongOrganization(t *testing.T, e *konnectEnv, state *kongStateFile) kongSameNamed {
	t.Helper()
	ctx := context.Background()
	call := func(method, path string, body any) konnect.Object {
		t.Helper()
		var out konnect.Object
		if _, err := e.client.Do(ctx, method, path, nil, body, &out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		return out
	}
	var s kongSameNamed
	dest := call(http.MethodPost, "/v2/audit-log-destinations", konnect.Object{"name": "siem", "endpoint": "https://siem.example.com/konnect",
		"authorization": migrationAuditToken, "log_format": "cef", "skip_ssl_verification": false})
	dest["created_at"], dest["updated_at"] = kongTime(t, dest["created_at"]), kongTime(t, dest["updated_at"])
	state.add("konnect_audit_log_destination", "siem", dest, map[string]any{"authorization": migrationAuditToken})
	destPath := "/v3/audit-log-destinations/" + dest["id"].(string)
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_audit_log_destination.siem", typeName: "konnect_audit_log_destination",
		attr: "endpoint", do: func() { e.edit(destPath, set("endpoint", "https://ui.example.com/konnect")) }})
	s.secrets = append(s.secrets, migrationAuditToken)

	k := call(http.MethodPut, "/v1/cmeks/default", konnect.Object{"name": "konnect-data", "description": "Konnect data",
		"key_arn": "arn:aws:kms:us-east-1:123456789012:key/mrk-kong"})
	k["created_at"], k["updated_at"] = kongTime(t, k["created_at"]), kongTime(t, k["updated_at"])
	state.add("konnect_cmek", "this", k, nil)
	s.edits = append(s.edits, kongMigrationEdit{round: 1, address: "konnect_cmek.this", typeName: "konnect_cmek",
		attr: "key_arn", do: func() { e.edit("/v1/cmeks/default", set("key_arn", "arn:aws:kms:us-east-1:123456789012:key/mrk-ui")) }})

	s.config = `
resource "konnect_audit_log_destination" "siem" {
  name          = "siem"
  endpoint      = "https://siem.example.com/konnect"
  authorization = "` + migrationAuditToken + `"
}

resource "konnect_cmek" "this" {
  id          = "default"
  name        = "konnect-data"
  description = "Konnect data"
  key_arn     = "arn:aws:kms:us-east-1:123456789012:key/mrk-kong"
}
`
	return s
}

// Kong's konnect_audit_log is Konnect's v2 webhook, which held the endpoint, the
// authorization and the format itself; Konnect's current webhook (v3) points at a
// destination. The guide's upgrade path, with a state Kong's provider wrote: after `state
// replace-provider`, Kong's configuration is refused naming the attribute that moved; the
// configuration the guide gives (a konnect_audit_log_destination with those attributes, the
// webhook pointing at it) plans to create the destination and to update the webhook in place
// (never to replace it), and nothing else; its apply leaves Konnect sending to the new
// destination, the next plan is empty, and Kong's authorization is nowhere in the plan
// output, the log, or the webhook's state.
func TestMigrateAccAuditLogFromKong(t *testing.T) {
	e := newKonnectEnv(t, konnectmock.Options{})
	c := newCLIRun(t)
	host := migrateCLI(t, c)
	kong, ours := host+"/kong/konnect", host+"/konnectguard/konnect"
	const token = "Bearer kong-webhook-0123456789"

	// Kong's state of the v2 webhook (Kong's v2 PATCH /v2/audit-log-webhook; Konnect's v3
	// webhook of an organization that set no destination is disabled).
	state := &kongStateFile{provider: kong}
	state.add("konnect_audit_log", "this", konnect.Object{"authorization": token, "enabled": true, "endpoint": "https://siem.example.com/konnect",
		"log_format": "json", "skip_ssl_verification": false, "updated_at": "2026-11-30T09:14:03.000Z"}, nil)
	state.write(t, c.dir)
	header := "terraform {\n  required_providers {\n    konnect = { source = \"konnectguard/konnect\" }\n  }\n}\n\n"
	if out, code := c.run(nil, "state", "replace-provider", "-auto-approve", "-no-color", kong, ours); code != 0 {
		t.Fatalf("state replace-provider exit %d:\n%s", code, out)
	}

	// Kong's configuration: refused, naming the attribute that moved to the destination.
	c.write(header + e.providerBlock("") + `
resource "konnect_audit_log" "this" {
  enabled               = true
  endpoint              = "https://siem.example.com/konnect"
  authorization         = "` + token + `"
  log_format            = "json"
  skip_ssl_verification = false
}
`)
	out, code := c.run(nil, "plan", "-input=false", "-no-color")
	if code != 1 || !regexp.MustCompile(`(?s)Unsupported argument.*An argument named "endpoint" is not expected here`).MatchString(out) {
		t.Fatalf("Kong's configuration after replace-provider (exit %d):\n%s", code, out)
	}

	// The guide's configuration.
	c.write(header + e.providerBlock("") + `
resource "konnect_audit_log_destination" "siem" {
  name          = "siem"
  endpoint      = "https://siem.example.com/konnect"
  authorization = "` + token + `"
  log_format    = "json"
}

resource "konnect_audit_log" "this" {
  enabled                  = true
  audit_log_destination_id = konnect_audit_log_destination.siem.id
}
`)
	logPath := filepath.Join(t.TempDir(), "plan.log")
	out, code = c.run([]string{"TF_LOG=debug", "TF_LOG_PATH=" + logPath}, "plan", "-input=false", "-no-color", "-detailed-exitcode")
	if code != 2 || !strings.Contains(out, "konnect_audit_log_destination.siem will be created") ||
		!strings.Contains(out, "konnect_audit_log.this will be updated in-place") || !strings.Contains(out, "Plan: 1 to add, 1 to change, 0 to destroy.") {
		t.Fatalf("the guide's plan (exit %d):\n%s", code, out)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "kong-webhook") || strings.Contains(string(log), "kong-webhook") {
		t.Error("Kong's authorization is in the plan output or the log")
	}
	if out, code := c.run(nil, "apply", "-auto-approve", "-input=false", "-no-color"); code != 0 {
		t.Fatalf("apply exit %d:\n%s", code, out)
	}
	dests := e.list("/v3/audit-log-destinations")
	if len(dests) != 1 || dests[0]["endpoint"] != "https://siem.example.com/konnect" || dests[0]["log_format"] != "json" {
		t.Fatalf("Konnect's destinations: %v", dests)
	}
	if got, _ := e.Mock.Organization().Authorization(dests[0]["id"].(string)); got != token {
		t.Error("the destination did not receive Kong's authorization")
	}
	if w := e.get("/v3/audit-log-webhook"); w["enabled"] != true || w["audit_log_destination_id"] != dests[0]["id"] {
		t.Fatalf("Konnect's webhook: %v", w)
	}
	if out, code := c.run(nil, "plan", "-input=false", "-no-color", "-detailed-exitcode"); code != 0 {
		t.Fatalf("plan after the upgrade (exit %d):\n%s", code, out)
	}
	_, instances := acctest.ReadStateFile(t, filepath.Join(c.dir, "terraform.tfstate"))
	for _, in := range instances {
		if in.Type != "konnect_audit_log" {
			continue
		}
		if _, has := in.Attributes["authorization"]; has {
			t.Errorf("the webhook's state keeps Kong's authorization attribute: %v", in.Attributes)
		}
		if in.Attributes["id"] != "audit_log" {
			t.Errorf("the webhook's id in state: %v", in.Attributes["id"])
		}
	}
}
