package konnectmock

import (
	"bytes"
	"io"
	"net/http"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// Control endpoints under /_mock/. Real Konnect has none of them. They take the
// same bearer token as the API (so a mock shared by a CI job is not open to
// anyone who can reach it), answer application/json, are not counted and never
// meet an injected fault.
//
//	POST      /_mock/reset         a new organisation (and state file), counters zero → 204
//	GET       /_mock/dump          the whole state document → 200
//	GET       /_mock/counts        Counts() → 200
//	POST      /_mock/counts/reset  ResetCounts() → 204
//	GET       /_mock/faults        the fault settings → 200
//	PUT       /_mock/faults        replace them (absent fields are zero) → 200 with the result
//	PATCH     /_mock/faults        change only the fields given → 200 with the result
//
// A mounted family may have control endpoints of its own (mockcore.Controller),
// under /_mock/ too; a successful write there is saved to the state file like an
// API write. The access family's: POST /_mock/users, POST
// /_mock/tokens/{id}/expire, POST /_mock/tokens/{id}/revoke. The portal
// family's: PUT /_mock/portals/{id}/pages/{id}/content, POST and DELETE
// /_mock/portals/{id}/publications[/{apiId}], POST
// /_mock/portals/{id}/custom-domain/verify.
//
// Errors are {"message":"…"}: 400 for invalid fault settings, 401, 404, 405 (with Allow).
func (s *Server) serveMock(w http.ResponseWriter, r *http.Request, rest []string) {
	if !s.authorized(r) {
		coreJSON(http.StatusUnauthorized, map[string]any{"message": "Unauthorized", "status": 401}).Write(w)
		return
	}
	path := strings.Join(rest, "/")
	for _, f := range s.families {
		ctl, ok := f.(mockcore.Controller)
		if !ok {
			continue
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
		if err != nil {
			mockError(http.StatusBadRequest, "cannot read request body").Write(w)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		if resp, mine := ctl.Control(r, path, body); mine {
			if isWrite(r.Method) && resp.OK() {
				if err := s.save(); err != nil {
					resp = mockError(http.StatusInternalServerError, "konnect-mock could not save its state file: "+err.Error())
				}
			}
			resp.Write(w)
			return
		}
	}
	s.controlResponse(r, path).Write(w)
}

func mockError(status int, msg string) response {
	return coreJSON(status, map[string]any{"message": msg})
}

func mockMethodNotAllowed(allow ...string) response {
	return mockError(http.StatusMethodNotAllowed, "Method Not Allowed").With("Allow", strings.Join(allow, ", "))
}

func (s *Server) controlResponse(r *http.Request, path string) response {
	switch path {
	case "reset":
		if r.Method != http.MethodPost {
			return mockMethodNotAllowed("POST")
		}
		s.mu.Lock()
		for _, f := range s.families {
			f.Reset()
		}
		s.mu.Unlock()
		s.ResetCounts()
		if err := s.save(); err != nil {
			return mockError(http.StatusInternalServerError, "konnect-mock could not save its state file: "+err.Error())
		}
		return noContent()
	case "dump":
		if r.Method != http.MethodGet {
			return mockMethodNotAllowed("GET")
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		return response{Status: http.StatusOK, CType: ctJSON, Body: s.snapshot()}
	case "counts":
		if r.Method != http.MethodGet {
			return mockMethodNotAllowed("GET")
		}
		return coreJSON(http.StatusOK, s.Counts())
	case "counts/reset":
		if r.Method != http.MethodPost {
			return mockMethodNotAllowed("POST")
		}
		s.ResetCounts()
		return noContent()
	case "faults":
		switch r.Method {
		case http.MethodGet:
			return coreJSON(http.StatusOK, s.faults.get())
		case http.MethodPut, http.MethodPatch:
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
			if err != nil {
				return mockError(http.StatusBadRequest, "cannot read request body")
			}
			var f Faults
			if r.Method == http.MethodPatch {
				f = s.faults.get()
				f.Seed = 0 // restart the random sequence only when a seed is given
			}
			if err := f.UnmarshalJSON(body); err != nil {
				return mockError(http.StatusBadRequest, "invalid fault settings: "+err.Error())
			}
			f, err = f.normalized()
			if err != nil {
				return mockError(http.StatusBadRequest, "invalid fault settings: "+err.Error())
			}
			s.faults.set(f)
			return coreJSON(http.StatusOK, s.faults.get())
		}
		return mockMethodNotAllowed("GET", "PUT", "PATCH")
	}
	return mockError(http.StatusNotFound, "not found")
}
