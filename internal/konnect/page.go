package konnect

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// ListFirstPage reads only the first page of a core-entity collection (at most size
// objects, 1 to 1000) and reports whether more follow. It is for questions one page
// answers, such as "does this object have any children", at the cost of one request
// however large the collection is.
func (c *Client) ListFirstPage(ctx context.Context, collection string, size int) ([]Object, bool, error) {
	if size < 1 || size > DefaultEntityPageSize {
		return nil, false, fmt.Errorf("GET %s: page size %d is not between 1 and %d", c.redact(collection), size, DefaultEntityPageSize)
	}
	var p entityPage
	q := url.Values{"size": {fmt.Sprint(size)}}
	if _, err := c.Do(ctx, http.MethodGet, collection, q, nil, &p); err != nil {
		return nil, false, err
	}
	if p.Data == nil {
		p.Data = []Object{}
	}
	return p.Data, str(p.Offset) != "", nil
}
