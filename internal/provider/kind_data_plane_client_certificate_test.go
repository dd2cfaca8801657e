package provider

// dataPlaneClientCertificateRow takes part in TestAccKinds (acc_kinds_test.go). A data-plane
// client certificate, changing its title; scenario 9 removes the title.
var dataPlaneClientCertificateRow = kindRow{noKept: "cert and title are its only fields",
	deps: pemDep, block: "cert = local.cert\n  title = %s",
	update:  &kindUpdate{attr: "title", values: [2]any{"first", "second"}, ui: "edited in the UI"},
	removal: &kindRemoval{attr: "title", hcl: `"t9"`, ui: "set in the UI"}}
