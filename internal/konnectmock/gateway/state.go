package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"
)

// The gateway's state: the top level of the state document (package
// konnectmock's persist.go), beside its format and version, as it was before
// there were families:
//
//	"seq":N,"control_planes":[{
//	  "id":…,"name":…,"description":…,"labels":{…},"cluster_type":…,"auth_type":…,
//	  "cloud_gateway":…,"proxy_urls":[…],"created_at":…,"updated_at":…,"rev":N,
//	  "entities":{"services":[{"seq":N,"rev":N,"object":{…}}],…},
//	  "consumer_group_members":{"<group id>":["<consumer id>",…]}}]
//
// Objects are stored exactly as the API returns them; seq is the creation order
// (and the pagination key), rev the write that last changed the object (the ETag source).

type gatewayState struct {
	Seq           uint64    `json:"seq"`
	ControlPlanes []cpState `json:"control_planes"`
}

// StateKeys are the keys of the family's state at the top level of the state document.
func (f *Family) StateKeys() []string { return []string{"seq", "control_planes"} }

type cpState struct {
	ID           string                   `json:"id"`
	Name         string                   `json:"name"`
	Description  string                   `json:"description"`
	Labels       map[string]string        `json:"labels"`
	ClusterType  string                   `json:"cluster_type"`
	AuthType     string                   `json:"auth_type"`
	CloudGateway bool                     `json:"cloud_gateway"`
	ProxyURLs    []proxyURL               `json:"proxy_urls"`
	CreatedAt    time.Time                `json:"created_at"`
	UpdatedAt    time.Time                `json:"updated_at"`
	Rev          uint64                   `json:"rev"`
	Entities     map[string][]entityState `json:"entities"`
	Members      map[string][]string      `json:"consumer_group_members"`
	// platform_extra.go and plugin_schemas.go; absent when empty
	DPCerts       []*dpCert           `json:"dp_client_certificates,omitempty"`
	ConfigStores  []*configStore      `json:"config_stores,omitempty"`
	GroupMembers  []string            `json:"group_members,omitempty"`
	PluginSchemas []customSchemaState `json:"plugin_schemas,omitempty"`
}

type customSchemaState struct {
	Name      string `json:"name"`
	Lua       string `json:"lua_schema"`
	CreatedAt int64  `json:"created_at"`
	UpdatedAt int64  `json:"updated_at"`
	Seq       uint64 `json:"seq"`
}

type entityState struct {
	Seq    uint64         `json:"seq"`
	Rev    uint64         `json:"rev"`
	Object map[string]any `json:"object"`
}

// Snapshot renders the family's state; the lock is held.
func (f *Family) Snapshot() json.RawMessage {
	doc := gatewayState{Seq: f.seq, ControlPlanes: []cpState{}}
	for _, cp := range f.cpList {
		st := cpState{
			ID: cp.id, Name: cp.name, Description: cp.description, Labels: cp.labels,
			ClusterType: cp.clusterType, AuthType: cp.authType, CloudGateway: cp.cloudGateway,
			ProxyURLs: cp.proxyURLs, CreatedAt: cp.created.UTC(), UpdatedAt: cp.updated.UTC(), Rev: cp.rev,
			Entities: map[string][]entityState{}, Members: map[string][]string{},
			DPCerts: cp.dpCerts, ConfigStores: cp.configStores, GroupMembers: cp.members,
		}
		for _, cu := range cp.core.customOrder {
			st.PluginSchemas = append(st.PluginSchemas, customSchemaState{Name: cu.name, Lua: cu.lua, CreatedAt: cu.createdAt, UpdatedAt: cu.updatedAt, Seq: cu.seq})
		}
		if st.Labels == nil {
			st.Labels = map[string]string{}
		}
		if st.ProxyURLs == nil {
			st.ProxyURLs = []proxyURL{}
		}
		for name, ks := range cp.core.kinds {
			if len(ks.all.items) == 0 {
				continue
			}
			list := make([]entityState, len(ks.all.items))
			for i, e := range ks.all.items {
				list[i] = entityState{Seq: e.seq, Rev: e.rev, Object: e.obj}
			}
			st.Entities[name] = list
		}
		for gid, set := range cp.core.groupMembers {
			if set.len() == 0 {
				continue
			}
			ids := make([]string, len(set.items))
			for i, c := range set.items {
				ids[i] = c.id
			}
			st.Members[gid] = ids
		}
		doc.ControlPlanes = append(doc.ControlPlanes, st)
	}
	return json.RawMessage(marshal(doc))
}

// Restore replaces the (empty) state with a snapshot, checking it as it goes:
// a snapshot that would load only partly, or break the engine's invariants, is
// refused.
func (f *Family) Restore(state json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(state))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	var doc gatewayState
	if err := dec.Decode(&doc); err != nil {
		return fmt.Errorf("invalid state document: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("invalid JSON: trailing data after the gateway state")
	}
	cps := map[string]*controlPlane{}
	var list []*controlPlane
	names := map[string]bool{}
	for i, st := range doc.ControlPlanes {
		where := fmt.Sprintf("control_planes[%d]", i)
		switch {
		case !isUUID(st.ID) || normalizeUUID(st.ID) != st.ID:
			return fmt.Errorf("%s: id %q is not a lower-case UUID", where, st.ID)
		case cps[st.ID] != nil:
			return fmt.Errorf("%s: duplicate id %s", where, st.ID)
		case len([]rune(st.Name)) < 2 || names[st.Name]:
			return fmt.Errorf("%s: name %q is too short or not unique", where, st.Name)
		case !slices.Contains(clusterTypes, st.ClusterType):
			return fmt.Errorf("%s: unknown cluster_type %q", where, st.ClusterType)
		case !slices.Contains(authTypes, st.AuthType):
			return fmt.Errorf("%s: unknown auth_type %q", where, st.AuthType)
		case st.Rev > doc.Seq:
			return fmt.Errorf("%s: rev %d is beyond seq %d", where, st.Rev, doc.Seq)
		}
		cp := &controlPlane{
			id: st.ID, name: st.Name, description: st.Description, labels: st.Labels,
			clusterType: st.ClusterType, authType: st.AuthType, cloudGateway: st.CloudGateway,
			proxyURLs: st.ProxyURLs, created: st.CreatedAt, updated: st.UpdatedAt, rev: st.Rev,
			core:    newCoreStore(f.nextSeq),
			dpCerts: st.DPCerts, configStores: st.ConfigStores, members: st.GroupMembers,
		}
		for _, ps := range st.PluginSchemas {
			name, sch, err := evalLuaSchema(ps.Lua)
			if err != nil || name != ps.Name || cp.core.custom[name] != nil {
				return fmt.Errorf("%s: plugin_schemas: %q is not a valid, unique custom plugin schema", where, ps.Name)
			}
			cu := &customSchema{name: ps.Name, lua: ps.Lua, schema: sch, createdAt: ps.CreatedAt, updatedAt: ps.UpdatedAt, seq: ps.Seq}
			cp.core.custom[cu.name] = cu
			cp.core.customOrder = append(cp.core.customOrder, cu)
		}
		if cp.labels == nil {
			cp.labels = map[string]string{}
		}
		if err := restoreCore(cp.core, st, doc.Seq); err != nil {
			return fmt.Errorf("%s (%s): %w", where, st.Name, err)
		}
		cps[cp.id] = cp
		names[cp.name] = true
		list = append(list, cp)
	}
	f.cps, f.cpList, f.seq = cps, list, doc.Seq
	return nil
}

func restoreCore(cs *coreStore, st cpState, maxSeq uint64) error {
	seqs := map[uint64]bool{}
	for _, coll := range slices.Sorted(maps.Keys(st.Entities)) {
		ks := cs.kinds[coll]
		if ks == nil {
			return fmt.Errorf("unknown collection %q", coll)
		}
		for j, es := range st.Entities[coll] {
			where := fmt.Sprintf("%s[%d]", coll, j)
			id, _ := es.Object["id"].(string)
			switch {
			case !isUUID(id) || normalizeUUID(id) != id:
				return fmt.Errorf("%s: object id %q is not a lower-case UUID", where, id)
			case es.Seq == 0 || es.Seq > maxSeq || es.Rev > maxSeq || seqs[es.Seq]:
				return fmt.Errorf("%s: seq %d / rev %d is zero, repeated or beyond seq %d", where, es.Seq, es.Rev, maxSeq)
			case ks.byID[id] != nil:
				return fmt.Errorf("%s: duplicate id %s", where, id)
			}
			for name, idx := range ks.unique {
				if v, ok := es.Object[name].(string); ok && idx[v] != nil {
					return fmt.Errorf("%s: %s %q is not unique", where, name, v)
				}
			}
			if key := ks.kind.compositeKey(es.Object); key != "" && ks.composite[key] != nil {
				return fmt.Errorf("%s: duplicates another %s in the same scope", where, ks.kind.singular)
			}
			seqs[es.Seq] = true
			ks.index(&entity{seq: es.Seq, id: id, kind: ks.kind, obj: es.Object, rev: es.Rev})
		}
	}
	for _, ks := range cs.kinds {
		for _, e := range ks.all.items {
			for _, f := range ks.kind.fields {
				if f.typ != tForeign {
					continue
				}
				if rid := refID(e.obj[f.name]); rid != "" && cs.byID(f.ref, rid) == nil {
					return fmt.Errorf("%s %s: %s.id %s does not exist", ks.kind.singular, e.id, f.name, rid)
				}
			}
		}
	}
	for _, gid := range slices.Sorted(maps.Keys(st.Members)) {
		g := cs.byID("consumer_groups", gid)
		if g == nil {
			return fmt.Errorf("consumer_group_members: consumer group %s does not exist", gid)
		}
		for _, cid := range st.Members[gid] {
			c := cs.byID("consumers", cid)
			if c == nil {
				return fmt.Errorf("consumer_group_members: consumer %s does not exist", cid)
			}
			if !cs.addMember(g, c) {
				return fmt.Errorf("consumer_group_members: consumer %s is listed twice in group %s", cid, gid)
			}
		}
	}
	return nil
}
