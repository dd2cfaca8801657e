package export

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad input is one error, before anything is read or written.
func TestMainRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "Usage: terraform-provider-konnect export --out DIR"},
		{[]string{"--out", filepath.Join(dir, "new"), "--family", "gateway,nope"}, 1, `unknown family "nope": the families are gateway, access, portal`},
		{[]string{"--out", dir}, 1, "already holds Terraform files (main.tf); nothing was written"},
	} {
		var stderr bytes.Buffer
		if code := Main(c.args, &stderr, "test"); code != c.code || !strings.Contains(stderr.String(), c.says) {
			t.Errorf("export %v: exit %d, want %d and %q:\n%s", c.args, code, c.code, c.says, stderr.String())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("a refused export made its folder: %v", err)
	}
}

// --overwrite replaces the files an export wrote, and leaves the others.
func TestWriteFilesOverwrite(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "provider.tf")
	stale := filepath.Join(dir, "gateway_old.tf")
	if err := os.WriteFile(mine, []byte("provider \"konnect\" {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte(header+"# a control plane deleted since\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeFiles(dir, []file{{"gateway_prod.tf", []byte(header)}}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a file the export did not write was removed: %v", err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("a file an earlier export wrote is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "gateway_prod.tf")); err != nil {
		t.Error(err)
	}
}
