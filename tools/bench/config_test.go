package main

import (
	"regexp"
	"strings"
	"testing"
)

// The mix layout: a fifth of N teams, a fifth portal pages, the rest as the module layout
// spreads it; its 10% change touches a tenth of each.
func TestMixSplit(t *testing.T) {
	sp := mixFor(1000)
	if sp.Teams != 200 || sp.Pages != 200 || sp.Services != 285 || sp.Routes != 285 || sp.Plugins != 29 || sp.Total != 999 {
		t.Errorf("mixFor(1000) = %+v", sp)
	}
	ch := changedOf(sp)
	if ch.Teams != 20 || ch.Pages != 20 || ch.Total != ch.Services+ch.Routes+ch.Plugins+40 {
		t.Errorf("changedOf(mixFor(1000)) = %+v", ch)
	}
	// The other layouts change as before.
	if gw := splitFor(1000); changedOf(gw) != changedFor(gw) {
		t.Errorf("changedOf(%+v) = %+v, changedFor %+v", gw, changedOf(gw), changedFor(gw))
	}
	for _, konnect := range []bool{true, false} {
		files := configFiles("mix", konnect, 1000, sp)
		main := files["main.tf"]
		if got := len(regexp.MustCompile(`count\s+= 200\n`).FindAllString(main, -1)); got != 2 {
			t.Errorf("mix main.tf (konnect %v) has %d resources counted 200 times, want 2 (teams, pages):\n%s", konnect, got, main)
		}
		for _, want := range []string{`variable "changed_teams"`, `variable "changed_pages"`, "count            = 285"} {
			if !strings.Contains(main, want) {
				t.Errorf("mix main.tf (konnect %v) lacks %q:\n%s", konnect, want, main)
			}
		}
		if files["service/main.tf"] == "" {
			t.Errorf("mix layout (konnect %v) has no service module", konnect)
		}
		if konnect != strings.Contains(main, `resource "konnect_team" "team"`) || konnect == strings.Contains(main, `resource "terraform_data" "team"`) {
			t.Errorf("mix main.tf (konnect %v) has the other side's teams:\n%s", konnect, main)
		}
	}
}

// The export step's organization holds the objects asked for, of every kind.
func TestExportSplit(t *testing.T) {
	for _, n := range []int{10, 100, 999, 2000, 5001} {
		s := exportSplit(n)
		if s.Total != n {
			t.Errorf("exportSplit(%d) holds %d objects: %+v", n, s.Total, s)
		}
		if n >= 100 && (s.Services == 0 || s.Routes < s.Services || s.Plugins == 0 || s.KeyAuths != s.Consumers || s.Targets != s.Upstreams || s.Upstreams == 0) {
			t.Errorf("exportSplit(%d) lacks a kind: %+v", n, s)
		}
	}
}

// The families layout: a tenth of N of each of six platform kinds (a family each), the
// rest as the module layout spreads it; its 10% change touches a tenth of each kind.
func TestFamiliesSplit(t *testing.T) {
	sp := familiesFor(1000)
	if sp.Teams != 100 || sp.Pages != 100 || sp.Documents != 100 || sp.Consumers != 100 || sp.Scopes != 100 || sp.CatalogServices != 100 ||
		sp.Total != sp.Services+sp.Routes+sp.Plugins+600 || sp.Total > 1000 || sp.Total < 998 {
		t.Errorf("familiesFor(1000) = %+v", sp)
	}
	ch := changedOf(sp)
	if ch.Documents != 10 || ch.Consumers != 10 || ch.Scopes != 10 || ch.CatalogServices != 10 || ch.Total != ch.Services+ch.Routes+ch.Plugins+60 {
		t.Errorf("changedOf(familiesFor(1000)) = %+v", ch)
	}
	for _, konnect := range []bool{true, false} {
		main := configFiles("families", konnect, 1000, sp)["main.tf"]
		if got := len(regexp.MustCompile(`count\s+= 100\n`).FindAllString(main, -1)); got != 6 {
			t.Errorf("families main.tf (konnect %v) has %d resources counted 100 times, want 6:\n%s", konnect, got, main)
		}
		for _, v := range []string{"changed_teams", "changed_pages", "changed_documents", "changed_consumers", "changed_scopes", "changed_catalog_services"} {
			if strings.Count(main, "var."+v) != 1 || !strings.Contains(main, `variable "`+v+`"`) {
				t.Errorf("families main.tf (konnect %v) does not declare and use %s once", konnect, v)
			}
		}
		if konnect != strings.Contains(main, `resource "konnect_centralized_consumer" "consumer"`) {
			t.Errorf("families main.tf (konnect %v) has the other side's consumers", konnect)
		}
	}
	if got := splitTable("families", []int{1000}); !strings.Contains(got, "catalog") || !strings.Contains(got, "100") {
		t.Errorf("splitTable(families) lacks the platform kinds:\n%s", got)
	}
}
