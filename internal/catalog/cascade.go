package catalog

import "github.com/konnectguard/terraform-provider-konnect/internal/engine"

// What Konnect deletes with an API (the cascade guard, engine/cascade.go): its versions,
// documents (a tree: a document's children go with it) and implementations, each a
// platform listing below the API's own path and imported as <api_id>/<id>. Terraform
// deletes the ones it manages before the API, so any still there were made outside this
// configuration (in Konnect's catalog editor, by another tool).
var (
	apiVersionsOf = engine.Dependent{Collection: "versions", Platform: true, TypeName: "konnect_api_version",
		NameFields: []string{"version"}}
	apiDocumentsOf = engine.Dependent{Collection: "documents", Platform: true, Tree: "children", TypeName: "konnect_api_document",
		NameFields: []string{"title", "slug"}}
	// A document's child documents, at any depth: Konnect deletes them with it.
	subDocumentsOf = engine.Dependent{Descendants: true, Tree: "children", Under: "api_id", TypeName: "konnect_api_document",
		NameFields: []string{"title", "slug"}}
	// An implementation is named by the gateway service it points at (the service stays).
	apiImplementationsOf = engine.Dependent{Collection: "implementations", Platform: true, TypeName: "konnect_api_implementation",
		NameFields: []string{"service.id"}}
)
