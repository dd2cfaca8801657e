package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// partialRow takes part in TestAccKinds (acc_kinds_test.go). A redis-ee partial, changing the
// Redis port in its config: a key of a JSON document, as for plugins.
var partialRow = acctest.KindRow{Block: "name = \"cache\"\n  type = \"redis-ee\"\n  config = %s",
	Update: &acctest.KindUpdate{Attr: "config", Field: "config.port", HCL: `jsonencode({ host = "redis.internal", port = %v })`, Values: [2]any{6379, 6380}, UI: 7000}}
