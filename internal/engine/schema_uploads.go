package engine

import (
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A custom plugin's schema and plugins of it are often changed in the same run: a field
// added to schema.lua and set in the plugin's config. While that plan is made the control
// plane still serves the old schema, so checking the config against it would refuse the
// new field. So the plan of a kind with a PluginSchemaSource notes which plugin's schema
// this run changes (a create, whose name is not known yet, notes its control plane), and
// the plan-time check of that plugin's config waits: Terraform plans the plugin again
// during the apply, once the schema is written, and the check runs then against what the
// control plane serves, read anew (the write forgets the schema read before it).

const anyPluginName = "*"

func uploadKey(controlPlaneID, name string) string {
	if name == "" {
		name = anyPluginName
	}
	return controlPlaneID + "/" + name
}

// uploading reports whether this run's plan changes the schema of plugin name in the
// control plane ("": creates a schema there, name not known yet).
func (s *schemaReads) uploading(controlPlaneID, name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.uploads[uploadKey(controlPlaneID, name)]
}

func (s *schemaReads) noteUpload(controlPlaneID, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.uploads == nil {
		s.uploads = map[string]bool{}
	}
	s.uploads[uploadKey(controlPlaneID, name)] = true
}

// uploaded forgets the planned change and what was read of the plugin's schema.
func (s *schemaReads) uploaded(controlPlaneID, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.uploads, uploadKey(controlPlaneID, ""))
	if name != "" {
		delete(s.uploads, uploadKey(controlPlaneID, name))
		delete(s.m, schemaOfPlugin+"/"+controlPlaneID+"/"+name)
	}
}

// planSchemaUpload notes a create of a custom plugin schema, or an update that changes its
// source or its name (a plan that changes nothing notes nothing).
func (r *EntityResource) planSchemaUpload(req resource.ModifyPlanRequest) {
	src := r.Kind.PluginSchemaSource
	if src == "" || r.Data == nil || req.Plan.Raw.IsNull() || RefreshCommand() {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	cp, ok := knownString(planned["control_plane_id"])
	if !ok {
		return // a control plane created in this run: its plugins are not checked at plan
	}
	if req.State.Raw.IsNull() {
		r.Data.secrets.schemas.noteUpload(cp, Str(planned["name"]))
		return
	}
	prior, err := AsObject(req.State.Raw)
	if err != nil || (planned[src].Equal(prior[src]) && planned["name"].Equal(prior["name"])) {
		return
	}
	r.Data.secrets.schemas.noteUpload(cp, Str(prior["name"]))
	if name, ok := knownString(planned["name"]); ok && name != Str(prior["name"]) {
		r.Data.secrets.schemas.noteUpload(cp, name) // a streamed custom plugin renamed
	}
}

// schemaUploaded runs when a create or an update of a custom plugin schema ends.
func (r *EntityResource) schemaUploaded(plan tftypes.Value, state *tfsdk.State) {
	if r.Kind.PluginSchemaSource == "" || r.Data == nil {
		return
	}
	for _, v := range []tftypes.Value{plan, state.Raw} {
		if m, err := AsObject(v); err == nil {
			if cp := Str(m["control_plane_id"]); cp != "" {
				r.Data.secrets.schemas.uploaded(cp, Str(m["name"]))
				r.Data.secrets.forget(cp, Str(m["name"]))
			}
		}
	}
}

// forget drops the secret paths found in a plugin's schema: its schema changed.
func (p *PluginSecrets) forget(controlPlaneID, name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.byName, controlPlaneID+"/"+name)
}
