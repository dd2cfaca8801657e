package pluginspec

import (
	"bytes"
	"io/fs"
	"testing"
)

// The committed data is exactly what the generator makes of the committed input.
func TestDataIsGenerated(t *testing.T) {
	in, err := fs.Sub(Input, "input")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate(in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, Data) {
		t.Fatal("plugins.json is not what the generator makes of input/: run `go generate` in the pluginspec directory")
	}
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Plugins) != 114 || len(set.Partials) != 5 {
		t.Fatalf("%d plugins, %d partial types", len(set.Plugins), len(set.Partials))
	}
}
