package konnect

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// DefaultEntityPageSize is the list "size" used when the query sets none.
const DefaultEntityPageSize = 1000

// escapeSegment path-escapes one path segment, including "/" and the dot
// segments "." and "..", which would otherwise be resolved away.
func escapeSegment(s string) string {
	switch s {
	case ".":
		return "%2E"
	case "..":
		return "%2E%2E"
	}
	return url.PathEscape(s)
}

// CoreEntitiesPath returns the escaped path of a gateway core-entity
// collection: "/v2/control-planes/{cp}/core-entities/" followed by the
// segments, each path-escaped (so a segment never contains a "/").
// Example: CoreEntitiesPath(cp, "consumers", consumerID, "key-auth").
func CoreEntitiesPath(controlPlaneID string, segments ...string) string {
	var b strings.Builder
	b.WriteString(controlPlanesPath)
	b.WriteString("/")
	b.WriteString(escapeSegment(controlPlaneID))
	b.WriteString("/core-entities")
	for _, s := range segments {
		b.WriteString("/")
		b.WriteString(escapeSegment(s))
	}
	return b.String()
}

func entityPath(collection, idOrName string) (string, error) {
	if idOrName == "" {
		return "", errors.New("empty entity id or name")
	}
	return strings.TrimRight(collection, "/") + "/" + escapeSegment(idOrName), nil
}

// GetEntity reads one entity of a collection by id or unique name.
func (c *Client) GetEntity(ctx context.Context, collection, idOrName string) (Object, *Response, error) {
	p, err := entityPath(collection, idOrName)
	if err != nil {
		return nil, nil, fmt.Errorf("GET %s: %w", collection, err)
	}
	var out Object
	resp, err := c.Do(ctx, http.MethodGet, p, nil, nil, &out)
	return unwrapConsumerGroup(collection, out), resp, err
}

// unwrapConsumerGroup returns the group itself from the answer to GET of one consumer
// group, which Konnect wraps (ConsumerGroupInsideWrapper: {"consumer_group": {…},
// "consumers": […]}); members are managed through consumer_groups/{g}/consumers.
func unwrapConsumerGroup(collection string, out Object) Object {
	if !strings.HasSuffix(strings.TrimRight(collection, "/"), "/consumer_groups") {
		return out
	}
	if g, ok := out["consumer_group"].(map[string]any); ok {
		return g
	}
	return out
}

// PutEntity creates (with that id) or replaces an entity: PUT is idempotent,
// so it is retried on 5xx and connection errors. ifMatch, when not "", is
// sent as If-Match.
func (c *Client) PutEntity(ctx context.Context, collection, id string, body Object, ifMatch string) (Object, *Response, error) {
	p, err := entityPath(collection, id)
	if err != nil {
		return nil, nil, fmt.Errorf("PUT %s: %w", collection, err)
	}
	var out Object
	resp, err := c.Do(ctx, http.MethodPut, p, nil, body, &out, IfMatch(ifMatch))
	return out, resp, err
}

// CreateEntity POSTs a new entity to a collection. POST is not retried on
// 5xx or connection errors; prefer PutEntity with a client-chosen id.
func (c *Client) CreateEntity(ctx context.Context, collection string, body Object) (Object, *Response, error) {
	var out Object
	resp, err := c.Do(ctx, http.MethodPost, collection, nil, body, &out)
	return out, resp, err
}

// DeleteEntity deletes an entity. Konnect answers 204 also when the entity
// is already gone. ifMatch, when not "", is sent as If-Match.
func (c *Client) DeleteEntity(ctx context.Context, collection, id, ifMatch string) (*Response, error) {
	p, err := entityPath(collection, id)
	if err != nil {
		return nil, fmt.Errorf("DELETE %s: %w", collection, err)
	}
	return c.Do(ctx, http.MethodDelete, p, nil, nil, nil, IfMatch(ifMatch))
}

type entityPage struct {
	Data   []Object `json:"data"`
	Next   any      `json:"next"`
	Offset any      `json:"offset"`
}

// ListEntities lists a collection, following "offset" until it is null,
// absent or "". size defaults to 1000 when query does not set it.
func (c *Client) ListEntities(ctx context.Context, collection string, query url.Values) ([]Object, error) {
	q := url.Values{}
	for k, v := range query {
		q[k] = append([]string(nil), v...)
	}
	if q.Get("size") == "" {
		q.Set("size", fmt.Sprint(DefaultEntityPageSize))
	}
	q.Del("offset")

	all := []Object{}
	seen := map[string]bool{}
	for page := 0; page < maxListPages; page++ {
		var p entityPage
		if _, err := c.Do(ctx, http.MethodGet, collection, q, nil, &p); err != nil {
			return nil, err
		}
		all = append(all, p.Data...)
		next := str(p.Offset)
		if next == "" {
			return all, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("GET %s: the server returned offset %q twice; stopping to avoid an endless listing", c.redact(collection), c.redact(next))
		}
		seen[next] = true
		q.Set("offset", next)
	}
	return nil, fmt.Errorf("GET %s: listing did not end after %d pages", c.redact(collection), maxListPages)
}

// GetService reads a gateway service by id or name.
func (c *Client) GetService(ctx context.Context, controlPlaneID, idOrName string) (Object, *Response, error) {
	return c.GetEntity(ctx, CoreEntitiesPath(controlPlaneID, "services"), idOrName)
}

// PutService creates or replaces a gateway service with a client-chosen id.
func (c *Client) PutService(ctx context.Context, controlPlaneID, id string, body Object, ifMatch string) (Object, *Response, error) {
	return c.PutEntity(ctx, CoreEntitiesPath(controlPlaneID, "services"), id, body, ifMatch)
}
