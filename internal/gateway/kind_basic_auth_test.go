package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// basicAuthRow takes part in TestAccKinds (acc_kinds_test.go). A basic-auth credential, changing
// its username. Konnect returns the password hashed, so an edit in Konnect writes the same
// password back, as the UI does.
var basicAuthRow = acctest.KindRow{Deps: consumerDep, Block: "consumer_id = konnect_gateway_consumer.alice.id\n  password = \"correct-horse\"\n  username = %s",
	Update: &acctest.KindUpdate{Attr: "username", Values: [2]any{"alice-basic", "alice-basic-2"}, UI: "alice-ui", Also: map[string]any{"password": "correct-horse"}}}
