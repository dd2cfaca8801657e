package acctest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"
)

// SecretShown names the first of secrets that text holds, in clear or as a plain SHA-256 (hex)
// of it: "secret 1"; "" when it holds none.
func SecretShown(text string, secrets []string) string {
	for i, s := range secrets {
		sum := sha256.Sum256([]byte(s))
		if strings.Contains(text, strings.TrimSpace(s)) || strings.Contains(text, hex.EncodeToString(sum[:])) {
			return fmt.Sprintf("secret %d", i)
		}
	}
	return ""
}

// RunSecretFree runs the CLI as Run does, with extraEnv and TF_LOG=DEBUG into logPath: it fails
// the test when the exit status is not want, or when the CLI's output or its debug log shows
// one of secrets (SecretShown). It returns the output.
func (c *CLIRun) RunSecretFree(what string, want int, logPath string, secrets, extraEnv []string, args ...string) string {
	c.T.Helper()
	out, code := c.Run(append([]string{"TF_LOG=DEBUG", "TF_LOG_PATH=" + logPath}, extraEnv...), args...)
	if code != want {
		c.T.Fatalf("%s: exit %d, want %d\n%s", what, code, want, out)
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		c.T.Fatal(err)
	}
	if found := SecretShown(out, secrets); found != "" {
		c.T.Errorf("%s: the CLI's output shows %s", what, found)
	}
	if found := SecretShown(string(log), secrets); found != "" {
		c.T.Errorf("%s: the debug log shows %s", what, found)
	}
	return out
}

// StateSecretFree reads the state file at path (ReadStateFile): it fails the test when the
// private state of an instance shows one of secrets, and returns the file and the attributes
// of the instance of type typ (nil when there is none).
func StateSecretFree(t testing.TB, what, path, typ string, secrets []string) (string, map[string]any) {
	t.Helper()
	raw, instances := ReadStateFile(t, path)
	var attrs map[string]any
	for _, in := range instances {
		if found := SecretShown(string(in.Private), secrets); found != "" {
			t.Errorf("%s: private state shows %s", what, found)
		}
		if in.Type == typ {
			attrs = in.Attributes
		}
	}
	return string(raw), attrs
}
