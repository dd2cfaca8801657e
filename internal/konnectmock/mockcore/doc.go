// Package mockcore holds what every API family of the mock Konnect shares: the
// response type and its content types, problem+json errors with
// invalid_parameters, page[size]/page[number] paging with meta.page,
// filter[field][op] parsing, request-body field checks, ids, timestamps, bearer
// tokens, and the seam through which the assembler (package konnectmock) mounts
// a family: the Family interface and the Env it hands each family (clock, trace
// ids, and the one lock over the organisation's state).
//
// It imports nothing of the mock; konnectmock and each family package import it.
package mockcore
