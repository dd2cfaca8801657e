package konnect

import (
	"net/http"

	"golang.org/x/time/rate"
)

// paced is the transport of a client with Config.RequestsPerSecond: each attempt waits its
// turn (one request every 1/RequestsPerSecond seconds, shared by every call of the client,
// so by every resource of a run) before it is sent. A request whose context ends while it
// waits is not sent.
type paced struct {
	next  http.RoundTripper
	limit *rate.Limiter
}

func newPaced(next http.RoundTripper, perSecond float64) *paced {
	if next == nil {
		next = http.DefaultTransport
	}
	return &paced{next: next, limit: rate.NewLimiter(rate.Limit(perSecond), 1)}
}

func (p *paced) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := p.limit.Wait(r.Context()); err != nil {
		return nil, err
	}
	return p.next.RoundTrip(r)
}
