-- Stand-ins for the modules a custom plugin's schema.lua may require, as the mock reads it:
-- kong.constants and kong.db.schema.typedefs with the facts of Kong Gateway's (types,
-- ranges, enumerations, defaults, secret marks) and none of their validator functions.
-- The chunk is called with the value that stands for ngx.null; it returns the constants
-- and the typedefs.
local null = ...
local pairs, setmetatable, error, tostring = pairs, setmetatable, error, tostring

-- A typedef can be called with a table of overrides: the result is a new typedef holding
-- the overrides and, for every other key, the original's value.
local function define(def)
  return setmetatable(def, {
    __call = function(self, overrides)
      local out = {}
      for k, v in pairs(overrides or {}) do
        out[k] = v
      end
      for k, v in pairs(self) do
        if out[k] == nil then
          out[k] = v
        end
      end
      return define(out)
    end,
  })
end

local http = { "grpc", "grpcs", "http", "https" }
local http_and_ws = { "grpc", "grpcs", "http", "https", "ws", "wss" }
local all = { "grpc", "grpcs", "http", "https", "tcp", "tls", "tls_passthrough", "udp", "ws", "wss" }

local constants = {
  PROTOCOLS = all,
  PROTOCOLS_WITH_SUBSYSTEM = {
    grpc = "http", grpcs = "http", http = "http", https = "http",
    tcp = "stream", tls = "stream", tls_passthrough = "stream", udp = "stream",
  },
  DATABASE = { DAO_MAX_TTL = 100000000 },
}

local function str(extra)
  local d = { type = "string" }
  for k, v in pairs(extra or {}) do
    d[k] = v
  end
  return define(d)
end

local function no(reference)
  return define({ type = "foreign", reference = reference, eq = null })
end

local function protocols(one_of, default)
  return define({ type = "set", required = true, default = default, elements = { type = "string", one_of = one_of } })
end

local t = {}

t.http_method = str({ match = "^%u+$" })
t.protocol = str({ one_of = all })
t.host = str()
t.redis_host = str()
t.host_with_optional_port = str()
t.wildcard_host = str()
t.ip = str()
t.ip_or_cidr = str()
t.cidr_v4 = str()
t.cidr = t.cidr_v4
t.port = define({ type = "integer", between = { 0, 65535 } })
t.path = str({ starts_with = "/" })
t.url = str()
t.cookie_name = str()
t.header_name = str()
t.timeout = define({ type = "integer", between = { 0, 2147483646 } })
t.uuid = str({ uuid = true, auto = true })
t.auto_timestamp_s = define({ type = "integer", timestamp = true, auto = true })
t.auto_timestamp_ms = define({ type = "number", timestamp = true, auto = true })
t.no_route = no("routes")
t.no_service = no("services")
t.no_consumer = no("consumers")
t.no_consumer_group = no("consumer_groups")
t.name = str({ unique = true })
t.utf8_name = str({ unique = true })
t.sni = str()
t.redis_server_name = str()
t.certificate = str()
t.key = str()
t.tag = str({ required = true })
t.tags = define({ type = "set", elements = t.tag })
t.protocols = protocols(all, http)
t.protocols_http = protocols(http, http)
t.protocols_http_and_ws = protocols(http_and_ws, http_and_ws)
t.semantic_version = str()
t.methods = define({ type = "set", elements = t.http_method })
t.hosts = define({ type = "array", elements = { type = "string" } })
t.router_path = str()
t.router_paths = define({ type = "array", elements = t.router_path })
t.headers = define({ type = "map", keys = t.header_name, values = { type = "array", elements = { type = "string" } } })
t.run_on = str({ required = true, default = "first", one_of = { "first", "second", "all" } })
t.run_on_first = str({ required = true, default = "first", one_of = { "first" } })
t.ttl = define({ type = "number", between = { 0, constants.DATABASE.DAO_MAX_TTL } })
t.lua_code = define({ type = "map", keys = { type = "string", len_min = 1 }, values = { type = "string", len_min = 1 } })

local endpoint = { type = "record", fields = { { ip = t.ip_or_cidr }, { port = t.port } } }
t.sources = define({ type = "set", elements = endpoint })
t.destinations = define({ type = "set", elements = endpoint })

t.pem = define({
  type = "record",
  required = false,
  fields = {
    { private_key = { type = "string", required = false, referenceable = true, encrypted = true } },
    { public_key = { type = "string", required = false, referenceable = true } },
  },
})

local jwk = {}
for _, name in pairs({ "issuer", "kty", "use", "alg", "x5u", "x5t", "x5t#S256", "k", "x", "y", "crv",
  "n", "e", "d", "p", "q", "dp", "dq", "qi", "oth", "r", "t" }) do
  jwk[#jwk + 1] = { [name] = { type = "string", required = false } }
end
jwk[#jwk + 1] = { kid = { type = "string", required = true } }
jwk[#jwk + 1] = { key_ops = { type = "array", required = false, elements = { type = "string" } } }
jwk[#jwk + 1] = { x5c = { type = "array", required = false, elements = { type = "string" } } }
t.jwk = define({ type = "record", required = false, fields = jwk })

t.queue = define({
  type = "record",
  fields = {
    { max_batch_size = { type = "integer", default = 1, between = { 1, 1000000 } } },
    { max_coalescing_delay = { type = "number", default = 1, between = { 0, 3600 } } },
    { max_entries = { type = "integer", default = 10000, between = { 1, 1000000 } } },
    { max_bytes = { type = "integer" } },
    { max_retry_time = { type = "number", default = 60 } },
    { initial_retry_delay = { type = "number", default = 0.01, between = { 0.001, 1000000 } } },
    { max_retry_delay = { type = "number", default = 60, between = { 0.001, 1000000 } } },
    { concurrency_limit = { type = "integer", default = 1, one_of = { -1, 1 } } },
  },
})

-- as Kong's: naming a typedef that does not exist is an error
setmetatable(t, {
  __index = function(_, k)
    error("schema typedef error: definition " .. tostring(k) .. " does not exist", 2)
  end,
})

return constants, t
