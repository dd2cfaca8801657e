package konnect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
)

const controlPlanesPath = "/v2/control-planes"

// maxListPages guards list loops against a server that never ends a listing.
const maxListPages = 100000

// ControlPlaneFilter narrows ListControlPlanes.
type ControlPlaneFilter struct {
	Name     string            // filter[name][eq]
	Labels   map[string]string // every label must match (labels=key:value)
	PageSize int               // page[size]; default 100

	// Konnect's own filters (Kong's provider's `filter`, `filter_labels` and `sort`), sent
	// as query parameters and applied by Konnect only; see filterQuery.
	NameMatch, IDMatch, ClusterTypeMatch Match
	CloudGateway                         *bool  // filter[cloud_gateway]
	LabelSelector                        string // labels=key:value,key (a bare key: the label is set)
	Sort                                 string // sort=created_at[ desc]
}

// DefaultControlPlanePageSize is the page[size] used when the filter sets none.
const DefaultControlPlanePageSize = 100

func controlPlanePath(id string) string {
	return controlPlanesPath + "/" + escapeSegment(id)
}

// CreateControlPlane creates a control plane (POST, never retried on 5xx or
// connection errors: look the name up before trying again).
func (c *Client) CreateControlPlane(ctx context.Context, body Object) (Object, *Response, error) {
	var out Object
	resp, err := c.Do(ctx, http.MethodPost, controlPlanesPath, nil, body, &out)
	return out, resp, err
}

// GetControlPlane reads one control plane by id.
func (c *Client) GetControlPlane(ctx context.Context, id string) (Object, *Response, error) {
	if id == "" {
		return nil, nil, errors.New("GetControlPlane: empty control plane id")
	}
	var out Object
	resp, err := c.Do(ctx, http.MethodGet, controlPlanePath(id), nil, nil, &out)
	return out, resp, err
}

// UpdateControlPlane PATCHes a control plane. ifMatch, when not "", is sent as
// If-Match. PATCH is not retried on 5xx or connection errors.
func (c *Client) UpdateControlPlane(ctx context.Context, id string, patch Object, ifMatch string) (Object, *Response, error) {
	if id == "" {
		return nil, nil, errors.New("UpdateControlPlane: empty control plane id")
	}
	var out Object
	resp, err := c.Do(ctx, http.MethodPatch, controlPlanePath(id), nil, patch, &out, IfMatch(ifMatch))
	return out, resp, err
}

// DeleteControlPlane deletes a control plane. ifMatch, when not "", is sent
// as If-Match.
func (c *Client) DeleteControlPlane(ctx context.Context, id, ifMatch string) (*Response, error) {
	if id == "" {
		return nil, errors.New("DeleteControlPlane: empty control plane id")
	}
	return c.Do(ctx, http.MethodDelete, controlPlanePath(id), nil, nil, nil, IfMatch(ifMatch))
}

type controlPlanePage struct {
	Meta struct {
		Page struct {
			Number json.Number `json:"number"`
			Size   json.Number `json:"size"`
			Total  json.Number `json:"total"`
		} `json:"page"`
	} `json:"meta"`
	Data []Object `json:"data"`
}

// ListControlPlanes lists control planes, following page[number] until
// meta.page.total objects have been read. The name and label filters are
// sent to the server and also applied to the results, so the result is
// exact even where the server ignores a filter.
// ControlPlaneIDs lists the ids of the control planes of these cluster types
// (config.cluster_type), in Konnect's order: what the export reads below a kind of control
// plane that Konnect lists nothing of (a group's members, a serverless gateway).
func (c *Client) ControlPlaneIDs(ctx context.Context, clusterTypes ...string) ([]string, error) {
	cps, err := c.ListControlPlanes(ctx, ControlPlaneFilter{})
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, cp := range cps {
		id, _ := cp["id"].(string)
		config, _ := cp["config"].(map[string]any)
		if t, _ := config["cluster_type"].(string); id != "" && slices.Contains(clusterTypes, t) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

func (c *Client) ListControlPlanes(ctx context.Context, f ControlPlaneFilter) ([]Object, error) {
	size := f.PageSize
	if size <= 0 {
		size = DefaultControlPlanePageSize
	}
	base := url.Values{}
	base.Set("page[size]", strconv.Itoa(size))
	if f.Name != "" {
		base.Set("filter[name][eq]", f.Name)
	}
	if len(f.Labels) > 0 {
		// Konnect takes one key:value pair; the rest are checked below.
		keys := make([]string, 0, len(f.Labels))
		for k := range f.Labels {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		base.Set("labels", keys[0]+":"+f.Labels[keys[0]])
	}
	f.filterQuery(base)

	all := []Object{}
	read := 0
	for page := 1; page <= maxListPages; page++ {
		q := url.Values{}
		for k, v := range base {
			q[k] = v
		}
		q.Set("page[number]", strconv.Itoa(page))
		var p controlPlanePage
		if _, err := c.Do(ctx, http.MethodGet, controlPlanesPath, q, nil, &p); err != nil {
			return nil, err
		}
		read += len(p.Data)
		for _, o := range p.Data {
			if matchesControlPlane(o, f) {
				all = append(all, o)
			}
		}
		if len(p.Data) == 0 {
			return all, nil
		}
		if total, err := p.Meta.Page.Total.Int64(); err == nil {
			if int64(read) >= total {
				return all, nil
			}
		} else if len(p.Data) < size {
			// No usable total: a short page is the last one.
			return all, nil
		}
	}
	return nil, fmt.Errorf("GET %s: listing did not end after %d pages", controlPlanesPath, maxListPages)
}

func matchesControlPlane(o Object, f ControlPlaneFilter) bool {
	if f.Name != "" {
		if name, ok := o["name"].(string); ok && name != f.Name {
			return false
		}
	}
	if len(f.Labels) > 0 {
		labels, _ := o["labels"].(map[string]any)
		for k, want := range f.Labels {
			got, ok := labels[k].(string)
			if !ok || got != want {
				return false
			}
		}
	}
	return true
}
