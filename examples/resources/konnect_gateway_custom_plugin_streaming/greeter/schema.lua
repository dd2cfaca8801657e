-- The schema of the greeter plugin: it adds a greeting header to responses.
local typedefs = require "kong.db.schema.typedefs"

return {
  name = "greeter",
  fields = {
    { consumer = typedefs.no_consumer },
    { protocols = typedefs.protocols_http },
    { config = {
        type = "record",
        fields = {
          { greeting = { type = "string", required = true, default = "hello", len_min = 1 } },
          { header_name = typedefs.header_name { default = "X-Greeting" } },
          { mode = { type = "string", default = "append", one_of = { "append", "replace" } } },
        },
    } },
  },
}
