package gateway

import (
	"testing"

	"github.com/google/uuid"
)

// A PUT to a new id whose name is taken is refused exactly like a POST with that name, as
// Konnect does: 400 data constraint error with a unique violation on the name field, and
// nothing is created. The provider's creation guard relies on it (it writes first and
// looks the name up only then).
func TestPutNewIDTakenNameIsUniqueViolation(t *testing.T) {
	const det = `"@type":"type.googleapis.com/kong.admin.model.v1.ErrorDetail"`
	c := newMock(t, testOptions{})
	cp := c.mustCP("unique-put")
	first := c.do("PUT", core(cp, "services/"+uuid.NewString()), map[string]any{"host": "a", "name": "orders"}).expect(t, 200, ctJSON).str("id")

	c.do("PUT", core(cp, "services/"+uuid.NewString()), map[string]any{"host": "b", "name": "orders"}).expect(t, 400, ctJSON).
		jsonEq(t, `{"code":3,"message":"data constraint error","details":[{`+det+`,"type":"ERROR_TYPE_REFERENCE","field":"name","messages":["name (type: unique) constraint failed"]}]}`)

	consumer := c.do("PUT", core(cp, "consumers/"+uuid.NewString()), map[string]any{"username": "alice"}).expect(t, 200, ctJSON).str("id")
	c.do("PUT", core(cp, "consumers/"+uuid.NewString()), map[string]any{"username": "alice"}).expect(t, 400, ctJSON).
		jsonEq(t, `{"code":3,"message":"data constraint error","details":[{`+det+`,"type":"ERROR_TYPE_REFERENCE","field":"username","messages":["username (type: unique) constraint failed"]}]}`)

	// Nothing was created by the refused writes, and the first objects are unchanged.
	if got := c.do("GET", core(cp, "services"), nil).expect(t, 200, ctJSON); len(got.body["data"].([]any)) != 1 {
		t.Errorf("services after the refused PUT: %s, want only %s", got.raw, first)
	}
	if got := c.do("GET", core(cp, "services/orders"), nil).expect(t, 200, ctJSON).str("host"); got != "a" {
		t.Errorf("the existing service's host is %q after the refused PUT, want a", got)
	}
	if got := c.do("GET", core(cp, "consumers/alice"), nil).expect(t, 200, ctJSON).str("id"); got != consumer {
		t.Errorf("consumer alice is %s, want %s", got, consumer)
	}
}
