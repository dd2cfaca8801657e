package cloudgateway

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// FailNextProvisioning makes the next provisioning that starts (a network's, a data-plane
// group's) end in state `error` with this reason instead of `ready`.
func (f *Family) FailNextProvisioning(reason string) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st.FailNext = reason
}

// NetworkState is a network's state and entity_version as the family last answered them,
// without moving its provisioning on ("" and 0 when there is no such network): what a
// client saw last.
func (f *Family) NetworkState(id string) (string, int) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	if n := f.network(id); n != nil {
		return n.State, n.EntityVersion
	}
	return "", 0
}

// Advance moves every provisioning on as if d had passed on the family's clock (tests whose
// clock they do not hold otherwise).
func (f *Family) Advance(d time.Duration) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.skew += d
	f.advance()
}

// SetProvisioningTime changes Options.ProvisioningTime from now on.
func (f *Family) SetProvisioningTime(d time.Duration) {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.opts.ProvisioningTime = d
}

// Groups are the states of a configuration's data-plane groups by region, as the family
// last answered them.
func (f *Family) Groups(configurationID string) map[string]string {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	out := map[string]string{}
	if c := f.configuration(configurationID); c != nil {
		for _, g := range c.Groups {
			out[fmt.Sprint(g.Config["region"])] = g.State
		}
	}
	return out
}

// Networks are the ids of the networks the family holds, in creation order.
func (f *Family) Networks() []string {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	var out []string
	for _, n := range f.st.Networks {
		out = append(out, n.ID)
	}
	return out
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

// RefusedNotReady is how many transit gateway and private DNS creates the family refused
// because their network was not ready yet.
func (f *Family) RefusedNotReady() int {
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	return f.refusedNotReady
}
