package portal_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// Who may reach a portal: its row in TestAccKinds (acc_kinds_test.go).

// ipAllowListRow: an entry of a portal's IP allow list whose addresses change.
var ipAllowListRow = acctest.KindRow{NoKept: "allowed_ips is its one field",
	Deps:  portalLocalDep,
	Block: "portal_id = local.portal_id\n  allowed_ips = %s",
	Update: &acctest.KindUpdate{Attr: "allowed_ips", Values: [2]any{[]string{"192.0.2.0/24"}, []string{"192.0.2.0/24", "2001:db8::/32"}},
		UI: []any{"198.51.100.7"}},
	NoRemoval: "its one attribute, allowed_ips, is required"}
