package gateway

// A Dedicated Cloud Gateways managed cache (an add-on of the cloud gateways family) reaches
// the plugins of the control plane that owns it through a Redis partial: Konnect makes the
// partial in that control plane once the cache is ready, its id the add-on's
// `state_metadata.cache_config_id`, named konnect-managed-<id> and tagged konnect-managed
// (decK's lookup tag for it), and refuses to delete the add-on while a plugin links it. The
// cloud gateways family calls these with Env.Lock held.

// ManagedCachePartial makes the managed cache's partial in the control plane, unless it is
// there already (or the control plane is not).
func (f *Family) ManagedCachePartial(controlPlaneID, partialID string) {
	sealKinds()
	cp := f.cps[normalizeUUID(controlPlaneID)]
	if cp == nil || cp.core == nil || cp.core.byID("partials", partialID) != nil {
		return
	}
	ref := func(name string) string { return "{vault://env/ADDON_MANAGED_CACHE_" + name + "}" }
	v := &validator{}
	pt := partialTypes["redis-ee"]
	cfg := v.record(pt.fields, map[string]any{"host": ref("HOST"), "username": ref("USERNAME"), "server_name": ref("SERVER_NAME")}, "config.", pt.open, nil)
	ts := f.now().Unix()
	obj := map[string]any{"id": partialID, "name": "konnect-managed-" + partialID, "type": "redis-ee", "config": cfg,
		"tags": []any{"konnect-managed"}, "created_at": ts, "updated_at": ts}
	(&coreRequest{f: f, cs: cp.core}).insert(kindIndex["partials"], partialID, obj)
}

// PluginsLinking counts the control plane's plugins that link the partial.
func (f *Family) PluginsLinking(controlPlaneID, partialID string) int {
	cp := f.cps[normalizeUUID(controlPlaneID)]
	if cp == nil || cp.core == nil {
		return 0
	}
	return len(pluginsUsing(cp.core, partialID))
}

// DropManagedCachePartial deletes the managed cache's partial: the add-on is gone.
func (f *Family) DropManagedCachePartial(controlPlaneID, partialID string) {
	cp := f.cps[normalizeUUID(controlPlaneID)]
	if cp == nil || cp.core == nil {
		return
	}
	if e := cp.core.byID("partials", partialID); e != nil && len(pluginsUsing(cp.core, partialID)) == 0 {
		cp.core.remove([]*entity{e})
	}
}
