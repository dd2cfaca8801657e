package gateway_test

import "github.com/konnectguard/terraform-provider-konnect/internal/acctest"

// customPluginSchemaRow takes part in TestAccKinds (acc_kinds_test.go). A custom plugin's
// schema, changing its Lua source (a field's default).
var customPluginSchemaRow = acctest.KindRow{NoKept: "lua_schema is its one field",
	Block:     "lua_schema = %s",
	Update:    &acctest.KindUpdate{Attr: "lua_schema", Values: [2]any{acctest.LuaSchema("10"), acctest.LuaSchema("20")}, UI: acctest.LuaSchema("30")},
	NoRemoval: "a custom plugin schema's only attribute, lua_schema, is required: nothing to remove from configuration"}
