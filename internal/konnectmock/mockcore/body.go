package mockcore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DecodeObject decodes a request body that starts with a JSON object (what
// follows it is not read, as the gateway family always did); numbers stay json.Number.
func DecodeObject(body []byte) (map[string]any, error) { return decodeObject(body, false) }

func decodeObject(body []byte, whole bool) (map[string]any, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, errors.New("request body is required")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); whole && !errors.Is(err, io.EOF) {
		return nil, errors.New("trailing data after the JSON object")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("request body must be a JSON object")
	}
	return m, nil
}

// Body checks the fields of a decoded request body, collecting every problem
// as an InvalidParam (field named by its JSON path) instead of stopping at the first.
type Body struct {
	In  map[string]any
	Bad []InvalidParam
	// Prefix is put before field names ("config."), for nested objects.
	Prefix string
}

// ParseBody decodes raw into a Body; a body that is not exactly one JSON object is an
// error worded for a 400 on the field "body" ("request format is invalid").
func ParseBody(raw []byte) (*Body, error) {
	in, err := decodeObject(raw, true)
	if err != nil {
		return nil, err
	}
	return &Body{In: in}, nil
}

// Nested checks the object at key with the same collector; nil when absent, null or not an object.
func (b *Body) Nested(key string, required bool) *Body {
	raw, ok := b.In[key]
	if !ok || raw == nil {
		if required {
			b.Fail(key, "required", "is a required field")
		}
		return nil
	}
	m, isObj := raw.(map[string]any)
	if !isObj {
		b.Fail(key, "is_object", "must be an object")
		return nil
	}
	return &Body{In: m, Prefix: b.Prefix + key + "."}
}

// Merge adds a nested Body's problems to b.
func (b *Body) Merge(n *Body) {
	if n != nil {
		b.Bad = append(b.Bad, n.Bad...)
	}
}

// Fail records one problem with a field.
func (b *Body) Fail(field, rule, reason string) {
	b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + field, Rule: rule, Reason: reason})
}

// Only rejects every property not listed (rule unknown_property).
func (b *Body) Only(keys ...string) {
	for _, k := range slices.Sorted(maps.Keys(b.In)) {
		if !slices.Contains(keys, k) {
			b.Fail(k, "unknown_property", "is an unknown property")
		}
	}
}

// Has reports that key is present (null included).
func (b *Body) Has(key string) bool { _, ok := b.In[key]; return ok }

// Null reports that key is present with the value null.
func (b *Body) Null(key string) bool { v, ok := b.In[key]; return ok && v == nil }

// NotNull refuses null for a field that may be left out but not cleared (a PATCH's required field).
func (b *Body) NotNull(key string) {
	if b.Null(key) {
		b.Fail(key, "required", "cannot be null")
	}
}

func (b *Body) present(key string, required bool) (any, bool) {
	raw, ok := b.In[key]
	if !ok || raw == nil {
		if required {
			b.Fail(key, "required", "is a required field")
		}
		return nil, false
	}
	return raw, true
}

// String checks a string of lo..hi characters (hi 0: no maximum); nil when
// absent, null or invalid. A required string may not be null either.
func (b *Body) String(key string, required bool, lo, hi int) *string {
	raw, ok := b.present(key, required)
	if !ok {
		return nil
	}
	s, isStr := raw.(string)
	if !isStr {
		b.Fail(key, "is_string", "must be a string")
		return nil
	}
	n := len([]rune(s))
	switch {
	case n < lo && n == 0:
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + key, Rule: "min_length", Minimum: IntPtr(lo), Reason: "cannot be blank"})
		return nil
	case n < lo:
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + key, Rule: "min_length", Minimum: IntPtr(lo), Reason: fmt.Sprintf("must have at least %d characters", lo)})
		return nil
	case hi > 0 && n > hi:
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + key, Rule: "max_length", Maximum: IntPtr(hi), Reason: fmt.Sprintf("must not have more than %d characters", hi)})
		return nil
	}
	return &s
}

// Pattern checks a string against re (already length-checked by String).
func (b *Body) Pattern(key string, s *string, re *regexp.Regexp) *string {
	if s != nil && !re.MatchString(*s) {
		b.Fail(key, "matches_regex", "must match "+re.String())
		return nil
	}
	return s
}

// Bool checks a boolean.
func (b *Body) Bool(key string, required bool) *bool {
	raw, ok := b.present(key, required)
	if !ok {
		return nil
	}
	v, isBool := raw.(bool)
	if !isBool {
		b.Fail(key, "is_boolean", "must be a boolean")
		return nil
	}
	return &v
}

// Int checks an integer in lo..hi.
func (b *Body) Int(key string, required bool, lo, hi int64) *int64 {
	raw, ok := b.present(key, required)
	if !ok {
		return nil
	}
	n, isNum := raw.(json.Number)
	v, err := strconv.ParseInt(string(n), 10, 64)
	if !isNum || err != nil {
		b.Fail(key, "is_integer", "must be an integer")
		return nil
	}
	if v < lo {
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + key, Rule: "min", Minimum: IntPtr(int(lo)), Reason: fmt.Sprintf("must be at least %d", lo)})
		return nil
	}
	if v > hi {
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + key, Rule: "max", Maximum: IntPtr(int(hi)), Reason: fmt.Sprintf("must be at most %d", hi)})
		return nil
	}
	return &v
}

// UUID checks a UUID string and returns it lower-cased.
func (b *Body) UUID(key string, required bool) *string {
	raw, ok := b.present(key, required)
	if !ok {
		return nil
	}
	s, isStr := raw.(string)
	if !isStr || !IsUUID(s) {
		b.Fail(key, "is_uuid", "must be a valid UUID")
		return nil
	}
	s = strings.ToLower(s)
	return &s
}

// Enum checks a string among choices.
func (b *Body) Enum(key string, required bool, choices []string) *string {
	raw, ok := b.present(key, required)
	if !ok {
		return nil
	}
	s, isStr := raw.(string)
	if !isStr || !slices.Contains(choices, s) {
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + key, Rule: "enum", Choices: choices, Reason: "must be one of: " + strings.Join(choices, ", ")})
		return nil
	}
	return &s
}

// Time checks an RFC 3339 date-time.
func (b *Body) Time(key string, required bool) *time.Time {
	raw, ok := b.present(key, required)
	if !ok {
		return nil
	}
	s, isStr := raw.(string)
	t, err := time.Parse(time.RFC3339Nano, s)
	if !isStr || err != nil {
		b.Fail(key, "is_date_time", "must be an RFC 3339 date-time")
		return nil
	}
	return &t
}

// Email checks an e-mail address (a bare addr-spec).
func (b *Body) Email(key string, required bool, hi int) *string {
	s := b.String(key, required, 1, hi)
	if s == nil {
		return nil
	}
	a, err := mail.ParseAddress(*s)
	if err != nil || a.Address != *s {
		b.Fail(key, "invalid", "must be a valid email address")
		return nil
	}
	return s
}

// URL checks an absolute http(s) URI.
func (b *Body) URL(key string, required bool) *string {
	s := b.String(key, required, 1, 0)
	if s == nil {
		return nil
	}
	u, err := url.Parse(*s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		b.Fail(key, "invalid", "must be an absolute http or https URI")
		return nil
	}
	return s
}

// Strings checks an array of strings.
func (b *Body) Strings(key string, required bool) ([]string, bool) {
	raw, ok := b.present(key, required)
	if !ok {
		return nil, false
	}
	arr, isArr := raw.([]any)
	if !isArr {
		b.Fail(key, "is_array", "must be an array")
		return nil, false
	}
	out := make([]string, 0, len(arr))
	for i, it := range arr {
		s, isStr := it.(string)
		if !isStr {
			b.Fail(fmt.Sprintf("%s[%d]", key, i), "is_string", "must be a string")
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

var labelValue = regexp.MustCompile(`^[a-z0-9A-Z]{1}([a-z0-9A-Z-._]*[a-z0-9A-Z]+)?$`)

var reservedLabelPrefixes = []string{"kong", "konnect", "mesh", "kic", "_"}

// Labels checks Konnect's Labels object at "labels": at most 50; keys of 1-63
// characters not starting with "kong", "konnect", "mesh", "kic" or "_"; values
// of 1-63 letters, digits, '-', '.' or '_' starting and ending with a letter or
// digit (rule is_label). With patch a null value asks to remove the label (nil
// in out); otherwise a null value is left out. ok is false when the field is
// absent, null or invalid.
func (b *Body) Labels(patch bool) (out map[string]*string, ok bool) {
	raw, present := b.In["labels"]
	if !present || raw == nil {
		return nil, false
	}
	m, isObj := raw.(map[string]any)
	if !isObj {
		b.Fail("labels", "is_object", "must be an object")
		return nil, false
	}
	if len(m) > 50 {
		b.Bad = append(b.Bad, InvalidParam{Field: b.Prefix + "labels", Rule: "max_items", Maximum: IntPtr(50), Reason: "must not have more than 50 labels"})
		return nil, false
	}
	out = map[string]*string{}
	ok = true
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if n := len([]rune(k)); n < 1 || n > 63 || slices.ContainsFunc(reservedLabelPrefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
			b.Fail("labels", "is_label", "label key '"+k+"' must be 1-63 characters and must not start with 'kong', 'konnect', 'mesh', 'kic' or '_'")
			ok = false
			continue
		}
		if m[k] == nil {
			if patch {
				out[k] = nil
			}
			continue
		}
		s, isStr := m[k].(string)
		if !isStr || len(s) > 63 || !labelValue.MatchString(s) {
			b.Fail("labels."+k, "is_label", "label value must be 1-63 letters, digits, '-', '.' or '_', starting and ending with a letter or digit")
			ok = false
			continue
		}
		out[k] = &s
	}
	return out, ok
}

// ApplyLabels applies checked labels to a label set (nil values remove labels).
func ApplyLabels(dst map[string]string, labels map[string]*string) {
	for k, v := range labels {
		if v == nil {
			delete(dst, k)
		} else {
			dst[k] = *v
		}
	}
}
