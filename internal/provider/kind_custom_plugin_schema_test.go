package provider

// customPluginSchemaRow takes part in TestAccKinds (acc_kinds_test.go). A custom plugin's
// schema, changing its Lua source (a field's default).
var customPluginSchemaRow = kindRow{noKept: "lua_schema is its one field",
	block:     "lua_schema = %s",
	update:    &kindUpdate{attr: "lua_schema", values: [2]any{luaSchema("10"), luaSchema("20")}, ui: luaSchema("30")},
	noRemoval: "a custom plugin schema's only attribute, lua_schema, is required: nothing to remove from configuration"}
