package gateway_test

import (
	"fmt"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// handlerLua is a custom plugin's handler.lua of version v.
func handlerLua(v string) string {
	return `return { VERSION = "` + v + `", PRIORITY = 500, access = function(self, config) end }`
}

// customPluginStreamingRow takes part in TestAccKinds (acc_kinds_test.go). A streamed custom
// plugin, changing its handler's source.
var customPluginStreamingRow = acctest.KindRow{
	Block:  "name = \"greeter\"\n  schema = " + fmt.Sprintf("%q", acctest.LuaSchema("10")) + "\n  handler = %s",
	Update: &acctest.KindUpdate{Attr: "handler", Values: [2]any{handlerLua("1.0.0"), handlerLua("1.1.0")}, UI: handlerLua("2.0.0")},
}
