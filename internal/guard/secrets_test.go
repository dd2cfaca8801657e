package guard

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/canonjson"
)

func TestSecretName(t *testing.T) {
	for _, tt := range []struct {
		key  string
		want bool
	}{
		// secret: the last word is a secret word
		{"password", true},
		{"Password", true},
		{"redis_password", true},
		{"sentinel_password", true},
		{"secret", true},
		{"client_secret", true},
		{"session_secret", true},
		{"token", true},
		{"access_token", true},
		{"refresh_token", true},
		{"X-Auth-Token", true},
		{"key", true},
		{"api_key", true},
		{"apikey", true},
		{"apiKey", true},
		{"private_key", true},
		{"azure_primary_key", true},
		{"aws-secret-key", true},
		{"credentials", true},
		{"credential", true},
		{"Authorization", true},
		{"Proxy-Authorization", true},
		{"X-API-KEY", true},
		{"passphrase", true},
		{"keys", true},
		// not secret: one word that only contains a secret word, or a setting about a secret
		{"keyword", false},
		{"keywords", false},
		{"monkey", false},
		{"keepalive", false},
		{"tokenizer", false},
		{"passenger", false},
		{"secretary", false},
		{"key_names", false},
		{"key_in_header", false},
		{"key_in_query", false},
		{"key_claim_name", false},
		{"secret_is_base64", false},
		{"hide_credentials_header", false},
		{"token_endpoint", false},
		{"password_policy", false},
		{"minute", false},
		{"host", false},
		{"client_id", false},
		{"", false},
		{"_", false},
	} {
		if got := SecretName(tt.key); got != tt.want {
			t.Errorf("SecretName(%q) = %v, want %v", tt.key, got, tt.want)
		}
	}
}

func mustJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	v, err := canonjson.ParseJSON(s)
	if err != nil {
		t.Fatal(err)
	}
	return v.(map[string]any)
}

// A schema in Kong's format with marks where Kong puts them: on a field, on an array's
// elements, on a map's values, and inside the records of an array.
const markedSchema = `{"fields":[
  {"consumer":{"type":"foreign","reference":"consumers"}},
  {"protocols":{"type":"set","elements":{"type":"string"}}},
  {"config":{"type":"record","fields":[
    {"minute":{"type":"number"}},
    {"http_endpoint":{"type":"string","encrypted":true,"referenceable":true}},
    {"redis":{"type":"record","fields":[
      {"host":{"type":"string"}},
      {"username":{"type":"string","referenceable":true}},
      {"password":{"type":"string","encrypted":true,"referenceable":true}}]}},
    {"client_id":{"type":"array","encrypted":true,"elements":{"type":"string","referenceable":true}}},
    {"scopes":{"type":"array","elements":{"type":"string","referenceable":true}}},
    {"origins":{"type":"array","elements":{"type":"string"}}},
    {"headers":{"type":"map","keys":{"type":"string"},"values":{"type":"string","referenceable":true}}},
    {"labels":{"type":"map","keys":{"type":"string"},"values":{"type":"string"}}},
    {"upstreams":{"type":"array","elements":{"type":"record","fields":[
      {"name":{"type":"string"}},{"auth":{"type":"string","encrypted":true}}]}}},
    {"encrypted_but_false":{"type":"string","encrypted":false}}
  ]}}]}`

func TestSecretPathsFromSchema(t *testing.T) {
	s := SecretPathsFromSchema(mustJSON(t, markedSchema))
	want := []string{"client_id", "headers.*", "http_endpoint", "redis.password", "redis.username", "scopes", "upstreams"}
	if got := s.Paths(); !reflect.DeepEqual(got, want) {
		t.Fatalf("paths %v, want %v", got, want)
	}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"redis.password", true},
		{"redis.username", true},
		{"redis.host", false},
		{"redis", false}, // the record itself is not secret; what it holds may be
		{"minute", false},
		{"headers.X-Custom", true},
		{"headers", false},
		{"labels.team", false},
		{"client_id", true},
		{"origins", false},
		{"http_endpoint", true},
		// the name rule on top of the schema
		{"labels.api_key", true},
		{"credentials.user", true},
		{"undeclared.password", true},
	} {
		if got := s.IsSecret(strings.Split(tt.path, ".")); got != tt.want {
			t.Errorf("IsSecret(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}
	// a literal is worth a warning where the field is encrypted or named a secret; a field
	// only referenceable (Kong marks a Redis host so) may hold a reference, not a secret
	for path, want := range map[string]bool{
		"redis.password": true, "http_endpoint": true, "client_id": true, "upstreams": true, "labels.api_key": true,
		"redis.username": false, "scopes": false, "headers.X-Team": false, "redis.host": false, "minute": false,
	} {
		if got := s.IsWrittenSecret(strings.Split(path, ".")); got != want {
			t.Errorf("IsWrittenSecret(%s) = %v, want %v", path, got, want)
		}
	}
	// what an import or a list leaves out: the encrypted and the named, and a referenceable
	// map's values; a referenceable setting of its own is shown
	for path, want := range map[string]bool{
		"redis.password": true, "http_endpoint": true, "client_id": true, "labels.api_key": true, "headers.X-Team": true,
		"redis.username": false, "scopes": false, "redis.host": false, "minute": false, "labels.team": false,
	} {
		if got := s.IsWithheld(strings.Split(path, ".")); got != want {
			t.Errorf("IsWithheld(%s) = %v, want %v", path, got, want)
		}
	}
	if got := SecretPathsFromSchema(map[string]any{}).Paths(); len(got) != 0 {
		t.Errorf("empty schema: %v", got)
	}
	if got := SecretPathsFromSchema(mustJSON(t, `{"fields":"nonsense"}`)).Paths(); len(got) != 0 {
		t.Errorf("nonsense schema: %v", got)
	}
}

func TestFingerprint(t *testing.T) {
	pem := "-----BEGIN CERTIFICATE-----\n" + strings.Repeat("MIIBszCCAVmgAwIBAgIUJ0Zy", 60) + "\n-----END CERTIFICATE-----\n"
	got := Fingerprint(pem)
	if !strings.HasPrefix(got, "sha256:") || !strings.HasSuffix(got, fmt.Sprintf("… (%d chars)", len(pem))) || len(got) > 40 {
		t.Fatalf("Fingerprint = %q", got)
	}
	if Fingerprint(pem) != got || Fingerprint(pem+"x") == got {
		t.Fatalf("a fingerprint names one value: %q", got)
	}
	f := Field{Name: "config.script"}
	if s := Show(f, pem); s != got {
		t.Errorf("Show(long string) = %q, want its fingerprint %q", s, got)
	}
	if s := Show(f, strings.Repeat("a", 62)); s != `"`+strings.Repeat("a", 62)+`"` {
		t.Errorf("Show(64 chars) = %q, want it whole", s)
	}
	if s := Show(f, strings.Repeat("a", 63)); !strings.HasPrefix(s, "sha256:") {
		t.Errorf("Show(65 chars) = %q, want a fingerprint", s)
	}
	long := []any{}
	for i := 0; i < 20; i++ {
		long = append(long, fmt.Sprintf("origin-%d", i))
	}
	if s := Show(Field{Name: "config.origins"}, long); !strings.HasPrefix(s, "sha256:") {
		t.Errorf("Show(long list) = %q, want a fingerprint", s)
	}
	if s := Show(Field{Name: "config.pem", Sensitive: true}, pem); s != SensitiveText {
		t.Errorf("a sensitive long value is not fingerprinted: %q", s)
	}
}

func TestExpandJSON(t *testing.T) {
	schema := SecretPathsFromSchema(mustJSON(t, markedSchema))
	byName := SecretPaths{}
	pem := strings.Repeat("MIIB", 100)
	type line struct {
		name                  string
		base, remote, desired string // Show of each
		sensitive             bool
	}
	for _, tt := range []struct {
		name                  string
		isSecret              func([]string) bool
		base, remote, desired string
		want                  []line
	}{
		{
			name:     "a number and a schema-marked password changed in Konnect",
			isSecret: schema.IsSecret,
			base:     `{"minute":10,"policy":"redis","redis":{"host":"r","password":"old-pw"}}`,
			remote:   `{"minute":20,"policy":"redis","redis":{"host":"r","password":"new-pw"}}`,
			desired:  `{"minute":10,"policy":"redis","redis":{"host":"r","password":"old-pw"}}`,
			want: []line{
				{"config.minute", "10", "20", "10", false},
				{"config.redis.password", SensitiveText, SensitiveText, SensitiveText, true},
			},
		},
		{
			name:     "the name rule alone hides a password",
			isSecret: byName.IsSecret,
			base:     `{"redis":{"host":"r","password":"old-pw"}}`,
			remote:   `{"redis":{"host":"r2","password":"new-pw"}}`,
			desired:  `{"redis":{"host":"r","password":"old-pw"}}`,
			want: []line{
				{"config.redis.host", `"r"`, `"r2"`, `"r"`, false},
				{"config.redis.password", SensitiveText, SensitiveText, SensitiveText, true},
			},
		},
		{
			name:     "a key configuration changes, Konnect did not: an ordinary update, not listed",
			isSecret: schema.IsSecret,
			base:     `{"minute":10,"hour":100}`,
			remote:   `{"minute":20,"hour":100}`,
			desired:  `{"minute":10,"hour":200}`,
			want:     []line{{"config.minute", "10", "20", "10", false}},
		},
		{
			name:     "configuration already agrees with Konnect on one key",
			isSecret: schema.IsSecret,
			base:     `{"minute":10,"hour":100}`,
			remote:   `{"minute":20,"hour":300}`,
			desired:  `{"minute":10,"hour":300}`,
			want:     []line{{"config.minute", "10", "20", "10", false}},
		},
		{
			name:     "a key removed from configuration that Konnect changed",
			isSecret: schema.IsSecret,
			base:     `{"minute":10,"hour":100}`,
			remote:   `{"minute":10,"hour":300}`,
			desired:  `{"minute":10}`,
			want:     []line{{"config.hour", "100", "300", NotSetText, false}},
		},
		{
			name:     "a key configuration never set follows Konnect",
			isSecret: schema.IsSecret,
			base:     `{"minute":10}`,
			remote:   `{"minute":20,"day":5}`,
			desired:  `{"minute":10}`,
			want:     []line{{"config.minute", "10", "20", "10", false}},
		},
		{
			name:     "a map value marked referenceable",
			isSecret: schema.IsSecret,
			base:     `{"headers":{"X-Team":"a","X-Tenant":"t1"}}`,
			remote:   `{"headers":{"X-Team":"b","X-Tenant":"t1"}}`,
			desired:  `{"headers":{"X-Team":"a","X-Tenant":"t1"}}`,
			want:     []line{{"config.headers.X-Team", SensitiveText, SensitiveText, SensitiveText, true}},
		},
		{
			name:     "an Authorization header by name",
			isSecret: byName.IsSecret,
			base:     `{"headers":{"Authorization":"Bearer aaa","X-Team":"a"}}`,
			remote:   `{"headers":{"Authorization":"Bearer bbb","X-Team":"b"}}`,
			desired:  `{"headers":{"Authorization":"Bearer aaa","X-Team":"a"}}`,
			want: []line{
				{"config.headers.Authorization", SensitiveText, SensitiveText, SensitiveText, true},
				{"config.headers.X-Team", `"a"`, `"b"`, `"a"`, false},
			},
		},
		{
			name:     "an object replaced by null is shown whole, hidden because it holds a password",
			isSecret: byName.IsSecret,
			base:     `{"redis":{"host":"r","password":"old-pw"}}`,
			remote:   `{"redis":null}`,
			desired:  `{"redis":{"host":"r","password":"old-pw"}}`,
			want:     []line{{"config.redis", SensitiveText, SensitiveText, SensitiveText, true}},
		},
		{
			name:     "an array holding a secret element by schema",
			isSecret: schema.IsSecret,
			base:     `{"client_id":["a"],"origins":["x"]}`,
			remote:   `{"client_id":["b"],"origins":["y"]}`,
			desired:  `{"client_id":["a"],"origins":["x"]}`,
			want: []line{
				{"config.client_id", SensitiveText, SensitiveText, SensitiveText, true},
				{"config.origins", `["x"]`, `["y"]`, `["x"]`, false},
			},
		},
		{
			name:     "a boolean next to a secret word is shown",
			isSecret: byName.IsSecret,
			base:     `{"hide_credentials":false}`,
			remote:   `{"hide_credentials":true}`,
			desired:  `{"hide_credentials":false}`,
			want:     []line{{"config.hide_credentials", "false", "true", "false", false}},
		},
		{
			name:     "a long value is fingerprinted",
			isSecret: byName.IsSecret,
			base:     `{"script":"` + pem + `"}`,
			remote:   `{"script":"` + pem + `x"}`,
			desired:  `{"script":"` + pem + `"}`,
			want:     []line{{"config.script", Fingerprint(pem), Fingerprint(pem + "x"), Fingerprint(pem), false}},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := Conflict{Field: Field{Name: "config"}, Base: mustJSON(t, tt.base), Remote: mustJSON(t, tt.remote), Desired: mustJSON(t, tt.desired)}
			got := ExpandJSON(c, tt.isSecret)
			var lines []line
			for _, g := range got {
				f := g.Field
				f.Sensitive = f.Sensitive || g.Sensitive
				lines = append(lines, line{f.Name, Show(f, g.Base), Show(f, g.Remote), Show(f, g.Desired), g.Sensitive})
			}
			if !reflect.DeepEqual(lines, tt.want) {
				t.Fatalf("got\n%+v\nwant\n%+v", lines, tt.want)
			}
		})
	}
}

func TestExpandJSONNotObjects(t *testing.T) {
	byName := SecretPaths{}
	// Documents that differ only as wholes keep one conflict, hidden when a version holds a secret.
	c := Conflict{Field: Field{Name: "config"}, Base: map[string]any{"password": "pw"}, Remote: nil, Desired: map[string]any{"password": "pw"}}
	got := ExpandJSON(c, byName.IsSecret)
	if len(got) != 1 || got[0].Field.Name != "config" || !got[0].Sensitive {
		t.Fatalf("got %+v", got)
	}
	c = Conflict{Field: Field{Name: "config"}, Base: map[string]any{"a": "1"}, Remote: nil, Desired: map[string]any{"a": "1"}}
	got = ExpandJSON(c, byName.IsSecret)
	if len(got) != 1 || got[0].Sensitive {
		t.Fatalf("got %+v", got)
	}
	// A conflict already sensitive stays one sensitive line.
	c = Conflict{Field: Field{Name: "config", Sensitive: true}, Base: map[string]any{"a": "1"}, Remote: map[string]any{"a": "2"}, Desired: map[string]any{"a": "1"}}
	got = ExpandJSON(c, byName.IsSecret)
	if len(got) != 1 || !got[0].Sensitive {
		t.Fatalf("got %+v", got)
	}
}

// The whole diagnostic, for the brief's case: the changed keys are named, the password's
// bytes appear nowhere, in either policy.
func TestRemoteEditErrorNeverShowsConfigSecrets(t *testing.T) {
	const oldPW, newPW = "0ld-Redis-Pa55word", "n3w-Redis-Pa55word"
	schema := SecretPathsFromSchema(mustJSON(t, markedSchema))
	doc := func(minute int, pw string) map[string]any {
		return mustJSON(t, fmt.Sprintf(`{"minute":%d,"policy":"redis","redis":{"host":"r","password":%q}}`, minute, pw))
	}
	c := Conflict{Field: Field{Name: "config"}, Base: doc(10, oldPW), Remote: doc(20, newPW), Desired: doc(10, oldPW)}
	for _, policy := range []ConflictPolicy{PolicyFail, PolicyWarn} {
		for _, isSecret := range []func([]string) bool{schema.IsSecret, SecretPaths{}.IsSecret} {
			e := &RemoteEditError{Object: Object{TypeName: "konnect_gateway_plugin", ID: "p1"}, Conflicts: ExpandJSON(c, isSecret), Policy: policy}
			text := e.Summary() + "\n" + e.Detail() + "\n" + e.Error() + "\n" + strings.Join(e.Fields(), ",")
			for _, pw := range []string{oldPW, newPW, "Redis-Pa55"} {
				if strings.Contains(text, pw) {
					t.Fatalf("%s: the diagnostic shows the password:\n%s", policy, text)
				}
			}
			for _, want := range []string{
				"config.minute", "last applied: 10", "in Konnect now: 20", "planned: 10",
				"config.redis.password   last applied: " + SecretText + "   in Konnect now: " + SecretChangedText + "   planned: " + SecretSameText,
			} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: diagnostic lacks %q:\n%s", policy, want, text)
				}
			}
		}
	}
}
