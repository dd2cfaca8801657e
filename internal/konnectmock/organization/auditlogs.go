package organization

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

var logFormats = []string{"cef", "json", "cps"}

// --- audit log destinations

func destinationView(d *destination) map[string]any {
	return map[string]any{"id": d.ID, "name": d.Name, "endpoint": d.Endpoint, "log_format": d.LogFormat,
		"skip_ssl_verification": d.SkipSSLVerification,
		"created_at":            mockcore.FormatTime(d.CreatedAt), "updated_at": mockcore.FormatTime(d.UpdatedAt)}
}

// listDestinations answers the spec's cursor-paged listing: page[size]
// (default 100), page[after] (the cursor of meta.next), filter[name][eq] or
// [contains]; meta is {"next", "previous", "size"}, next null on the last page.
func listDestinations(c *call) mockcore.Response {
	q := c.r.URL.Query()
	size := 100
	if raw := q.Get("page[size]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 1000 {
			resp := c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "page[size]", Rule: "invalid", Reason: "must be an integer between 1 and 1000"})
			return resp
		}
		size = n
	}
	start := 0
	if raw := q.Get("page[after]"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 {
			return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "page[after]", Rule: "invalid", Reason: "is not a cursor"})
		}
		start = n
	}
	eq, contains := q.Get("filter[name][eq]"), q.Get("filter[name][contains]")
	if v, ok := q["filter[name]"]; ok && len(v) > 0 { // the short form of eq
		eq = v[0]
	}
	var found []map[string]any
	for _, d := range c.f.st.Destinations {
		if (eq != "" && d.Name != eq) || (contains != "" && !strings.Contains(d.Name, contains)) {
			continue
		}
		found = append(found, destinationView(d))
	}
	page := []map[string]any{}
	if start < len(found) {
		page = found[start:min(start+size, len(found))]
	}
	var next any
	if start+size < len(found) {
		next = c.r.URL.Path + "?" + url.Values{"page[after]": {strconv.Itoa(start + size)}, "page[size]": {strconv.Itoa(size)}}.Encode()
	}
	return mockcore.JSON(http.StatusOK, map[string]any{"data": page, "meta": map[string]any{"next": next, "previous": nil, "size": size}})
}

// checkDestination reads the fields of a create (all required but
// skip_ssl_verification) or a PATCH (any of them, none null).
func checkDestination(b *mockcore.Body, create bool) (name, endpoint, auth, format *string, skip *bool) {
	if !create {
		for _, k := range []string{"name", "endpoint", "authorization", "log_format", "skip_ssl_verification"} {
			b.NotNull(k)
		}
	}
	name = b.String("name", create, 1, 0)
	endpoint = b.String("endpoint", create, 1, 0)
	auth = b.String("authorization", create, 1, 0)
	format = b.Enum("log_format", create, logFormats)
	skip = b.Bool("skip_ssl_verification", false)
	return
}

// validURL: an absolute http or https URL (the spec's "must be a valid URL").
func validURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

func (c *call) invalidEndpoint() mockcore.Response {
	return c.badRequest("Invalid endpoint", mockcore.InvalidParam{Field: "endpoint", Rule: "invalid", Reason: "must be a valid URL"})
}

func createDestination(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name, endpoint, auth, format, skip := checkDestination(b, true)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if !validURL(*endpoint) {
		return c.invalidEndpoint()
	}
	now := c.f.now()
	d := &destination{ID: mockcore.NewUUID(), Name: *name, Endpoint: *endpoint, Authorization: *auth, LogFormat: *format,
		CreatedAt: now, UpdatedAt: now}
	if skip != nil {
		d.SkipSSLVerification = *skip
	}
	c.f.st.Destinations = append(c.f.st.Destinations, d)
	return mockcore.JSON(http.StatusCreated, destinationView(d))
}

func (c *call) pathDestination() *destination {
	return c.f.st.destination(c.params["auditLogDestinationId"])
}

func getDestination(c *call) mockcore.Response {
	d := c.pathDestination()
	if d == nil {
		return c.notFound()
	}
	return mockcore.JSON(http.StatusOK, destinationView(d))
}

// patchDestination changes the fields sent; updated_at moves on every write,
// also one that sends only the authorization (which no answer shows).
func patchDestination(c *call) mockcore.Response {
	d := c.pathDestination()
	if d == nil {
		return c.notFound()
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	name, endpoint, auth, format, skip := checkDestination(b, false)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	if endpoint != nil && !validURL(*endpoint) {
		return c.invalidEndpoint()
	}
	if name != nil {
		d.Name = *name
	}
	if endpoint != nil {
		d.Endpoint = *endpoint
	}
	if auth != nil {
		d.Authorization = *auth
	}
	if format != nil {
		d.LogFormat = *format
	}
	if skip != nil {
		d.SkipSSLVerification = *skip
	}
	d.UpdatedAt = c.f.now()
	return mockcore.JSON(http.StatusOK, destinationView(d))
}

// deleteDestination refuses a destination a webhook uses (the spec's 409).
func deleteDestination(c *call) mockcore.Response {
	d := c.pathDestination()
	if d == nil {
		return c.notFound()
	}
	var users []string
	if w := c.f.st.Webhook; w.DestinationID != nil && *w.DestinationID == d.ID {
		users = append(users, "the organization's audit log webhook")
	}
	if c.f.users != nil {
		for _, p := range c.f.users.PortalsUsingDestination(d.ID) {
			users = append(users, "the audit log webhook of portal "+p)
		}
	}
	if len(users) > 0 {
		return c.f.env.Problem(http.StatusConflict, "The audit log destination is used by "+strings.Join(users, ", "))
	}
	st := c.f.st
	for i, x := range st.Destinations {
		if x == d {
			st.Destinations = append(st.Destinations[:i], st.Destinations[i+1:]...)
			break
		}
	}
	return mockcore.NoContent()
}

// --- the organization's audit log webhook (v3): a destination and a switch

func webhookView(w webhook) map[string]any {
	v := map[string]any{"enabled": w.Enabled}
	if w.DestinationID != nil {
		v["audit_log_destination_id"] = *w.DestinationID
	}
	return v
}

func getWebhook(c *call) mockcore.Response {
	return mockcore.JSON(http.StatusOK, webhookView(c.f.st.Webhook))
}

// MissingDestination is the answer to a webhook pointing at a destination the
// organization does not have (the portal family's webhook answers it too).
func MissingDestination(trace string) mockcore.Response {
	return mockcore.NewTitledProblem(trace, http.StatusBadRequest, "Bad Request", "Invalid destination",
		[]mockcore.InvalidParam{{Field: "audit_log_destination_id", Rule: "missing_reference", Reason: "audit log destination not found"}})
}

// patchWebhook changes enabled and the destination; a null destination empties
// it. Enabling a webhook without a destination is "Required field missing".
func patchWebhook(c *call) mockcore.Response {
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	b.NotNull("enabled")
	enabled := b.Bool("enabled", false)
	dest := b.UUID("audit_log_destination_id", false)
	if len(b.Bad) > 0 {
		resp := c.badRequest("Invalid Parameters", b.Bad...)
		return resp
	}
	if dest != nil && c.f.st.destination(*dest) == nil {
		return MissingDestination(c.f.env.Trace.Next())
	}
	w := c.f.st.Webhook
	if b.Null("audit_log_destination_id") {
		w.DestinationID = nil
	}
	if enabled != nil {
		w.Enabled = *enabled
	}
	if dest != nil {
		w.DestinationID = dest
	}
	if w.Enabled && w.DestinationID == nil {
		return c.badRequest("Required field missing", mockcore.InvalidParam{Field: "audit_log_destination_id", Rule: "required", Reason: "cannot be blank"})
	}
	c.f.st.Webhook = w
	return mockcore.JSON(http.StatusOK, webhookView(w))
}

// deleteWebhook disables the webhook and empties its destination.
func deleteWebhook(c *call) mockcore.Response {
	c.f.st.Webhook = webhook{}
	return mockcore.NoContent()
}

// getWebhookStatus: the mock sends no audit logs, so an enabled webhook is
// active and has made no attempt.
func getWebhookStatus(c *call) mockcore.Response {
	w := c.f.st.Webhook
	status := "inactive"
	if w.Enabled {
		status = "active"
	}
	return mockcore.JSON(http.StatusOK, map[string]any{"webhook_enabled": w.Enabled, "webhook_status": status})
}
