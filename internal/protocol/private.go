package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// Private is private state in the framework's format: a JSON object of keys to JSON
// values. Keys starting with "." are the framework's own: GetKey refuses them, as the
// framework does for providers.
type Private map[string][]byte

// ParsePrivate reads private state as the framework does, or fails where the framework
// would answer differently (it drops private state of the older SDK's format, and errs on
// values that are not UTF-8 JSON): callers then leave the call to the framework. Keys
// starting with "." (the framework's own, such as ".import_before_read") pass through.
func ParsePrivate(raw []byte) (Private, error) {
	p := Private{}
	if len(raw) == 0 {
		return p, nil
	}
	if err := json.Unmarshal(raw, (*map[string][]byte)(&p)); err != nil {
		return nil, err
	}
	if p == nil {
		p = Private{}
	}
	for k, v := range p {
		if !utf8.Valid(v) || !json.Valid(v) {
			return nil, fmt.Errorf("private state key %q: not UTF-8 JSON", k)
		}
	}
	return p, nil
}

// GetKey returns the value of a provider key.
func (p Private) GetKey(_ context.Context, key string) ([]byte, diag.Diagnostics) {
	if strings.HasPrefix(key, ".") {
		return nil, reservedKey(key)
	}
	return p[key], nil
}

func reservedKey(key string) diag.Diagnostics {
	var d diag.Diagnostics
	d.AddError("Restricted Resource Private State Namespace", fmt.Sprintf("The key %q is invalid: a period ('.') prefix is reserved.", key))
	return d
}

// Bytes encodes the private state as the framework does: empty values left out, nothing at
// all when nothing is left.
func (p Private) Bytes() ([]byte, error) {
	out := make(map[string][]byte, len(p))
	for k, v := range p {
		if len(v) > 0 {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return json.Marshal(out)
}
