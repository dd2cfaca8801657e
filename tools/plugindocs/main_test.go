package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// The committed guide template is what the generator makes of internal/pluginspec's data.
func TestGuideIsGenerated(t *testing.T) {
	got, err := generate("../../" + defaultReadme)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../" + defaultOut)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the generator makes: run `make generate`", defaultOut)
	}
}

// Every plugin and partial type has its section, a plugin's keys show their full path,
// type, default and secret marks, and each plugin with a page links Kong's reference.
func TestGuideContent(t *testing.T) {
	b, err := generate("../../" + defaultReadme)
	if err != nil {
		t.Fatal(err)
	}
	guide := string(b)
	for _, want := range []string{
		"The 114 plugins bundled with Kong Gateway 3.15 and its 5 [partial types]",
		"commit\n  [`bc1cd74260f0bddb06dcf004c9c34b53bb870c1a`]",
		"### rate-limiting\n\n[Kong's reference](https://developer.konghq.com/plugins/rate-limiting/reference/) · scopes: global, consumer, consumer group, route, service · partials: [redis-ce](#redis-ce) at `config.redis`\n",
		"| `policy` | string: `cluster`, `local`, `redis` | `\"local\"` |  |\n",
		"| `redis` | record: the keys of partial type [redis-ce](#redis-ce) |  |  |\n",
		// a record a partial fills, with a key of the partial type it lacks and keys of its own
		"### openid-connect\n",
		"| `redis` | record: the keys of partial type [redis-ee](#redis-ee) except `redis_proxy_type`, and the keys below |  |  |\n| `redis.prefix` | string |  |  |\n| `redis.socket` | string |  |  |\n",
		"### redis-ce\n",
		"| `port` | integer (0 to 65535) | `6379` | referenceable |\n",
		"| `password` | string |  | encrypted, referenceable |\n",
		// a nested key of an array's elements, with both marks
		"| `server.session.client.secrets` | array of string |  | encrypted, referenceable (each element) |\n",
		// openid-connect: the array is encrypted, each of its elements referenceable
		"| `client_secret` | array of string |  | encrypted; referenceable (each element) |\n",
		"### statsd-advanced\n\nno reference page on developer.konghq.com",
		"### app-dynamics\n\n[Kong's reference](https://developer.konghq.com/plugins/app-dynamics/reference/) · scopes: global, consumer, route, service\n\nThis plugin has no configuration keys.\n",
		// a default holding "{{" is printed by the template, not read as an action
		"`\"{ \\\"code\\\": \\\"{{\"{{\"}}status}}\\\"",
	} {
		if !strings.Contains(guide, want) {
			t.Errorf("the guide lacks %q", want)
		}
	}
	if n := strings.Count(guide, "\n### "); n != 114+5 {
		t.Errorf("%d sections, want 114 plugins and 5 partial types", n)
	}
	if n := strings.Count(guide, "](https://developer.konghq.com/plugins/"); n != 112 {
		t.Errorf("%d links to Kong's reference pages, want 112 (two plugins have none)", n)
	}
	// the Terraform Registry stores documentation files under 500 KB (tfplugindocs validate)
	if len(b) >= 500_000 {
		t.Errorf("the guide is %d bytes, over the registry's 500 KB", len(b))
	}
}
