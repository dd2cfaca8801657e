package provider

// partialRow takes part in TestAccKinds (acc_kinds_test.go). A redis-ee partial, changing the
// Redis port in its config: a key of a JSON document, as for plugins.
var partialRow = kindRow{block: "name = \"cache\"\n  type = \"redis-ee\"\n  config = %s",
	update: &kindUpdate{attr: "config", field: "config.port", hcl: `jsonencode({ host = "redis.internal", port = %v })`, values: [2]any{6379, 6380}, ui: 7000}}
