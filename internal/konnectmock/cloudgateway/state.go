package cloudgateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Provisioning states, as the spec names them ("error" is where a failed provisioning
// ends, with its reason in state_metadata).
const (
	stateInitializing = "initializing"
	stateReady        = "ready"
	stateError        = "error"
	stateTerminating  = "terminating"
	stateTerminated   = "terminated"
)

type state struct {
	ProviderAccounts []*providerAccount `json:"provider_accounts"`
	Networks         []*network         `json:"networks"`
	Configurations   []*configuration   `json:"configurations"`
	TransitGateways  []*attachment      `json:"transit_gateways,omitempty"`
	PrivateDNS       []*attachment      `json:"private_dns,omitempty"`
	moreState                           // custom_domains.go: custom domains, add-ons, serverless cloud gateways
	// FailNext is the reason the next provisioning to complete fails with ("" none).
	FailNext string `json:"fail_next"`
}

type providerAccount struct {
	ID                string    `json:"id"`
	Provider          string    `json:"provider"`
	ProviderAccountID string    `json:"provider_account_id"`
	CreatedAt         time.Time `json:"created_at"`
	UpdatedAt         time.Time `json:"updated_at"`
}

// lifecycle is what every provisioned object has: its state, since when, its version.
type lifecycle struct {
	State         string    `json:"state"`
	Reason        string    `json:"reason,omitempty"` // why it is in error
	Since         time.Time `json:"since"`            // when it entered State
	FailWith      string    `json:"fail_with,omitempty"`
	EntityVersion int       `json:"entity_version"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

type network struct {
	ID                string   `json:"id"`
	Name              string   `json:"name"`
	Default           bool     `json:"default"`
	ProviderAccountID string   `json:"cloud_gateway_provider_account_id"`
	Region            string   `json:"region"`
	AvailabilityZones []string `json:"availability_zones"`
	CIDRBlock         string   `json:"cidr_block"`
	lifecycle
}

// seededAccounts are the organisation's provider accounts: fixed ids, so that examples and
// tests can name them.
var seededAccounts = []struct{ id, provider, account string }{
	{"7a1fbd4d-0c3e-4bd4-9d6f-5a3c6b0e2a11", "aws", "123456789012"},
	{"2b6c5f0e-8d1a-4e7b-a0c2-3f9e8d7c6b22", "azure", "b1f2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"},
	{"c3d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e33", "gcp", "konnect-dcgw-1234"},
}

// SeededProviderAccount is the id of the organisation's provider account for a cloud
// provider (aws, azure, gcp).
func SeededProviderAccount(provider string) string {
	for _, a := range seededAccounts {
		if a.provider == provider {
			return a.id
		}
	}
	return ""
}

func (f *Family) newState() *state {
	at := mockcore.Millis(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
	s := &state{Networks: []*network{}, Configurations: []*configuration{}}
	for _, a := range seededAccounts {
		s.ProviderAccounts = append(s.ProviderAccounts, &providerAccount{ID: a.id, Provider: a.provider, ProviderAccountID: a.account, CreatedAt: at, UpdatedAt: at})
	}
	return s
}

// begin starts an object's life in a state.
func (f *Family) begin(l *lifecycle, st string) {
	now := f.now()
	*l = lifecycle{State: st, Since: now, EntityVersion: 1, CreatedAt: now, UpdatedAt: now}
}

// changed records a change of an object: a new entity_version and updated_at.
func (f *Family) changed(l *lifecycle) {
	l.EntityVersion++
	l.UpdatedAt = f.now()
}

// moveTo puts an object in a new state at t (when the state it leaves ended).
func (l *lifecycle) moveTo(st string, t time.Time) {
	l.State, l.Since = st, t
	l.EntityVersion++
	l.UpdatedAt = t
}

// step moves an object on by one state if its current one has lasted the provisioning
// time; it reports whether it moved and whether the object is now gone.
func (f *Family) step(l *lifecycle, now time.Time) (moved, gone bool) {
	end := l.Since.Add(f.opts.ProvisioningTime)
	if now.Before(end) {
		return false, false
	}
	switch l.State {
	case stateInitializing:
		if l.FailWith != "" {
			l.Reason, l.FailWith = l.FailWith, ""
			l.moveTo(stateError, end)
			return true, false
		}
		l.moveTo(stateReady, end)
		return true, false
	case stateTerminating:
		l.moveTo(stateTerminated, end)
		return true, false
	case stateTerminated:
		return true, true
	}
	return false, false
}

// advance brings every object's provisioning up to now; the lock is held.
func (f *Family) advance() {
	now := f.now()
	kept := f.st.Networks[:0]
	for _, n := range f.st.Networks {
		gone := false
		for moved := true; moved && !gone; {
			moved, gone = f.step(&n.lifecycle, now)
		}
		if !gone {
			kept = append(kept, n)
		}
	}
	f.st.Networks = kept
	f.st.TransitGateways, f.st.PrivateDNS = f.stepAll(f.st.TransitGateways, now), f.stepAll(f.st.PrivateDNS, now)
	keptC := f.st.Configurations[:0]
	for _, c := range f.st.Configurations {
		for i, g := range c.Groups {
			for moved, gone := true, false; moved && !gone; {
				if moved, gone = f.step(&g.lifecycle, now); moved {
					c.EntityVersion++ // a group's state is part of the configuration
					c.UpdatedAt = g.UpdatedAt
				}
				if gone {
					c.Groups[i] = nil
				}
			}
		}
		c.Groups = dropTerminated(c.Groups)
		if len(c.Groups) > 0 || !c.TornDown {
			keptC = append(keptC, c)
		}
	}
	f.st.Configurations = keptC
	f.advanceMore(now) // custom_domains.go
}

// failWith is the reason a provisioning started now fails with: the one FailNext holds,
// used once.
func (f *Family) failWith() string {
	r := f.st.FailNext
	f.st.FailNext = ""
	return r
}

// Snapshot renders the family's state for the state document; the lock is held.
func (f *Family) Snapshot() json.RawMessage { return raw(f.st) }

// Reset returns to a new organisation.
func (f *Family) Reset() { f.st = f.newState() }

// Restore replaces the state with a snapshot, refusing one that is incomplete.
func (f *Family) Restore(data json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var st state
	if err := dec.Decode(&st); err != nil {
		return fmt.Errorf("cloud_gateways: %w", err)
	}
	if st.ProviderAccounts == nil || st.Networks == nil || st.Configurations == nil {
		return errors.New("cloud_gateways: provider_accounts, networks and configurations are required")
	}
	for i, n := range st.Networks {
		if !mockcore.IsUUID(n.ID) || n.State == "" {
			return fmt.Errorf("cloud_gateways: networks[%d]: an id and a state are required", i)
		}
	}
	f.env.Lock.Lock()
	defer f.env.Lock.Unlock()
	f.st = &st
	return nil
}
