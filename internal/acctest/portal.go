package acctest

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Fixtures of the Dev Portal family, shared by its own tests (internal/portal, TestAccKinds'
// rows among them) and by the ones that stay with the provider (the protocol fixtures, the
// migration).

// PortalAPIID is an API a portal team is granted a role on, or a portal publishes (Konnect
// takes any id there).
const PortalAPIID = "5f9fd312-a987-4628-b4c5-bb4f4fddd5f7"

// AuditDestinationHCL is a konnect_audit_log_destination named name, for configurations
// whose audit log webhooks point at one (Konnect refuses a destination that does not exist).
func AuditDestinationHCL(name string) string {
	return fmt.Sprintf(`
resource "konnect_audit_log_destination" %q {
  name          = %q
  endpoint      = "https://siem.example.com/%s"
  authorization = "Bearer %s-token"
}
`, name, name, name, name)
}

// PNGPixel is a 1×1 PNG as a data URL (Kong's test image).
const PNGPixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR4nGMAAQAABQABDQottAAAAABJRU5ErkJggg=="

var testPortals sync.Map // "<env>/<name>" → portal id

// PortalID is the id of a portal of this mock, made through Konnect's API on first use.
func (e *Env) PortalID(name string) string {
	e.T.Helper()
	key := fmt.Sprintf("%p/%s", e, name)
	if v, ok := testPortals.Load(key); ok {
		id, _ := v.(string)
		return id
	}
	var out konnect.Object
	if _, err := e.Client.Do(context.Background(), http.MethodPost, "/v3/portals", nil, konnect.Object{"name": name}, &out); err != nil {
		e.T.Fatalf("create portal %s: %v", name, err)
	}
	id, _ := out["id"].(string)
	testPortals.Store(key, id)
	return id
}
