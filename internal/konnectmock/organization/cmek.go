package organization

import (
	"net/http"
	"slices"

	"github.com/konnectguard/terraform-provider-konnect/internal/konnectmock/mockcore"
)

// cmekIDs are the ids Konnect lists for a CMEK: one per organization and region.
var cmekIDs = []string{"default"}

func cmekView(k *cmek) map[string]any {
	v := map[string]any{"id": k.ID, "key_arn": k.KeyARN, "name": k.Name,
		"created_at": mockcore.FormatTime(k.CreatedAt), "updated_at": mockcore.FormatTime(k.UpdatedAt)}
	if k.Description != nil {
		v["description"] = *k.Description
	}
	return v
}

func (c *call) cmek() (int, *cmek) {
	for i, k := range c.f.st.CMEKs {
		if k.ID == c.params["cmekId"] {
			return i, k
		}
	}
	return -1, nil
}

func listCMEKs(c *call) mockcore.Response {
	data := []map[string]any{}
	for _, k := range c.f.st.CMEKs {
		data = append(data, cmekView(k))
	}
	return mockcore.JSON(http.StatusOK, map[string]any{"data": data, "meta": map[string]any{"page": map[string]any{"next": nil, "previous": nil, "size": len(data)}}})
}

func getCMEK(c *call) mockcore.Response {
	if _, k := c.cmek(); k != nil {
		return mockcore.JSON(http.StatusOK, cmekView(k))
	}
	return c.notFound()
}

// putCMEK creates the CMEK or replaces it whole: a description left out is gone.
func putCMEK(c *call) mockcore.Response {
	if !slices.Contains(cmekIDs, c.params["cmekId"]) {
		return c.badRequest("Invalid Parameters", mockcore.InvalidParam{Field: "cmekId", Rule: "enum", Choices: cmekIDs,
			Source: "path", Reason: "must be one of: default"})
	}
	b, bad := c.body()
	if bad != nil {
		return *bad
	}
	arn := b.String("key_arn", true, 1, 0)
	name := b.String("name", true, 1, 0)
	desc := b.String("description", false, 0, 0)
	if bad := c.invalid(b); bad != nil {
		return *bad
	}
	now := c.f.now()
	_, k := c.cmek()
	if k == nil {
		k = &cmek{ID: c.params["cmekId"], CreatedAt: now}
		c.f.st.CMEKs = append(c.f.st.CMEKs, k)
	}
	k.KeyARN, k.Name, k.Description, k.UpdatedAt = *arn, *name, desc, now
	return mockcore.JSON(http.StatusOK, cmekView(k))
}

func deleteCMEK(c *call) mockcore.Response {
	i, k := c.cmek()
	if k == nil {
		return c.notFound()
	}
	c.f.st.CMEKs = slices.Delete(c.f.st.CMEKs, i, i+1)
	return mockcore.NoContent()
}
