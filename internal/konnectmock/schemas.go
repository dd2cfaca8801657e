package konnectmock

import "net/http"

// serveSchema answers the schema endpoints Kong's tools read.
func (s *Server) serveSchema(r *http.Request, rest []string) response {
	return notFound()
}
