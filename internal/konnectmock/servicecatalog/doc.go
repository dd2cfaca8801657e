// Package servicecatalog serves the mock's Service Catalog API (/v1): catalog services,
// the integrations Konnect offers, integration instances and each instance's auth config
// and auth credential, as the service catalog's published specification describes them
// (problem+json errors, page[size]/page[number] listings with filter[…] and sort).
package servicecatalog
