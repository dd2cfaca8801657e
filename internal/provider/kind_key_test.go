package provider

// keyRow takes part in TestAccKinds (acc_kinds_test.go). A JWK key: its material is sensitive, so
// the row changes its name.
var keyRow = kindRow{block: "kid = \"k1\"\n  jwk = jsonencode({ kty = \"oct\", kid = \"k1\", k = \"c2VjcmV0\" })\n  name = %s",
	update: &kindUpdate{attr: "name", values: [2]any{"k-first", "k-second"}, ui: "k-ui"}}
