package konnectmock

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// serveRecorded sends one request straight through the handler.
func serveRecorded(s *Server, method, path string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer kpat_fuzz")
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// FuzzDecodeRequest feeds arbitrary bodies to the writes that decode JSON (control
// plane POST and PATCH; service POST and PUT by new id, existing id, name and new
// name). Whatever the body: no panic, a 2xx or 4xx, a JSON body in the content
// type of that API; what was accepted reads back identically and survives a
// round trip through the state document. Seed corpus: testdata/fuzz/FuzzDecodeRequest.
func FuzzDecodeRequest(f *testing.F) {
	f.Add([]byte(`{"host":"a.internal","name":"s1","port":80,"protocol":"http","retries":5}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		s := New(Options{})
		rec := serveRecorded(s, "POST", "/v2/control-planes", []byte(`{"name":"fuzz"}`))
		var cp struct{ ID string }
		if err := json.Unmarshal(rec.Body.Bytes(), &cp); err != nil || rec.Code != 201 {
			t.Fatalf("setup: %d %s", rec.Code, rec.Body)
		}
		existing := "0b3c1f9a-7d2e-4c5b-8a6f-1e2d3c4b5a69"
		if rec := serveRecorded(s, "PUT", core(cp.ID, "services/"+existing), []byte(`{"host":"h","name":"existing"}`)); rec.Code != 200 {
			t.Fatalf("setup: %d %s", rec.Code, rec.Body)
		}
		targets := []struct {
			method, path string
			core         bool
		}{
			{"POST", "/v2/control-planes", false},
			{"PATCH", "/v2/control-planes/" + cp.ID, false},
			{"POST", core(cp.ID, "services"), true},
			{"PUT", core(cp.ID, "services/5b1c0e2a-8d8f-4b7a-9a51-0f0e6c1d2b3a"), true},
			{"PUT", core(cp.ID, "services/"+existing), true},
			{"PUT", core(cp.ID, "services/existing"), true},
			{"PUT", core(cp.ID, "services/fresh-name"), true},
		}
		for _, tg := range targets {
			rec := serveRecorded(s, tg.method, tg.path, body)
			ok := rec.Code >= 200 && rec.Code < 300
			if !ok && (rec.Code < 400 || rec.Code > 499) {
				t.Fatalf("%s %s: status %d: %s", tg.method, tg.path, rec.Code, rec.Body)
			}
			want := ctJSON
			if !tg.core && !ok {
				want = ctProblem
			}
			if ct := rec.Header().Get("Content-Type"); ct != want {
				t.Fatalf("%s %s: %d with Content-Type %q, want %q", tg.method, tg.path, rec.Code, ct, want)
			}
			if !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("%s %s: %d with a body that is not JSON: %q", tg.method, tg.path, rec.Code, rec.Body)
			}
			if ok && tg.core {
				var obj struct{ ID string }
				if err := json.Unmarshal(rec.Body.Bytes(), &obj); err != nil || !isUUID(obj.ID) {
					t.Fatalf("%s %s: accepted object without an id: %s", tg.method, tg.path, rec.Body)
				}
				back := serveRecorded(s, http.MethodGet, core(cp.ID, "services/"+obj.ID), nil)
				if back.Code != 200 || !bytes.Equal(back.Body.Bytes(), rec.Body.Bytes()) {
					t.Fatalf("read back %d %s\nwrote %s", back.Code, back.Body, rec.Body)
				}
			}
		}
		s.mu.Lock()
		doc := s.snapshot()
		s.mu.Unlock()
		again := New(Options{})
		if err := again.restore(doc); err != nil {
			t.Fatalf("the state document does not load back: %v\n%s", err, doc)
		}
		if redo := again.snapshot(); !bytes.Equal(redo, doc) {
			t.Fatalf("the state changed across a round trip:\n%s\n%s", doc, redo)
		}
	})
}
