package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// keyRow takes part in TestAccKinds (acc_kinds_test.go). A JWK key: its material is sensitive, so
// the row changes its name.
var keyRow = acctest.KindRow{Block: "kid = \"k1\"\n  jwk = jsonencode({ kty = \"oct\", kid = \"k1\", k = \"c2VjcmV0\" })\n  name = %s",
	Update: &acctest.KindUpdate{Attr: "name", Values: [2]any{"k-first", "k-second"}, UI: "k-ui"}}
