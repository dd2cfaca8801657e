package acctest

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
)

// StateInstance is one resource instance of a state file as the CLI wrote it, its private
// state decoded from the base64 the file holds.
type StateInstance struct {
	Type       string
	Attributes map[string]any
	Private    []byte
}

// ReadStateFile reads a state file (format 4): its bytes, and every resource instance in the
// file's order. Private state that is not base64 fails the test.
func ReadStateFile(t testing.TB, path string) ([]byte, []StateInstance) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Resources []struct {
			Type      string `json:"type"`
			Instances []struct {
				Attributes map[string]any `json:"attributes"`
				Private    string         `json:"private"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	var out []StateInstance
	for _, r := range st.Resources {
		for _, in := range r.Instances {
			p, err := base64.StdEncoding.DecodeString(in.Private)
			if err != nil {
				t.Fatalf("%s: the private state of %s is not base64: %v", path, r.Type, err)
			}
			out = append(out, StateInstance{Type: r.Type, Attributes: in.Attributes, Private: p})
		}
	}
	return raw, out
}
