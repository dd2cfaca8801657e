package provider

// aclRow takes part in TestAccKinds (acc_kinds_test.go). An ACL entry: its group changes in place.
var aclRow = kindRow{deps: consumerDep, block: "consumer_id = konnect_gateway_consumer.alice.id\n  group = %s",
	update: &kindUpdate{attr: "group", values: [2]any{"admins", "auditors"}, ui: "ui-group"}}
