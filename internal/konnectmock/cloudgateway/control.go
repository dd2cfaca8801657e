package cloudgateway

import (
	"encoding/json"
	"net/http"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// FailNextProvisioning makes the next provisioning that starts (a network's, a data-plane
// group's) end in state `error` with this reason instead of `ready`.
func (f *Family) FailNextProvisioning(reason string) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st.FailNext = reason
}

// NetworkState is a network's state and entity_version as Konnect reports them now ("" and
// 0 when there is no such network).
func (f *Family) NetworkState(id string) (string, int) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.advance()
	if n := f.network(id); n != nil {
		return n.State, n.EntityVersion
	}
	return "", 0
}

// Control serves POST /_mock/cloud-gateways/fail-next-provisioning {"reason": "…"} → 204.
func (f *Family) Control(r *http.Request, path string, body []byte) (mockcore.Response, bool) {
	if path != "cloud-gateways/fail-next-provisioning" {
		return mockcore.Response{}, false
	}
	if r.Method != http.MethodPost {
		return f.env.NotAllowed([]string{http.MethodPost}), true
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := json.Unmarshal(body, &in); err != nil || in.Reason == "" {
		return f.env.Problem(http.StatusBadRequest, `a body {"reason": "…"} is required`), true
	}
	f.FailNextProvisioning(in.Reason)
	return mockcore.NoContent(), true
}
