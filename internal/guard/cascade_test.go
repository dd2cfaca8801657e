package guard

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckCascadeNone(t *testing.T) {
	if e := CheckCascade(Object{TypeName: "konnect_gateway_service", ID: "s1"}, nil, false, PolicyFail); e != nil {
		t.Fatalf("no dependents: want no conflict, got %v", e)
	}
}

func TestCascadeErrorFail(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_consumer", ID: "c-1", ControlPlaneID: "cp-1"}
	e := CheckCascade(obj, []Dependent{
		{TypeName: "konnect_gateway_plugin", ID: "p-1", Name: "rate-limiting", CreatedAt: "2026-12-02T09:14:03Z", ImportID: "cp-1/p-1"},
		{TypeName: "konnect_gateway_key_auth", ID: "k-22", CreatedAt: "2026-12-02T09:15:00Z", ImportID: "cp-1/c-1/k-22"},
	}, false, PolicyFail)
	if e == nil {
		t.Fatal("want a conflict")
	}
	if got, want := e.Summary(), "Deleting this object would delete objects that Terraform does not manage"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	want := `  konnect_gateway_consumer (id c-1, control plane cp-1) has 2 objects in Konnect that Konnect deletes with it:
    konnect_gateway_plugin     id p-1    name "rate-limiting"   created_at 2026-12-02T09:14:03Z
    konnect_gateway_key_auth   id k-22                          created_at 2026-12-02T09:15:00Z

Terraform deletes the objects it manages before the object they belong to, so these were created outside this configuration (in Konnect, or by another configuration).

Nothing was deleted. Choose what happens to them:
Keep them: import them into this configuration, for example

  import {
    to = konnect_gateway_plugin.<name>
    id = "cp-1/p-1"
  }

  import {
    to = konnect_gateway_key_auth.<name>
    id = "cp-1/c-1/k-22"
  }

and plan again.
Remove them yourself: delete them in Konnect, then apply again.
Let Konnect delete them with this object: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = "overwrite").`
	if got := e.Detail(); got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
	// Without any name, no name column.
	d := CheckCascade(obj, []Dependent{{TypeName: "konnect_gateway_key_auth", ID: "k-22", CreatedAt: "2026-12-02T09:15:00Z"}}, false, PolicyFail).Detail()
	if !strings.Contains(d, "\n    konnect_gateway_key_auth   id k-22   created_at 2026-12-02T09:15:00Z\n") {
		t.Errorf("a dependent without a name:\n%s", d)
	}
	if got := strings.Join(e.IDs(), ","); got != "p-1,k-22" {
		t.Errorf("IDs() = %s", got)
	}
	if !strings.HasPrefix(e.Error(), e.Summary()+": ") {
		t.Errorf("Error() = %q", e.Error())
	}
}

func TestCascadeErrorWarn(t *testing.T) {
	e := CheckCascade(Object{TypeName: "konnect_gateway_upstream", ID: "u-1"},
		[]Dependent{{TypeName: "konnect_gateway_target", ID: "t-1", Name: "10.0.0.7:8080", ImportID: "cp/u-1/t-1"}}, false, PolicyWarn)
	if got, want := e.Summary(), "Deleting this object also deletes objects that Terraform does not manage"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	d := e.Detail()
	for _, s := range []string{"has 1 object in Konnect", `konnect_gateway_target   id t-1   name "10.0.0.7:8080"` + "\n", `conflict_policy is "warn": Konnect deletes them together with this object.`} {
		if !strings.Contains(d, s) {
			t.Errorf("detail lacks %q:\n%s", s, d)
		}
	}
	for _, s := range []string{"Nothing was deleted", "import {", "KONNECT_CONFLICT_POLICY"} {
		if strings.Contains(d, s) {
			t.Errorf("warn detail should not say %q:\n%s", s, d)
		}
	}
}

// Many dependents: the diagnostic names MaxDependentsShown and counts the rest; a listing
// cut at its page makes every count a lower bound.
func TestCascadeErrorCap(t *testing.T) {
	var found []Dependent
	for i := range 45 {
		found = append(found, Dependent{TypeName: "konnect_gateway_plugin", ID: fmt.Sprintf("p-%02d", i), ImportID: "x"})
	}
	for _, tc := range []struct {
		truncated   bool
		count, more string
	}{
		{false, "has 45 objects", "    … and 25 more\n"},
		{true, "has at least 45 objects", "    … and at least 25 more\n"},
	} {
		d := CheckCascade(Object{TypeName: "konnect_gateway_service", ID: "s"}, found, tc.truncated, PolicyFail).Detail()
		if !strings.Contains(d, tc.count) || !strings.Contains(d, tc.more) {
			t.Errorf("truncated=%v: want %q and %q in:\n%s", tc.truncated, tc.count, tc.more, d)
		}
		if got := strings.Count(d, "konnect_gateway_plugin   id p-"); got != MaxDependentsShown {
			t.Errorf("named %d dependents, want %d", got, MaxDependentsShown)
		}
		if !strings.Contains(d, "id p-19") || strings.Contains(d, "id p-20") {
			t.Errorf("want the first %d named, in order:\n%s", MaxDependentsShown, d)
		}
	}
	// A truncated listing with fewer than the cap shown still says more exist.
	d := CheckCascade(Object{TypeName: "konnect_gateway_service", ID: "s"}, found[:3], true, PolicyFail).Detail()
	if !strings.Contains(d, "has at least 3 objects") || !strings.Contains(d, "    … and more\n") {
		t.Errorf("truncated listing of 3:\n%s", d)
	}
}

// A route that references a service is no cascade: Konnect refuses to delete the service
// while it exists, whatever the policy. The diagnostic names the route, gives its import
// block, lists what would go with the service apart, and offers no policy as a way out.
func TestCascadeErrorRefused(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_service", ID: "s-1", ControlPlaneID: "cp-1"}
	for _, policy := range []ConflictPolicy{PolicyFail, PolicyWarn, PolicyOverwrite} {
		e := CheckCascade(obj, []Dependent{
			{TypeName: "konnect_gateway_plugin", ID: "p-1", Name: "rate-limiting", CreatedAt: "2026-12-02T09:14:03Z", ImportID: "cp-1/p-1"},
			{TypeName: "konnect_gateway_route", ID: "r-1", Name: "legacy", CreatedAt: "2026-12-02T09:15:00Z", ImportID: "cp-1/r-1", Refuses: true},
		}, false, policy)
		if !e.Refused() {
			t.Fatalf("%s: a route that references the service: want a refusal", policy)
		}
		if got, want := e.Summary(), "Konnect refuses to delete this object while objects that Terraform does not manage reference it"; got != want {
			t.Errorf("%s: summary %q, want %q", policy, got, want)
		}
		want := `  konnect_gateway_service (id s-1, control plane cp-1) is referenced by 1 object in Konnect, and Konnect refuses to delete it while they exist:
    konnect_gateway_route   id r-1   name "legacy"   created_at 2026-12-02T09:15:00Z
  It also has 1 object in Konnect that Konnect deletes with it:
    konnect_gateway_plugin   id p-1   name "rate-limiting"   created_at 2026-12-02T09:14:03Z

Terraform deletes the objects it manages before the object they belong to, so these were created outside this configuration (in Konnect, or by another configuration).

Nothing was deleted. Choose what happens to them:
Keep them: import them into this configuration, for example

  import {
    to = konnect_gateway_plugin.<name>
    id = "cp-1/p-1"
  }

  import {
    to = konnect_gateway_route.<name>
    id = "cp-1/r-1"
  }

and plan again.
Remove them yourself: delete them in Konnect, then apply again.
No conflict_policy lets this delete through: Konnect itself refuses it while they reference the object.`
		if got := e.Detail(); got != want {
			t.Errorf("%s: detail:\n%s\nwant:\n%s", policy, got, want)
		}
	}
	if CheckCascade(obj, []Dependent{{TypeName: "konnect_gateway_plugin", ID: "p-1"}}, false, PolicyFail).Refused() {
		t.Error("a plugin alone: Konnect deletes it with the service, no refusal")
	}
}

// A team's memberships are links: the diagnostic names them like objects, and says once
// per link type that what they link stays in Konnect and only loses the membership. A role
// grant is no link and gets no such line; a platform object has no control plane.
func TestCascadeErrorLinks(t *testing.T) {
	const userLink = "a membership: the user stays in Konnect, no longer in the team and without the roles granted to it"
	e := CheckCascade(Object{TypeName: "konnect_team", ID: "t-1"}, []Dependent{
		{TypeName: "konnect_team_user", ID: "u-1", Name: "jane@example.com", ImportID: "t-1/u-1", Link: userLink},
		{TypeName: "konnect_team_user", ID: "u-2", Name: "john@example.com", ImportID: "t-1/u-2", Link: userLink},
		{TypeName: "konnect_team_role", ID: "g-1", Name: "Viewer on Control Planes", ImportID: "t-1/g-1"},
	}, false, PolicyFail)
	want := `  konnect_team (id t-1) has 3 objects in Konnect that Konnect deletes with it:
    konnect_team_user   id u-1   name "jane@example.com"
    konnect_team_user   id u-2   name "john@example.com"
    konnect_team_role   id g-1   name "Viewer on Control Planes"
  Each konnect_team_user is a membership: the user stays in Konnect, no longer in the team and without the roles granted to it.

Terraform deletes the objects it manages before the object they belong to, so these were created outside this configuration (in Konnect, or by another configuration).

Nothing was deleted. Choose what happens to them:
Keep them: import them into this configuration, for example

  import {
    to = konnect_team_user.<name>
    id = "t-1/u-1"
  }

  import {
    to = konnect_team_role.<name>
    id = "t-1/g-1"
  }

and plan again.
Remove them yourself: delete them in Konnect, then apply again.
Let Konnect delete them with this object: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = "overwrite").`
	if got := e.Detail(); got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
	// Under warn the line stays: the warning says the users stay too.
	w := CheckCascade(e.Object, e.Dependents, false, PolicyWarn).Detail()
	if !strings.Contains(w, "  Each konnect_team_user is "+userLink+".\n") {
		t.Errorf("warn detail lacks the membership line:\n%s", w)
	}
}

// An API implementation that points at a service: Konnect would delete the service and leave
// the implementation broken, so the guard refuses under every policy, and says it is the
// guard's refusal (the reference would dangle), not Konnect's.
func TestCascadeErrorDangling(t *testing.T) {
	obj := Object{TypeName: "konnect_gateway_service", ID: "s-1", ControlPlaneID: "cp-1"}
	for _, policy := range []ConflictPolicy{PolicyFail, PolicyWarn, PolicyOverwrite} {
		e := CheckCascade(obj, []Dependent{
			{TypeName: "konnect_api_implementation", ID: "i-1", Name: "billing", ImportID: "a-1/i-1", Refuses: true, Dangles: true},
		}, false, policy)
		if !e.Refused() {
			t.Fatalf("%s: want a refusal", policy)
		}
		if got, want := e.Summary(), "Deleting this object would break objects that Terraform does not manage"; got != want {
			t.Errorf("%s: summary %q, want %q", policy, got, want)
		}
		d := e.Detail()
		for _, want := range []string{
			"konnect_gateway_service (id s-1, control plane cp-1) is referenced by 1 object in Konnect, which the delete would leave pointing at nothing:\n    konnect_api_implementation   id i-1   name \"billing\"",
			"id = \"a-1/i-1\"",
			"No conflict_policy lets this delete through: the objects that reference it would be left broken.",
		} {
			if !strings.Contains(d, want) {
				t.Errorf("%s: detail lacks %q:\n%s", policy, want, d)
			}
		}
		if strings.Contains(d, "Konnect itself refuses") {
			t.Errorf("%s: the detail says Konnect refuses:\n%s", policy, d)
		}
	}
	// With a route as well, Konnect's own refusal is what the summary says.
	e := CheckCascade(obj, []Dependent{
		{TypeName: "konnect_api_implementation", ID: "i-1", Name: "billing", ImportID: "a-1/i-1", Refuses: true, Dangles: true},
		{TypeName: "konnect_gateway_route", ID: "r-1", Name: "legacy", ImportID: "cp-1/r-1", Refuses: true},
	}, false, PolicyFail)
	if !strings.HasPrefix(e.Summary(), "Konnect refuses") {
		t.Errorf("summary with a route: %q", e.Summary())
	}
}

// Decided at plan, a refusal says so (the plan destroys what the configuration manages
// first), and a setting that would have Konnect delete
// the refusing objects (a portal's force_destroy) is named.
func TestCascadeErrorAtPlanForced(t *testing.T) {
	obj := Object{TypeName: "konnect_portal", ID: "portal-1"}
	e := CheckCascade(obj, []Dependent{
		{TypeName: "konnect_api_publication", ID: "api-1", Name: "billing", ImportID: "api-1/portal-1", Refuses: true,
			Forced: `set force_destroy = "true" on this portal, and Konnect unpublishes them with it.`},
	}, false, PolicyFail)
	e.AtPlan = true
	want := `  konnect_portal (id portal-1) is referenced by 1 object in Konnect, and Konnect refuses to delete it while they exist:
    konnect_api_publication   id api-1   name "billing"

This plan destroys the objects this configuration manages under it first; these are not among them, so they were created outside this configuration (in Konnect, or by another configuration). (One that this configuration does manage but whose configuration names this object by a literal id instead of a reference is destroyed in no set order: refer to this object's id attribute instead.)

Nothing was deleted. Choose what happens to them:
Keep them: import them into this configuration, for example

  import {
    to = konnect_api_publication.<name>
    id = "api-1/portal-1"
  }

and plan again.
Remove them yourself: delete them in Konnect, then apply again.
No conflict_policy lets this delete through: Konnect itself refuses it while they reference the object.
Let Konnect delete them with this object: set force_destroy = "true" on this portal, and Konnect unpublishes them with it.`
	if got := e.Detail(); got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
