package pluginspec

import "embed"

// Input is the trimmed input, for the test that the committed data is generated from it
// (embedded in the tests only: the provider carries the generated data, not its input).
//
//go:embed input/*.json
var Input embed.FS
