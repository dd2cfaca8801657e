-- The greeter plugin's handler: it adds its greeting header to every response.
local Greeter = { VERSION = "1.0.0", PRIORITY = 500 }

function Greeter:header_filter(config)
  kong.response.set_header(config.header_name, config.greeting)
end

return Greeter
