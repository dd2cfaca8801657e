package pluginspec

// NullableRecords are, per plugin, the records of its config that Kong's Lua schemas mark
// `required = false` (paths under config; a[] is each element of array a). Kong makes every
// other record of a plugin's config required (make_records_required in kong/db/schema/
// entity.lua) and fills it from its fields' defaults when it is absent; these stay null
// until a configuration sets them. Kong's published JSON schemas, input/, lose the mark;
// the list is taken from the records Kong's own Terraform provider, generated from those
// schemas, has as nullable. A test holds each path to a record of the data.
var NullableRecords = map[string][]string{
	"ace": {"rate_limiting", "rate_limiting.redis", "rate_limiting.redis.cloud_authentication"},
	"acme": {
		"account_key", "storage_config", "storage_config.consul", "storage_config.redis",
		"storage_config.redis.cloud_authentication", "storage_config.redis.extra_options",
		"storage_config.shm", "storage_config.vault",
	},
	"ai-llm-as-judge": {
		"llm.auth", "llm.logging", "llm.model.options", "llm.model.options.bedrock",
		"llm.model.options.cohere", "llm.model.options.dashscope", "llm.model.options.databricks",
		"llm.model.options.gemini", "llm.model.options.huggingface",
	},
	"ai-mcp-oauth2": {"token_exchange", "token_exchange.cache", "token_exchange.request"},
	"ai-mcp-proxy": {
		"server", "server.session", "server.session.client", "server.session.redis",
		"server.session.redis.cloud_authentication", "tools[].acl", "tools[].annotations",
	},
	"ai-prompt-decorator": {"prompts"},
	"ai-proxy": {
		"auth", "logging", "model.options", "model.options.bedrock", "model.options.cohere",
		"model.options.dashscope", "model.options.databricks", "model.options.gemini",
		"model.options.huggingface",
	},
	"ai-proxy-advanced": {
		"acls", "balancer", "embeddings", "embeddings.auth", "embeddings.model.options",
		"embeddings.model.options.azure", "embeddings.model.options.bedrock",
		"embeddings.model.options.gemini", "embeddings.model.options.huggingface", "targets[].auth",
		"targets[].logging", "targets[].model.options", "targets[].model.options.bedrock",
		"targets[].model.options.cohere", "targets[].model.options.dashscope",
		"targets[].model.options.databricks", "targets[].model.options.gemini",
		"targets[].model.options.huggingface", "vectordb", "vectordb.pgvector", "vectordb.redis",
		"vectordb.redis.cloud_authentication",
	},
	"ai-rag-injector": {
		"embeddings.auth", "embeddings.model.options", "embeddings.model.options.azure",
		"embeddings.model.options.bedrock", "embeddings.model.options.gemini",
		"embeddings.model.options.huggingface", "global_acl_config", "vectordb.pgvector",
		"vectordb.redis", "vectordb.redis.cloud_authentication",
	},
	"ai-rate-limiting-advanced": {"redis", "redis.cloud_authentication"},
	"ai-request-transformer": {
		"llm.auth", "llm.logging", "llm.model.options", "llm.model.options.bedrock",
		"llm.model.options.cohere", "llm.model.options.dashscope", "llm.model.options.databricks",
		"llm.model.options.gemini", "llm.model.options.huggingface",
	},
	"ai-response-transformer": {
		"llm.auth", "llm.logging", "llm.model.options", "llm.model.options.bedrock",
		"llm.model.options.cohere", "llm.model.options.dashscope", "llm.model.options.databricks",
		"llm.model.options.gemini", "llm.model.options.huggingface",
	},
	"ai-semantic-cache": {
		"embeddings.auth", "embeddings.model.options", "embeddings.model.options.azure",
		"embeddings.model.options.bedrock", "embeddings.model.options.gemini",
		"embeddings.model.options.huggingface", "vectordb.pgvector", "vectordb.redis",
		"vectordb.redis.cloud_authentication",
	},
	"ai-semantic-prompt-guard": {
		"embeddings.auth", "embeddings.model.options", "embeddings.model.options.azure",
		"embeddings.model.options.bedrock", "embeddings.model.options.gemini",
		"embeddings.model.options.huggingface", "rules", "search", "vectordb.pgvector", "vectordb.redis",
		"vectordb.redis.cloud_authentication",
	},
	"ai-semantic-response-guard": {
		"embeddings.auth", "embeddings.model.options", "embeddings.model.options.azure",
		"embeddings.model.options.bedrock", "embeddings.model.options.gemini",
		"embeddings.model.options.huggingface", "rules", "search", "vectordb.pgvector",
		"vectordb.redis.cloud_authentication",
	},
	"basic-auth": {"brute_force_protection.redis.cloud_authentication"},
	"confluent": {
		"schema_registry.confluent", "schema_registry.confluent.authentication",
		"schema_registry.confluent.authentication.basic",
		"schema_registry.confluent.authentication.oauth2",
		"schema_registry.confluent.authentication.oauth2_client", "schema_registry.confluent.key_schema",
		"schema_registry.confluent.value_schema",
	},
	"confluent-consume": {
		"schema_registry", "schema_registry.confluent", "schema_registry.confluent.authentication",
		"schema_registry.confluent.authentication.basic",
		"schema_registry.confluent.authentication.oauth2",
		"schema_registry.confluent.authentication.oauth2_client", "security", "topics[].schema_registry",
		"topics[].schema_registry.confluent", "topics[].schema_registry.confluent.authentication",
		"topics[].schema_registry.confluent.authentication.basic",
		"topics[].schema_registry.confluent.authentication.oauth2",
		"topics[].schema_registry.confluent.authentication.oauth2_client",
	},
	"datakit": {
		"resources", "resources.cache", "resources.cache.memory", "resources.cache.redis",
		"resources.cache.redis.cloud_authentication",
	},
	"graphql-proxy-cache-advanced":   {"memory", "redis", "redis.cloud_authentication"},
	"graphql-rate-limiting-advanced": {"redis", "redis.cloud_authentication"},
	"http-log":                       {"queue"},
	"kafka-consume": {
		"schema_registry.confluent", "schema_registry.confluent.authentication",
		"schema_registry.confluent.authentication.basic",
		"schema_registry.confluent.authentication.oauth2",
		"schema_registry.confluent.authentication.oauth2_client", "topics[].schema_registry.confluent",
		"topics[].schema_registry.confluent.authentication",
		"topics[].schema_registry.confluent.authentication.basic",
		"topics[].schema_registry.confluent.authentication.oauth2",
		"topics[].schema_registry.confluent.authentication.oauth2_client",
	},
	"kafka-log": {
		"authentication", "schema_registry", "schema_registry.confluent",
		"schema_registry.confluent.authentication", "schema_registry.confluent.authentication.basic",
		"schema_registry.confluent.authentication.oauth2",
		"schema_registry.confluent.authentication.oauth2_client", "schema_registry.confluent.key_schema",
		"schema_registry.confluent.value_schema", "security",
	},
	"kafka-upstream": {
		"schema_registry.confluent", "schema_registry.confluent.authentication",
		"schema_registry.confluent.authentication.basic",
		"schema_registry.confluent.authentication.oauth2",
		"schema_registry.confluent.authentication.oauth2_client", "schema_registry.confluent.key_schema",
		"schema_registry.confluent.value_schema",
	},
	"openid-connect": {
		"cluster_cache_redis.cloud_authentication", "redis.cloud_authentication", "token_exchange",
		"token_exchange.cache", "token_exchange.request",
		"token_exchange.subject_token_issuers[].conditions",
	},
	"proxy-cache-advanced":   {"memory", "redis", "redis.cloud_authentication", "response_headers"},
	"rate-limiting":          {"redis.cloud_authentication"},
	"rate-limiting-advanced": {"redis.cloud_authentication", "throttling"},
	"request-callout": {
		"cache.redis.cloud_authentication", "callouts[].cache", "callouts[].request.body",
		"callouts[].request.error", "callouts[].request.headers", "callouts[].request.http_opts",
		"callouts[].request.http_opts.proxy", "callouts[].request.http_opts.timeouts",
		"callouts[].request.query", "callouts[].response", "callouts[].response.body",
		"callouts[].response.headers",
	},
	"response-ratelimiting": {"redis", "redis.cloud_authentication"},
	"saml":                  {"redis", "redis.cloud_authentication"},
	"service-protection":    {"redis", "redis.cloud_authentication"},
	"solace-consume":        {"session.authentication"},
	"solace-log":            {"session.authentication"},
	"solace-upstream": {
		"message.user_properties", "message.user_properties.headers", "session.authentication",
	},
	"statsd-advanced": {"queue"},
	"upstream-oauth":  {"behavior", "cache.redis.cloud_authentication"},
	"websocket-validator": {
		"client", "client.binary", "client.text", "upstream", "upstream.binary", "upstream.text",
	},
	"zipkin": {"queue"},
}
