package provider

// basicAuthRow takes part in TestAccKinds (acc_kinds_test.go). A basic-auth credential, changing
// its username. Konnect returns the password hashed, so an edit in Konnect writes the same
// password back, as the UI does.
var basicAuthRow = kindRow{deps: consumerDep, block: "consumer_id = konnect_gateway_consumer.alice.id\n  password = \"correct-horse\"\n  username = %s",
	update: &kindUpdate{attr: "username", values: [2]any{"alice-basic", "alice-basic-2"}, ui: "alice-ui", also: map[string]any{"password": "correct-horse"}}}
