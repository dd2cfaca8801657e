package provider

// jwtRow takes part in TestAccKinds (acc_kinds_test.go). A JWT credential, changing its key (the
// issuer claim).
var jwtRow = kindRow{deps: consumerDep, block: "consumer_id = konnect_gateway_consumer.alice.id\n  key = %s",
	update: &kindUpdate{attr: "key", values: [2]any{"alice-issuer", "alice-issuer-2"}, ui: "ui-issuer"}}
