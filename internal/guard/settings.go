package guard

import (
	"fmt"
	"strings"
)

// Settings Konnect creates with their parent (a portal's authentication settings,
// customization, audit log webhook): there is nothing to create, so "creating" the resource
// writes its configuration over the object Konnect holds. That object may no longer hold
// Konnect's defaults: someone changed it in Konnect's UI, or another configuration did. A
// create that would set such a field to another value overwrites their change, the same
// conflict as an update's (Guard 2), decided here by the same policy; a field configuration
// sets to the value someone chose is adopted silently.

// SettingEdit is one field of such an object: Konnect's default, what Konnect holds now, and
// what the create would write.
type SettingEdit struct {
	Field                    Field
	Default, Remote, Desired any
}

// SettingsError is a create that would overwrite fields someone changed from their defaults.
type SettingsError struct {
	Object Object
	Edits  []SettingEdit
	Policy ConflictPolicy
}

// CheckCreateOver keeps the edits that a create would overwrite: fields whose value in Konnect
// is neither Konnect's default nor the one configured. It returns nil when there is none, or
// when the policy is overwrite.
func CheckCreateOver(obj Object, edits []SettingEdit, policy ConflictPolicy) *SettingsError {
	var kept []SettingEdit
	for _, e := range edits {
		if Equal(e.Field, e.Remote, e.Default) || Equal(e.Field, e.Remote, e.Desired) {
			continue
		}
		kept = append(kept, e)
	}
	if len(kept) == 0 || policy == PolicyOverwrite {
		return nil
	}
	return &SettingsError{Object: obj, Edits: kept, Policy: policy}
}

// Summary is the diagnostic's summary: an error under fail, a warning under warn.
func (e *SettingsError) Summary() string {
	if e.Policy == PolicyWarn {
		return "Creating this object overwrites changes made in Konnect"
	}
	return "Creating this object would overwrite changes made in Konnect"
}

// Detail names each field with Konnect's default, its value now and the planned one, and the
// ways out.
func (e *SettingsError) Detail() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %s exists already: Konnect creates it with its parent, and someone changed it since.\n", e.Object)
	for _, s := range e.Edits {
		fmt.Fprintf(&b, "    %s   Konnect's default: %s   in Konnect now: %s   planned: %s\n",
			s.Field.Name, Show(s.Field, s.Default), Show(s.Field, s.Remote), Show(s.Field, s.Desired))
	}
	b.WriteString("\nCreating the resource writes the configuration over these changes.\n")
	if e.Policy == PolicyWarn {
		b.WriteString("The conflict policy is warn: the apply writes them over.")
		return b.String()
	}
	b.WriteString("Nothing was written. Choose what happens to them:\n" +
		"Keep them: set the same values in configuration, and plan again.\n" +
		"Overwrite them: re-run with KONNECT_CONFLICT_POLICY=overwrite (or conflict_policy = \"overwrite\").")
	return b.String()
}
