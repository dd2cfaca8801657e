package portal_test

import (
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
	"github.com/konnectguard/terraform-provider-konnect/internal/portal"
)

// TestAccKinds runs the guard scenarios every kind takes part in (acctest.RunKinds) for each
// Dev Portal kind, from its row in kind_portal*_test.go; internal/provider's
// TestKindRowsCoverEveryKind checks that this runs portal.Kinds, the family's part of the
// provider's registry.
func TestAccKinds(t *testing.T) {
	acctest.RunKinds(t, portal.Kinds, kindRows, newServer)
}

// TestAccKindsBothCLIs runs the rows of the family's kinds that OpenTofu runs too
// (acctest.KindsBothCLIs: one per API style).
func TestAccKindsBothCLIs(t *testing.T) {
	acctest.RunKindsBothCLIs(t, portal.Kinds, kindRows, newServer)
}

// kindRows: one row per Dev Portal kind.
var kindRows = map[string]acctest.KindRow{
	// the portal family (kind_portal_test.go)
	portal.PortalKind.TypeName:   portalRow,
	portal.TeamKind.TypeName:     portalTeamRow,
	portal.TeamRoleKind.TypeName: portalTeamRoleRow,
	// the Dev Portal's content (kind_portal_page_test.go)
	portal.PageKind.TypeName:    pageRow,
	portal.SnippetKind.TypeName: snippetRow,
	// who may reach a portal (kind_portal_ip_allow_list_test.go)
	portal.IPAllowListKind.TypeName: ipAllowListRow,
	// where a portal's audit logs go (kind_portal_audit_log_webhook_test.go)
	portal.AuditLogWebhookKind.TypeName: auditLogWebhookRow,
	// a portal's settings (kind_portal_settings_test.go)
	portal.AuthKind.TypeName:          portalAuthRow,
	portal.CustomizationKind.TypeName: portalCustomizationRow,
	portal.CustomDomainKind.TypeName:  portalCustomDomainRow,
	portal.LogoKind.TypeName:          portalImageRow,
	portal.FaviconKind.TypeName:       portalImageRow,
	// application auth strategies (kind_portal_settings_test.go)
	portal.ApplicationAuthStrategyKind.TypeName: applicationAuthStrategyRow,
}
