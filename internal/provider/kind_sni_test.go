package provider

// sniRow takes part in TestAccKinds (acc_kinds_test.go). An SNI: its name changes in place.
var sniRow = kindRow{deps: certificateDep, block: "certificate = { id = konnect_gateway_certificate.c.id }\n  name = %s",
	update: &kindUpdate{attr: "name", values: [2]any{"api.example.com", "www.example.com"}, ui: "ui.example.com"}}
