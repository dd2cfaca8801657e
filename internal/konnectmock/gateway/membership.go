package gateway

import (
	"net/http"
)

// Consumer group membership: consumer_groups/{g}/consumers and consumers/{c}/consumer_groups.

// groupWrapper is the answer to GET consumer_groups/{g}: Konnect's ConsumerGroupInsideWrapper,
// the group under "consumer_group" with its members under "consumers" (what Kong's sync
// engine reads a group's members from). Writes answer the bare group.
func (c *coreRequest) groupWrapper(group *entity) map[string]any {
	consumers := []any{}
	if set := c.cs.groupMembers[group.id]; set != nil {
		for _, m := range set.items {
			consumers = append(consumers, m.obj)
		}
	}
	return map[string]any{"consumer_group": group.obj, "consumers": consumers}
}

// members serves consumer_groups/{g}/consumers[/{c}].
func (c *coreRequest) members(group *entity, rest []string) response {
	consumers := kindIndex["consumers"]
	if len(rest) == 0 {
		switch c.r.Method {
		case http.MethodGet:
			return c.list(consumers, c.cs.groupMembers[group.id], false)
		case http.MethodPost:
			in, bad, ok := c.decode()
			if !ok {
				return bad
			}
			ref, _ := in["consumer"].(string)
			if m, isObj := in["consumer"].(map[string]any); isObj { // {"consumer":{"id":…}} is accepted too
				ref, _ = m["id"].(string)
			}
			if ref == "" {
				return validationError(missingErr([]string{"consumer"}))
			}
			consumer := c.cs.lookup(consumers, ref, "", nil)
			if consumer == nil {
				return constraintError(refErr("consumer", "consumer (type: foreign) constraint failed"))
			}
			if !c.cs.addMember(group, consumer) {
				return constraintError(refErr("consumer", "consumer (type: unique) constraint failed: already a member of this consumer group"))
			}
			return coreJSON(http.StatusCreated, map[string]any{"consumer_group": group.obj, "consumers": []any{consumer.obj}})
		}
		return methodNotAllowed("GET", "POST")
	}
	if len(rest) != 1 {
		return notFound()
	}
	consumer := c.cs.lookup(consumers, rest[0], "", nil)
	switch c.r.Method {
	case http.MethodGet:
		if consumer == nil || !c.cs.groupMembers[group.id].has(consumer) {
			return notFound()
		}
		return coreJSON(http.StatusOK, consumer.obj)
	case http.MethodDelete:
		if consumer != nil {
			c.cs.removeMember(group, consumer)
		}
		return noContent()
	}
	return methodNotAllowed("GET", "DELETE")
}

// groupsOf serves consumers/{c}/consumer_groups[/{g}].
func (c *coreRequest) groupsOf(consumer *entity, rest []string) response {
	groups := kindIndex["consumer_groups"]
	if len(rest) == 0 {
		switch c.r.Method {
		case http.MethodGet:
			return c.list(groups, c.cs.consumerGroups[consumer.id], false)
		case http.MethodPost:
			in, bad, ok := c.decode()
			if !ok {
				return bad
			}
			ref, _ := in["group"].(string)
			if ref == "" {
				return validationError(missingErr([]string{"group"}))
			}
			group := c.cs.lookup(groups, ref, "", nil)
			if group == nil {
				return constraintError(refErr("group", "group (type: foreign) constraint failed"))
			}
			if !c.cs.addMember(group, consumer) {
				return constraintError(refErr("group", "group (type: unique) constraint failed: the consumer is already a member"))
			}
			return coreJSON(http.StatusCreated, map[string]any{"consumer": consumer.obj, "consumer_groups": []any{group.obj}})
		}
		return methodNotAllowed("GET", "POST")
	}
	if len(rest) != 1 {
		return notFound()
	}
	group := c.cs.lookup(groups, rest[0], "", nil)
	switch c.r.Method {
	case http.MethodGet:
		if group == nil || !c.cs.consumerGroups[consumer.id].has(group) {
			return notFound()
		}
		return coreJSON(http.StatusOK, group.obj)
	case http.MethodDelete:
		if group != nil {
			c.cs.removeMember(group, consumer)
		}
		return noContent()
	}
	return methodNotAllowed("GET", "DELETE")
}
