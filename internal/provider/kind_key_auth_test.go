package provider

// keyAuthRow takes part in TestAccKinds (acc_kinds_test.go). A key-auth credential, changing its
// time to live.
var keyAuthRow = kindRow{deps: consumerDep, block: "consumer_id = konnect_gateway_consumer.alice.id\n  ttl = %s",
	update: &kindUpdate{attr: "ttl", values: [2]any{3600, 7200}, ui: 60}}
