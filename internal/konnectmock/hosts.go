package konnectmock

import (
	"net/http"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// Konnect serves a few APIs on its global host only and the rest in each region
// (konnect.IsGlobalPath). The mock serves every API on its one address by default, so that
// tests, the demo and other tools need one URL. Regional and Global serve the two hosts apart,
// over the same state: each answers an API the other host serves with the 404 Konnect gives
// for a route it does not have, so a test proves that a client sends each call to its host.
// The /_mock/ control endpoints are served on both.

// Regional serves the regional APIs, and refuses the global ones.
func (s *Server) Regional() http.Handler { return s.hostOnly(false) }

// Global serves the global APIs, and refuses the regional ones.
func (s *Server) Global() http.Handler { return s.hostOnly(true) }

func (s *Server) hostOnly(global bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		segs := splitPath(r.URL.EscapedPath())
		if len(segs) > 0 && segs[0] == "_mock" || konnect.IsGlobalPath(r.URL.EscapedPath()) == global {
			s.ServeHTTP(w, r)
			return
		}
		s.count(r.Method + " wrong host")
		s.problem(http.StatusNotFound, "Not Found").Write(w)
	})
}
