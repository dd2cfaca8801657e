package access_test

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/konnectguard/terraform-provider-konnect/internal/acctest"
)

// secretWatch follows secrets through a real CLI's run (acctest.CLIRun): what Konnect receives (a
// proxy in front of the mock records the body of every write below a path), and the places a
// secret must never show: the CLI's output, its TF_LOG=DEBUG log, the state file and private
// state, not even as a plain hash someone testing a guess would compute.
type secretWatch struct {
	t         *testing.T
	url       string // the proxy's: the provider's server_url
	logPath   string
	forbidden map[string]string // a secret, or a plain hash of one -> what it is

	mu     sync.Mutex
	writes []string
}

// newSecretWatch starts the recording proxy for writes below pathPrefix; secrets are named
// for the messages ("the first secret").
func newSecretWatch(t *testing.T, env *acctest.Env, pathPrefix string, secrets map[string]string) *secretWatch {
	w := &secretWatch{t: t, logPath: filepath.Join(t.TempDir(), "tf.log"), forbidden: map[string]string{}}
	for name, s := range secrets {
		w.forbidden[s] = name
		s256, s1 := sha256.Sum256([]byte(s)), sha1.Sum([]byte(s))
		w.forbidden[hex.EncodeToString(s256[:])] = "sha256 of " + name
		w.forbidden[base64.StdEncoding.EncodeToString(s256[:])] = "sha256 (base64) of " + name
		w.forbidden[hex.EncodeToString(s1[:])] = "sha1 of " + name
		w.forbidden[base64.StdEncoding.EncodeToString([]byte(s))] = "base64 of " + name
	}
	target, _ := url.Parse(env.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	front := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && strings.HasPrefix(r.URL.Path, pathPrefix) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			w.mu.Lock()
			w.writes = append(w.writes, r.Method+" "+string(body))
			w.mu.Unlock()
		}
		proxy.ServeHTTP(rw, r)
	}))
	t.Cleanup(front.Close)
	w.url = front.URL
	return w
}

// debugEnv runs a CLI command with its debug log in the watched file.
func (w *secretWatch) debugEnv() []string {
	return []string{"TF_LOG=DEBUG", "TF_LOG_PATH=" + w.logPath}
}

// run runs a CLI command with the debug log on, and fails the test unless it exits with want.
func (w *secretWatch) run(cli *acctest.CLIRun, what string, want int, args ...string) string {
	w.t.Helper()
	out, code := cli.Run(w.debugEnv(), args...)
	if code != want {
		w.t.Fatalf("%s: exit %d, want %d\n%s", what, code, want, out)
	}
	return out
}

// noSecret: text shows no secret, nor a plain hash of one.
func (w *secretWatch) noSecret(what, text string) {
	w.t.Helper()
	for f, is := range w.forbidden {
		if i := strings.Index(text, f); i >= 0 {
			w.t.Errorf("%s shows %s: …%s…", what, is, text[max(0, i-200):min(len(text), i+100)])
		}
	}
}

// checkLog: the log of the command just run holds the provider's lines and no secret.
func (w *secretWatch) checkLog(what string) {
	w.t.Helper()
	logged, err := os.ReadFile(w.logPath)
	if err != nil || !strings.Contains(string(logged), "Konnect API request") {
		w.t.Errorf("%s: the TF_LOG=DEBUG log holds no provider line (%v)", what, err)
	}
	w.noSecret("the TF_LOG=DEBUG log of "+what, string(logged))
	w.dropLog()
}

// dropLog forgets the log of the command just run.
func (w *secretWatch) dropLog() { _ = os.Remove(w.logPath) }

// takeWrites returns the writes Konnect received since the last call.
func (w *secretWatch) takeWrites() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.writes
	w.writes = nil
	return out
}

// wantWrites: Konnect received exactly writes matching want (regular expressions of
// "METHOD body"), in order, since the last call; it returns them.
func (w *secretWatch) wantWrites(what string, want ...string) []string {
	w.t.Helper()
	got := w.takeWrites()
	if len(got) != len(want) {
		w.t.Errorf("%s: Konnect received %d writes, want %d: %q", what, len(got), len(want), got)
		return got
	}
	for i, re := range want {
		if !regexp.MustCompile(re).MatchString(got[i]) {
			w.t.Errorf("%s: write %d is %s, want %s", what, i, got[i], re)
		}
	}
	return got
}

// stateInstance reads the state file of a one-resource configuration: the file, the
// instance's attributes, and its private state by key (each checked for secrets).
func (w *secretWatch) stateInstance(what, stateFile string) (raw []byte, attrs map[string]any, private map[string][]byte) {
	w.t.Helper()
	raw, err := os.ReadFile(stateFile)
	if err != nil {
		w.t.Fatal(err)
	}
	var st struct {
		Resources []struct {
			Instances []struct {
				Attributes map[string]any `json:"attributes"`
				Private    string         `json:"private"`
			} `json:"instances"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		w.t.Fatal(err)
	}
	if len(st.Resources) != 1 || len(st.Resources[0].Instances) != 1 {
		w.t.Fatalf("%s: the state holds %d resources", what, len(st.Resources))
	}
	in := st.Resources[0].Instances[0]
	p, err := base64.StdEncoding.DecodeString(in.Private)
	if err != nil {
		w.t.Fatalf("%s: private state: %v", what, err)
	}
	if err := json.Unmarshal(p, &private); err != nil {
		w.t.Fatalf("%s: private state: %v", what, err)
	}
	for k, v := range private {
		w.noSecret(fmt.Sprintf("%s: the private state %q", what, k), string(v))
	}
	return raw, in.Attributes, private
}
