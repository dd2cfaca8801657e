package provider

// routeRow takes part in TestAccKinds (acc_kinds_test.go). A traditional route of a service,
// changing its regex priority.
var routeRow = kindRow{deps: serviceDep,
	block:  "service = { id = konnect_gateway_service.orders.id }\n  paths = [\"/orders\"]\n  regex_priority = %s",
	update: &kindUpdate{attr: "regex_priority", values: [2]any{1, 2}, ui: 7}}
