package engine

import "testing"

// A planned change of a custom plugin's schema holds back the plan-time check of that
// plugin (a create, of a name not known yet, of any plugin of its control plane missing
// from Konnect); the write ends it and forgets the schema read before it.
func TestSchemaUploads(t *testing.T) {
	var s schemaReads
	s.m = map[string]*schemaRead{"plugins/cp1/shop": {}, "plugins/cp1/other": {}, "plugins/cp2/shop": {}}
	if s.uploading("cp1", "shop") || s.uploading("cp1", "") {
		t.Fatal("nothing planned yet, yet a schema change is noted")
	}
	s.noteUpload("cp1", "shop")
	s.noteUpload("cp1", "")
	if !s.uploading("cp1", "shop") || !s.uploading("cp1", "") {
		t.Error("the planned changes of control plane cp1 are not noted")
	}
	if s.uploading("cp1", "other") || s.uploading("cp2", "shop") || s.uploading("cp2", "") {
		t.Error("a change noted for cp1/shop holds back other plugins")
	}
	s.uploaded("cp1", "shop")
	if s.uploading("cp1", "shop") || s.uploading("cp1", "") {
		t.Error("the write did not end the noted changes")
	}
	if _, ok := s.m["plugins/cp1/shop"]; ok {
		t.Error("the schema read before the write is still kept")
	}
	if _, ok := s.m["plugins/cp1/other"]; !ok {
		t.Error("the write forgot the schema of another plugin")
	}
	if _, ok := s.m["plugins/cp2/shop"]; !ok {
		t.Error("the write forgot the schema of the plugin in another control plane")
	}
}
