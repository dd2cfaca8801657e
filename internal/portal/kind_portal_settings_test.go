package portal_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// The rows of a portal's settings in TestAccKinds (acc_kinds_test.go).

// portalAuthRow: a portal's authentication settings, one object per portal, whose id is the
// portal's. A setting is a flag, so what someone sets in Konnect is the plan's value, as in
// authenticationSettingsRow: the edit makes a saved plan stale, and the revert of it is a
// conflict. Scenario 9 removes idp_mapping_enabled.
var portalAuthRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "idp_mapping_enabled", UI: true},
	Deps:    portalDep,
	Block:   "portal_id = konnect_portal.dev.id\n  konnect_mapping_enabled = %s",
	Update:  &acctest.KindUpdate{Attr: "konnect_mapping_enabled", Values: [2]any{false, true}, UI: true},
	Removal: &acctest.KindRemoval{Attr: "idp_mapping_enabled", HCL: "true", UI: true}}

// portalCustomizationRow: a portal's customization, one document per portal, changing its
// CSS; scenario 9 removes robots, which goes back to none.
var portalCustomizationRow = acctest.KindRow{Kept: &acctest.KindKept{Field: "robots", UI: "User-agent: *\nDisallow: /private"},
	Deps:    portalDep,
	Block:   "portal_id = konnect_portal.dev.id\n  css = %s",
	Update:  &acctest.KindUpdate{Attr: "css", Values: [2]any{"h1 { color: teal; }", "h1 { color: navy; }"}, UI: "h1 { color: red; }"},
	Removal: &acctest.KindRemoval{Attr: "robots", HCL: `"User-agent: *"`, UI: "Disallow: /"}}

// portalCustomDomainRow: a portal's custom domain verified over HTTP, turning it on; every
// other attribute is required.
var portalCustomDomainRow = acctest.KindRow{NoKept: "configuration sets hostname, ssl and enabled; the private key is a secret the row does not use",
	Deps:      portalDep,
	Block:     "portal_id = konnect_portal.dev.id\n  hostname = \"docs.example.com\"\n  ssl = { domain_verification_method = \"http\" }\n  enabled = %s",
	Update:    &acctest.KindUpdate{Attr: "enabled", Values: [2]any{false, true}, UI: true},
	NoRemoval: "a custom domain's attributes are required (its host name and verification method replace it)"}

// portalImageRow: a portal's logo or favicon, changing the image; its one attribute is
// required.
var portalImageRow = acctest.KindRow{NoKept: "data is its whole body",
	Deps:      portalDep,
	Block:     "portal_id = konnect_portal.dev.id\n  data = %s",
	Update:    &acctest.KindUpdate{Attr: "data", Values: [2]any{acctest.PNGPixel, "data:image/gif;base64,R0lGODlhAQABAAAAACw="}, UI: "data:image/svg+xml;base64,PHN2Zy8+"},
	NoRemoval: "an image's one attribute, data, is required"}

// applicationAuthStrategyRow: a key_auth strategy, changing its display name (Konnect holds it
// at the top level of the strategy; Kong's schema inside key_auth).
var applicationAuthStrategyRow = acctest.KindRow{NoKept: "every field Konnect holds is one of key_auth's, which the row sets (a member someone else changes is compared member by member: TestAccPortalCustomization)",

	Block:     "key_auth = {\n    name = \"keys\"\n    display_name = %s\n    configs = { key_auth = { key_names = [\"apikey\"] } }\n  }",
	Update:    &acctest.KindUpdate{Attr: "key_auth", Field: "display_name", Line: "key_auth.display_name", HCL: "%q", Values: [2]any{"Keys 1", "Keys 2"}, UI: "Keys in the UI"},
	NoRemoval: "a strategy's attributes are inside its key_auth or openid_connect object, which is required"}
