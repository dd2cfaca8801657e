package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/konnectguard/terraform-provider-konnect/internal/guard"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// ModifyPlan runs both guards at plan time. Terraform calls it again while applying a
// saved plan (without refreshing first), so a plan that went stale is caught there too.
// The guard decides (guard.Decide, once per plan); the engine supplies what it reads and
// plans, applies the resets to the Terraform plan, and reports the decision.
func (r *EntityResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	defer r.planConfigSecrets(ctx, req, resp) // config_secrets.go: runs last
	defer r.noteReplacement(req, resp)
	destroying := DestroyCommand() // refreshcmd.go: this plan's changes are discarded
	if r.planLocal(req, resp) {
		req.Plan = resp.Plan // what follows reads the request's plan
	}
	if !destroying {
		r.checkPlanned(ctx, req, resp)
	}
	r.planSchemaUpload(req) // schema_uploads.go
	if !destroying {
		r.checkConfigSchema(ctx, req, resp) // config_check.go
		r.checkPartialTypes(ctx, req, resp) // config_partials.go
		r.checkPluginFields(ctx, req, resp) // config_partials.go
	}
	if req.State.Raw.IsNull() && !req.Plan.Raw.IsNull() && r.Data != nil && !RefreshCommand() && !destroying {
		r.planCreateOver(ctx, req, resp) // settings.go: settings someone changed, written over
		r.planDuplicate(ctx, req, resp)  // duplicates.go
		r.planNameTaken(ctx, req, resp)
	}
	if req.State.Raw.IsNull() || r.Data == nil {
		return // a create: the creation guard runs at apply
	}
	prior, err := AsObject(req.State.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	addr := r.address(prior)
	if RefreshCommand() { // refreshcmd.go: the plan of `terraform refresh` writes nothing
		r.logDecision(ctx, "all", "skipped_in_refresh", addr, nil)
		return
	}
	if r.Kind.ReplaceIf != nil && !req.Plan.Raw.IsNull() {
		if planned, err := AsObject(req.Plan.Raw); err == nil {
			if p, ok := r.Kind.ReplaceIf(prior, planned); ok {
				resp.RequiresReplace.Append(p)
			}
		}
	}
	if r.planExpired(ctx, req, resp) { // expired.go: replaced, no guard
		r.logDecision(ctx, "all", "replace_expired", addr, nil)
		return
	}
	seen := loadSeen(ctx, req.Private)
	atPlan := versionAt(prior, seen)

	b, diags := LoadBase(ctx, req.Private)
	resp.Diagnostics.Append(diags...)
	// A record of an older version, not refreshed since (-refresh=false): its secrets
	// digested. A digest of another key (a rotated token, not refreshed since) cannot be
	// compared: it stands for the value in state (the stale-plan guard's revision still
	// tells a change).
	in := r.planInput(ctx, addr, b, seen, prior) // (in.Base and in.Seen are b and seen)
	if b != nil {
		r.digestSecrets(b.Values, addr.ID)
		r.rekeySecrets(b.Values, in.Prior)
	}
	if seen != nil {
		for _, v := range []guard.Values{seen.Values, seen.Before} {
			r.digestSecrets(v, addr.ID)
			r.rekeySecrets(v, in.Prior)
		}
	}

	if req.Plan.Raw.IsNull() {
		r.Data.walk.planningDestroy(r.Kind.TypeName, prior) // cascade_plan.go
		in.Destroy = true
		in.ReadLive = func(op guard.Operation) (guard.Live, bool) {
			if m := refreshedNow(ctx, req.Private, prior); m != nil { // refreshmark.go
				r.logDecision(ctx, "stale_plan", "refreshed_by_this_command", addr, map[string]any{"revision_at_plan": atPlan.Revision})
				return guard.Live{ID: addr.ID, UpdatedAt: m.UpdatedAt, Hidden: m.Hidden}, true
			}
			return r.readLive(ctx, addr, atPlan, op, &resp.Diagnostics)
		}
		r.reportDecision(ctx, addr, guard.Decide(in), &resp.Diagnostics)
		if !resp.Diagnostics.HasError() {
			r.planCascade(ctx, addr, prior, &resp.Diagnostics) // cascade_plan.go
		}
		return
	}

	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	cfg, err := AsObject(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError("Internal error", err.Error())
		return
	}
	r.plannedImportSecrets(ctx, req.Private, prior, planned) // secrets.go: secrets an import kept out of state
	in.Config = r.settings(cfg)
	in.Plan = func(g guard.Resets) guard.Planned {
		resets := r.resetPlan(g)
		resets.plan(planned, cfg)
		r.planCleared(resets, planned, cfg) // reset.go: what Konnect clears with a reset
		for _, a := range resets.attrs {
			if a.ForceNew && !planned[a.Name].Equal(prior[a.Name]) {
				resp.RequiresReplace = append(resp.RequiresReplace, path.Root(a.Name))
			}
		}
		if r.sameExceptWritten(planned, prior) {
			r.keepWritten(planned, prior) // fields.go: the revision and updated_at stay
			return guard.Planned{}
		}
		// The plan writes: the revision is Konnect's after the write (the framework marks it
		// unknown too, unless only resets made this plan differ from the prior state).
		r.unknownAfterWrite(planned) // fields.go: the revision and updated_at
		// writeonly.go: a classic secret coming back into state; a password that must be sent
		secretsOK := r.planSecrets(prior, planned, cfg, &resp.Diagnostics)
		resp.Plan.Raw = tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
		op := guard.OpUpdate
		if r.replaces(prior, planned) {
			op = guard.OpReplace
		}
		return guard.Planned{Writes: true, Op: op, Desired: r.ManagedValues(planned), Unsent: r.unsentSecrets(prior, planned), Refused: !secretsOK}
	}
	readFailed := false
	in.ReadLive = func(op guard.Operation) (guard.Live, bool) {
		live, ok := r.readLive(ctx, addr, atPlan, op, &resp.Diagnostics)
		readFailed = !ok
		return live, ok
	}
	d := guard.Decide(in)
	if !d.Planned.Writes && !readFailed {
		if d.Adoption != nil {
			// Nothing to write, but values to adopt: an update that writes nothing, so that
			// the apply records them in the base.
			r.unknownAfterWrite(planned)
		}
		resp.Plan.Raw = tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
	}
	r.reportDecision(ctx, addr, d, &resp.Diagnostics)
}

// planInput is what the guard is told of every plan of an object (guard.PlanInput).
func (r *EntityResource) planInput(ctx context.Context, addr Address, b *guard.Base, seen *guard.Seen, prior ObjectValues) guard.PlanInput {
	in := guard.PlanInput{Object: r.object(addr), Attributes: r.attributes, Policy: r.Data.Policy, Base: b, Seen: seen,
		Revision: Str(prior[attrRevision]), Prior: r.ManagedValues(prior), Merged: r.merged(), DigestKey: r.Data.digestKey()}
	if _, isPlugin := r.Kind.API.(PluginAPI); isPlugin {
		// The secret paths of a plugin's config, from its schema in Konnect: read only
		// when a conflict on config is shown.
		in.SecretPaths = func(name string) guard.SecretPaths {
			if name != "config" {
				return guard.SecretPaths{}
			}
			return r.Data.secrets.Paths(ctx, r.Data.Client, Str(prior["control_plane_id"]), Str(prior["name"]))
		}
	}
	return in
}

// readLive is Guard 1 for the guard's decision (checkLive): the object as just read.
func (r *EntityResource) readLive(ctx context.Context, addr Address, atPlan guard.Version, op guard.Operation, diags *diag.Diagnostics) (guard.Live, bool) {
	live, _, ok := r.checkLive(ctx, addr, atPlan, op, diags)
	if !ok {
		return guard.Live{}, false
	}
	return guard.Live{ID: fmt.Sprint(live["id"]), UpdatedAt: live["updated_at"], Hidden: r.Hidden(live)}, true
}

// reportDecision logs the guard's decision and shows its diagnostics.
func (r *EntityResource) reportDecision(ctx context.Context, addr Address, d guard.Decision, diags *diag.Diagnostics) {
	for _, l := range d.Log {
		r.logDecision(ctx, l.Guard, l.Result, addr, l.Fields)
	}
	for _, x := range d.Diagnostics {
		if x.Error {
			diags.AddError(x.Summary, x.Detail)
		} else {
			diags.AddWarning(x.Summary, x.Detail)
		}
	}
}

// settings is what configuration says of each attribute, for the guard: JSON documents
// decoded (a document that does not decode counts as unknown, a config_secrets one as empty).
func (r *EntityResource) settings(cfg ObjectValues) map[string]guard.Setting {
	if cfg == nil {
		return nil
	}
	out := make(map[string]guard.Setting, len(r.Kind.Attrs))
	for _, a := range r.Kind.Attrs {
		v, ok := cfg[a.Name]
		if !ok {
			continue
		}
		s := guard.Setting{Null: v.IsNull(), Known: v.IsKnown()}
		if a.Type.Kind == KJSON && s.Known && !s.Null {
			j, err := a.Type.ToJSON(v)
			switch {
			case err == nil:
				s.Value = j
			case !a.Overlay:
				s.Known = false
			}
		}
		out[a.Name] = s
	}
	return out
}

// merged names the documents merged into one Konnect document: config and its secrets.
func (r *EntityResource) merged() [][]string {
	if _, ok := r.Attr(AttrConfigSecrets); !ok {
		return nil
	}
	return [][]string{{attrConfig, AttrConfigSecrets, AttrConfigSecretsWO}}
}

// hidden is how Konnect renders the values it never returns as written (a password's hash).
func (r *EntityResource) Hidden(live konnect.Object) guard.Values {
	out := guard.Values{}
	for _, a := range r.Kind.Attrs {
		if a.NotReturned && !a.ShownOnce { // shown once: only the create's answer has it, no read ever will
			out[a.Name] = Lookup(live, a)
		}
	}
	r.addRenderings(live, out) // writeonly.go: of write-only secrets, never the secret
	r.keyedHidden(live, out)   // digest.go: keyed digests only
	return out
}

// --- import ---------------------------------------------------------------------------

func (r *EntityResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	addr, err := r.ParseImportID(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Invalid import id", err.Error())
		return
	}
	if all, ok := r.Kind.API.(allByName); ok && all.FiltersByName() && r.Kind.NameAttr != "" && !UUIDRE.MatchString(addr.ID) {
		// Not an id: a name, which Konnect does not always keep unique (two teams may share
		// one): exactly one object must have it.
		found, ferr := all.FindAllByName(ctx, r.Data.Client, addr.Parents, addr.ID)
		switch {
		case ferr != nil:
			r.apiError(&resp.Diagnostics, "Could not look up "+r.Kind.TypeName+" by name", ferr)
			return
		case len(found) == 0:
			resp.Diagnostics.AddError("Cannot import a Konnect object that does not exist",
				fmt.Sprintf("Konnect has no %s with %s %q. Import it by its id, or by the exact name (%s).", r.Kind.TypeName, r.Kind.NameAttr, addr.ID, r.ImportFormat()))
			return
		case len(found) > 1:
			var ids []string
			for _, o := range found {
				ids = append(ids, fmt.Sprint(o["id"]))
			}
			resp.Diagnostics.AddError("More than one Konnect object has this name",
				fmt.Sprintf("%d objects of type %s have %s %q in Konnect: ids %s. Import the one you mean by its id.",
					len(found), r.Kind.TypeName, r.Kind.NameAttr, addr.ID, strings.Join(ids, ", ")))
			return
		}
		addr.ID = fmt.Sprint(found[0]["id"])
	}
	obj, _, err := r.Kind.API.Get(ctx, r.Data.Client, addr)
	if err != nil && r.Kind.NameAttr != "" && !UUIDRE.MatchString(addr.ID) {
		// Not an id: the object's unique name (a team's, a system account's).
		if found, ferr := r.Kind.API.FindByName(ctx, r.Data.Client, addr.Parents, addr.ID); ferr == nil && found != nil {
			addr.ID = fmt.Sprint(found["id"])
			// Read by its id: a listing may leave fields out (a page's content), and an import
			// that recorded the listed object would report them "changed outside Terraform".
			obj, _, err = r.Kind.API.Get(ctx, r.Data.Client, addr)
		}
	}
	if konnect.IsNotFound(err) {
		resp.Diagnostics.AddError("Cannot import a Konnect object that does not exist",
			fmt.Sprintf("%s not found in Konnect.", r.object(addr)))
		return
	}
	if err != nil {
		r.apiError(&resp.Diagnostics, "Could not read "+r.Kind.TypeName, err)
		return
	}
	r.finishWrite(ctx, obj, addr.Parents, nil, nil, &resp.State.Raw, resp.Private, &resp.Diagnostics)
}

// allByName is an API whose names Konnect does not keep unique (PatchAPI): an import by name
// sees every object that has it.
type allByName interface {
	FiltersByName() bool
	FindAllByName(ctx context.Context, cl *konnect.Client, parents map[string]string, name string) ([]konnect.Object, error)
}

func (r *EntityResource) Parents() []string {
	var out []string
	for _, a := range r.Kind.Attrs {
		if a.Parent {
			out = append(out, a.Name)
		}
	}
	return out
}

// keyParent is the parent whose id is the object's own, for an object keyed by its parent
// (SingletonAPI.IDFrom); "" otherwise.
func (r *EntityResource) keyParent() string {
	if k, ok := r.Kind.API.(interface{ KeyParent() string }); ok {
		return k.KeyParent()
	}
	return ""
}

// ImportFormat documents the accepted import id for this kind.
func (r *EntityResource) ImportFormat() string {
	if key := r.keyParent(); key != "" {
		if ps := r.Parents(); len(ps) > 1 {
			return "<" + strings.Join(ps, ">/<") + ">" + ` or {"` + strings.Join(ps, `":"…","`) + `":"…"}`
		}
		return "<" + key + ">"
	}
	parts := append(r.Parents(), "id")
	if len(parts) == 1 {
		return "<id>"
	}
	return "<" + strings.Join(parts, ">/<") + ">" + ` or {"` + strings.Join(parts, `":"…","`) + `":"…"}`
}

// parseImportID accepts `<parent>/…/<id or name>` and Kong's official JSON form
// {"control_plane_id":"…","id":"…"}.
func (r *EntityResource) ParseImportID(id string) (Address, error) {
	parents := r.Parents()
	addr := Address{Parents: map[string]string{}}
	id = strings.TrimSpace(id)
	if !utf8.ValidString(id) {
		return addr, fmt.Errorf("import id %q is not valid UTF-8; expected %s", id, r.ImportFormat())
	}
	if strings.HasPrefix(id, "{") {
		var m map[string]string
		if err := json.Unmarshal([]byte(id), &m); err != nil {
			return addr, fmt.Errorf("import id %q is not valid JSON of strings: %v; expected %s", id, err, r.ImportFormat())
		}
		if key := r.keyParent(); key != "" && m["id"] == "" {
			m["id"] = m[key]
		}
		for _, p := range append(parents, "id") {
			if m[p] == "" {
				return addr, fmt.Errorf("import id %q has no %q; expected %s", id, p, r.ImportFormat())
			}
		}
		for _, p := range parents {
			addr.Parents[p] = m[p]
		}
		addr.ID = m["id"]
		return addr, nil
	}
	parts := strings.Split(id, "/")
	if key := r.keyParent(); key != "" && len(parts) == 1 && parts[0] != "" {
		// An object keyed by its parent (a portal's settings): Kong's import id is the parent's id.
		addr.Parents[key] = parts[0]
		addr.ID = parts[0]
		return addr, nil
	}
	if key := r.keyParent(); key != "" && len(parents) > 1 && len(parts) == len(parents) {
		// Keyed by one of several parents (an API's publication to a portal):
		// <api_id>/<portal_id>, as the other kinds' ids read.
		for i, p := range parents {
			if parts[i] == "" {
				return addr, fmt.Errorf("import id %q has an empty %s; expected %s", id, p, r.ImportFormat())
			}
			addr.Parents[p] = parts[i]
		}
		addr.ID = addr.Parents[key]
		return addr, nil
	}
	if len(parts) != len(parents)+1 {
		return addr, fmt.Errorf("import id %q has %d part(s); expected %s", id, len(parts), r.ImportFormat())
	}
	for i, p := range parents {
		if parts[i] == "" {
			return addr, fmt.Errorf("import id %q has an empty %s; expected %s", id, p, r.ImportFormat())
		}
		addr.Parents[p] = parts[i]
	}
	addr.ID = parts[len(parts)-1]
	if addr.ID == "" {
		return addr, fmt.Errorf("import id %q has an empty id; expected %s", id, r.ImportFormat())
	}
	return addr, nil
}

// noteReplacement records an object this plan replaces (planNameTaken).
func (r *EntityResource) noteReplacement(req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Data == nil || req.State.Raw.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	prior, err1 := AsObject(req.State.Raw)
	planned, err2 := AsObject(req.Plan.Raw)
	if err1 != nil || err2 != nil {
		return
	}
	// (the attributes' own RequiresReplace never reaches ModifyPlan's response)
	if len(resp.RequiresReplace) > 0 || r.replaces(prior, planned) {
		r.Data.replacing.Store(r.Kind.TypeName+"/"+Str(prior[AttrID]), true)
	}
}

// planLocal plans the Local attributes that have a KongDefault (computed, so Terraform
// proposes the prior value, or unknown, when configuration is silent): the prior value when
// it is null or Kong's default, which mean the same, so a state written by Kong's provider
// plans nothing; null over any other value (configuration dropped force_destroy = "true").
// It reports whether it changed the plan.
func (r *EntityResource) planLocal(req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) bool {
	if req.Plan.Raw.IsNull() {
		return false
	}
	var planned, cfg, prior ObjectValues
	for _, a := range r.Kind.Attrs {
		if !a.Local || a.KongDefault == "" {
			continue
		}
		if planned == nil {
			var err1, err2 error
			planned, err1 = AsObject(req.Plan.Raw)
			cfg, err2 = AsObject(req.Config.Raw)
			if err1 != nil || err2 != nil {
				return false
			}
			if !req.State.Raw.IsNull() {
				prior, _ = AsObject(req.State.Raw)
			}
		}
		if v, ok := cfg[a.Name]; ok && !v.IsNull() {
			continue // configuration says it: proposed as configured
		}
		want := tftypes.NewValue(tftypes.String, nil)
		if v, ok := prior[a.Name]; ok && v.IsKnown() && (v.IsNull() || v.Equal(tftypes.NewValue(tftypes.String, a.KongDefault))) {
			want = v
		}
		planned[a.Name] = want
	}
	if planned == nil {
		return false
	}
	v := tftypes.NewValue(req.Plan.Raw.Type(), map[string]tftypes.Value(planned))
	if v.Equal(req.Plan.Raw) {
		return false
	}
	resp.Plan.Raw = v
	return true
}

// localKept reports that planLocal keeps an unchanged plan (the shortcut's question): no
// Local attribute with a KongDefault that configuration is silent on holds another value.
func (k *EntityKind) localKept(config, prior ObjectValues) bool {
	for _, a := range k.Attrs {
		if !a.Local || a.KongDefault == "" {
			continue
		}
		if c, ok := config[a.Name]; ok && !c.IsNull() {
			continue
		}
		if v, ok := prior[a.Name]; ok && !v.IsNull() && !v.Equal(tftypes.NewValue(tftypes.String, a.KongDefault)) {
			return false
		}
	}
	return true
}

// replaces reports whether the plan changes an attribute that only a new object can take
// (ForceNew, or a parent): the guard's OpReplace, and a replacement's create half.
func (r *EntityResource) replaces(prior, planned ObjectValues) bool {
	for _, a := range r.Kind.Attrs {
		if (a.ForceNew || a.Parent) && !planned[a.Name].Equal(prior[a.Name]) {
			return true
		}
	}
	if r.Kind.ReplaceIf != nil {
		_, ok := r.Kind.ReplaceIf(prior, planned)
		return ok
	}
	return false
}

// planNameTaken is the creation guard at plan, for the kinds whose name the create looks up
// before writing (checkNameFirst: Konnect would not refuse the name, or refuses it in a
// scope the write cannot show): a page's slug that exists under the same parent, a team's
// name, a config store secret's key. The plan fails on the name with the existing object's
// import block, before anything else of the apply is written. The create checks again.
func (r *EntityResource) planNameTaken(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Kind.NameAttr == "" || !r.checkNameFirst() || r.Data.Client == nil {
		return
	}
	m, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	name := m[r.Kind.NameAttr]
	if !name.IsKnown() || name.IsNull() {
		return
	}
	for _, p := range r.Parents() {
		if !m[p].IsKnown() || m[p].IsNull() {
			return // a parent created in the same run: nothing can have the name yet
		}
	}
	cfg, err := AsObject(req.Config.Raw)
	if err != nil {
		return
	}
	for _, v := range cfg {
		if !v.IsFullyKnown() {
			return // the name's scope may not be known yet (a parent page made in the same run)
		}
	}
	body, err := r.Body(m)
	if err != nil {
		return
	}
	for k, v := range body {
		if v == nil {
			delete(body, k)
		}
	}
	addr := r.address(m)
	existing, err := r.planFindByName(ctx, addr.Parents, Str(name), body)
	if err != nil || existing == nil {
		return // a failed look-up is the create's to report
	}
	if _, replaced := r.Data.replacing.Load(r.Kind.TypeName + "/" + fmt.Sprint(existing["id"])); replaced {
		return // the create half of a replacement: the object it replaces
	}
	if _, read := r.Data.walk.read.Load(r.Kind.TypeName + "/" + fmt.Sprint(existing["id"])); read && r.Kind.Provisioning != nil {
		// An object whose provisioning failed is kept tainted (provisioning.go), and Terraform
		// plans its replacement as a create: this run refreshed it, so it is this state's.
		return
	}
	e := r.nameExists(addr, Str(name), existing)
	r.logDecision(ctx, "create_exists", "conflict_at_plan", addr, map[string]any{"existing_id": e.ExistingID})
	resp.Diagnostics.AddAttributeError(path.Root(r.Kind.NameAttr), e.Summary(), e.Detail())
}

// checkPlanned runs the kind's Check on a create or a change (never on a plan that changes
// nothing): each problem is an error on its attribute, and the plan fails.
func (r *EntityResource) checkPlanned(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Kind.Check == nil || r.Data == nil || r.Data.Client == nil || req.Plan.Raw.IsNull() || req.Plan.Raw.Equal(req.State.Raw) {
		return
	}
	planned, err := AsObject(req.Plan.Raw)
	if err != nil {
		return
	}
	values := konnect.Object{}
	for _, a := range r.Kind.Attrs {
		// A value not yet known is left out; an object whose only unknown parts are computed
		// is known for a check (ToJSON leaves computed parts out).
		if v, ok := planned[a.Name]; ok && !v.IsNull() {
			if j, err := a.Type.ToJSON(v); err == nil {
				values[a.JSONName()] = j
			}
		}
	}
	if !req.State.Raw.IsNull() {
		prior, err := AsObject(req.State.Raw)
		if err == nil {
			values[AttrID] = Str(prior[AttrID]) // an update: the object itself is no rival
		}
		if err == nil && len(r.Kind.CheckOn) > 0 && !slices.ContainsFunc(r.Kind.CheckOn, func(a string) bool { return !planned[a].Equal(prior[a]) }) {
			return // nothing the check looks at changes
		}
	}
	for _, p := range r.Kind.Check(ctx, r.Data.Client, values) {
		resp.Diagnostics.AddAttributeError(path.Root(p.Attr), p.Summary, p.Detail)
	}
}
