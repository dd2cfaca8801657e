package konnectmock

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// The state document: what Options.StateFile holds and GET /_mock/dump returns.
//
//	{"format":"konnect-mock-state","version":1,"seq":N,"control_planes":[…],
//	 "families":{"access":{…},"portal":{…}}}
//
// The gateway family's state (package gateway: state.go) sits at the top level,
// beside format and version, where it was before there were families
// (mockcore.TopLevelState). families holds the state of every other family, in
// the family's own format (packages access and portal: state.go), keyed by its
// Name. A document without a family's entry (written before the family existed)
// leaves that family as a new organisation has it.

const (
	stateFormat  = "konnect-mock-state"
	stateVersion = 1
)

// stateHead is the part of the state document that is the assembler's own.
type stateHead struct {
	Format   string                     `json:"format"`
	Version  int                        `json:"version"`
	Families map[string]json.RawMessage `json:"families,omitempty"`
}

// topLevel reports whether f keeps its state at the top level of the document, and under which keys.
func topLevel(f mockcore.Family) ([]string, bool) {
	tl, ok := f.(mockcore.TopLevelState)
	if !ok {
		return nil, false
	}
	return tl.StateKeys(), true
}

// snapshot renders the whole state; s.mu must be held.
func (s *Server) snapshot() []byte {
	var b bytes.Buffer
	head := marshal(stateHead{Format: stateFormat, Version: stateVersion})
	b.Write(bytes.TrimSuffix(bytes.TrimSpace(head), []byte("}")))
	families := map[string]json.RawMessage{}
	for _, f := range s.families {
		if _, ok := topLevel(f); !ok {
			families[f.Name()] = f.Snapshot()
			continue
		}
		obj := bytes.TrimSpace(f.Snapshot())
		if inner := bytes.TrimSpace(obj[1 : len(obj)-1]); len(inner) > 0 {
			b.WriteByte(',')
			b.Write(inner)
		}
	}
	if len(families) > 0 {
		b.WriteString(`,"families":`)
		b.Write(bytes.TrimSpace(marshal(families)))
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// restore replaces the (empty) state with a state document, checking it as it goes:
// a document that would load only partly, or break a family's invariants, is refused.
func (s *Server) restore(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var top map[string]json.RawMessage
	if err := dec.Decode(&top); err != nil {
		var syn *json.SyntaxError
		switch {
		case errors.Is(err, io.EOF):
			return errors.New("the file is empty")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return errors.New("invalid JSON: the document is truncated")
		case errors.As(err, &syn):
			return fmt.Errorf("invalid JSON at byte %d: %v", syn.Offset, err)
		}
		return fmt.Errorf("invalid state document: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("invalid JSON: trailing data after the state document")
	}
	// split the document: the assembler's keys, and each top-level family's
	own := map[string]json.RawMessage{}
	parts := map[string]map[string]json.RawMessage{}
	owner := map[string]string{}
	for _, f := range s.families {
		keys, _ := topLevel(f)
		for _, k := range keys {
			owner[k] = f.Name()
		}
	}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		switch name, ok := owner[k]; {
		case k == "format" || k == "version" || k == "families":
			own[k] = top[k]
		case ok:
			if parts[name] == nil {
				parts[name] = map[string]json.RawMessage{}
			}
			parts[name][k] = top[k]
		default:
			return fmt.Errorf("invalid state document: unknown field %q", k)
		}
	}
	hdec := json.NewDecoder(bytes.NewReader(marshal(own)))
	hdec.DisallowUnknownFields()
	var head stateHead
	if err := hdec.Decode(&head); err != nil {
		return fmt.Errorf("invalid state document: %v", err)
	}
	if head.Format != stateFormat {
		return fmt.Errorf("format is %q, want %q", head.Format, stateFormat)
	}
	if head.Version != stateVersion {
		return fmt.Errorf("version %d is not supported (want %d)", head.Version, stateVersion)
	}
	for _, f := range s.families {
		keys, ok := topLevel(f)
		if !ok || parts[f.Name()] == nil {
			continue
		}
		// the family's object, its keys in its own order
		var b bytes.Buffer
		b.WriteByte('{')
		for _, k := range keys {
			if v, present := parts[f.Name()][k]; present {
				if b.Len() > 1 {
					b.WriteByte(',')
				}
				b.Write(bytes.TrimSpace(marshal(k)))
				b.WriteByte(':')
				b.Write(v)
			}
		}
		b.WriteByte('}')
		if err := f.Restore(b.Bytes()); err != nil {
			return err
		}
	}
	for _, name := range slices.Sorted(maps.Keys(head.Families)) {
		i := slices.IndexFunc(s.families, func(f mockcore.Family) bool {
			_, inline := topLevel(f)
			return f.Name() == name && !inline
		})
		if i < 0 {
			return fmt.Errorf("families: unknown family %q", name)
		}
		if err := s.families[i].Restore(head.Families[name]); err != nil {
			return fmt.Errorf("families: %w", err)
		}
	}
	return nil
}

// loadStateFile loads Options.StateFile, or creates it when it does not exist yet.
func (s *Server) loadStateFile() error {
	path := s.opts.StateFile
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// first run: write the empty state now, so an unusable location fails at start
		if err := s.save(); err != nil {
			return fmt.Errorf("konnectmock: state file %s: cannot create it: %w", path, err)
		}
		return nil
	case err != nil:
		return fmt.Errorf("konnectmock: state file %s: cannot read it: %w", path, err)
	}
	if err := s.restore(data); err != nil {
		return fmt.Errorf("konnectmock: state file %s is not a usable konnect-mock state: %w", path, err)
	}
	return nil
}

// save writes the current state to the state file, if there is one. Writers that
// race are coalesced: a snapshot older than the one already on disk is skipped,
// since the newer one contains it. When save returns nil, every write applied
// before it was called is on disk.
func (s *Server) save() error {
	if s.opts.StateFile == "" {
		return nil
	}
	s.mu.Lock()
	data := s.snapshot()
	s.saveGen++
	gen := s.saveGen
	s.mu.Unlock()

	s.saveMu.Lock()
	defer s.saveMu.Unlock()
	if gen <= s.savedGen {
		return nil
	}
	if err := writeFileAtomic(s.opts.StateFile, data); err != nil {
		return err
	}
	s.savedGen = gen
	return nil
}

// writeFileAtomic replaces path with data so that a crash at any point leaves
// either the old or the new content: a temporary file in the same directory is
// written and fsynced, renamed over path, and the directory is fsynced.
func writeFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		_ = tmp.Close()
		return err
	}
	if err = tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// saveFailed replaces the response of a write that was applied in memory but
// could not be saved: the client must not take it as acknowledged.
func (s *Server) saveFailed(mf mockcore.Family, segs []string, err error) response {
	return s.failure(mf, segs, http.StatusInternalServerError, "konnect-mock could not save its state file: "+err.Error())
}
