package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// routeRow takes part in TestAccKinds (acc_kinds_test.go). A traditional route of a service,
// changing its regex priority.
var routeRow = acctest.KindRow{Deps: serviceDep,
	Block:  "service = { id = konnect_gateway_service.orders.id }\n  paths = [\"/orders\"]\n  regex_priority = %s",
	Update: &acctest.KindUpdate{Attr: "regex_priority", Values: [2]any{1, 2}, UI: 7}}
